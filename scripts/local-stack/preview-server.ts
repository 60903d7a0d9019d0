/**
 * The editors' preview site on this machine, one command (`npm run preview:server`): builds it
 * (SITE_MODE=preview, into .preview/), then serves it through Netlify's engine packages
 * (preview/engine.ts) at http://localhost:4322 beside its own local API, reading the bundled
 * dataset (CONTENT_DATASET_DIR) with its drafts. The export is read again when it changes on disk:
 * the next request shows the change, no rebuild or restart.
 *   npm run preview:server [-- --no-build]
 * Env: PREVIEW_PORT (4322), PREVIEW_API_PORT (8788), CONTENT_DATASET_DIR, TENANTS_FILE,
 *      PREVIEW_COOKIE_SECRET (default: a new random one per start), SANITY_STUDIO_URL,
 *      ACTIVE_GIVEAWAY_IDS, PREVIEW_DATA_DIR (.preview/data: the local API's SQLite).
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { DEFAULT_DATASET_DIR, DEFAULT_TENANTS_FILE } from '../../src/lib/config/env.ts';
import { blankAsUnset } from '../../src/lib/config/setting-types.ts';
import { startApiServer } from './api/server.ts';
import { REPO_ROOT } from './env.ts';
import { listen } from './listen.ts';
import { requestLogLine } from './log.ts';
import { PREVIEW_COMPILE_CACHE, PREVIEW_DIST, PREVIEW_FUNCTIONS, PREVIEW_ROOT, buildPreviewSite } from './preview/build.ts';
import { createPreviewEngine } from './preview/engine.ts';

/** The preview site's and its API's ports (the static stack has 4321 and 8787). */
export const PREVIEW_PORT = 4322;
export const PREVIEW_API_PORT = 8788;

const text = (name: string) => blankAsUnset(process.env[name]) as string | undefined;

async function main(): Promise<void> {
  const datasetDir = resolve(text('CONTENT_DATASET_DIR') ?? join(REPO_ROOT, DEFAULT_DATASET_DIR));
  const tenantsFile = resolve(text('TENANTS_FILE') ?? join(REPO_ROOT, DEFAULT_TENANTS_FILE));
  const secret = text('PREVIEW_COOKIE_SECRET') ?? randomBytes(32).toString('base64url');

  // Listening first (port 0 picks a free one): the site's address is known before the build.
  let engine: ReturnType<typeof createPreviewEngine> | undefined;
  const server = createServer((incoming, outgoing) => {
    const started = performance.now();
    const headers = new Headers();
    for (const [name, value] of Object.entries(incoming.headers)) {
      for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, item);
    }
    const method = incoming.method ?? 'GET';
    const url = new URL(incoming.url ?? '/', `http://${incoming.headers.host ?? 'localhost'}`);
    outgoing.on('finish', () => process.stdout.write(`site ${requestLogLine(method, url.pathname, outgoing.statusCode, started)}\n`));
    if (!engine) {
      outgoing.writeHead(503, { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '5' }).end('The preview site is being built.');
      return;
    }
    const request = new Request(url, {
      method, headers, ...(method !== 'GET' && method !== 'HEAD' ? { body: Readable.toWeb(incoming) as ReadableStream, duplex: 'half' } : {}),
    });
    engine.handle(request).then(async (answer) => {
      const out: Record<string, string | string[]> = {};
      answer.headers.forEach((value, name) => {
        if (name !== 'set-cookie' && name !== 'content-length' && name !== 'transfer-encoding') out[name] = value;
      });
      const cookies = answer.headers.getSetCookie();
      if (cookies.length) out['set-cookie'] = cookies;
      const body = Buffer.from(await answer.arrayBuffer());
      out['content-length'] = String(body.length);
      outgoing.writeHead(answer.status, out).end(method === 'HEAD' ? undefined : body);
    }).catch((error: unknown) => {
      console.error(error);
      if (!outgoing.headersSent) outgoing.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      outgoing.end('Internal Server Error');
    });
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

  const environment: Record<string, string> = {
    CONTENT_SOURCE: text('CONTENT_SOURCE') ?? 'local',
    CONTENT_DATASET_DIR: datasetDir,
    TENANTS_FILE: tenantsFile,
    PUBLIC_API_BASE: api.url,
    SITE_URL: siteUrl,
    PREVIEW_COOKIE_SECRET: secret,
    SANITY_STUDIO_URL: text('SANITY_STUDIO_URL') ?? 'http://localhost:3333',
    ASTRO_TELEMETRY_DISABLED: '1',
    ...(text('ACTIVE_GIVEAWAY_IDS') ? { ACTIVE_GIVEAWAY_IDS: text('ACTIVE_GIVEAWAY_IDS') as string } : {}),
  };
  if (!process.argv.includes('--no-build')) {
    try {
      await buildPreviewSite({ ...process.env, ...environment });
    } catch (error) {
      await Promise.all([api.close(), site.close()]);
      throw error;
    }
  }
  engine = createPreviewEngine({
    distDir: PREVIEW_DIST, functionsDir: PREVIEW_FUNCTIONS, scratchDir: join(PREVIEW_ROOT, 'functions-serve'), compileCacheDir: PREVIEW_COMPILE_CACHE, environment,
  });
  console.log(`Preview site: ${siteUrl}  (dataset ${datasetDir}; drafts in draft mode)`);
  console.log(`Local API:    ${api.url}`);
  console.log('Press Ctrl+C to stop.');

  let stopping = false;
  const stop = () => {
    if (stopping) process.exit(1);
    stopping = true;
    Promise.all([site.close(), api.close()]).then(() => process.exit(0), () => process.exit(1));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
