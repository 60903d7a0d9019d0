/**
 * A test page drawn with the Studio's own packages (react, @sanity/ui in the Studio's theme):
 * bundled from studio/ with esbuild and served on 127.0.0.1 with any extra files. The Studio itself
 * cannot sign in to Sanity on a machine without its network, so this is how its UI is looked at
 * and tested in Chromium (scripts/dev/studio-shots.ts, studio/tests/inheritance-panels.test.ts).
 * Needs the Studio's packages: `bash scripts/studio.sh install`.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';

const root = resolve(import.meta.dirname, '../..');

export interface StudioTestPage {
  /** The page's address, e.g. http://127.0.0.1:41234/ (views are chosen by its hash). */
  url: string;
  close(): Promise<void>;
}

/** A file the page may fetch: its content type and body. */
export type ServedFile = [contentType: string, body: string];

export async function serveStudioTestPage(options: {
  /** The page's module, a path from the repository's root (e.g. studio/tests/render/shots-page.tsx). */
  entry: string;
  title: string;
  files?: Record<string, ServedFile>;
}): Promise<StudioTestPage> {
  // Bundled from studio/, so react and @sanity/ui are the Studio's own copies.
  const bundleDir = await mkdtemp(join(tmpdir(), 'studio-page-'));
  try {
    await build({
      entryPoints: { page: join(root, options.entry) },
      bundle: true,
      format: 'esm',
      platform: 'browser',
      outdir: bundleDir,
      jsx: 'automatic',
      define: { 'process.env.NODE_ENV': '"production"' },
      logLevel: 'warning',
      absWorkingDir: join(root, 'studio'),
    });
  } catch (error) {
    await rm(bundleDir, { recursive: true, force: true });
    throw error;
  }
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${options.title}</title><link rel="stylesheet" href="/page.css">
<style>html,body{margin:0}</style></head>
<body><div id="root"></div><div id="portal"></div><script type="module" src="/page.js"></script></body></html>`;
  const files: Record<string, ServedFile> = {
    '/': ['text/html; charset=utf-8', html],
    '/page.js': [
      'text/javascript; charset=utf-8',
      readFileSync(join(bundleDir, 'page.js'), 'utf8'),
    ],
    '/page.css': ['text/css; charset=utf-8', readFileSync(join(bundleDir, 'page.css'), 'utf8')],
    ...options.files,
  };
  await rm(bundleDir, { recursive: true, force: true });
  const server = createServer((request, response) => {
    const file = files[new URL(request.url ?? '/', 'http://localhost').pathname];
    response.writeHead(file ? 200 : 404, { 'content-type': file?.[0] ?? 'text/plain' });
    response.end(file?.[1] ?? 'not found');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
