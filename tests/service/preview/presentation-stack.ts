/**
 * What the Presentation tests run against: `npm run preview:server` on a copy of the bundled
 * dataset (with a Presentation secret, so draft mode can be switched on the way the Studio does),
 * and a host page on another origin that plays the Studio's side (studio-host.client.ts, bundled
 * here with esbuild) and frames the preview site, or opens it in a window of its own.
 */
import { appendFileSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { signDraftMode, DRAFT_MODE_COOKIE } from '../../../src/lib/preview/draft-cookie.ts';
import { startPreviewServer } from './preview-server-process.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
export const COOKIE_SECRET = 'presentation-test-cookie-secret-0123456789';
export const PREVIEW_SECRET = 'presentation-secret-for-the-overlay-test';

/** The system Chromium, with the project's flags (playwright.config.ts). */
export const CHROMIUM = {
  executablePath: ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) => existsSync(path)),
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
};

export type Doc = Record<string, unknown> & { _id: string; _type: string };

export interface PreviewStack {
  /** The preview site, e.g. http://localhost:43123. */
  site: string;
  /** The host page's origin (the "Studio"), e.g. http://127.0.0.1:43124. */
  studio: string;
  exportFile: string;
  /** The export's documents as they are now on disk. */
  documents: () => Doc[];
  /** A draft-mode cookie header for direct requests. */
  draftCookie: string;
  /**
   * The host page that frames `path` of the preview site after switching draft mode on through
   * Presentation's secret, in `perspective` (drafts by default, as written in the address); with
   * mode 'window', its button opens it in a window of its own instead.
   */
  hostUrl: (path: string, mode?: PreviewMode, perspective?: string, host?: HostOptions) => string;
  stop: () => Promise<void>;
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  return (server.address() as AddressInfo).port;
}

/** What the host page plays: `loaders: false`, a Studio without the loaders channel (the refresh only). */
export interface HostOptions {
  loaders?: boolean;
}

/** How the host page shows the preview: in a frame, or in a window of its own opened by a button. */
export type PreviewMode = 'frame' | 'window';

const HOST_PAGE = (src: string, mode: PreviewMode) => {
  const attribute = src.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  const preview = mode === 'frame' ? `<iframe title="Preview" data-src="${attribute}"></iframe>` : `<button type="button" data-src="${attribute}">Open preview in a new window</button>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Presentation (test host)</title>
<style>html,body,main{margin:0;height:100%}iframe{display:block;width:100%;height:100%;border:0}</style></head>
<body><main>${preview}</main><script type="module" src="/studio-host.js"></script></body></html>`;
};

/** `name`: the server's build folder of its own (.preview/tests/<name>), so test files serving at once never share one. */
export async function startPresentationStack(name = 'presentation'): Promise<PreviewStack> {
  const work = mkdtempSync(join(tmpdir(), 'presentation-'));
  const datasetDir = join(work, 'dataset');
  mkdirSync(datasetDir);
  const exportFile = join(datasetDir, 'data.ndjson');
  copyFileSync(join(ROOT, 'src/dataset/data.ndjson'), exportFile);
  symlinkSync(join(ROOT, 'src/dataset/images'), join(datasetDir, 'images'));

  // The host page: its own origin (127.0.0.1), the preview site on localhost: another site, as the Studio is.
  const script = await build({
    entryPoints: [join(import.meta.dirname, 'studio-host.client.ts')], bundle: true, format: 'esm', write: false,
    platform: 'browser', target: 'es2022', define: { 'process.env.NODE_ENV': '"production"' }, logLevel: 'warning',
  });
  const hostJs = script.outputFiles[0]!.text;
  let previewOrigin = '';
  const host = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://host');
    if (url.pathname === '/studio-host.js') {
      response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(hostJs);
    } else if (url.pathname === '/export.ndjson') {
      // The host's LiveQueries read the export as it is on disk (studio-host.client.ts).
      response.writeHead(200, { 'content-type': 'application/x-ndjson; charset=utf-8', 'cache-control': 'no-store' }).end(readFileSync(exportFile));
    } else if (url.pathname === '/') {
      const path = url.searchParams.get('path') ?? '/';
      const perspective = url.searchParams.get('perspective') ?? 'drafts';
      const src = `${previewOrigin}/api/preview/enable?${new URLSearchParams({ 'sanity-preview-secret': PREVIEW_SECRET, 'sanity-preview-pathname': path, 'sanity-preview-perspective': perspective })}`;
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(HOST_PAGE(src, url.searchParams.get('mode') === 'window' ? 'window' : 'frame'));
    } else {
      response.writeHead(404).end();
    }
  });
  const hostPort = await listen(host);
  const studio = `http://127.0.0.1:${hostPort}`;
  appendFileSync(exportFile, `${JSON.stringify({ _id: 'sanity-preview-url-secret.presentation-test', _type: 'sanity.previewUrlSecret', _updatedAt: new Date().toISOString(), secret: PREVIEW_SECRET, studioUrl: studio })}\n`);

  const server = await startPreviewServer(name, {
    PREVIEW_DATA_DIR: join(work, 'api-data'), CONTENT_DATASET_DIR: datasetDir, PREVIEW_COOKIE_SECRET: COOKIE_SECRET, SANITY_STUDIO_URL: studio,
  });
  const { port } = server;
  previewOrigin = `http://localhost:${port}`;

  return {
    site: previewOrigin,
    studio,
    exportFile,
    documents: () => readFileSync(exportFile, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as Doc),
    draftCookie: `${DRAFT_MODE_COOKIE}=${signDraftMode(COOKIE_SECRET)}`,
    hostUrl: (path, mode = 'frame', perspective, host = {}) => `${studio}/?${new URLSearchParams({
      path, ...(mode === 'window' ? { mode } : {}), ...(perspective ? { perspective } : {}), ...(host.loaders === false ? { loaders: 'off' } : {}),
    })}`,
    stop: async () => {
      await server.stop();
      await new Promise((done) => host.close(done));
      rmSync(work, { recursive: true, force: true });
    },
  };
}
