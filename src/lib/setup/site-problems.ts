/**
 * Every problem `npm run setup:check` finds in a site's settings without the network. Each
 * setting's own rules (form, required or not, least length of a secret) and where it belongs
 * (site, scopes, step) are the registry's (src/lib/config/settings/); the rules across settings
 * are the ones the build (env.ts, netlify-deploy.ts) and the functions (preview-function-settings.ts,
 * src/lib/functions/function-problems.ts) run themselves, as on a deployed context. Names only, never values.
 */
import { OFFLINE_PROJECT_ID } from '../config/studio-project.ts';
import {
  contentPreviewProblems,
  envFields,
  sanityProjectProblems,
  withSiteUrl,
} from '../config/env.ts';
import {
  deployProblems,
  isHttpUrl,
  isLocalUrl,
  studioUrlProblems,
} from '../config/netlify-deploy.ts';
import { previewFunctionSettingsProblems } from '../config/preview-function-settings.ts';
import { datasetSettingProblem, projectIdSettingProblem } from '../config/sanity-names.ts';
import {
  readEachSetting,
  SettingsError,
  settingText,
  yesNoSetting,
} from '../config/setting-types.ts';
import {
  homesOf,
  isOperatorSetting,
  SETTING_NAMES,
  SETTINGS,
  settingDefinition,
  type SettingDefinition,
  type SiteName,
} from '../config/settings/index.ts';
import { LOCAL_SECRETS, localDefaultProblem } from '../functions/function-settings.ts';
import { isPreviewSiteFunction } from '../functions/preview-site-guard.ts';
import { PUBLIC_SITE_STUDIO_URL_USE } from '../functions/function-problems.ts';
import { opsSettingsFindings } from '../functions/ops-settings-problems.ts';

type Source = Record<string, string | undefined>;

export const SITE_KINDS = ['production', 'preview', 'studio'] as const;
export type SiteKind = (typeof SITE_KINDS)[number];

/** Where the operator sets a setting: Netlify's scopes, or the Studio's own environment (studio/.env). */
export type Scope = 'Builds' | 'Functions' | 'Studio';

export interface SetupProblem {
  /** The setting the text starts with (one line per setting). */
  setting: string;
  /** "NAME: what is wrong", as the rule that found it words it; never a value. */
  text: string;
  /** Where to set it on this site, from the registry (none: it does not belong on this site). */
  scopes: Scope[];
}

export interface ProblemOptions {
  /** Production only: the operator means a demo deploy (the bundled content, ALLOW_DEMO_DEPLOY=true). */
  demo?: boolean;
  /** Whether a setting found in `source` but belonging elsewhere is flagged (default: every one). */
  flagMisplaced?: (name: string) => boolean;
}

/** Netlify sets URL on every production build; a check run elsewhere stands in for it. */
const NETLIFY_URL_STAND_IN = 'https://site.netlify.app';

const text = settingText;

export function settingOf(problem: string): string {
  return /^[A-Z][A-Z0-9_]*/.exec(problem)?.[0] ?? problem;
}

/** Where `name` is set for `kind`: its scopes on a site, or the Studio's settings. */
export function scopesFor(name: string, kind: SiteKind): Scope[] {
  const definition = settingDefinition(name);
  if (kind === 'studio') return definition?.studio ? ['Studio'] : [];
  return [...(definition?.sites?.[kind]?.scopes ?? [])];
}

/** The step of the procedure that makes `name` for `kind` (undefined: none does). */
export function stepOf(name: string, kind: SiteKind): number | undefined {
  const definition = settingDefinition(name);
  return kind === 'studio' ? definition?.studio?.step : definition?.sites?.[kind]?.step;
}

/** Problems in the order found, one line per setting: the first rule to name a setting words it. */
export class Problems {
  readonly list: SetupProblem[] = [];
  readonly kind: SiteKind;

  constructor(kind: SiteKind) {
    this.kind = kind;
  }

  /** `where`: the scopes of the rule that found them, for a setting the registry gives this site none (Netlify's own, e.g. NETLIFY). */
  add(texts: readonly string[], where: Scope[] = []): void {
    for (const problem of texts) {
      const setting = settingOf(problem);
      if (this.list.some((found) => found.setting === setting)) continue;
      const scopes = scopesFor(setting, this.kind);
      this.list.push({
        setting,
        text: problem,
        scopes: scopes.length > 0 || isOperatorSetting(setting) ? scopes : where,
      });
    }
  }
}

/** "The content webhook's secret (…): without it …." → "the content webhook's secret (…): without it …" */
function asClause(sentence: string): string {
  return (sentence[0]!.toLowerCase() + sentence.slice(1)).replace(/\.$/, '');
}

/** Each setting's own rules on `site`: required ones set, every value of the right form, no documented local secret. */
function registryProblems(site: SiteName | 'studio', source: Source): string[] {
  const problems: string[] = [];
  for (const name of SETTING_NAMES) {
    const definition = SETTINGS[name] as SettingDefinition;
    const use = site === 'studio' ? definition.studio : definition.sites?.[site];
    if (!use) continue;
    const value = text(source, name);
    if (value === undefined) {
      if (use.required === 'always') problems.push(`${name}: ${asClause(definition.sentence)}`);
      continue;
    }
    const parsed = definition.schema.safeParse(value);
    if (!parsed.success) problems.push(`${name}: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
    else if (
      Object.hasOwn(LOCAL_SECRETS, name) &&
      value === LOCAL_SECRETS[name as keyof typeof LOCAL_SECRETS]
    )
      problems.push(localDefaultProblem(name as keyof typeof LOCAL_SECRETS));
  }
  return problems;
}

/** The operator's settings in `source` that belong to another site, the Studio or a shell, not to `kind`. */
function misplacedProblems(
  kind: SiteKind,
  source: Source,
  flag: (name: string) => boolean,
): string[] {
  const label = {
    production: 'the public site',
    preview: "the editors' preview site",
    studio: 'the Studio',
  }[kind];
  return SETTING_NAMES.filter(
    (name) =>
      isOperatorSetting(name) &&
      text(source, name) !== undefined &&
      scopesFor(name, kind).length === 0 &&
      flag(name),
  )
    .filter(
      (name) =>
        !(kind === 'production' && name === 'SITE_MODE' && text(source, name) === 'preview'),
    )
    .map(
      (name) => `${name}: belongs to ${homesOf(name).join(' and ')}, not ${label}: unset it here`,
    );
}

/** The build's rules for a deploy of this site, as Netlify's production context runs them. */
function buildProblems(
  source: Source,
  overrides: { SITE_MODE: 'static' | 'preview'; ALLOW_DEMO_DEPLOY: boolean },
): string[] {
  const { values, problems } = readEachSetting(envFields, source);
  problems.push(...sanityProjectProblems(values));
  const settings = withSiteUrl({
    ...values,
    ...overrides,
    CONTEXT: 'production',
    URL: values.URL ?? NETLIFY_URL_STAND_IN,
  });
  problems.push(...contentPreviewProblems(settings));
  problems.push(...deployProblems(settings, { showValues: false }));
  return problems;
}

/** `name`'s problem as a Sanity project id; the Studio's offline placeholder is never one. */
export function projectIdProblem(name: string, value: string): string | undefined {
  if (value === OFFLINE_PROJECT_ID)
    return `${name}: the offline placeholder ${OFFLINE_PROJECT_ID}, not a Sanity project (deploying needs the real project id)`;
  return projectIdSettingProblem(name, value);
}

/** The site's Sanity project and dataset settings, by Sanity's own rules for the names. */
function siteSanityProblems(source: Source): string[] {
  const projectId = text(source, 'SANITY_PROJECT_ID');
  const dataset = text(source, 'SANITY_DATASET');
  return [
    projectId === undefined ? undefined : projectIdProblem('SANITY_PROJECT_ID', projectId),
    dataset === undefined
      ? undefined
      : datasetSettingProblem('SANITY_DATASET', dataset, { alias: true }),
  ].filter((found): found is string => Boolean(found));
}

/** Does this production check describe a demo deploy (the bundled content, or no product API)? */
export function isDemoDeploy(source: Source): boolean {
  const allowed = yesNoSetting(false).safeParse(source['ALLOW_DEMO_DEPLOY']);
  return (
    allowed.success &&
    allowed.data &&
    (text(source, 'CONTENT_SOURCE') !== 'sanity' || text(source, 'PUBLIC_API_BASE') === undefined)
  );
}

function productionProblems(source: Source, problems: Problems, options: ProblemOptions): void {
  if (text(source, 'SITE_MODE') === 'preview') {
    problems.add([
      "SITE_MODE=preview: the public site must not set it (the build would make the editors' preview site and the rebuild functions would stay idle); unset it",
    ]);
  }
  const demo = isDemoDeploy(source) && options.demo === true;
  if (isDemoDeploy(source) && !demo) {
    problems.add([
      'ALLOW_DEMO_DEPLOY=true: the public site would publish the bundled demo content (no Sanity project, no product API); unset it, or run the check with --demo if a demo deploy is meant',
    ]);
  } else if (
    !isDemoDeploy(source) &&
    yesNoSetting(false).safeParse(source['ALLOW_DEMO_DEPLOY']).data === true
  ) {
    // Left on where Sanity and the product API are set, it only disarms the build's refusals.
    problems.add([
      'ALLOW_DEMO_DEPLOY=true: this site reads Sanity and the product API, so it is no demo deploy; left on, a build that lost CONTENT_SOURCE or PUBLIC_API_BASE would publish the bundled demo content instead of stopping: unset it',
    ]);
  }
  problems.add(buildProblems(source, { SITE_MODE: 'static', ALLOW_DEMO_DEPLOY: demo }), ['Builds']);
  if (text(source, 'CONTENT_SOURCE') === 'sanity') problems.add(siteSanityProblems(source));
  try {
    // Each function reads SITE_MODE first: a value it cannot read answers 500.
    isPreviewSiteFunction(source);
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error;
    problems.add(error.problems);
  }
  problems.add(studioUrlProblems(text(source, 'SANITY_STUDIO_URL'), PUBLIC_SITE_STUDIO_URL_USE));
  problems.add(opsSettingsFindings(source).problems);
  problems.add(
    registryProblems('production', source).filter(
      (problem) =>
        !demo ||
        !['CONTENT_SOURCE', 'SANITY_PROJECT_ID', 'PUBLIC_API_BASE'].includes(settingOf(problem)),
    ),
  );
}

function previewProblems(source: Source, problems: Problems): void {
  if (text(source, 'SITE_MODE') !== 'preview') {
    problems.add([
      "SITE_MODE=preview: without it the build makes the public static site, not the editors' preview site",
    ]);
  }
  problems.add(buildProblems(source, { SITE_MODE: 'preview', ALLOW_DEMO_DEPLOY: false }), [
    'Builds',
  ]);
  problems.add(siteSanityProblems(source));
  // As the deployed function checks itself at its first request (Netlify's context of a deploy).
  problems.add(previewFunctionSettingsProblems(source, 'production'));
  problems.add(registryProblems('preview', source));
}

function studioProblems(source: Source, problems: Problems): void {
  const projectId = text(source, 'SANITY_STUDIO_PROJECT_ID');
  if (projectId === undefined) {
    problems.add([
      `SANITY_STUDIO_PROJECT_ID: the Sanity project (the site's SANITY_PROJECT_ID); without it the Studio builds with the offline placeholder ${OFFLINE_PROJECT_ID}`,
    ]);
  } else {
    problems.add(
      [projectIdProblem('SANITY_STUDIO_PROJECT_ID', projectId)].filter((found): found is string =>
        Boolean(found),
      ),
    );
  }
  const dataset = text(source, 'SANITY_STUDIO_DATASET');
  const datasetProblem =
    dataset === undefined ? undefined : datasetSettingProblem('SANITY_STUDIO_DATASET', dataset);
  if (datasetProblem) problems.add([datasetProblem]);
  // The two sites the Studio talks to: both must be deployed addresses, or it would reach a local one.
  const siteSettings = [
    [
      'SANITY_STUDIO_PREVIEW_URL',
      "the editors' preview site's address; without it Presentation frames the local preview server",
      'a deployed Studio frames the deployed preview site',
    ],
    [
      'SANITY_STUDIO_PUBLIC_SITE_URL',
      "the public site's address; without it the live-status badges and the Deploys tool ask the local site",
      'a deployed Studio asks the public site whether a change is live',
    ],
  ] as const;
  for (const [name, missing, local] of siteSettings) {
    const url = text(source, name)?.trim();
    if (url === undefined) problems.add([`${name}: ${missing}`]);
    else if (!isHttpUrl(url)) problems.add([`${name}: must be an http(s) URL`]);
    else if (isLocalUrl(url)) problems.add([`${name}: a local address (${local})`]);
  }
  problems.add(registryProblems('studio', source));
}

/** Every problem found without the network, in the order the rules find them. */
export function settingsProblems(
  kind: SiteKind,
  source: Source,
  options: ProblemOptions = {},
): SetupProblem[] {
  const problems = new Problems(kind);
  // First, so that a setting of another site is named as such, not by a rule that reads it anyway.
  problems.add(misplacedProblems(kind, source, options.flagMisplaced ?? (() => true)));
  if (kind === 'production') productionProblems(source, problems, options);
  else if (kind === 'preview') previewProblems(source, problems);
  else studioProblems(source, problems);
  return problems.list;
}

/** Each setting a later step makes, still unset: what `--until <step>` leaves for later. */
export function laterSettings(
  kind: SiteKind,
  source: Source,
  until: number,
): { name: string; step: number }[] {
  return SETTING_NAMES.flatMap((name) => {
    const step = stepOf(name, kind);
    return step !== undefined && step > until && text(source, name) === undefined
      ? [{ name, step }]
      : [];
  });
}
