/**
 * A stand-in for the Studio's side of Presentation, for the browser tests and the preview bench: an
 * HTTP server on its own origin (127.0.0.1; the preview site runs on localhost, another site, as
 * the Studio is) whose page frames a preview page after switching draft mode on through
 * Presentation's secret (or opens it in a window of its own), and talks to it with Sanity's own
 * comlink libraries (studio-host.client.ts, bundled here with esbuild). Its LiveQueries read the
 * export on disk (`/export.ndjson`, `/export-version`). Its page carries Presentation's secret, so
 * it answers only its own loopback host and port (ownHost, as the local sites): a DNS-rebinding
 * page, whose requests name its own host, gets 400.
 */
import { readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { build } from 'esbuild';
import { listen, type RunningServer } from '../local-stack/listen.ts';
import { NOT_OUR_HOST, ownHost } from '../local-stack/own-host.ts';

export { CHROMIUM } from '../support/chromium.ts';

/** How the host page shows the preview: in a frame, or in a window of its own opened by a button. */
export type PreviewMode = 'frame' | 'window';

/**
 * What the host page plays: `loaders: false`, a Studio without the loaders channel (the refresh
 * only); `enable: false`, a page that opens the preview page's own address, without switching draft
 * mode on (a window of another origin, where the browser already holds draft mode).
 */
export interface HostOptions {
  loaders?: boolean;
  enable?: boolean;
}

const HOST_PAGE = (src: string, mode: PreviewMode) => {
  const attribute = src.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  const preview =
    mode === 'frame'
      ? `<iframe title="Preview" data-src="${attribute}"></iframe>`
      : `<button type="button" data-src="${attribute}">Open preview in a new window</button>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Presentation (test host)</title>
<style>html,body,main{margin:0;height:100%}iframe{display:block;width:100%;height:100%;border:0}</style></head>
<body><main>${preview}</main><script type="module" src="/studio-host.js"></script></body></html>`;
};

export interface StudioHost {
  /** The host's origin, e.g. http://127.0.0.1:43124 (SANITY_STUDIO_URL of the preview site). */
  origin: string;
  /** The preview site's origin, once it is known. */
  setPreviewOrigin: (origin: string) => void;
  /** The host page framing `path` of the preview site (drafts by default), or with a button opening it. */
  url: (path: string, mode?: PreviewMode, perspective?: string, host?: HostOptions) => string;
  /** The document that lets the host switch draft mode on (append it to the export). */
  secretDocument: () => string;
  close: () => Promise<void>;
}

export async function startStudioHost(exportFile: string, secret: string): Promise<StudioHost> {
  const script = await build({
    entryPoints: [join(import.meta.dirname, 'studio-host.client.ts')],
    bundle: true,
    format: 'esm',
    write: false,
    platform: 'browser',
    target: 'es2022',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  });
  const hostJs = script.outputFiles[0]!.text;
  let previewOrigin = '';
  const version = () => {
    const stat = statSync(exportFile);
    return `${stat.size}-${stat.mtimeMs}`;
  };
  const server: RunningServer = await listen(
    createServer((request, response) => {
      if (!ownHost(request.headers.host, request.socket.localPort)) {
        response
          .writeHead(400, {
            'content-type': 'text/plain; charset=utf-8',
            'content-length': Buffer.byteLength(NOT_OUR_HOST),
          })
          .end(NOT_OUR_HOST);
        return;
      }
      const url = new URL(request.url ?? '/', 'http://host');
      if (url.pathname === '/studio-host.js') {
        response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(hostJs);
      } else if (url.pathname === '/export-version') {
        response
          .writeHead(200, {
            'content-type': 'text/plain; charset=utf-8',
            'cache-control': 'no-store',
          })
          .end(version());
      } else if (url.pathname === '/export.ndjson') {
        response
          .writeHead(200, {
            'content-type': 'application/x-ndjson; charset=utf-8',
            'cache-control': 'no-store',
          })
          .end(readFileSync(exportFile));
      } else if (url.pathname === '/') {
        const path = url.searchParams.get('path') ?? '/';
        const perspective = url.searchParams.get('perspective') ?? 'drafts';
        const src =
          url.searchParams.get('enable') === 'off'
            ? `${previewOrigin}${path}`
            : `${previewOrigin}/api/preview/enable?${new URLSearchParams({ 'sanity-preview-secret': secret, 'sanity-preview-pathname': path, 'sanity-preview-perspective': perspective })}`;
        response
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          .end(HOST_PAGE(src, url.searchParams.get('mode') === 'window' ? 'window' : 'frame'));
      } else {
        response.writeHead(404).end();
      }
    }),
    0,
    '127.0.0.1',
  );
  const origin = `http://127.0.0.1:${server.port}`;
  return {
    origin,
    setPreviewOrigin: (value) => {
      previewOrigin = value;
    },
    url: (path, mode = 'frame', perspective, host = {}) =>
      `${origin}/?${new URLSearchParams({
        path,
        ...(mode === 'window' ? { mode } : {}),
        ...(perspective ? { perspective } : {}),
        ...(host.loaders === false ? { loaders: 'off' } : {}),
        ...(host.enable === false ? { enable: 'off' } : {}),
      })}`,
    secretDocument: () =>
      JSON.stringify({
        _id: 'sanity-preview-url-secret.presentation-host',
        _type: 'sanity.previewUrlSecret',
        _updatedAt: new Date().toISOString(),
        secret,
        studioUrl: origin,
      }),
    close: () => server.close(),
  };
}
