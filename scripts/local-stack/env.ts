/** Settings of the local stack, from the environment (defaults in brackets in `.env.example`). */
import { join, resolve } from 'node:path';
import {
  DEFAULT_DATASET_DIR,
  DEFAULT_TENANTS_FILE,
  LOCAL_API_PORT,
  LOCAL_SITE_PORT,
  LOCAL_SITE_URL,
} from '../../src/lib/config/env.ts';
import { settingText } from '../../src/lib/config/setting-types.ts';
import { SITE_FUNCTIONS_DIR } from '../../src/lib/build/netlify-output.ts';
import { siteOrigins } from './api/cors.ts';
import { workingDatasetDir } from './working-dataset.ts';

export const REPO_ROOT = resolve(import.meta.dirname, '..', '..');

function port(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const given = settingText(env, name);
  if (given === undefined) return fallback;
  const value = Number(given);
  if (!Number.isInteger(value) || value < 0 || value > 65535) {
    throw new Error(`${name} must be a port number (0-65535), got "${given}".`);
  }
  return value;
}

/**
 * SITE_URL as the stack uses it: the site's public address, whose host its server answers. One that
 * is no http(s) address stops the stack at start, naming it, rather than failing on a request.
 */
function siteUrlSetting(env: NodeJS.ProcessEnv): string {
  const given = settingText(env, 'SITE_URL');
  if (given === undefined) return LOCAL_SITE_URL;
  const url = URL.parse(given);
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || !url.host) {
    throw new Error(
      `SITE_URL must be an http(s) address such as ${LOCAL_SITE_URL}, got "${given.slice(0, 200)}".`,
    );
  }
  return given;
}

export interface StackSettings {
  port: number;
  apiPort: number;
  host: string;
  dataDir: string;
  siteUrl: string;
  distDir: string;
  netlifyToml: string;
  /** The site's Netlify functions, imported once and run warm in the stack's process. */
  functionsDir: string;
  tenantsFile: string;
  /** The dataset the stack starts from (CONTENT_DATASET_DIR, default the bundled src/dataset); never written. */
  sourceDatasetDir: string;
  /** Its working copy (DATA_DIR/dataset, working-dataset.ts): what the builds read and a local publish writes. */
  contentDatasetDir: string;
  /** The local API's copy of the content (DATASET_FILE; default: the builds' dataset). */
  datasetFile: string;
  /** Where the local build hook's deploys are built, one folder each (inside the project: Astro moves its output with rename). */
  deploysDir: string;
  activeGiveawayIds: string | undefined;
}

export function readSettings(env: NodeJS.ProcessEnv = process.env): StackSettings {
  const dataDir = resolve(settingText(env, 'DATA_DIR') ?? join(REPO_ROOT, 'data'));
  const contentDatasetDir = workingDatasetDir(dataDir);
  return {
    port: port(env, 'PORT', LOCAL_SITE_PORT),
    apiPort: port(env, 'API_PORT', LOCAL_API_PORT),
    host: '127.0.0.1',
    dataDir,
    siteUrl: siteUrlSetting(env),
    distDir: resolve(settingText(env, 'DIST_DIR') ?? join(REPO_ROOT, 'dist')),
    netlifyToml: join(REPO_ROOT, 'netlify.toml'),
    functionsDir: join(REPO_ROOT, SITE_FUNCTIONS_DIR),
    tenantsFile: resolve(settingText(env, 'TENANTS_FILE') ?? join(REPO_ROOT, DEFAULT_TENANTS_FILE)),
    sourceDatasetDir: resolve(
      settingText(env, 'CONTENT_DATASET_DIR') ?? join(REPO_ROOT, DEFAULT_DATASET_DIR),
    ),
    contentDatasetDir,
    datasetFile: resolve(
      settingText(env, 'DATASET_FILE') ?? join(contentDatasetDir, 'data.ndjson'),
    ),
    deploysDir: resolve(
      REPO_ROOT,
      settingText(env, 'DEPLOYS_DIR') ?? join('.netlify', 'local-deploys'),
    ),
    activeGiveawayIds: settingText(env, 'ACTIVE_GIVEAWAY_IDS'),
  };
}

export function allowedOrigins(
  settings: StackSettings,
  sitePort: number = settings.port,
): string[] {
  return siteOrigins(settings.siteUrl, sitePort);
}
