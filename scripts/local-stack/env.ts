/** Settings of the local stack, from the environment (defaults in brackets in `.env.example`). */
import { join, resolve } from 'node:path';
import { DEFAULT_DATASET_DIR, DEFAULT_TENANTS_FILE, LOCAL_API_PORT, LOCAL_SITE_PORT, LOCAL_SITE_URL } from '../../src/lib/config/env.ts';
import { siteOrigins } from './api/cors.ts';

export const REPO_ROOT = resolve(import.meta.dirname, '..', '..');

function port(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const text = env[name];
  if (text === undefined || text.trim() === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0 || value > 65535) {
    throw new Error(`${name} must be a port number (0-65535), got "${text}".`);
  }
  return value;
}

export interface StackSettings {
  port: number;
  apiPort: number;
  host: string;
  dataDir: string;
  siteUrl: string;
  distDir: string;
  netlifyToml: string;
  /** The site's Netlify functions, run by Netlify's functions runtime. */
  functionsDir: string;
  tenantsFile: string;
  datasetFile: string;
  activeGiveawayIds: string | undefined;
}

export function readSettings(env: NodeJS.ProcessEnv = process.env): StackSettings {
  return {
    port: port(env, 'PORT', LOCAL_SITE_PORT),
    apiPort: port(env, 'API_PORT', LOCAL_API_PORT),
    host: '127.0.0.1',
    dataDir: resolve(env['DATA_DIR'] ?? join(REPO_ROOT, 'data')),
    // Blank counts as unset, as in the build's settings.
    siteUrl: env['SITE_URL'] || LOCAL_SITE_URL,
    distDir: resolve(env['DIST_DIR'] ?? join(REPO_ROOT, 'dist')),
    netlifyToml: join(REPO_ROOT, 'netlify.toml'),
    functionsDir: join(REPO_ROOT, 'src', 'functions'),
    tenantsFile: resolve(env['TENANTS_FILE'] || join(REPO_ROOT, DEFAULT_TENANTS_FILE)),
    datasetFile: resolve(env['DATASET_FILE'] || join(REPO_ROOT, DEFAULT_DATASET_DIR, 'data.ndjson')),
    activeGiveawayIds: env['ACTIVE_GIVEAWAY_IDS'],
  };
}

export function allowedOrigins(settings: StackSettings, sitePort: number = settings.port): string[] {
  return siteOrigins(settings.siteUrl, sitePort);
}
