/**
 * The site's HTTP server: `dist/` through Netlify's engine (netlify-engine.ts), plus what the
 * platform's CDN and the company's services add in production:
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
import { compress, isCompressible, pickEncoding } from './compression.ts';
import { createNetlifySite, type NetlifySiteOptions } from './netlify-engine.ts';
import { proxyRequest } from './proxy.ts';

export interface SiteServerOptions extends NetlifySiteOptions {
  /** Origin of the local API that the order-service paths are proxied to; no proxying when unset. */
  apiOrigin?: string | undefined;
  log?: LogSink;
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

async function send(incoming: IncomingMessage, outgoing: ServerResponse, answer: Response): Promise<void> {
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
  let body: Buffer = answer.body === null ? Buffer.alloc(0) : Buffer.from(await answer.arrayBuffer());
  const encoding = isCompressible(type, body.length) && !answer.headers.has('content-encoding')
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

export function createSiteServer(options: SiteServerOptions): Server {
  const site = createNetlifySite(options);
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const { apiOrigin } = options;

  return createServer((incoming, outgoing) => {
    const started = performance.now();
    const method = incoming.method ?? 'GET';
    let request: Request;
    try {
      request = toRequest(incoming, 'localhost');
    } catch {
      outgoing.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('Bad Request');
      return;
    }
    const url = new URL(request.url);
    outgoing.on('finish', () => log(requestLogLine(method, url.pathname, outgoing.statusCode, started)));
    if (apiOrigin !== undefined && isApiPath(url.pathname)) {
      proxyRequest(incoming, outgoing, new URL(url.pathname + url.search, apiOrigin));
      return;
    }
    site.handle(request).then(
      (answer) => send(incoming, outgoing, answer),
      (error: unknown) => {
        console.error(error);
        if (!outgoing.headersSent) outgoing.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        outgoing.end('Internal Server Error');
      },
    ).catch(() => outgoing.destroy());
  });
}

export function startSiteServer(options: SiteServerOptions & { port: number; host?: string }): Promise<RunningServer> {
  return listen(createSiteServer(options), options.port, options.host ?? '127.0.0.1');
}
