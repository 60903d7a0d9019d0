/**
 * The editors' preview site on this machine, one command (`npm run preview:server`): builds it
 * (SITE_MODE=preview, into .preview/), then serves it at http://localhost:4322 as a warm Netlify
 * function runs (preview/engine.ts: the built function imported once, called per request, behind
 * Netlify's static handler), beside its own local API and Netlify's local Blobs server
 * (netlify/blobs.ts, data in .preview/blobs). It reads the bundled dataset (CONTENT_DATASET_DIR)
 * with its drafts, scheduled drafts and releases, again when it changes on disk: the next request
 * shows the change, no rebuild or restart. Without a Studio, its local draft-mode address
 * (preview/local-draft-mode.ts, printed at start) switches draft mode on.
 *   npm run preview:server [-- --no-build]
 * Env: PREVIEW_PORT (4322), PREVIEW_API_PORT (8788), CONTENT_DATASET_DIR, TENANTS_FILE,
 *      PREVIEW_COOKIE_SECRET (default: a new random one per start), SANITY_STUDIO_URL,
 *      ACTIVE_GIVEAWAY_IDS, PREVIEW_DATA_DIR (.preview/data: the local API's SQLite).
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { join, resolve } from 'node:path';
import { DEFAULT_DATASET_DIR, DEFAULT_TENANTS_FILE } from '../../src/lib/config/env.ts';
import { settingText } from '../../src/lib/config/setting-types.ts';
import { startApiServer } from './api/server.ts';
import { REPO_ROOT } from './env.ts';
import { listen } from './listen.ts';
import { ownHost } from './own-host.ts';
import { startLocalBlobs } from './netlify/blobs.ts';
import {
  PREVIEW_BLOBS,
  PREVIEW_DIST,
  PREVIEW_FUNCTION_ENTRY,
  PREVIEW_ROOT,
  buildPreviewSite,
} from './preview/build.ts';
import {
  createPreviewEngine,
  previewRequestListener,
  type PreviewEngine,
} from './preview/engine.ts';
import {
  LOCAL_DRAFT_MODE_PATH,
  localDraftMode,
  localDraftModeUrl,
} from './preview/local-draft-mode.ts';

/** The preview site's and its API's ports (the static stack has 4321 and 8787). */
export const PREVIEW_PORT = 4322;
export const PREVIEW_API_PORT = 8788;

const text = (name: string) => settingText(process.env, name);

async function main(): Promise<void> {
  const datasetDir = resolve(text('CONTENT_DATASET_DIR') ?? join(REPO_ROOT, DEFAULT_DATASET_DIR));
  const tenantsFile = resolve(text('TENANTS_FILE') ?? join(REPO_ROOT, DEFAULT_TENANTS_FILE));
  const secret = text('PREVIEW_COOKIE_SECRET') ?? randomBytes(32).toString('base64url');

  // Listening first (port 0 picks a free one): the site's address is known before the build.
  let engine: PreviewEngine | undefined;
  const log = (line: string) => process.stdout.write(`site ${line}\n`);
  const served = previewRequestListener(() => engine, log);
  const server = createServer((incoming, outgoing) => {
    // Anything else, a target that is no address or a Host not this server's included, is the served site's to answer (400).
    const url = URL.parse(incoming.url ?? '/', 'http://localhost');
    if (
      url?.pathname !== LOCAL_DRAFT_MODE_PATH ||
      !ownHost(incoming.headers.host, incoming.socket.localPort)
    )
      return served(incoming, outgoing);
    const answer = localDraftMode(url, secret);
    outgoing.writeHead(answer.status, answer.headers).end();
    log(`GET ${LOCAL_DRAFT_MODE_PATH} ${answer.status}`);
  });
  const site = await listen(server, Number(text('PREVIEW_PORT') ?? PREVIEW_PORT), '127.0.0.1');
  const siteUrl = `http://localhost:${site.port}`;

  const api = await startApiServer({
    port: Number(text('PREVIEW_API_PORT') ?? PREVIEW_API_PORT),
    host: '127.0.0.1',
    dataDir: resolve(text('PREVIEW_DATA_DIR') ?? join(PREVIEW_ROOT, 'data')),
    tenantsFile,
    datasetFile: join(datasetDir, 'data.ndjson'),
    activeGiveawayIds: text('ACTIVE_GIVEAWAY_IDS'),
    allowedOrigins: [siteUrl, `http://127.0.0.1:${site.port}`],
    // Each page asks for its school's tenant record: editors' page views are not a client to throttle.
    limits: { requestsPerWindow: 1_000_000 },
    log: (line) => process.stdout.write(`api  ${line}\n`),
  });

  const blobs = await startLocalBlobs(PREVIEW_BLOBS);
  const closeAll = () => Promise.all([site.close(), api.close(), blobs.stop()]);

  const environment: Record<string, string> = {
    CONTENT_SOURCE: text('CONTENT_SOURCE') ?? 'local',
    CONTENT_DATASET_DIR: datasetDir,
    TENANTS_FILE: tenantsFile,
    PUBLIC_API_BASE: api.url,
    SITE_URL: siteUrl,
    PREVIEW_COOKIE_SECRET: secret,
    SANITY_STUDIO_URL: text('SANITY_STUDIO_URL') ?? 'http://localhost:3333',
    ASTRO_TELEMETRY_DISABLED: '1',
    ...(text('ACTIVE_GIVEAWAY_IDS')
      ? { ACTIVE_GIVEAWAY_IDS: text('ACTIVE_GIVEAWAY_IDS') as string }
      : {}),
    ...blobs.environment,
  };
  try {
    if (!process.argv.includes('--no-build'))
      await buildPreviewSite({ ...process.env, ...environment });
    engine = await createPreviewEngine({
      distDir: PREVIEW_DIST,
      functionEntry: PREVIEW_FUNCTION_ENTRY,
      environment,
    });
  } catch (error) {
    await closeAll();
    throw error;
  }
  console.log(`Preview site: ${siteUrl}  (dataset ${datasetDir}; drafts in draft mode)`);
  console.log(
    `Draft mode without a Studio: ${localDraftModeUrl(siteUrl, '/uw-husky-mobile', 'drafts')}`,
  );
  if (datasetDir === resolve(join(REPO_ROOT, DEFAULT_DATASET_DIR))) {
    console.log(
      `  as the bundled scheduled draft will make it: ${localDraftModeUrl(siteUrl, '/uw-husky-mobile', 'rHuskyL27,drafts')}`,
    );
  }
  console.log(`Local API:    ${api.url}`);
  console.log(`Blobs:        ${blobs.url}  (data in ${PREVIEW_BLOBS})`);
  console.log('Press Ctrl+C to stop.');

  let stopping = false;
  const stop = () => {
    if (stopping) process.exit(1);
    stopping = true;
    closeAll().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
