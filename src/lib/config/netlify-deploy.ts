/**
 * What a build on Netlify may publish. Every deployed context (production, deploy previews,
 * branch deploys) is opened by someone else's browser, so none may publish a local address: a
 * page calling http://127.0.0.1:8787 would call the visitor's own machine. Production also never
 * publishes the bundled demo content unless asked to (ALLOW_DEMO_DEPLOY).
 */
import { LOCAL_API_BASE, LOCAL_SITE_URL } from './local-addresses.ts';

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
const PUBLISHED_URL_SETTINGS = ['SITE_URL', 'PUBLIC_API_BASE', 'MAIN_SITE_URL', 'ORDER_SERVICE_URL', 'PUBLIC_SEGMENT_API_HOST'] as const;

/** Where the site's address comes from when SITE_URL is unset, as the refusal names it. */
function siteUrlSource(context: string | undefined): string {
  if (context === 'production') return 'SITE_URL (or Netlify\'s URL)';
  if (context === 'deploy-preview' || context === 'branch-deploy') return 'SITE_URL (or Netlify\'s DEPLOY_PRIME_URL)';
  return 'SITE_URL';
}

/**
 * Each setting a Netlify deploy lacks or has set to a local address (empty list = safe to build).
 * Local builds (no Netlify context) keep the offline defaults.
 */
export function deployProblems(settings: DeploySettings): string[] {
  if (!isNetlifyDeploy(settings)) return [];
  const problems: string[] = [];
  const demo = settings.ALLOW_DEMO_DEPLOY;
  if (!demo && settings.CONTEXT === 'production' && settings.CONTENT_SOURCE !== 'sanity') {
    problems.push('CONTENT_SOURCE=sanity (with SANITY_PROJECT_ID): without it the bundled demo content would be published');
  }
  if (!demo && !settings.PUBLIC_API_BASE) {
    problems.push('PUBLIC_API_BASE: the product API\'s URL (without it pages would call the local API at ' + LOCAL_API_BASE + ')');
  }
  if (settings.SITE_URL === LOCAL_SITE_URL) {
    problems.push(`${siteUrlSource(settings.CONTEXT)}: the public address for canonical URLs, sitemap and structured data`);
  }
  for (const name of PUBLISHED_URL_SETTINGS) {
    const value = settings[name];
    if (value && value !== LOCAL_SITE_URL && isLocalUrl(value)) problems.push(`${name}: ${value} is a local address`);
  }
  return problems;
}

/** The deploy the refusal names: "Netlify production (CONTEXT=production)", "a Netlify deploy preview (CONTEXT=deploy-preview)"... */
function deployName(context: string | undefined): string {
  if (context === undefined) return 'Netlify (NETLIFY=true, CONTEXT unset)';
  const kind = { production: 'Netlify production', 'deploy-preview': 'a Netlify deploy preview', 'branch-deploy': 'a Netlify branch deploy' }[context] ?? 'Netlify';
  return `${kind} (CONTEXT=${context})`;
}

export function deployRefusal(problems: readonly string[], context: string | undefined): string {
  return [
    `Refusing to build for ${deployName(context)} with these settings missing or local:`,
    ...problems.map((problem) => `  - ${problem}`),
    'Set them in the site\'s environment variables, or set ALLOW_DEMO_DEPLOY=true to publish the bundled demo content.',
  ].join('\n');
}
