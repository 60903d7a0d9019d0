/**
 * `dist/` answered by Netlify's own engine code, in the order Netlify's CDN applies it:
 * functions (`/.netlify/functions/*`), then `_redirects` + netlify.toml rules through the WASM
 * matcher netlify-cli runs (`@netlify/redirects`: first match wins, existing files shadow
 * unforced rules), then static files with Netlify's pretty-URL lookup (`@netlify/static`), then
 * the site's 404.html. Header rules (netlify.toml and `dist/_headers`, parsed by Netlify's own
 * `@netlify/headers-parser`) are applied for the requested path.
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
import { join, resolve } from 'node:path';
import { Reactive, type Logger } from '@netlify/dev-utils';
import type { FunctionsHandler } from '@netlify/functions-dev';
import { HeadersHandler } from '@netlify/headers';
import { parseAllHeaders, type Header } from '@netlify/headers-parser';
import { RedirectsHandler } from '@netlify/redirects';
import { StaticHandler } from '@netlify/static';

export interface NetlifySiteOptions {
  distDir: string;
  /** netlify.toml: `[[headers]]`, `[[redirects]]`, `[functions]`. May be missing. */
  netlifyToml?: string | undefined;
  /** Folder of the site's Netlify functions (netlify.toml `[functions] directory`); none when unset. */
  functionsDir?: string | undefined;
  /** Where functions are bundled before they run (a scratch folder). */
  functionsBuildDir?: string | undefined;
  warn?: (message: string) => void;
}

export interface NetlifySite {
  handle: (request: Request) => Promise<Response>;
}

/** Platform files in the publish folder that Netlify consumes and never serves. */
const PLATFORM_FILES = new Set(['/_redirects', '/_headers']);

function engineLogger(warn: (message: string) => void): Logger {
  return { log: () => {}, warn, error: warn } as unknown as Logger;
}

/** The same response with another status (headers and body kept). */
function withStatus(response: Response, status: number): Response {
  if (response.status === status) return response;
  return new Response(response.body, { status, headers: response.headers });
}

/** The header values Netlify's CDN sends for a path: every matching rule, same names comma-joined. */
/** Parsed rules, read again only when a file changes (a rebuild writes a new _headers). */
let parsedRules: { key: string; rules: Header[] } | undefined;

async function headerRules(headersFiles: string[], configPath: string | undefined, warn: (message: string) => void): Promise<Header[]> {
  const key = [...headersFiles, configPath ?? ''].map((file) => `${file}@${existsSync(file) ? statSync(file).mtimeMs : 0}`).join('|');
  if (parsedRules?.key === key) return parsedRules.rules;
  const parsed = await parseAllHeaders({ headersFiles, netlifyConfigPath: configPath, configHeaders: undefined, minimal: false });
  for (const error of parsed.errors) warn(`Headers syntax error: ${error.message}`);
  parsedRules = { key, rules: parsed.headers as Header[] };
  return parsedRules.rules;
}

export async function headersForPath(headersFiles: string[], configPath: string | undefined, path: string, warn: (message: string) => void): Promise<Map<string, string>> {
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
  const configPath = options.netlifyToml !== undefined && existsSync(options.netlifyToml) ? resolve(options.netlifyToml) : undefined;
  const staticFiles = new StaticHandler({ directory: distDir });
  const notFoundPage = join(distDir, '404.html');

  async function notFound(): Promise<Response> {
    const page = await staticFiles.match(new Request('http://site.invalid/404.html'));
    if (page !== undefined && existsSync(notFoundPage)) return withStatus(await page.handle(), 404);
    return new Response('Not Found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
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
  const { headersFiles } = new HeadersHandler({ configPath, projectDir: distDir, publishDir: '.', logger: engineLogger(warn) });
  // The functions runtime (with its bundler) loads on the first function call: the site starts in
  // a fraction of a second. The site's functions declare no custom paths, so they live under
  // /.netlify/functions/ only.
  let functions: Promise<FunctionsHandler | undefined> | undefined;
  function functionsRuntime(): Promise<FunctionsHandler | undefined> {
    const dir = options.functionsDir;
    if (dir === undefined || !existsSync(dir)) return Promise.resolve(undefined);
    functions ??= import('@netlify/functions-dev').then(({ FunctionsHandler }) => new FunctionsHandler({
      config: new Reactive({ functions: {} }),
      destPath: resolve(options.functionsBuildDir ?? join(distDir, '..', '.netlify', 'functions-serve')),
      geolocation: { city: 'Seattle', country: { code: 'US', name: 'United States' }, subdivision: { code: 'WA', name: 'Washington' }, longitude: 0, latitude: 0, timezone: 'UTC' },
      projectRoot: resolve(dir, '..', '..'),
      settings: {},
      userFunctionsPath: resolve(dir),
    }));
    return functions;
  }

  async function staticFile(request: Request): Promise<(() => Promise<Response>) | undefined> {
    if (PLATFORM_FILES.has(new URL(request.url).pathname)) return undefined;
    const match = await staticFiles.match(request);
    return match?.handle;
  }

  async function route(request: Request): Promise<Response> {
    if (new URL(request.url).pathname.startsWith('/.netlify/functions/')) {
      const fn = await (await functionsRuntime())?.match(request);
      if (fn !== undefined) return fn.handle(request);
    }

    const rule = await redirects.match(request);
    if (rule !== undefined) {
      const answer = await redirects.handle(request, rule, staticFile);
      if (answer !== undefined) {
        const shadowed = !rule.force && (await staticFile(request)) !== undefined;
        return rule.redirect || rule.external || shadowed ? answer : withStatus(answer, rule.statusCode);
      }
    }
    const file = await staticFile(request);
    return file !== undefined ? file() : notFound();
  }

  return {
    async handle(request) {
      const answer = await route(request);
      // Header rules follow the path that was asked for (not a rewrite's target).
      const response = new Response(answer.body, { status: answer.status, headers: new Headers(answer.headers) });
      for (const [name, value] of await headersForPath(headersFiles, configPath, new URL(request.url).pathname, warn)) {
        response.headers.set(name, value);
      }
      return response;
    },
  };
}
