/**
 * Every setting the build reads, parsed once. No setting = the offline default
 * (bundled content, local API). `.env.example` lists the same names.
 */
import { z } from 'zod';
import { LOCAL_API_BASE, LOCAL_SITE_URL } from './local-addresses.ts';

/** A comma-separated list of ids (ACTIVE_GIVEAWAY_IDS...): trimmed, blanks dropped. The local API reads it the same way. */
export function parseIdList(text: string): string[] {
  return text.split(',').map((id) => id.trim()).filter((id) => id !== '');
}

const idList = z
  .string()
  .optional()
  .transform((value) => (value ? parseIdList(value) : undefined));

/** The bundled dataset and tenant records: the offline defaults of the build and of the local API. */
export const DEFAULT_DATASET_DIR = 'src/dataset';
export const DEFAULT_TENANTS_FILE = `${DEFAULT_DATASET_DIR}/tenants.json`;

const blankAsUnset = (value: unknown) => (value === '' ? undefined : value);

export const envSchema = z.object({
  CONTENT_SOURCE: z.preprocess(blankAsUnset, z.enum(['local', 'sanity']).default('local')),
  CONTENT_DATASET_DIR: z.preprocess(blankAsUnset, z.string().default(DEFAULT_DATASET_DIR)),
  TENANTS_FILE: z.preprocess(blankAsUnset, z.string().default(DEFAULT_TENANTS_FILE)),
  SANITY_PROJECT_ID: z.preprocess(blankAsUnset, z.string().optional()),
  SANITY_DATASET: z.preprocess(blankAsUnset, z.string().default('production')),
  SANITY_API_READ_TOKEN: z.preprocess(blankAsUnset, z.string().optional()),
  SANITY_API_HOST: z.preprocess(blankAsUnset, z.url().optional()),
  /** A draft preview build (deploy previews, branch deploys): see "Draft preview" below. */
  CONTENT_PREVIEW: z.preprocess(blankAsUnset, z.stringbool().default(false)),
  PUBLIC_API_BASE: z.preprocess(blankAsUnset, z.url().optional()),
  /** Unset: Netlify's URL (production) or DEPLOY_PRIME_URL (previews), else the local address. */
  SITE_URL: z.preprocess(blankAsUnset, z.url().optional()),
  /** Set by Netlify on every build: production, deploy-preview, branch-deploy, dev. */
  CONTEXT: z.preprocess(blankAsUnset, z.string().optional()),
  URL: z.preprocess(blankAsUnset, z.url().optional()),
  DEPLOY_PRIME_URL: z.preprocess(blankAsUnset, z.url().optional()),
  /** `true` lets a Netlify production build publish the bundled demo content without a product API. */
  ALLOW_DEMO_DEPLOY: z.preprocess(blankAsUnset, z.enum(['true', 'false']).default('false')),
  MAIN_SITE_URL: z.preprocess(blankAsUnset, z.url().optional()),
  ACTIVE_GIVEAWAY_IDS: z.preprocess(blankAsUnset, idList),
  HIDDEN_ENTER_GIVEAWAY_IDS: z.preprocess(blankAsUnset, idList),
  ORDER_SERVICE_URL: z.preprocess(blankAsUnset, z.url().optional()),
  PUBLIC_SEGMENT_WRITE_KEY: z.preprocess(blankAsUnset, z.string().optional()),
  PUBLIC_SEGMENT_API_HOST: z.preprocess(blankAsUnset, z.url().optional()),
  BUILD_REPORT_FILE: z.preprocess(blankAsUnset, z.string().default('reports/build-report.json')),
  /** Operations (Netlify functions, `npm run rebuild`): the content webhook's shared secret and the site's build hook. */
  SANITY_WEBHOOK_SECRET: z.preprocess(blankAsUnset, z.string().optional()),
  NETLIFY_BUILD_HOOK_URL: z.preprocess(blankAsUnset, z.url().optional()),
  BUILD_OUT_DIR: z.preprocess(blankAsUnset, z.string().default('dist')),
}).refine((env) => env.CONTENT_SOURCE !== 'sanity' || env.SANITY_PROJECT_ID, {
  message: 'CONTENT_SOURCE=sanity needs SANITY_PROJECT_ID',
  path: ['SANITY_PROJECT_ID'],
});

export type Env = Omit<z.infer<typeof envSchema>, 'SITE_URL'> & { SITE_URL: string };

export { LOCAL_API_BASE, LOCAL_API_PORT, LOCAL_SITE_PORT, LOCAL_SITE_URL } from './local-addresses.ts';

const PREVIEW_CONTEXTS = new Set(['deploy-preview', 'branch-deploy']);

function siteUrl(parsed: z.infer<typeof envSchema>): string {
  if (parsed.SITE_URL) return parsed.SITE_URL;
  if (parsed.CONTEXT === 'production' && parsed.URL) return parsed.URL;
  if (parsed.CONTEXT !== undefined && PREVIEW_CONTEXTS.has(parsed.CONTEXT) && parsed.DEPLOY_PRIME_URL) return parsed.DEPLOY_PRIME_URL;
  return LOCAL_SITE_URL;
}

const LOCAL_HOST = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\]|0\.0\.0\.0)$/i;

export function isLocalUrl(url: string): boolean {
  return LOCAL_HOST.test(new URL(url).hostname);
}

/** Addresses that reach pages, headers or the CSP: none may be local in production. */
const PUBLISHED_URL_SETTINGS = ['SITE_URL', 'PUBLIC_API_BASE', 'MAIN_SITE_URL', 'ORDER_SERVICE_URL', 'PUBLIC_SEGMENT_API_HOST'] as const;

/**
 * Netlify's production context never publishes demo data or a local address: each missing or
 * local setting is named (empty list = safe to build).
 */
export function productionProblems(settings: Env): string[] {
  if (settings.CONTEXT !== 'production') return [];
  const problems: string[] = [];
  const demo = settings.ALLOW_DEMO_DEPLOY === 'true';
  if (!demo && settings.CONTENT_SOURCE !== 'sanity') {
    problems.push('CONTENT_SOURCE=sanity (with SANITY_PROJECT_ID): without it the bundled demo content would be published');
  }
  if (!demo && !settings.PUBLIC_API_BASE) {
    problems.push('PUBLIC_API_BASE: the product API\'s URL (without it pages would call the local API at ' + LOCAL_API_BASE + ')');
  }
  if (settings.SITE_URL === LOCAL_SITE_URL) {
    problems.push('SITE_URL (or Netlify\'s URL): the public address for canonical URLs, sitemap and structured data');
  }
  for (const name of PUBLISHED_URL_SETTINGS) {
    const value = settings[name];
    if (value && value !== LOCAL_SITE_URL && isLocalUrl(value)) problems.push(`${name}: ${value} is a local address`);
  }
  return problems;
}

export function productionMessage(problems: readonly string[]): string {
  return [
    'Refusing to build for Netlify production (CONTEXT=production) with these settings missing or local:',
    ...problems.map((problem) => `  - ${problem}`),
    'Set them in the site\'s environment variables, or set ALLOW_DEMO_DEPLOY=true to publish the bundled demo content.',
  ].join('\n');
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const settings: Env = { ...parsed.data, SITE_URL: siteUrl(parsed.data) };
  const problems = productionProblems(settings);
  if (problems.length > 0) throw new Error(productionMessage(problems));
  return settings;
}

let cached: Env | undefined;
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/**
 * `{api}` as the browser sees it: the product API; when unset, the local API, except in a
 * production demo deploy (ALLOW_DEMO_DEPLOY), where no local address may be published: the site's
 * own origin (the giveaway form then answers with its error message).
 */
export function publicApiBase(settings: Env = env()): string {
  const fallback = settings.CONTEXT === 'production' ? new URL(settings.SITE_URL).origin : LOCAL_API_BASE;
  return (settings.PUBLIC_API_BASE ?? fallback).replace(/\/+$/, '');
}

// ---- Draft preview ---------------------------------------------------------------------------

/**
 * Which version of the content a build reads (src/lib/content/perspective.ts): `drafts` only in a
 * preview build (CONTENT_PREVIEW=true). Netlify's production context (CONTEXT=production) never
 * reads drafts: there the setting stops the build instead of publishing unpublished changes.
 */
export function contentPerspective(
  settings: Pick<Env, 'CONTENT_PREVIEW'>, context: string | undefined = process.env.CONTEXT,
): 'published' | 'drafts' {
  if (!settings.CONTENT_PREVIEW) return 'published';
  if (context === 'production') {
    throw new Error('CONTENT_PREVIEW=true in the production context: production never shows drafts. Set it only for deploy previews and branch deploys.');
  }
  return 'drafts';
}

/** Every page of a preview build says so, is not indexed, and the build writes no sitemap. */
export function isPreviewBuild(): boolean {
  return contentPerspective(env()) === 'drafts';
}
