/** Netlify-style file lookup in `dist/`: exact file, `{path}.html`, `{path}/index.html`. Never a listing. */
import { statSync, type Stats } from 'node:fs';
import { extname, join, resolve, sep } from 'node:path';

export interface FoundFile {
  file: string;
  stats: Stats;
}

/** Build files Netlify consumes and never serves. */
const HIDDEN = new Set(['/_redirects', '/_headers']);

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.htm': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
  '.svg': 'image/svg+xml; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.pdf': 'application/pdf',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.wasm': 'application/wasm',
};

export function contentTypeOf(file: string): string {
  return TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

function regularFile(file: string): Stats | undefined {
  try {
    const stats = statSync(file);
    return stats.isFile() ? stats : undefined;
  } catch {
    return undefined;
  }
}

/** The file served at a URL path (percent-encoded pathname), or undefined. */
export function resolveFile(distDir: string, urlPath: string): FoundFile | undefined {
  let path: string;
  try {
    path = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (path.includes('\0') || !path.startsWith('/') || HIDDEN.has(path)) return undefined;
  const root = resolve(distDir);
  const candidates = path.endsWith('/') ? [`${path}index.html`] : [path, `${path}.html`, `${path}/index.html`];
  for (const candidate of candidates) {
    const file = resolve(join(root, candidate));
    if (file !== root && !file.startsWith(root + sep)) return undefined;
    const stats = regularFile(file);
    if (stats !== undefined) return { file, stats };
  }
  return undefined;
}
