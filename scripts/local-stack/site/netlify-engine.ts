/**
 * `dist/` answered by Netlify's own engine code, in the order Netlify's CDN applies it (after the
 * site's functions, which the server routes first: ./server.ts):
 * `_redirects` + netlify.toml rules through the WASM
 * matcher netlify-cli runs (`@netlify/redirects`: first match wins, existing files shadow
 * unforced rules), then static files with Netlify's pretty-URL lookup (`@netlify/static`), then
 * the site's 404.html. Header rules (netlify.toml and `dist/_headers`, parsed by Netlify's own
 * `@netlify/headers-parser`) are matched as netlify-cli 27 matches them (below).
 *
 * Which path header rules are matched against. netlify-cli (src/utils/proxy.ts, 27.x) matches
 * them once per response, against `req.url` when the response arrives
 * (`headersForPath(headers, requestURL.pathname)` in the `proxyRes` handler), and by then it has
 * replaced `req.url` by the path of the file it serves: `serveRedirect` sets
 * `req.url = getStatic(pathname)` (the path itself, else `.html`, `.htm`, `/index.html`,
 * `/index.htm`: `alternativePathsFor`), a rewrite's `req.url = destStaticFile`, and a 404 from
 * the static server retries `req.alternativePaths`. So `/` is matched as `/index.html`,
 * `/search` and `/search/` as `/search.html`, a missing `/_astro/x.js` (rewritten to the 404
 * page) as `/404.html`, and never as the path asked for (measured with netlify-cli 27.10.2:
 * a rule for `/search` does not reach `/search`, one for `/search.html` does). Redirects are
 * answered before any rule is matched (netlify-cli sends them with no custom header; here they
 * keep the rules of the requested path; a function's response gets no rule, as on Netlify). `matchHeadersOn: 'request'`
 * matches the requested path instead, as Netlify's CDN documents it: the site's rules must
 * give every page one policy either way.
 *
 * Three gaps of the local packages are closed here, as the CDN behaves:
 * - a rewrite with a status (`/_astro/*  /404.html  404`) answers with that status (the local
 *   handler keeps the target file's 200);
 * - `_redirects` and `_headers` are read by the platform and never served;
 * - a header named by several rules that match a path is sent once with their values joined by
 *   a comma (the local `@netlify/headers` keeps only the last one): two Content-Security-Policy
 *   rules for one path show up here as the two policies a browser would enforce.
 */
import { existsSync, statSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Logger } from '@netlify/dev-utils';
import { HeadersHandler } from '@netlify/headers';
import { parseAllHeaders, type Header } from '@netlify/headers-parser';
import { RedirectsHandler } from '@netlify/redirects';
import { StaticHandler } from '@netlify/static';

export interface NetlifySiteOptions {
  distDir: string;
  /** netlify.toml: `[[headers]]`, `[[redirects]]`. May be missing. */
  netlifyToml?: string | undefined;
  warn?: (message: string) => void;
  /**
   * The path header rules are matched against for a static file: the served file's (`file`,
   * netlify-cli's engine, the default) or the requested one (`request`, the CDN's documented
   * matching).
   */
  matchHeadersOn?: 'file' | 'request';
}

export interface NetlifySite {
  handle: (request: Request) => Promise<Response>;
}

/** Platform files in the publish folder that Netlify consumes and never serves. */
const PLATFORM_FILES = new Set(['/_redirects', '/_headers']);

function engineLogger(warn: (message: string) => void): Logger {
  return { log: () => {}, warn, error: warn } as unknown as Logger;
}

/** The file each static response was served from, as a path under the publish folder (`/search.html`). */
const servedFrom = new WeakMap<Response, string>();

/** The same response with another status (headers and body kept). */
function withStatus(response: Response, status: number): Response {
  if (response.status === status) return response;
  const copy = new Response(response.body, { status, headers: response.headers });
  const file = servedFrom.get(response);
  if (file !== undefined) servedFrom.set(copy, file);
  return copy;
}

// netlify-cli's pretty-URL lookup (src/utils/proxy.ts `getStatic` + `alternativePathsFor`; the
// same order as @netlify/static's `getURLVariations`).
const ASSET_EXTENSION = /\.(html?|png|jpg|js|css|svg|gif|ico|woff|woff2)$/;

function alternativePaths(pathname: string): string[] {
  if (pathname.endsWith('/')) {
    const bare = pathname.slice(0, -1);
    return [
      ...(pathname === '/' ? [] : [`${bare}.html`, `${bare}.htm`]),
      `${pathname}index.html`,
      `${pathname}index.htm`,
    ];
  }
  return ASSET_EXTENSION.test(pathname)
    ? []
    : [`${pathname}.html`, `${pathname}.htm`, `${pathname}/index.html`, `${pathname}/index.htm`];
}

const isFile = (path: string) =>
  stat(path).then(
    (entry) => entry.isFile(),
    () => false,
  );

/** The path of the publish folder's file served for a path (`/search` → `/search.html`), if any. */
async function fileForPath(distDir: string, pathname: string): Promise<string | undefined> {
  for (const candidate of [pathname, ...alternativePaths(pathname)]) {
    if (await isFile(join(distDir, ...candidate.split('/').filter(Boolean))))
      return `/${candidate.split('/').filter(Boolean).join('/')}`;
  }
  return undefined;
}

/** Parsed rules, read again only when a file changes (a rebuild writes a new _headers). */
let parsedRules: { key: string; rules: Header[] } | undefined;

async function headerRules(
  headersFiles: string[],
  configPath: string | undefined,
  warn: (message: string) => void,
): Promise<Header[]> {
  const key = [...headersFiles, configPath ?? '']
    .map((file) => `${file}@${existsSync(file) ? statSync(file).mtimeMs : 0}`)
    .join('|');
  if (parsedRules?.key === key) return parsedRules.rules;
  const parsed = await parseAllHeaders({
    headersFiles,
    netlifyConfigPath: configPath,
    configHeaders: undefined,
    minimal: false,
  });
  for (const error of parsed.errors) warn(`Headers syntax error: ${error.message}`);
  parsedRules = { key, rules: parsed.headers as Header[] };
  return parsedRules.rules;
}

/** The header values Netlify sends for a path: every matching rule, same names comma-joined. */
export async function headersForPath(
  headersFiles: string[],
  configPath: string | undefined,
  path: string,
  warn: (message: string) => void,
): Promise<Map<string, string>> {
  const rules = await headerRules(headersFiles, configPath, warn);
  const values = new Map<string, { name: string; values: string[] }>();
  for (const rule of rules) {
    if (!rule.forRegExp.test(path)) continue;
    for (const [name, value] of Object.entries(rule.values)) {
      const entry = values.get(name.toLowerCase()) ?? { name, values: [] };
      entry.values.push(String(value));
      values.set(name.toLowerCase(), entry);
    }
  }
  return new Map([...values.values()].map(({ name, values: list }) => [name, list.join(', ')]));
}

export function createNetlifySite(options: NetlifySiteOptions): NetlifySite {
  const warn = options.warn ?? ((message: string) => console.warn(message));
  const distDir = resolve(options.distDir);
  const configPath =
    options.netlifyToml !== undefined && existsSync(options.netlifyToml)
      ? resolve(options.netlifyToml)
      : undefined;
  const staticFiles = new StaticHandler({ directory: distDir });
  const notFoundPage = join(distDir, '404.html');

  async function notFound(): Promise<Response> {
    const page = await staticFiles.match(new Request('http://site.invalid/404.html'));
    if (page !== undefined && existsSync(notFoundPage)) {
      const response = await page.handle();
      servedFrom.set(response, '/404.html');
      return withStatus(response, 404);
    }
    return new Response('Not Found', {
      status: 404,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    });
  }

  const redirects = new RedirectsHandler({
    configPath,
    configRedirects: [],
    jwtRoleClaim: '',
    jwtSecret: '',
    projectDir: distDir,
    publicDir: distDir,
    notFoundHandler: notFound,
  });
  // Only for the engine's own list of header files (the project's and the publish folder's _headers).
  const { headersFiles } = new HeadersHandler({
    configPath,
    projectDir: distDir,
    publishDir: '.',
    logger: engineLogger(warn),
  });
  /** The file served for a request, read by @netlify/static; its response remembers the file's path. */
  async function staticFile(request: Request): Promise<(() => Promise<Response>) | undefined> {
    const url = new URL(request.url);
    if (PLATFORM_FILES.has(url.pathname)) return undefined;
    const file = await fileForPath(distDir, url.pathname);
    if (file === undefined || PLATFORM_FILES.has(file)) return undefined;
    const match = await staticFiles.match(new Request(new URL(file, url)));
    if (match === undefined) return undefined;
    return async () => {
      const response = await match.handle();
      servedFrom.set(response, file);
      return response;
    };
  }

  async function route(request: Request): Promise<Response> {
    const rule = await redirects.match(request);
    if (rule !== undefined) {
      const answer = await redirects.handle(request, rule, staticFile);
      if (answer !== undefined) {
        const shadowed = !rule.force && (await staticFile(request)) !== undefined;
        return rule.redirect || rule.external || shadowed
          ? answer
          : withStatus(answer, rule.statusCode);
      }
    }
    const file = await staticFile(request);
    return file !== undefined ? file() : notFound();
  }

  return {
    async handle(request) {
      const answer = await route(request);
      // A static file's rules follow the file served (netlify-cli) or the path asked for (the
      // CDN); a redirect's or the 404's, the path asked for.
      const requested = new URL(request.url).pathname;
      const headerPath =
        options.matchHeadersOn === 'request' ? requested : (servedFrom.get(answer) ?? requested);
      const response = new Response(answer.body, {
        status: answer.status,
        headers: new Headers(answer.headers),
      });
      for (const [name, value] of await headersForPath(
        headersFiles,
        configPath,
        headerPath,
        warn,
      )) {
        response.headers.set(name, value);
      }
      return response;
    },
  };
}
