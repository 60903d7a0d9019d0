/**
 * Every setting the build reads, parsed once. No setting = the offline default
 * (bundled content, local API). `.env.example` lists the same names.
 */
import { z } from 'zod';

const idList = z
  .string()
  .optional()
  .transform((value) => (value ? value.split(',').map((id) => id.trim()).filter(Boolean) : undefined));

const blankAsUnset = (value: unknown) => (value === '' ? undefined : value);

export const envSchema = z.object({
  CONTENT_SOURCE: z.preprocess(blankAsUnset, z.enum(['local', 'sanity']).default('local')),
  CONTENT_DATASET_DIR: z.preprocess(blankAsUnset, z.string().default('src/dataset')),
  TENANTS_FILE: z.preprocess(blankAsUnset, z.string().default('src/dataset/tenants.json')),
  SANITY_PROJECT_ID: z.preprocess(blankAsUnset, z.string().optional()),
  SANITY_DATASET: z.preprocess(blankAsUnset, z.string().default('production')),
  SANITY_API_READ_TOKEN: z.preprocess(blankAsUnset, z.string().optional()),
  SANITY_API_HOST: z.preprocess(blankAsUnset, z.url().optional()),
  /** A draft preview build (deploy previews, branch deploys): see "Draft preview" below. */
  CONTENT_PREVIEW: z.preprocess(blankAsUnset, z.stringbool().default(false)),
  PUBLIC_API_BASE: z.preprocess(blankAsUnset, z.url().optional()),
  SITE_URL: z.preprocess(blankAsUnset, z.url().default('http://localhost:4321')),
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

export type Env = z.infer<typeof envSchema>;

/** The local API's address, used for `{api}` when PUBLIC_API_BASE is unset. */
export const LOCAL_API_BASE = 'http://127.0.0.1:8787';

export function parseEnv(source: Record<string, string | undefined>): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  return parsed.data;
}

let cached: Env | undefined;
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** `{api}` as the browser sees it: the product API, or the local API when unset. */
export function publicApiBase(): string {
  return (env().PUBLIC_API_BASE ?? LOCAL_API_BASE).replace(/\/+$/, '');
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
