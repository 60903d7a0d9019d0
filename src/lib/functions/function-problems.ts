/**
 * What one of the public site's functions lacks in its own environment: its Functions scope, as
 * only the deployed function can see it (a settings file or the build see other scopes). The
 * rules are the registry's (src/lib/config/settings/): each setting the function reads, required
 * unless optional, checked with its schema; a documented local secret refused; the Studio's
 * address as the status functions need it. Settings that belong elsewhere are named too. Names
 * only, never values.
 */
import { studioUrlProblems } from '../config/netlify-deploy.ts';
import { settingText } from '../config/setting-types.ts';
import {
  functionSettings,
  homesOf,
  isOperatorSetting,
  SETTING_NAMES,
  SETTINGS,
  siteUse,
  type FunctionName,
  type SettingDefinition,
} from '../config/settings/index.ts';
import {
  LOCAL_SECRETS,
  localDefaultProblem,
  type FunctionSecretName,
} from './function-settings.ts';
import { opsSettingsFindings } from './ops-settings-problems.ts';

type Source = Readonly<Record<string, string | undefined>>;

export interface FunctionProblems {
  /** What stops the function or makes it refuse callers: fix before it works. */
  problems: string[];
  /** What works but is not where the procedure puts it. */
  notes: string[];
}

/** The words the status functions use for the Studio's address (CORS), as setup:check words them. */
export const PUBLIC_SITE_STUDIO_URL_USE = {
  missing: "; without it the Studio's badges and Deploys view cannot read the publish status",
  local: " (the deployed Studio reads the public site's publish status)",
};

function isLocalSecret(name: string): name is FunctionSecretName {
  return Object.hasOwn(LOCAL_SECRETS, name);
}

/** One setting the function reads, as the registry's rules see its value; undefined when it is fine. */
function settingProblem(name: string, value: string | undefined): string | undefined {
  const definition = SETTINGS[name as keyof typeof SETTINGS] as SettingDefinition;
  const use = siteUse(name, 'production');
  if (!use?.scopes.includes('Functions')) return undefined;
  if (name === 'SANITY_STUDIO_URL') return studioUrlProblems(value, PUBLIC_SITE_STUDIO_URL_USE)[0];
  if (value === undefined)
    return use.required === 'optional'
      ? undefined
      : `${name}: not set in this site's Functions scope. ${definition.sentence}`;
  const parsed = definition.schema.safeParse(value);
  if (!parsed.success) return `${name}: ${parsed.error.issues[0]?.message ?? 'invalid'}`;
  if (isLocalSecret(name) && value === LOCAL_SECRETS[name]) return localDefaultProblem(name);
  return undefined;
}

/** What `fn` lacks, or has that belongs elsewhere, in `source` (its process.env on Netlify). */
export function functionProblems(fn: FunctionName, source: Source): FunctionProblems {
  const problems: string[] = [];
  const reads = functionSettings(fn);
  for (const name of reads) {
    const problem = settingProblem(name, settingText(source, name));
    if (problem) problems.push(problem);
  }
  const ops = opsSettingsFindings(source, reads);
  return { problems: [...problems, ...ops.problems], notes: ops.notes };
}

/**
 * The operator's settings in the Functions scope that do not belong there: another site's or the
 * Studio's (a problem: a secret where nothing needs it), or the public site's Builds-only ones (a
 * note: harmless, and unavoidable on a Netlify plan without scopes).
 */
export function misplacedSettings(source: Source): FunctionProblems {
  const problems: string[] = [];
  const notes: string[] = [];
  for (const name of SETTING_NAMES) {
    if (!isOperatorSetting(name) || settingText(source, name) === undefined) continue;
    const use = siteUse(name, 'production');
    if (use?.scopes.includes('Functions')) continue;
    if (use)
      notes.push(
        `${name}: also in the Functions scope, where no function reads it (the procedure scopes it to Builds only; Netlify Pro and above)`,
      );
    else if (siteUse(name, 'preview') || (SETTINGS[name] as SettingDefinition).studio)
      problems.push(
        `${name}: belongs to ${homesOf(name).join(' and ')}, not the public site: unset it here`,
      );
  }
  return { problems, notes };
}
