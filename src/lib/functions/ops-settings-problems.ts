/**
 * The rules across the settings of a rotation and of the ops webhook, as the functions apply them
 * and `setup:check` words them (with a settings file, and from the deployed functions): a previous
 * secret that is the current one or the documented local value, or set without its current one,
 * is a problem; one set at all is a note (a rotation under way: unset it once it is done, which no
 * setting can show); the ops webhook's address without its secret, or one the sender refuses (the
 * one rule: ops-alert.ts `alertAddressProblem`), is a problem, no address a note. Names only,
 * never values.
 */
import { settingText } from '../config/setting-types.ts';
import { alertAddressProblem } from './ops-alert.ts';
import {
  PREVIOUS_SECRETS,
  previousSecretProblem,
  type FunctionSecretName,
} from './function-settings.ts';

type Source = Readonly<Record<string, string | undefined>>;

export interface OpsSettingsFindings {
  problems: string[];
  notes: string[];
}

/** The note for an ops webhook not set up: what still tells ops of a failure without it. */
export const NO_OPS_WEBHOOK_NOTE =
  "OPS_ALERT_WEBHOOK_URL: not set: a freshness check that stopped running, builds refused and records kept aside reach ops only through the Studio's Deploys tool and the function logs (a failed build also through Netlify's own deploy notifications, if set up: docs/deploying.md)";

/** What the settings of `names` (the secrets and ops settings a reader sees) say of rotations and the ops webhook. */
export function opsSettingsFindings(
  source: Source,
  names: readonly string[] = [
    ...Object.keys(PREVIOUS_SECRETS),
    ...Object.values(PREVIOUS_SECRETS),
    'OPS_ALERT_WEBHOOK_URL',
  ],
): OpsSettingsFindings {
  const problems: string[] = [];
  const notes: string[] = [];
  for (const [name, previousName] of Object.entries(PREVIOUS_SECRETS) as Array<
    [FunctionSecretName, string]
  >) {
    if (!names.includes(previousName)) continue;
    const previous = settingText(source, previousName);
    if (previous === undefined) continue;
    const problem = previousSecretProblem(name, settingText(source, name), previous);
    if (problem) problems.push(problem);
    else
      notes.push(
        `${previousName}: set: a rotation of ${name} is under way; unset it (and deploy) once every sender signs with the new value (docs/operations.md)`,
      );
  }
  if (names.includes('OPS_ALERT_WEBHOOK_URL')) {
    const url = settingText(source, 'OPS_ALERT_WEBHOOK_URL');
    const secret = settingText(source, 'OPS_ALERT_WEBHOOK_SECRET');
    const previous = settingText(source, 'OPS_ALERT_WEBHOOK_SECRET_PREVIOUS');
    if (url === undefined) notes.push(NO_OPS_WEBHOOK_NOTE);
    else {
      if (secret === undefined)
        problems.push(
          'OPS_ALERT_WEBHOOK_SECRET: not set beside OPS_ALERT_WEBHOOK_URL: no alert is sent unsigned',
        );
      const address = alertAddressProblem(url);
      if (address) problems.push(`OPS_ALERT_WEBHOOK_URL: ${address}: no alert is sent to it`);
    }
    if (previous !== undefined && previous === secret)
      problems.push(
        'OPS_ALERT_WEBHOOK_SECRET_PREVIOUS: the same value as OPS_ALERT_WEBHOOK_SECRET; unset it once the receiver has the new key',
      );
    else if (previous !== undefined)
      notes.push(
        'OPS_ALERT_WEBHOOK_SECRET_PREVIOUS: set: each alert is signed with both keys; unset it (and deploy) once the receiver checks with the new one',
      );
  }
  return { problems, notes };
}
