/**
 * The settings the Netlify functions (and `npm run rebuild`) read: only their own, each with the
 * registry's rules (src/lib/config/settings/). They never parse the build's settings, so a
 * build-only rule (production refusing the offline defaults, an invalid content setting) cannot
 * take the webhook or the freshness check down.
 */
import { isLocalStack } from '../config/local-stack.ts';
import { readSettings, SettingsError } from '../config/setting-types.ts';
import { settingsSchema, type SettingName } from '../config/settings/index.ts';
import {
  LOCAL_DEPLOY_NOTIFICATION_SECRET,
  LOCAL_EDITOR_PASS_SECRET,
  LOCAL_WEBHOOK_SECRET,
} from '../config/local-addresses.ts';

type Source = Record<string, string | undefined>;

/**
 * `npm run rebuild`: the site's build hook (a secret URL: never logged, never answered) and the
 * first wait before a build hook that did not answer is called again.
 */
export const buildHookSchema = settingsSchema([
  'NETLIFY_BUILD_HOOK_URL',
  'PUBLISH_RETRY_BASE_SECONDS',
]);

/**
 * The publish queue's settings, read by every function that starts its builds (publish-queue.ts
 * `queueFromSettings`): the build hook, the queue's unit of time and the deploy budget.
 */
const QUEUE_SETTINGS = [
  'NETLIFY_BUILD_HOOK_URL',
  'PUBLISH_RETRY_BASE_SECONDS',
  'DEPLOY_BUDGET_PER_HOUR',
] as const;

/**
 * The optional outgoing webhook that tells ops of a failure (ops-alert.ts), read by every function
 * that can meet one: its address, and the secret it signs with (a previous one too, during a rotation).
 */
const ALERT_SETTINGS = [
  'OPS_ALERT_WEBHOOK_URL',
  'OPS_ALERT_WEBHOOK_SECRET',
  'OPS_ALERT_WEBHOOK_SECRET_PREVIOUS',
] as const;

/**
 * publish-retry: the publish queue's settings (the deploy budget every start of the queue keeps
 * among them), and the freshness check's interval, since it watches that check's last run.
 */
export const publishRetrySchema = settingsSchema([
  ...QUEUE_SETTINGS,
  'FRESHNESS_CHECK_MINUTES',
  ...ALERT_SETTINGS,
  'CONTEXT',
]);

/** rebuild-on-publish: the content webhook's secret; CONTEXT where the invocation does not say (see siteStore in state-store.ts). */
export const publishSchema = settingsSchema([
  ...QUEUE_SETTINGS,
  'SANITY_WEBHOOK_SECRET',
  'SANITY_WEBHOOK_SECRET_PREVIOUS',
  ...ALERT_SETTINGS,
  'CONTEXT',
]);

/** deploy-notification: it also starts the next publish batch, so it needs the build hook; SITE_ID ignores another site's deploys. */
export const deployNotificationSettingsSchema = settingsSchema([
  ...QUEUE_SETTINGS,
  'NETLIFY_DEPLOY_NOTIFICATION_SECRET',
  'NETLIFY_DEPLOY_NOTIFICATION_SECRET_PREVIOUS',
  ...ALERT_SETTINGS,
  'SITE_ID',
  'CONTEXT',
]);

/**
 * freshness-check: the publish queue's settings (its build goes through the queue), the product API
 * the tenant records are read from, how often it checks and how old the live deploy may grow.
 */
export const freshnessSettingsSchema = settingsSchema([
  ...QUEUE_SETTINGS,
  'PUBLIC_API_BASE',
  'FRESHNESS_CHECK_MINUTES',
  'FRESHNESS_MAX_AGE_DAYS',
  ...ALERT_SETTINGS,
  'CONTEXT',
]);

/**
 * publish-status (and deploys): the Studio's origins (CORS), where an editor's token is checked
 * (SANITY_API_HOST: loopback only), and the secret and site id of an editor's pass.
 */
const STATUS_SETTINGS = [
  'SANITY_STUDIO_URL',
  'SANITY_PROJECT_ID',
  'SANITY_DATASET',
  'SANITY_API_HOST',
  'EDITOR_PASS_SECRET',
  'EDITOR_PASS_SECRET_PREVIOUS',
  ...ALERT_SETTINGS,
  'SITE_ID',
  'CONTEXT',
] as const;
export const statusSettingsSchema = settingsSchema(STATUS_SETTINGS);

/** deploys: publish-status's settings, and the deploy budget its spend summary names. */
export const deploysSettingsSchema = settingsSchema([...STATUS_SETTINGS, 'DEPLOY_BUDGET_PER_HOUR']);

export type BuildHookSettings = ReturnType<typeof buildHookSchema.parse>;
type PublishRetryParsed = ReturnType<typeof publishRetrySchema.parse>;
/** What publish-retry cannot do without (the queue's settings); what it watches with may be left to its defaults. */
export type PublishRetrySettings = Pick<
  PublishRetryParsed,
  (typeof QUEUE_SETTINGS)[number] | 'CONTEXT'
> &
  Partial<PublishRetryParsed>;
export type PublishSettings = ReturnType<typeof publishSchema.parse>;
export type DeployNotificationSettings = ReturnType<typeof deployNotificationSettingsSchema.parse>;
export type StatusSettings = ReturnType<typeof statusSettingsSchema.parse>;
export type DeploysSettings = ReturnType<typeof deploysSettingsSchema.parse>;
export type FreshnessSettings = ReturnType<typeof freshnessSettingsSchema.parse>;
/** What the publish queue reads of a function's settings (QUEUE_SETTINGS). */
export type QueueSettings = Pick<PublishRetrySettings, (typeof QUEUE_SETTINGS)[number]>;

/** `npm run rebuild`. Throws a SettingsError naming a bad setting. */
export function readBuildHookSettings(source: Source = process.env): BuildHookSettings {
  return readSettings(buildHookSchema, source);
}

export function readPublishRetrySettings(source: Source = process.env): PublishRetrySettings {
  return readSettings(publishRetrySchema, source);
}

/** rebuild-on-publish. Throws a SettingsError naming a bad setting (a secret shorter than the registry allows too). */
export function readPublishSettings(source: Source = process.env): PublishSettings {
  return readSettings(publishSchema, source);
}

export function readDeployNotificationSettings(
  source: Source = process.env,
): DeployNotificationSettings {
  return readSettings(deployNotificationSettingsSchema, source);
}

export function readStatusSettings(source: Source = process.env): StatusSettings {
  return readSettings(statusSettingsSchema, source);
}

export function readDeploysSettings(source: Source = process.env): DeploysSettings {
  return readSettings(deploysSettingsSchema, source);
}

export function readFreshnessSettings(source: Source = process.env): FreshnessSettings {
  return readSettings(freshnessSettingsSchema, source);
}

/** The documented local values of the functions' secrets: the local stack's, refused anywhere else. */
export const LOCAL_SECRETS = {
  SANITY_WEBHOOK_SECRET: LOCAL_WEBHOOK_SECRET,
  NETLIFY_DEPLOY_NOTIFICATION_SECRET: LOCAL_DEPLOY_NOTIFICATION_SECRET,
  EDITOR_PASS_SECRET: LOCAL_EDITOR_PASS_SECRET,
} as const satisfies Partial<Record<SettingName, string>>;

export type FunctionSecretName = keyof typeof LOCAL_SECRETS;

export function localDefaultProblem(name: FunctionSecretName | PreviousSecretName): string {
  return `${name}: the documented local value, which only the local stack takes; set a secret of its own`;
}

/**
 * Each secret a caller signs with, and the setting that holds its previous value during a rotation
 * (docs/operations.md, "Rotating a secret"): the functions accept either, and sign or mint only with
 * the current one.
 */
export const PREVIOUS_SECRETS = {
  SANITY_WEBHOOK_SECRET: 'SANITY_WEBHOOK_SECRET_PREVIOUS',
  NETLIFY_DEPLOY_NOTIFICATION_SECRET: 'NETLIFY_DEPLOY_NOTIFICATION_SECRET_PREVIOUS',
  EDITOR_PASS_SECRET: 'EDITOR_PASS_SECRET_PREVIOUS',
} as const satisfies Record<FunctionSecretName, SettingName>;
export type PreviousSecretName = (typeof PREVIOUS_SECRETS)[FunctionSecretName];

/** A secret in rotation: the one signed (or minted) with, and the previous one still accepted until it is removed. */
export interface RotatingSecret {
  current: string;
  previous?: string | undefined;
}

/**
 * What is wrong with a previous value, beside its current one: the same value (nothing is being
 * retired: the rotation was not done, or not undone), or the documented local value. Its length
 * was checked when the settings were read. What cannot be told from the settings is how long it
 * has been set: the function's log names each request accepted with it.
 */
export function previousSecretProblem(
  name: FunctionSecretName,
  current: string | undefined,
  previous: string | undefined,
): string | undefined {
  const previousName = PREVIOUS_SECRETS[name];
  if (previous === undefined) return undefined;
  if (previous === LOCAL_SECRETS[name] && !isLocalStack()) return localDefaultProblem(previousName);
  if (current === undefined)
    return `${previousName}: set without ${name}, the value it rotates from`;
  if (previous === current)
    return `${previousName}: the same value as ${name}; a previous value is the one being retired: set ${name} to the new value, or unset ${previousName} once the rotation is done`;
  return undefined;
}

/**
 * A secret and its previous value as a function accepts them: a SettingsError naming the setting
 * when the secret is missing or the previous value is the documented local one (the function
 * answers 500 and refuses everything, rather than accept a value anyone may hold). A previous
 * value equal to the current one changes nothing here (the settings check names it).
 */
export function rotatingSecret(
  name: FunctionSecretName,
  current: string | undefined,
  previous: string | undefined,
): RotatingSecret {
  const secret = functionSecret(name, current);
  if (previous === undefined || previous === secret) return { current: secret };
  if (previous === LOCAL_SECRETS[name] && !isLocalStack())
    throw new SettingsError([localDefaultProblem(PREVIOUS_SECRETS[name])]);
  return { current: secret, previous };
}

export function unsetSecretProblem(name: FunctionSecretName): string {
  return `${name}: not set`;
}

/**
 * A secret as a function may use it: the secret, or why it has none. Only when the run is
 * positively the local stack (its process marked itself: src/lib/config/local-stack.ts) does an
 * unset secret take the documented local value. Anywhere else (a deployed context, `netlify dev`,
 * no context at all) an unset secret, or the documented local value (anyone could sign with it), is
 * a problem naming the setting. Its length was checked when the settings were read.
 */
export function secretOrProblem(
  name: FunctionSecretName,
  value: string | undefined,
): { secret: string } | { problem: string } {
  if (isLocalStack()) return { secret: value ?? LOCAL_SECRETS[name] };
  if (value === undefined) return { problem: unsetSecretProblem(name) };
  if (value === LOCAL_SECRETS[name]) return { problem: localDefaultProblem(name) };
  return { secret: value };
}

/** A secret a function cannot work without: a SettingsError naming the setting when it has none (the function answers 500 and refuses everything). */
export function functionSecret(name: FunctionSecretName, value: string | undefined): string {
  const found = secretOrProblem(name, value);
  if ('problem' in found) throw new SettingsError([found.problem]);
  return found.secret;
}
