/**
 * What a build on Netlify may publish. Every deployed context (production, deploy previews,
 * branch deploys) is opened by someone else's browser, so none may publish a local address: a
 * page calling http://127.0.0.1:8787 would call the visitor's own machine. Production also never
 * publishes the bundled demo content unless asked to (ALLOW_DEMO_DEPLOY). The editors' preview
 * site (SITE_MODE=preview) also needs the Sanity project and the Studio's address, in every context.
 */
import { LOCAL_API_BASE, LOCAL_SITE_URL, LOCAL_STUDIO_URL } from './local-addresses.ts';

/** Netlify's CONTEXT values of a deployed site; `dev` (netlify dev) is a run on one's own machine. */
const DEPLOYED_CONTEXTS = new Set(['production', 'deploy-preview', 'branch-deploy']);

export interface DeploySettings {
  CONTEXT?: string | undefined;
  NETLIFY: boolean;
  ALLOW_DEMO_DEPLOY: boolean;
  CONTENT_SOURCE: string;
  PUBLIC_API_BASE?: string | undefined;
  SITE_URL: string;
  MAIN_SITE_URL?: string | undefined;
  ORDER_SERVICE_URL?: string | undefined;
  PUBLIC_SEGMENT_API_HOST?: string | undefined;
  /** `preview`: the editors' preview site, with its own rules (previewSiteProblems). */
  SITE_MODE?: string | undefined;
  SANITY_PROJECT_ID?: string | undefined;
  SANITY_STUDIO_URL?: string | undefined;
}

/** production, deploy-preview or branch-deploy: a site others open (not a local run, not `netlify dev`). */
export function isDeployedContext(context: string | undefined): boolean {
  return context !== undefined && DEPLOYED_CONTEXTS.has(context);
}

/** Netlify's production context: the public site, which publishes live schools only. */
export function isProductionBuild(settings: Pick<DeploySettings, 'CONTEXT'>): boolean {
  return settings.CONTEXT === 'production';
}

/** A build Netlify runs for a deploy: CONTEXT names a deployed context, or NETLIFY=true (Netlify's build image sets it). */
export function isNetlifyDeploy(settings: Pick<DeploySettings, 'CONTEXT' | 'NETLIFY'>): boolean {
  return settings.NETLIFY || isDeployedContext(settings.CONTEXT);
}

const LOCAL_HOST = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\]|0\.0\.0\.0)$/i;

export function isLocalUrl(url: string): boolean {
  return LOCAL_HOST.test(new URL(url).hostname);
}

/** Addresses that reach pages, headers or the CSP: none may be local on a deploy. */
export const PUBLISHED_URL_SETTINGS = [
  'SITE_URL',
  'PUBLIC_API_BASE',
  'MAIN_SITE_URL',
  'ORDER_SERVICE_URL',
  'PUBLIC_SEGMENT_API_HOST',
] as const;

/** Where the site's address comes from when SITE_URL is unset, as the refusal names it. */
function siteUrlSource(context: string | undefined): string {
  if (context === 'production') return "SITE_URL (or Netlify's URL)";
  if (context === 'deploy-preview' || context === 'branch-deploy')
    return "SITE_URL (or Netlify's DEPLOY_PRIME_URL)";
  return 'SITE_URL';
}

const SANITY_CONTENT_SOURCE = 'CONTENT_SOURCE=sanity (with SANITY_PROJECT_ID)';

/** A host name or a bracketed IPv6 address: URL parsing alone lets `a.example;https` through as a host. */
const HOST_NAME = /^([a-z0-9-]+\.)*[a-z0-9-]+$|^\[[0-9a-f:.]+\]$/i;

/** Is `entry` one http(s) URL (no spaces, a plain host)? */
export function isHttpUrl(entry: string): boolean {
  if (/\s/.test(entry)) return false;
  try {
    const url = new URL(entry);
    return (url.protocol === 'http:' || url.protocol === 'https:') && HOST_NAME.test(url.hostname);
  } catch {
    return false;
  }
}

/**
 * SANITY_STUDIO_URL on a deployed preview site: the Studio origins its CSP lets frame it
 * (frame-ancestors). Unset it is the local Studio's address, so the preview could be framed only
 * from the editor's own machine: Presentation would show nothing. No value is repeated (the
 * function answers these to any caller).
 */
/** What SANITY_STUDIO_URL is for on a site, in the words its problems use. */
export interface StudioUrlUse {
  /** After "the Studio's address, or addresses comma-separated". */
  missing: string;
  /** After "has a local address". */
  local: string;
}

const PREVIEW_STUDIO_URL_USE: StudioUrlUse = {
  missing: ` (without it only a Studio at ${LOCAL_STUDIO_URL} may frame the preview)`,
  local: ' (a deployed preview is framed by the deployed Studio)',
};

/** SANITY_STUDIO_URL on a deployed site: the Studio's http(s) origins, none local (the preview's default included). */
export function studioUrlProblems(
  value: string | undefined,
  use: StudioUrlUse = PREVIEW_STUDIO_URL_USE,
): string[] {
  const entries = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0 || value === LOCAL_STUDIO_URL)
    return [`SANITY_STUDIO_URL: the Studio's address, or addresses comma-separated${use.missing}`];
  if (!entries.every(isHttpUrl))
    return ['SANITY_STUDIO_URL: must be a comma-separated list of http(s) URLs'];
  if (entries.some((entry) => isLocalUrl(entry)))
    return [`SANITY_STUDIO_URL: has a local address${use.local}`];
  return [];
}

/**
 * The editors' preview site on a deploy, in any context: it reads the Sanity project on every
 * request (drafts in draft mode; the bundled content has none of an editor's changes) and is
 * framed by the Studio. No value is repeated.
 */
export function previewSiteProblems(
  settings: Pick<DeploySettings, 'CONTENT_SOURCE' | 'SANITY_PROJECT_ID' | 'SANITY_STUDIO_URL'>,
): string[] {
  const problems: string[] = [];
  if (settings.CONTENT_SOURCE !== 'sanity' || !settings.SANITY_PROJECT_ID) {
    problems.push(
      `${SANITY_CONTENT_SOURCE}: the preview shows the Sanity project's drafts; without it editors would see the bundled demo content`,
    );
  }
  problems.push(...studioUrlProblems(settings.SANITY_STUDIO_URL));
  return problems;
}

/**
 * Each setting a Netlify deploy lacks or has set to a local address (empty list = safe to build).
 * Local builds (no Netlify context) keep the offline defaults. The build's refusal shows a local
 * address it found; `showValues: false` (the setup check, which never prints a value) names only
 * the setting.
 */
export function deployProblems(
  settings: DeploySettings,
  { showValues = true }: { showValues?: boolean } = {},
): string[] {
  if (!isNetlifyDeploy(settings)) return [];
  const problems: string[] = [];
  const demo = settings.ALLOW_DEMO_DEPLOY;
  const previewSite = settings.SITE_MODE === 'preview';
  if (previewSite) problems.push(...previewSiteProblems(settings));
  else if (!demo && settings.CONTEXT === 'production' && settings.CONTENT_SOURCE !== 'sanity') {
    problems.push(
      `${SANITY_CONTENT_SOURCE}: without it the bundled demo content would be published`,
    );
  }
  if (!demo && !settings.PUBLIC_API_BASE) {
    problems.push(
      "PUBLIC_API_BASE: the product API's URL (without it pages would call the local API at " +
        LOCAL_API_BASE +
        ')',
    );
  }
  if (settings.SITE_URL === LOCAL_SITE_URL) {
    problems.push(
      `${siteUrlSource(settings.CONTEXT)}: the public address for canonical URLs, sitemap and structured data`,
    );
  }
  for (const name of PUBLISHED_URL_SETTINGS) {
    const value = settings[name];
    if (value && value !== LOCAL_SITE_URL && isLocalUrl(value))
      problems.push(
        showValues ? `${name}: ${value} is a local address` : `${name}: a local address`,
      );
  }
  return problems;
}

/** The deploy the refusal names: "Netlify production (CONTEXT=production)", "a Netlify deploy preview (CONTEXT=deploy-preview)"... */
function deployName(context: string | undefined): string {
  if (context === undefined) return 'Netlify (NETLIFY=true, CONTEXT unset)';
  const kind =
    {
      production: 'Netlify production',
      'deploy-preview': 'a Netlify deploy preview',
      'branch-deploy': 'a Netlify branch deploy',
    }[context] ?? 'Netlify';
  return `${kind} (CONTEXT=${context})`;
}

/** The build's refusal, naming the deploy; `siteMode` `preview` names the editors' preview site (whose rules no demo deploy lifts). */
export function deployRefusal(
  problems: readonly string[],
  context: string | undefined,
  siteMode?: string,
): string {
  const previewSite = siteMode === 'preview';
  return [
    `Refusing to build ${previewSite ? "the editors' preview site (SITE_MODE=preview) " : ''}for ${deployName(context)} with these settings missing or local:`,
    ...problems.map((problem) => `  - ${problem}`),
    previewSite
      ? "Set them in the preview site's environment variables, scoped to Builds and Functions (its function reads them on each request)."
      : "Set them in the site's environment variables, or set ALLOW_DEMO_DEPLOY=true to publish the bundled demo content.",
  ].join('\n');
}
