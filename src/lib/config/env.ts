/**
 * Every setting the build reads, parsed once. No setting = the offline default
 * (bundled content, local API). `.env.example` lists the same names. The rebuild functions and
 * `npm run rebuild` read only their own (src/lib/functions/function-settings.ts).
 */
import type { z } from 'zod';
import {
  DEFAULT_DATASET_DIR,
  DEFAULT_TENANTS_FILE,
  LOCAL_API_BASE,
  LOCAL_SITE_URL,
  LOCAL_STUDIO_URL,
} from './local-addresses.ts';
import { deployProblems, deployRefusal, isNetlifyDeploy } from './netlify-deploy.ts';
import { readSettings } from './setting-types.ts';
import { settingsSchema } from './settings/index.ts';

export { parseIdList } from './setting-types.ts';
export {
  deployProblems,
  deployRefusal,
  isLocalUrl,
  isNetlifyDeploy,
  isProductionBuild,
} from './netlify-deploy.ts';
export { DEFAULT_DATASET_DIR, DEFAULT_TENANTS_FILE };

/**
 * Each setting the build (and the preview site's function, which runs the same app) reads, with
 * the registry's rules (src/lib/config/settings/); envSchema adds the rules across settings.
 */
export const envFields = settingsSchema([
  'CONTENT_SOURCE',
  'CONTENT_DATASET_DIR',
  'TENANTS_FILE',
  'SANITY_PROJECT_ID',
  'SANITY_DATASET',
  'SANITY_API_READ_TOKEN',
  'SANITY_API_HOST',
  'CONTENT_PREVIEW',
  'PUBLIC_API_BASE',
  'SITE_URL',
  'CONTEXT',
  'NETLIFY',
  'URL',
  'DEPLOY_PRIME_URL',
  'ALLOW_DEMO_DEPLOY',
  'MAIN_SITE_URL',
  'ACTIVE_GIVEAWAY_IDS',
  'HIDDEN_ENTER_GIVEAWAY_IDS',
  'ORDER_SERVICE_URL',
  'PUBLIC_SEGMENT_WRITE_KEY',
  'PUBLIC_SEGMENT_API_HOST',
  'BUILD_REPORT_FILE',
  'BUILD_OUT_DIR',
  'SITE_MODE',
  'PREVIEW_COOKIE_SECRET',
  'SANITY_STUDIO_URL',
  'REDIRECT_RULE_LIMIT',
]);

const SANITY_PROJECT_NEEDED = 'CONTENT_SOURCE=sanity needs SANITY_PROJECT_ID';

/** CONTENT_SOURCE=sanity reads the project SANITY_PROJECT_ID names: without one there is nothing to read. */
export function sanityProjectProblems(
  settings: Pick<z.infer<typeof envFields>, 'CONTENT_SOURCE' | 'SANITY_PROJECT_ID'>,
): string[] {
  return settings.CONTENT_SOURCE === 'sanity' && !settings.SANITY_PROJECT_ID
    ? [`SANITY_PROJECT_ID: ${SANITY_PROJECT_NEEDED}`]
    : [];
}

export const envSchema = envFields.refine((env) => sanityProjectProblems(env).length === 0, {
  message: SANITY_PROJECT_NEEDED,
  path: ['SANITY_PROJECT_ID'],
});

/** Parsed settings, with the site's address and the Studio's (local default: the local Studio) resolved. */
export type Env = Omit<z.infer<typeof envSchema>, 'SITE_URL' | 'SANITY_STUDIO_URL'> & {
  SITE_URL: string;
  SANITY_STUDIO_URL: string;
};

export {
  LOCAL_API_BASE,
  LOCAL_API_PORT,
  LOCAL_SITE_PORT,
  LOCAL_SITE_URL,
  LOCAL_STUDIO_URL,
} from './local-addresses.ts';

const PREVIEW_CONTEXTS = new Set(['deploy-preview', 'branch-deploy']);

function siteUrl(parsed: z.infer<typeof envSchema>): string {
  if (parsed.SITE_URL) return parsed.SITE_URL;
  if (parsed.CONTEXT === 'production' && parsed.URL) return parsed.URL;
  if (
    parsed.CONTEXT !== undefined &&
    PREVIEW_CONTEXTS.has(parsed.CONTEXT) &&
    parsed.DEPLOY_PRIME_URL
  )
    return parsed.DEPLOY_PRIME_URL;
  return LOCAL_SITE_URL;
}

/** Parsed settings with the site's address resolved as the build resolves it, and the Studio's local default. */
export function withSiteUrl(parsed: z.infer<typeof envSchema>): Env {
  return {
    ...parsed,
    SITE_URL: siteUrl(parsed),
    SANITY_STUDIO_URL: parsed.SANITY_STUDIO_URL ?? LOCAL_STUDIO_URL,
  };
}

/**
 * The build's settings. Throws a message naming each bad setting, and on a Netlify deploy each
 * missing or local one (see netlify-deploy.ts). `npm run setup:check` runs the same rules
 * (setup-check.ts); neither calls the network.
 */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const settings = withSiteUrl(readSettings(envSchema, source));
  const problems = deployProblems(settings);
  if (problems.length > 0)
    throw new Error(deployRefusal(problems, settings.CONTEXT, settings.SITE_MODE));
  return settings;
}

let cached: Env | undefined;
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/**
 * `{api}` as the browser sees it: the product API; when unset, the local API on a local build.
 * A Netlify deploy never publishes a local address: without PUBLIC_API_BASE only a demo deploy
 * (ALLOW_DEMO_DEPLOY) builds at all, and its `{api}` is the site's own origin (the giveaway form
 * then answers with its error message).
 */
export function publicApiBase(settings: Env = env()): string {
  const fallback = isNetlifyDeploy(settings) ? new URL(settings.SITE_URL).origin : LOCAL_API_BASE;
  return (settings.PUBLIC_API_BASE ?? fallback).replace(/\/+$/, '');
}

// ---- Draft preview ---------------------------------------------------------------------------

/**
 * Which version of the content a build reads (src/lib/content/perspective.ts): `drafts` only in a
 * preview build (CONTENT_PREVIEW=true). Netlify's production context (CONTEXT=production) never
 * reads drafts: there the setting stops the build instead of publishing unpublished changes.
 */
export function contentPerspective(
  settings: Pick<Env, 'CONTENT_PREVIEW' | 'CONTEXT'>,
): 'published' | 'drafts' {
  if (!settings.CONTENT_PREVIEW) return 'published';
  const [refusal] = contentPreviewProblems(settings);
  if (refusal) throw new Error(refusal);
  return 'drafts';
}

/** A draft preview build in the production context would publish unpublished changes. */
export function contentPreviewProblems(
  settings: Pick<Env, 'CONTENT_PREVIEW' | 'CONTEXT'>,
): string[] {
  return settings.CONTENT_PREVIEW && settings.CONTEXT === 'production'
    ? [
        'CONTENT_PREVIEW=true in the production context: production never shows drafts. Set it only for deploy previews and branch deploys.',
      ]
    : [];
}

/** The editors' preview site (SITE_MODE=preview): pages rendered on request, drafts only in draft mode. */
export function isPreviewSite(settings: Pick<Env, 'SITE_MODE'> = env()): boolean {
  return settings.SITE_MODE === 'preview';
}

/** Every page of a preview build says so, is not indexed, and the build writes no sitemap. */
export function isPreviewBuild(): boolean {
  return contentPerspective(env()) === 'drafts';
}
