/**
 * `npm run setup:check -- --site production|preview|studio`: every setting a site's build and
 * functions (or the Studio) need, named and never shown, before a deploy finds out. It runs the
 * rules the build (env.ts, netlify-deploy.ts) and the functions (preview-function-settings.ts,
 * rebuild/function-settings.ts) run themselves, as on a deployed context, and adds what only an
 * operator can decide (which site this is). Asking Sanity is passed in (`AskSanity`): the rules
 * here never touch the network, and the build gate uses the same rules without it.
 */
import type { ClientConfig } from '@sanity/client';
import { OFFLINE_PROJECT_ID, studioProject } from '../../../studio/project.ts';
import { SANITY_API_VERSION } from '../content/sanity.ts';
import { deployNotificationSettingsSchema, LOCAL_SECRETS, localDefaultProblem, publishSchema } from '../rebuild/function-settings.ts';
import { isPreviewSiteFunction } from '../rebuild/preview-site-guard.ts';
import { contentPreviewProblems, envFields, sanityProjectProblems, withSiteUrl } from '../config/env.ts';
import { deployProblems, isHttpUrl, isLocalUrl, studioUrlProblems } from '../config/netlify-deploy.ts';
import { previewFunctionSettingsProblems } from '../config/preview-function-settings.ts';
import { datasetNameProblem, isSanityProjectId } from '../config/sanity-names.ts';
import { readEachSetting, SettingsError, settingText } from '../config/setting-types.ts';

type Source = Record<string, string | undefined>;

export const SITE_KINDS = ['production', 'preview', 'studio'] as const;
export type SiteKind = (typeof SITE_KINDS)[number];

/** Where the operator sets a setting: Netlify's scopes, or the Studio's own environment (studio/.env). */
export type Scope = 'Builds' | 'Functions' | 'Studio';

export interface SetupProblem {
  /** The setting the text starts with (one line per setting and problem). */
  setting: string;
  /** "NAME: what is wrong", as the rule that found it words it; never a value. */
  text: string;
  scopes: Scope[];
}

export interface SetupReport {
  kind: SiteKind;
  problems: SetupProblem[];
  notes: string[];
  /** What came of asking Sanity, for the summary line. */
  sanity: string;
}

/** What a check asks Sanity: one cheap query against the project and dataset, with or without the token. */
export interface SanityTarget {
  projectId: string;
  dataset: string;
  token?: string | undefined;
  apiHost?: string | undefined;
}

export type SanityAnswer =
  /** The query ran: how many siteSettings documents this target sees. */
  | { outcome: 'answered'; siteSettings: number }
  /** A 4xx: the settings are wrong (401/403 a token, 404 the project or dataset). */
  | { outcome: 'refused'; status: number }
  /** No answer, or a 5xx: says nothing about the settings. `reason` names no host and no value. */
  | { outcome: 'failed'; reason: string };

export type AskSanity = (target: SanityTarget) => Promise<SanityAnswer>;

export const SANITY_CHECK_QUERY = 'count(*[_type == "siteSettings"])';

const LABELS: Record<SiteKind, string> = {
  production: 'the public site (production)',
  preview: 'the editors\' preview site (SITE_MODE=preview)',
  studio: 'the Studio',
};

/** Netlify sets URL on every production build; a check run elsewhere stands in for it. */
const NETLIFY_URL_STAND_IN = 'https://site.netlify.app';

// ---- Sanity's own rules for names --------------------------------------------------------------

/** `name`'s problem as a Sanity project id; the Studio's offline placeholder is never one. */
export function projectIdProblem(name: string, value: string): string | undefined {
  if (value === OFFLINE_PROJECT_ID) return `${name}: the offline placeholder ${OFFLINE_PROJECT_ID}, not a Sanity project (deploying needs the real project id)`;
  if (!isSanityProjectId(value)) return `${name}: not a Sanity project id (letters, digits and dashes only)`;
  return undefined;
}

// ---- Collecting problems -------------------------------------------------------------------------

function settingOf(text: string): string {
  return /^[A-Z][A-Z0-9_]*/.exec(text)?.[0] ?? text;
}

/**
 * Problems in the order found. The build and the function often refuse the same setting in their
 * own words: a setting already named from another scope gains that scope instead of a second line.
 */
class Problems {
  readonly list: SetupProblem[] = [];

  add(scopes: Scope[], texts: readonly string[]): void {
    for (const text of texts) {
      const setting = settingOf(text);
      const same = this.list.find((problem) => problem.setting === setting && !problem.scopes.some((scope) => scopes.includes(scope)));
      if (same) same.scopes.push(...scopes);
      else this.list.push({ setting, text, scopes: [...scopes] });
    }
  }
}

const text = settingText;

/**
 * The build's rules for a deploy of this site, as Netlify's production context runs them
 * (`overrides`: which site and context the build is checked as).
 */
function buildProblems(source: Source, overrides: { SITE_MODE: 'static' | 'preview' }): string[] {
  const { values, problems } = readEachSetting(envFields, source);
  problems.push(...sanityProjectProblems(values));
  const settings = withSiteUrl({ ...values, ...overrides, CONTEXT: 'production', URL: values.URL ?? NETLIFY_URL_STAND_IN });
  problems.push(...contentPreviewProblems(settings));
  problems.push(...deployProblems(settings, { showValues: false }));
  return problems;
}

/** The site's Sanity project and dataset settings, when the site reads Sanity. */
function siteSanityProblems(source: Source): string[] {
  const problems: string[] = [];
  const projectId = text(source, 'SANITY_PROJECT_ID');
  const dataset = text(source, 'SANITY_DATASET');
  const project = projectId === undefined ? undefined : projectIdProblem('SANITY_PROJECT_ID', projectId);
  if (project) problems.push(project);
  const name = dataset === undefined ? undefined : datasetNameProblem(dataset, { alias: true });
  if (name) problems.push(`SANITY_DATASET: ${name}`);
  return problems;
}

/** The public site's functions' settings (rebuild-on-publish, nightly-rebuild, deploy-notification, publish-status, deploys), read with their own schemas. */
function rebuildFunctionProblems(source: Source): string[] {
  const { problems } = readEachSetting(publishSchema, source);
  try {
    // Each function reads SITE_MODE first: a value it cannot read answers 500.
    isPreviewSiteFunction(source);
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error;
    problems.push(...error.problems);
  }
  if (text(source, 'SANITY_WEBHOOK_SECRET') === undefined) {
    problems.push('SANITY_WEBHOOK_SECRET: the content webhook\'s secret (the same value as the webhook\'s in Sanity); without it rebuild-on-publish refuses every publish');
  }
  if (text(source, 'NETLIFY_BUILD_HOOK_URL') === undefined) {
    problems.push('NETLIFY_BUILD_HOOK_URL: the site\'s build hook; without it neither a publish nor the nightly build starts a build');
  }
  problems.push(...deployFunctionProblems(source));
  return problems;
}

/** deploy-notification, publish-status and deploys: the notification secret and the Studio's origins (CORS). */
function deployFunctionProblems(source: Source): string[] {
  const problems = readEachSetting(deployNotificationSettingsSchema.pick({ NETLIFY_DEPLOY_NOTIFICATION_SECRET: true }), source).problems;
  // A deployed site refuses the documented local secrets (the function answers 500 naming them).
  for (const name of Object.keys(LOCAL_SECRETS) as Array<keyof typeof LOCAL_SECRETS>) {
    if (text(source, name) === LOCAL_SECRETS[name]) problems.push(localDefaultProblem(name));
  }
  if (text(source, 'NETLIFY_DEPLOY_NOTIFICATION_SECRET') === undefined) {
    problems.push('NETLIFY_DEPLOY_NOTIFICATION_SECRET: the JWS secret of the site\'s deploy notifications (the same value as in Netlify\'s notification settings); without it deploy-notification refuses every notification, so publishes during a build wait up to 30 minutes and the Studio cannot tell what is live');
  }
  problems.push(...studioUrlProblems(text(source, 'SANITY_STUDIO_URL'), {
    missing: '; without it the Studio\'s badges and Deploys view cannot read the publish status',
    local: ' (the deployed Studio reads the public site\'s publish status)',
  }));
  return problems;
}

function productionProblems(source: Source, problems: Problems): void {
  if (text(source, 'SITE_MODE') === 'preview') {
    problems.add(['Builds', 'Functions'], ['SITE_MODE=preview: the public site must not set it (the build would make the editors\' preview site and the rebuild functions would stay idle); unset it']);
  }
  problems.add(['Builds'], buildProblems(source, { SITE_MODE: 'static' }));
  if (text(source, 'CONTENT_SOURCE') === 'sanity') problems.add(['Builds'], siteSanityProblems(source));
  problems.add(['Functions'], rebuildFunctionProblems(source));
}

function previewProblems(source: Source, problems: Problems): void {
  if (text(source, 'SITE_MODE') !== 'preview') {
    problems.add(['Builds'], ['SITE_MODE=preview: without it the build makes the public static site, not the editors\' preview site']);
  }
  problems.add(['Builds'], buildProblems(source, { SITE_MODE: 'preview' }));
  problems.add(['Builds'], siteSanityProblems(source));
  // As the deployed function checks itself at its first request (Netlify's context of a deploy).
  problems.add(['Functions'], previewFunctionSettingsProblems(source, 'production'));
}

function studioProblems(source: Source, problems: Problems): void {
  const projectId = text(source, 'SANITY_STUDIO_PROJECT_ID');
  if (projectId === undefined) {
    problems.add(['Studio'], [`SANITY_STUDIO_PROJECT_ID: the Sanity project (the site's SANITY_PROJECT_ID); without it the Studio builds with the offline placeholder ${OFFLINE_PROJECT_ID}`]);
  } else {
    const problem = projectIdProblem('SANITY_STUDIO_PROJECT_ID', projectId);
    if (problem) problems.add(['Studio'], [problem]);
  }
  const dataset = text(source, 'SANITY_STUDIO_DATASET');
  const datasetProblem = dataset === undefined ? undefined : datasetNameProblem(dataset);
  if (datasetProblem) problems.add(['Studio'], [`SANITY_STUDIO_DATASET: ${datasetProblem}`]);
  // The two sites the Studio talks to: both must be deployed addresses, or it would reach a local one.
  const siteSettings = [
    ['SANITY_STUDIO_PREVIEW_URL', 'the editors\' preview site\'s address; without it Presentation frames the local preview server', 'a deployed Studio frames the deployed preview site'],
    ['SANITY_STUDIO_PUBLIC_SITE_URL', 'the public site\'s address; without it the live-status badges and the Deploys tool ask the local site', 'a deployed Studio asks the public site whether a change is live'],
  ] as const;
  for (const [name, missing, local] of siteSettings) {
    const url = text(source, name)?.trim();
    if (url === undefined) problems.add(['Studio'], [`${name}: ${missing}`]);
    else if (!isHttpUrl(url)) problems.add(['Studio'], [`${name}: must be an http(s) URL`]);
    else if (isLocalUrl(url)) problems.add(['Studio'], [`${name}: a local address (${local})`]);
  }
}

/** Every problem found without the network, in the order the rules find them. */
export function settingsProblems(kind: SiteKind, source: Source): SetupProblem[] {
  const problems = new Problems();
  if (kind === 'production') productionProblems(source, problems);
  else if (kind === 'preview') previewProblems(source, problems);
  else studioProblems(source, problems);
  return problems.list;
}

// ---- Asking Sanity -------------------------------------------------------------------------------

interface SanityPart {
  problems: { scopes: Scope[]; text: string }[];
  notes: string[];
  sanity: string;
}

const NOT_FOUND = (names: string) => `${names}: Sanity answers 404 (no such project, or no such dataset in it)`;
const TOKEN_REFUSED = (status: number) => `SANITY_API_READ_TOKEN: Sanity refused it (HTTP ${status}): a revoked or mistyped token, or one of another project`;
const NO_SETTINGS = 'SANITY_DATASET: the dataset answers but holds no siteSettings document (another dataset than the content\'s, or the content is not imported yet)';

function unreachable(reason: string, what = 'the project, dataset and token'): string {
  return `could not reach Sanity: ${reason} — ${what} were not checked`;
}

const TOKEN_UNKNOWN = 'SANITY_API_READ_TOKEN is unset: right for a public dataset; a private dataset needs one, and whether this one is private was not known';

async function askForProduction(source: Source, ask: AskSanity, target: SanityTarget): Promise<SanityPart> {
  const token = text(source, 'SANITY_API_READ_TOKEN');
  const [anonymous, withToken] = await Promise.all([ask(target), token ? ask({ ...target, token }) : undefined]);
  const build: Scope[] = ['Builds'];
  if ((anonymous.outcome === 'refused' && anonymous.status === 404) || (withToken?.outcome === 'refused' && withToken.status === 404)) {
    return { problems: [{ scopes: build, text: NOT_FOUND('SANITY_PROJECT_ID / SANITY_DATASET') }], notes: [], sanity: 'Sanity answered' };
  }
  const isPublic = anonymous.outcome === 'answered' && anonymous.siteSettings > 0;
  if (withToken) {
    if (withToken.outcome === 'failed') return { problems: [], notes: [unreachable(withToken.reason)], sanity: 'Sanity not reached' };
    if (withToken.outcome === 'refused') return { problems: [{ scopes: build, text: TOKEN_REFUSED(withToken.status) }], notes: [], sanity: 'Sanity answered' };
    if (withToken.siteSettings === 0) return { problems: [{ scopes: build, text: NO_SETTINGS }], notes: [], sanity: 'Sanity answered' };
    const visibility = isPublic
      ? 'the dataset is public, so the public site would build without SANITY_API_READ_TOKEN too'
      : anonymous.outcome === 'failed' ? 'whether the dataset is public was not known' : 'the dataset is private, so the public site needs the token';
    return { problems: [], notes: [`Sanity: the project, dataset and token answer; ${visibility}`], sanity: 'Sanity answered' };
  }
  if (anonymous.outcome === 'failed') return { problems: [], notes: [unreachable(anonymous.reason), TOKEN_UNKNOWN], sanity: 'Sanity not reached' };
  if (isPublic) {
    return { problems: [], notes: ['Sanity: the project and dataset answer without a token (a public dataset), so the public site needs no SANITY_API_READ_TOKEN'], sanity: 'Sanity answered' };
  }
  const why = anonymous.outcome === 'refused' ? `Sanity answers HTTP ${anonymous.status} without a token` : 'without a token the dataset shows no siteSettings document';
  return {
    problems: [{ scopes: build, text: `SANITY_API_READ_TOKEN: ${why}: the dataset is private (the public site needs a read token) or has no content yet` }],
    notes: [],
    sanity: 'Sanity answered',
  };
}

async function askForPreview(source: Source, ask: AskSanity, target: SanityTarget): Promise<SanityPart> {
  const token = text(source, 'SANITY_API_READ_TOKEN');
  const answer = await ask({ ...target, token });
  const scopes: Scope[] = ['Functions'];
  if (answer.outcome === 'failed') return { problems: [], notes: [unreachable(answer.reason)], sanity: 'Sanity not reached' };
  if (answer.outcome === 'refused' && answer.status === 404) {
    return { problems: [{ scopes: ['Builds', 'Functions'], text: NOT_FOUND('SANITY_PROJECT_ID / SANITY_DATASET') }], notes: [], sanity: 'Sanity answered' };
  }
  if (!token) return { problems: [], notes: ['Sanity: the project and dataset exist; the token, missing, was not tried'], sanity: 'Sanity answered' };
  if (answer.outcome === 'refused') return { problems: [{ scopes, text: TOKEN_REFUSED(answer.status) }], notes: [], sanity: 'Sanity answered' };
  if (answer.siteSettings === 0) return { problems: [{ scopes, text: NO_SETTINGS }], notes: [], sanity: 'Sanity answered' };
  return { problems: [], notes: ['Sanity: the project, dataset and token answer'], sanity: 'Sanity answered' };
}

async function askForStudio(ask: AskSanity, target: SanityTarget): Promise<SanityPart> {
  // Editors sign in to the Studio: no token to try. A private dataset answers nothing (or 401) without one, and still exists.
  const answer = await ask(target);
  if (answer.outcome === 'failed') return { problems: [], notes: [unreachable(answer.reason, 'the project and dataset')], sanity: 'Sanity not reached' };
  if (answer.outcome === 'refused' && answer.status === 404) {
    return { problems: [{ scopes: ['Studio'], text: NOT_FOUND('SANITY_STUDIO_PROJECT_ID / SANITY_STUDIO_DATASET') }], notes: [], sanity: 'Sanity answered' };
  }
  return { problems: [], notes: ['Sanity: the project and dataset exist'], sanity: 'Sanity answered' };
}

/** Whom to ask, once the settings that name the project and dataset are sound; else why not. */
function sanityTarget(kind: SiteKind, source: Source, problems: SetupProblem[]): SanityTarget | string {
  const named = (...names: string[]) => problems.some((problem) => names.includes(problem.setting));
  if (kind === 'studio') {
    if (named('SANITY_STUDIO_PROJECT_ID', 'SANITY_STUDIO_DATASET')) return 'Sanity not asked (fix the project and dataset settings first)';
    const { projectId, dataset } = studioProject({ SANITY_STUDIO_PROJECT_ID: text(source, 'SANITY_STUDIO_PROJECT_ID'), SANITY_STUDIO_DATASET: text(source, 'SANITY_STUDIO_DATASET') });
    return { projectId, dataset };
  }
  const projectId = text(source, 'SANITY_PROJECT_ID');
  if (kind === 'production' && text(source, 'CONTENT_SOURCE') !== 'sanity') return 'Sanity not asked (the site does not read it: CONTENT_SOURCE is not sanity)';
  if (projectId === undefined || named('SANITY_PROJECT_ID', 'SANITY_DATASET', 'SANITY_API_HOST')) return 'Sanity not asked (fix the project and dataset settings first)';
  return { projectId, dataset: text(source, 'SANITY_DATASET') ?? 'production', apiHost: text(source, 'SANITY_API_HOST') };
}

/**
 * The whole check: the settings, then (with `ask`) whether Sanity answers for them. Without `ask`
 * (--offline) nothing leaves the machine.
 */
export async function checkSetup(kind: SiteKind, source: Source, ask?: AskSanity): Promise<SetupReport> {
  const problems = new Problems();
  const found = settingsProblems(kind, source);
  problems.list.push(...found);
  const notes: string[] = [];
  const target = sanityTarget(kind, source, found);
  let sanity: string;
  if (typeof target === 'string') {
    sanity = target;
  } else if (!ask) {
    sanity = 'Sanity not asked (--offline)';
    if (kind === 'production' && text(source, 'SANITY_API_READ_TOKEN') === undefined) notes.push(TOKEN_UNKNOWN);
  } else {
    const part = kind === 'production' ? await askForProduction(source, ask, target)
      : kind === 'preview' ? await askForPreview(source, ask, target)
        : await askForStudio(ask, target);
    for (const problem of part.problems) problems.add(problem.scopes, [problem.text]);
    notes.push(...part.notes);
    sanity = part.sanity;
  }
  return { kind, problems: problems.list, notes, sanity };
}

/** One line per problem (with the scopes to set it in), each note, and a last summary line. */
export function formatReport(report: SetupReport): string[] {
  const count = report.problems.length;
  const summary = count === 0
    ? `${LABELS[report.kind]}: no problems found; ${report.sanity}`
    : `${LABELS[report.kind]}: ${count} problem${count === 1 ? '' : 's'} (settings named, values never shown); ${report.sanity}`;
  return [
    ...report.problems.map((problem) => `problem: ${problem.text} [${problem.scopes.join(', ')}]`),
    ...report.notes.map((note) => `note: ${note}`),
    summary,
  ];
}

// ---- Sanity's client as an AskSanity -------------------------------------------------------------

/** What the check uses of @sanity/client: a client per target, and one query. */
export type CreateSanityClient = (config: ClientConfig) => {
  fetch(query: string, params: Record<string, never>, options: { signal: AbortSignal }): Promise<unknown>;
};

const NETWORK_REASONS: Record<string, string> = {
  ENOTFOUND: 'its address did not resolve (no DNS or no network)',
  EAI_AGAIN: 'its address did not resolve (no DNS or no network)',
  ECONNREFUSED: 'the connection was refused',
  ECONNRESET: 'the connection was reset',
  ETIMEDOUT: 'the connection timed out',
  UND_ERR_CONNECT_TIMEOUT: 'the connection timed out',
  ENETUNREACH: 'the network is unreachable',
  EHOSTUNREACH: 'the host is unreachable',
};

/** Why a request got no answer, by error name and code only: messages can carry hosts and ids. */
function networkReason(error: unknown, timeoutMs: number): string {
  const { name, code, cause } = (error ?? {}) as { name?: unknown; code?: unknown; cause?: { code?: unknown } };
  if (name === 'TimeoutError' || name === 'AbortError') return `no answer within ${timeoutMs / 1000} s`;
  const known = [code, cause?.code].find((value): value is string => typeof value === 'string' && /^[A-Z_]+$/.test(value));
  if (known === undefined) return 'a network error';
  return NETWORK_REASONS[known] ?? `a network error (${known})`;
}

/**
 * Asks Sanity through its client: one count query, published documents only, no retries, at most
 * `timeoutMs`. Status codes and error codes come back, never a message (which may hold an id).
 */
export function sanityAsker(createClient: CreateSanityClient, timeoutMs = 8000): AskSanity {
  return async (target) => {
    let client: ReturnType<CreateSanityClient>;
    try {
      client = createClient({
        projectId: target.projectId,
        dataset: target.dataset,
        apiVersion: SANITY_API_VERSION,
        useCdn: false,
        perspective: 'published',
        ...(target.token ? { token: target.token } : {}),
        ...(target.apiHost ? { apiHost: target.apiHost, useProjectHostname: false } : {}),
        timeout: timeoutMs,
        maxRetries: 0,
      });
    } catch {
      return { outcome: 'failed', reason: 'the Sanity client refused these settings' };
    }
    try {
      const count = await client.fetch(SANITY_CHECK_QUERY, {}, { signal: AbortSignal.timeout(timeoutMs) });
      return { outcome: 'answered', siteSettings: typeof count === 'number' ? count : 0 };
    } catch (error) {
      const status = (error as { statusCode?: unknown } | null)?.statusCode;
      if (typeof status === 'number' && status >= 400 && status < 500) return { outcome: 'refused', status };
      if (typeof status === 'number') return { outcome: 'failed', reason: `Sanity answered HTTP ${status}` };
      return { outcome: 'failed', reason: networkReason(error, timeoutMs) };
    }
  };
}
