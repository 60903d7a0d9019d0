/**
 * The site's HTTP server: the site's Netlify functions at their paths, warm in this process
 * (../netlify/functions.ts; Netlify applies no header rule to a function's response, so neither
 * does this), then `dist/` (or the deploy the local build hook published last) through Netlify's
 * engine (netlify-engine.ts), plus what the platform's CDN and the company's services add in
 * production:
 * - br/gzip for text responses (Netlify's CDN compresses; the engine packages do not, and
 *   uncompressed assets cost Lighthouse about a second of LCP);
 * - the order-service paths and `/k1mobile/*` proxied to the local API (in production the
 *   order service sits behind the same origin), with its XSRF-TOKEN cookie on pages.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { readCookie, XSRF_COOKIE } from '../../../src/lib/http/fetch-with-csrf.ts';
import { servedOverHttps, xsrfCookie } from '../api/order-service.ts';
import { listen, type RunningServer } from '../listen.ts';
import { requestLogLine, type LogSink } from '../log.ts';
import { NOT_OUR_HOST, ownHost } from '../own-host.ts';
import { fromAnotherSite } from '../netlify/deploys.ts';
import { invokeFunction, loadSiteFunctions, type SiteFunctions } from '../netlify/functions.ts';
import { compress, isCompressible, pickEncoding } from './compression.ts';
import { createNetlifySite, type NetlifySite, type NetlifySiteOptions } from './netlify-engine.ts';
import { proxyRequest } from './proxy.ts';

export interface SiteServerOptions extends NetlifySiteOptions {
  /** Origin of the local API that the order-service paths are proxied to; no proxying when unset. */
  apiOrigin?: string | undefined;
  log?: LogSink;
  /** Folder of the site's Netlify functions (SITE_FUNCTIONS_DIR, what the static build names for Netlify), imported once; none when unset. */
  functionsDir?: string | undefined;
  /** The same functions, imported (or being imported: requests wait for them). */
  functions?: SiteFunctions | Promise<SiteFunctions> | undefined;
  /** The site's id in the functions' context (Netlify's SITE_ID). */
  siteId?: string;
  /** The deploy visitors get, asked per request (the local build hook swaps it); default: `distDir`. */
  published?: () => NetlifySite;
  /** The local platform's own addresses (the build hook), answered before anything else. */
  platform?: (request: Request) => Promise<Response | undefined>;
  /** The site's public address (SITE_URL): its host is answered too, besides this machine's loopback names. */
  siteUrl?: string | undefined;
}

/** Relative order-service paths of docs/behaviour.md §7 and everything under /k1mobile/. */
export function isApiPath(path: string): boolean {
  return (
    path === '/account/login' ||
    path === '/nexusapi/add_customer' ||
    /^\/mobileapi\/zipcode\/[^/]+\/eligibility$/.test(path) ||
    path.startsWith('/k1mobile/')
  );
}

function toRequest(incoming: IncomingMessage, host: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (value === undefined || name.startsWith(':')) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const method = incoming.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return new Request(new URL(incoming.url ?? '/', `http://${incoming.headers.host ?? host}`), {
    method,
    headers,
    ...(hasBody ? { body: Readable.toWeb(incoming) as ReadableStream, duplex: 'half' } : {}),
  });
}

async function send(
  incoming: IncomingMessage,
  outgoing: ServerResponse,
  answer: Response,
): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  answer.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value;
  });
  const cookies = answer.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  const type = answer.headers.get('content-type') ?? '';

  if (type.startsWith('text/html') && !readCookie(incoming.headers.cookie ?? '', XSRF_COOKIE)) {
    const xsrf = xsrfCookie(randomBytes(32).toString('base64url'), servedOverHttps(incoming));
    headers['set-cookie'] = [...cookies, xsrf];
  }
  let body: Buffer =
    answer.body === null ? Buffer.alloc(0) : Buffer.from(await answer.arrayBuffer());
  const encoding =
    isCompressible(type, body.length) && !answer.headers.has('content-encoding')
      ? pickEncoding(incoming.headers['accept-encoding'])
      : undefined;
  if (encoding !== undefined) {
    body = compress(body, encoding);
    headers['content-encoding'] = encoding;
    headers['vary'] = 'Accept-Encoding';
  }
  headers['content-length'] = String(body.length);
  outgoing.writeHead(answer.status, headers);
  outgoing.end(incoming.method === 'HEAD' ? undefined : body);
}

async function answer(
  options: SiteServerOptions,
  functions: Promise<SiteFunctions | undefined>,
  published: () => NetlifySite,
  request: Request,
  ip: string,
): Promise<Response> {
  const own = await options.platform?.(request);
  if (own) return own;
  const found = (await functions)?.match(request);
  // Netlify never routes a request to a scheduled function; here it may be run by hand, but not from another site's page.
  if (found?.fn.config.schedule && fromAnotherSite(request))
    return new Response("Forbidden: a scheduled function is not called from another site's page", {
      status: 403,
    });
  if (found) {
    const id = options.siteId ?? 'local-site';
    return invokeFunction(found.fn, request, {
      ip,
      params: found.params,
      site: { id, name: id, url: process.env['URL'] },
    });
  }
  return published().handle(request);
}

export function createSiteServer(options: SiteServerOptions): Server {
  const published =
    options.published ??
    (
      (site) => () =>
        site
    )(createNetlifySite(options));
  const functions =
    options.functions !== undefined || options.functionsDir === undefined
      ? Promise.resolve(options.functions)
      : loadSiteFunctions(options.functionsDir);
  functions.catch(() => {});
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const { apiOrigin } = options;

  return createServer((incoming, outgoing) => {
    const started = performance.now();
    const method = incoming.method ?? 'GET';
    if (!ownHost(incoming.headers.host, incoming.socket.localPort, options.siteUrl)) {
      outgoing.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end(NOT_OUR_HOST);
      return;
    }
    let request: Request;
    try {
      request = toRequest(incoming, 'localhost');
    } catch {
      outgoing.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('Bad Request');
      return;
    }
    const url = new URL(request.url);
    outgoing.on('finish', () =>
      log(requestLogLine(method, url.pathname, outgoing.statusCode, started)),
    );
    if (apiOrigin !== undefined && isApiPath(url.pathname)) {
      proxyRequest(incoming, outgoing, new URL(url.pathname + url.search, apiOrigin));
      return;
    }
    answer(options, functions, published, request, incoming.socket.remoteAddress ?? '127.0.0.1')
      .then(
        (answer) => send(incoming, outgoing, answer),
        (error: unknown) => {
          console.error(error);
          if (!outgoing.headersSent)
            outgoing.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
          outgoing.end('Internal Server Error');
        },
      )
      .catch(() => outgoing.destroy());
  });
}

/** Listens once the site's functions are imported (a function that fails to load stops the start, naming it). */
export async function startSiteServer(
  options: SiteServerOptions & { port: number; host?: string },
): Promise<RunningServer> {
  const functions =
    options.functionsDir === undefined ? undefined : await loadSiteFunctions(options.functionsDir);
  return listen(
    createSiteServer({ ...options, functionsDir: undefined, functions }),
    options.port,
    options.host ?? '127.0.0.1',
  );
}
