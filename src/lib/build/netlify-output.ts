/**
 * What the build hands Netlify's build beside dist/, through Netlify's Frameworks API (files under
 * `.netlify/v1/` of the project, read by Netlify's build after the build command):
 *
 * - `.netlify/v1/config.json` with `build.functions`: the public site's functions directory. The
 *   static build writes it; the preview build's adapter writes its own config.json without it, so
 *   the editors' preview site deploys only the adapter's server function, never the public site's
 *   functions. (netlify.toml names the folder only for `netlify dev`, `[dev] functions`: a
 *   directory named in netlify.toml would be deployed on both sites, since netlify.toml wins over
 *   this file.)
 * - `.netlify/v1/blobs/deploy/<key>/blob`: a blob of the deploy's own store. Netlify's build uploads
 *   every such file into `getDeployStore({ deployID })` under `<key>` before the deploy is published
 *   (@netlify/build's `blobs_upload` step); the blob lives and dies with the deploy. The build's
 *   record goes there, under BUILD_RECORD_BLOB; the deploy-notification function reads it back.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { type BuildRecord } from '../publish-records/build-record.ts';
import { BUILD_RECORD_BLOB } from '../publish-records/names.ts';

/** The public site's Netlify functions, relative to the project. */
export const SITE_FUNCTIONS_DIR = 'src/functions';
/** Netlify's Frameworks API folder and the parts of it the build writes. */
export const FRAMEWORKS_API_DIR = '.netlify/v1';
export const FRAMEWORKS_CONFIG_FILE = `${FRAMEWORKS_API_DIR}/config.json`;
export const DEPLOY_BLOBS_DIR = `${FRAMEWORKS_API_DIR}/blobs/deploy`;
export const BUILD_RECORD_FILE = `${DEPLOY_BLOBS_DIR}/${BUILD_RECORD_BLOB}/blob`;

/** The static build's Frameworks API config: the public site's functions directory. */
export function staticSiteConfig(): { build: { functions: string } } {
  return { build: { functions: SITE_FUNCTIONS_DIR } };
}

/**
 * Writes the public site's Frameworks API files into `projectRoot`: the config naming its
 * functions, and the build record as a deploy blob. Answers the record file's path.
 */
export function writeStaticSiteOutput(projectRoot: string, record: BuildRecord): string {
  const configFile = join(projectRoot, FRAMEWORKS_CONFIG_FILE);
  mkdirSync(dirname(configFile), { recursive: true });
  writeFileSync(configFile, JSON.stringify(staticSiteConfig()));
  const recordFile = join(projectRoot, BUILD_RECORD_FILE);
  mkdirSync(dirname(recordFile), { recursive: true });
  writeFileSync(recordFile, JSON.stringify(record));
  return recordFile;
}

/**
 * The preview site records no build (its pages are rendered on request): a record a static build
 * of the same checkout left behind must not be uploaded with the preview's deploy.
 */
export function clearBuildRecord(projectRoot: string): void {
  rmSync(join(projectRoot, DEPLOY_BLOBS_DIR, BUILD_RECORD_BLOB), { recursive: true, force: true });
}
