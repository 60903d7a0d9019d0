/**
 * The preview site as Netlify serves it, from Netlify's own packages: a static file when one
 * exists (the function asks `preferStatic`), else the rendering function through Netlify's
 * functions runtime (`@netlify/functions-dev`, the runtime `@netlify/dev` 5 runs; it starts a
 * worker per call, as a cold function), with the publish folder's `_headers` on static files.
 *
 * Each call is cold by the runtime's design: `@netlify/functions-dev` 2.0 (the runtime in
 * `@netlify/dev`) runs a function of Netlify's v2 API (Astro's adapter writes one) in a new
 * `worker_threads` Worker per invocation (`nodeJSRuntime.invokeFunction` in dist/main.js; the
 * worker, dist/worker.js, imports the function afresh and exits), with no option to keep one.
 * What a cold call costs here is cut without changing what the function does: the worker compiles
 * the function's modules from V8's code cache on disk (`compileCacheDir`, Node's compile cache,
 * which workers read from the environment), and the bundled export is read through its index
 * (src/lib/content/export-index.ts), not parsed whole.
 */
import { join, resolve } from 'node:path';
import { Reactive } from '@netlify/dev-utils';
import { FunctionsHandler } from '@netlify/functions-dev';
import { StaticHandler } from '@netlify/static';
import { headersForPath } from '../site/netlify-engine.ts';

export interface PreviewEngineOptions {
  distDir: string;
  functionsDir: string;
  /** Where the runtime prepares functions before they run (a scratch folder). */
  scratchDir: string;
  /** Variables the function sees (its site's environment on Netlify). */
  environment: Record<string, string>;
  /** Where the workers keep V8's compiled code of the function's modules between calls (Node's compile cache). */
  compileCacheDir?: string;
}

export function createPreviewEngine(options: PreviewEngineOptions) {
  const distDir = resolve(options.distDir);
  const staticFiles = new StaticHandler({ directory: distDir });
  const headersFiles = [join(distDir, '_headers')];
  // The function reads its settings from the environment, as on Netlify (the worker inherits it).
  Object.assign(process.env, options.environment);
  // Read by each new worker as it starts (a worker's environment is a copy of the process's).
  if (options.compileCacheDir) process.env.NODE_COMPILE_CACHE = resolve(options.compileCacheDir);
  const functions = new FunctionsHandler({
    config: new Reactive({ functions: {} }),
    destPath: resolve(options.scratchDir),
    geolocation: { city: 'Seattle', country: { code: 'US', name: 'United States' }, subdivision: { code: 'WA', name: 'Washington' }, longitude: 0, latitude: 0, timezone: 'UTC' },
    projectRoot: resolve(options.functionsDir, '..', '..'),
    settings: {},
    userFunctionsPath: resolve(options.functionsDir),
  });

  async function staticFile(request: Request): Promise<Response | undefined> {
    const { pathname } = new URL(request.url);
    if (pathname === '/_headers' || pathname === '/_redirects') return undefined;
    const match = await staticFiles.match(request);
    if (!match) return undefined;
    const answer = await match.handle();
    const response = new Response(answer.body, { status: answer.status, headers: new Headers(answer.headers) });
    for (const [name, value] of await headersForPath(headersFiles, undefined, pathname, (message) => console.warn(message))) response.headers.set(name, value);
    return response;
  }

  return {
    async handle(request: Request): Promise<Response> {
      const fn = await functions.match(request);
      if (!fn || fn.preferStatic) {
        const file = await staticFile(request);
        if (file) return file;
      }
      if (fn) return fn.handle(request);
      return new Response('Not Found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
    },
  };
}
