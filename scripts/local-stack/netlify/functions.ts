/**
 * Netlify functions as a warm instance runs them, for both local sites: each function's module is
 * imported once into this process and its handler called per request with a Netlify context (a few
 * ms a call). Netlify's local functions runtime (`@netlify/functions-dev`) starts a new worker and
 * copies the function for every call to a v2 function: a cold start every time (0.5–1.1 s here).
 *
 * The public site's functions (src/functions/*.ts) are imported as they are, with Node's type
 * stripping: the production modules, not a copy. Netlify bundles them with esbuild; neither step
 * changes what the code does (the project's TypeScript is erasable syntax only). The preview site's
 * function is the adapter's built `ssr.mjs`.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, extname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The part of a v2 function's `export const config` the local platform routes by. */
export interface FunctionConfig {
  path?: string | string[];
  excludedPath?: string | string[];
  method?: string | string[];
  preferStatic?: boolean;
  schedule?: string;
}

export interface NetlifyContextOptions {
  ip: string;
  site: { id: string; name: string; url: string | undefined };
  /** `dev`: a run on one's own machine, as `netlify dev` says (a deployed context would refuse local secrets). */
  deploy?: { context: string; id: string; published: boolean };
  params?: Record<string, string>;
}

/** A Netlify v2 function's second argument, with what a local run can know. */
export function netlifyContext(request: Request, options: NetlifyContextOptions) {
  const url = new URL(request.url);
  return {
    ip: options.ip,
    url,
    requestId: randomUUID(),
    params: options.params ?? {},
    geo: {
      city: 'Seattle',
      country: { code: 'US', name: 'United States' },
      subdivision: { code: 'WA', name: 'Washington' },
      latitude: 0,
      longitude: 0,
      timezone: 'UTC',
    },
    site: { id: options.site.id, name: options.site.name, url: options.site.url ?? url.origin },
    deploy: options.deploy ?? { context: 'dev', id: '0', published: false },
    account: { id: '' },
    server: { region: 'local' },
    cookies: undefined,
    json: (input: unknown) => Response.json(input),
    log: (...data: unknown[]) => console.log(...data),
    waitUntil: (promise: Promise<unknown>) => {
      promise.catch((error: unknown) => console.error(error));
    },
  };
}

export type NetlifyHandler = (
  request: Request,
  context: ReturnType<typeof netlifyContext>,
) => Promise<Response> | Response;

export interface NetlifyFunction {
  name: string;
  handler: NetlifyHandler;
  config: FunctionConfig;
}

/** Imports a function's module once (`export default handler`, `export const config`). */
export async function loadNetlifyFunction(
  entry: string,
  name = basename(entry, extname(entry)),
): Promise<NetlifyFunction> {
  const module = (await import(pathToFileURL(resolve(entry)).href)) as {
    default?: NetlifyHandler;
    config?: FunctionConfig;
  };
  if (typeof module.default !== 'function')
    throw new Error(`the function ${name} (${entry}) has no default export to call`);
  return { name, handler: module.default, config: module.config ?? {} };
}

/**
 * Calls a handler as the platform does; a throw answers a bare 500, as Netlify answers an
 * invocation that fails (the error goes to the function log, never to the caller).
 */
export async function invokeFunction(
  fn: NetlifyFunction,
  request: Request,
  context: NetlifyContextOptions,
): Promise<Response> {
  try {
    return await fn.handler(request, netlifyContext(request, context));
  } catch (error) {
    console.error(`function ${fn.name} failed:`, error);
    return new Response('Internal Server Error', {
      status: 500,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    });
  }
}

const FUNCTION_FILE = /\.(m?ts|m?js|cjs)$/;

/** A functions folder's entries as Netlify finds them: `name.ts`, or `name/name.ts` / `name/index.ts`. */
export function functionEntries(dir: string): Array<{ name: string; entry: string }> {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .flatMap((item) => {
      const path = join(dir, item);
      if (statSync(path).isDirectory()) {
        const entry = readdirSync(path).find(
          (file) =>
            FUNCTION_FILE.test(file) && [item, 'index'].includes(basename(file, extname(file))),
        );
        return entry ? [{ name: item, entry: join(path, entry) }] : [];
      }
      return FUNCTION_FILE.test(item) && !item.endsWith('.d.ts')
        ? [{ name: basename(item, extname(item)), entry: path }]
        : [];
    });
}

const asList = (value: string | string[] | undefined) =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** A config path (`/api/x`, `/api/:id`, `/files/*`) as a pattern; `:name` segments become params. */
function pathPattern(path: string): { regex: RegExp; names: string[] } {
  const names: string[] = [];
  const source = path
    .split(/(:[A-Za-z_]\w*|\*)/)
    .map((part) => {
      if (part === '*') return '(.*)';
      if (part.startsWith(':')) {
        names.push(part.slice(1));
        return '([^/]+)';
      }
      return part.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return { regex: new RegExp(`^${source}$`), names };
}

export interface FunctionMatch {
  fn: NetlifyFunction;
  params: Record<string, string>;
}

export interface SiteFunctions {
  functions: NetlifyFunction[];
  /** The function a request reaches, as Netlify routes it: its `config.path` (and method), or `/.netlify/functions/{name}` when it declares none. */
  match(request: Request): FunctionMatch | undefined;
  /** Where a function answers (its first path). */
  pathOf(name: string): string | undefined;
}

export function routeFunctions(functions: NetlifyFunction[]): SiteFunctions {
  const routes = functions.map((fn) => {
    const paths = asList(fn.config.path);
    return {
      fn,
      paths: (paths.length ? paths : [`/.netlify/functions/${fn.name}`]).map(pathPattern),
      excluded: asList(fn.config.excludedPath).map(pathPattern),
      methods: asList(fn.config.method).map((method) => method.toUpperCase()),
    };
  });
  return {
    functions,
    match(request) {
      const { pathname } = new URL(request.url);
      for (const route of routes) {
        if (route.methods.length && !route.methods.includes(request.method.toUpperCase())) continue;
        if (route.excluded.some(({ regex }) => regex.test(pathname))) continue;
        for (const { regex, names } of route.paths) {
          const found = regex.exec(pathname);
          if (found)
            return {
              fn: route.fn,
              params: Object.fromEntries(
                names.map((name, index) => [name, decodeURIComponent(found[index + 1] ?? '')]),
              ),
            };
        }
      }
      return undefined;
    },
    pathOf(name) {
      const fn = functions.find((candidate) => candidate.name === name);
      return fn && (asList(fn.config.path)[0] ?? `/.netlify/functions/${fn.name}`);
    },
  };
}

/** Every function of a folder, imported once. Their settings come from process.env, as on Netlify: set it first. */
export async function loadSiteFunctions(dir: string): Promise<SiteFunctions> {
  const functions: NetlifyFunction[] = [];
  for (const { name, entry } of functionEntries(dir))
    functions.push(await loadNetlifyFunction(entry, name));
  return routeFunctions(functions);
}
