/**
 * Serves `dist/` the way Netlify does: `_redirects` rules (first match wins, shadowed by existing
 * files unless forced), pretty URLs, custom 404, headers from netlify.toml, br/gzip, ETag/304.
 * The order-service paths and `/k1mobile/*` are proxied to the local API.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { listen, type RunningServer } from '../listen.ts';
import { readCookie } from '../api/http.ts';
import { servedOverHttps, XSRF_COOKIE, xsrfCookie } from '../api/order-service.ts';
import { requestLogLine, type LogSink } from '../log.ts';
import { createCompressionCache, isCompressible, pickEncoding } from './compression.ts';
import { contentTypeOf, resolveFile, type FoundFile } from './files.ts';
import { headersFor, loadHeadersFile, loadTomlHeaderRules, type HeaderRule } from './headers.ts';
import { proxyRequest } from './proxy.ts';
import { findRule, isRedirectStatus, loadRedirectRules, redirectLocation, type RedirectRule } from './redirects.ts';

export interface StaticServerOptions {
  distDir: string;
  /** netlify.toml: `[[headers]]` and `[[redirects]]`. May be missing. */
  netlifyToml?: string | undefined;
  /** Origin of the local API that the order-service paths are proxied to; no proxying when unset. */
  apiOrigin?: string | undefined;
  log?: LogSink;
  warn?: (message: string) => void;
}

export const DEFAULT_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

/** Relative order-service paths of SPEC §7 and everything under /k1mobile/. */
export function isApiPath(path: string): boolean {
  return (
    path === '/account/login' ||
    path === '/nexusapi/add_customer' ||
    /^\/mobileapi\/zipcode\/[^/]+\/eligibility$/.test(path) ||
    path.startsWith('/k1mobile/')
  );
}

function etagOf(found: FoundFile, encoding: string | undefined): string {
  const base = `${found.stats.size.toString(16)}-${Math.floor(found.stats.mtimeMs).toString(16)}`;
  return `"${base}${encoding === undefined ? '' : `-${encoding}`}"`;
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  return header.split(',').some((tag) => {
    const clean = tag.trim().replace(/^W\//, '');
    return clean === '*' || clean === etag;
  });
}

export interface StaticSite {
  rules: RedirectRule[];
  headerRules: HeaderRule[];
  handler: (request: IncomingMessage, response: ServerResponse) => void;
}

export async function createStaticSite(options: StaticServerOptions): Promise<StaticSite> {
  const warn = options.warn ?? ((message: string) => console.warn(message));
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const { distDir } = options;
  const { rules, errors } = await loadRedirectRules(join(distDir, '_redirects'), options.netlifyToml);
  for (const error of errors) warn(`static server: redirect rule ignored: ${error}`);
  const headerRules = [
    ...loadHeadersFile(join(distDir, '_headers')),
    ...(options.netlifyToml === undefined ? [] : loadTomlHeaderRules(options.netlifyToml)),
  ];
  const compressed = createCompressionCache();
  const apiOrigin = options.apiOrigin;

  function serveFile(
    request: IncomingMessage,
    response: ServerResponse,
    status: number,
    found: FoundFile,
    custom: Record<string, string>,
  ): void {
    const type = contentTypeOf(found.file);
    const compressible = isCompressible(type, found.stats.size);
    const encoding = compressible ? pickEncoding(request.headers['accept-encoding']) : undefined;
    const etag = etagOf(found, encoding);
    const headers: Record<string, string> = {
      'content-type': type,
      'cache-control': DEFAULT_CACHE_CONTROL,
      etag,
      'last-modified': found.stats.mtime.toUTCString(),
      ...(compressible ? { vary: 'Accept-Encoding' } : {}),
      ...custom,
    };
    if (type.startsWith('text/html') && !readCookie(request.headers.cookie, XSRF_COOKIE)) {
      headers['set-cookie'] = xsrfCookie(randomBytes(32).toString('base64url'), servedOverHttps(request));
    }
    if (status === 200 && etagMatches(request.headers['if-none-match'], etag)) {
      response.writeHead(304, headers);
      response.end();
      return;
    }
    const body = encoding === undefined ? readFileSync(found.file) : compressed.get(found.file, found.stats, encoding);
    if (encoding !== undefined) headers['content-encoding'] = encoding;
    headers['content-length'] = String(body.length);
    response.writeHead(status, headers);
    response.end(request.method === 'HEAD' ? undefined : body);
  }

  function notFound(request: IncomingMessage, response: ServerResponse, custom: Record<string, string>): void {
    const page = resolveFile(distDir, '/404.html');
    if (page !== undefined) {
      serveFile(request, response, 404, page, custom);
      return;
    }
    response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', ...custom });
    response.end(request.method === 'HEAD' ? undefined : 'Not Found');
  }

  function handler(request: IncomingMessage, response: ServerResponse): void {
    const started = performance.now();
    const method = request.method ?? 'GET';
    let url: URL;
    try {
      url = new URL(request.url ?? '/', 'http://local.invalid');
    } catch {
      response.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('Bad Request');
      return;
    }
    const path = url.pathname;
    response.on('finish', () => log(requestLogLine(method, path, response.statusCode, started)));

    if (apiOrigin !== undefined && isApiPath(path)) {
      proxyRequest(request, response, new URL(path + url.search, apiOrigin));
      return;
    }
    if (method !== 'GET' && method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' });
      response.end('Method Not Allowed');
      return;
    }

    const custom = headersFor(headerRules, path);
    const found = resolveFile(distDir, path);
    const match = findRule(rules, {
      path,
      search: url.searchParams,
      host: request.headers.host,
      fileExists: found !== undefined,
    });
    if (match === undefined) {
      if (found !== undefined) serveFile(request, response, 200, found, custom);
      else notFound(request, response, custom);
      return;
    }
    const { status } = match.rule;
    if (isRedirectStatus(status)) {
      const location = redirectLocation(match, url.search);
      response.writeHead(status, { location, 'content-type': 'text/plain; charset=utf-8', ...custom });
      response.end(request.method === 'HEAD' ? undefined : `Redirecting to ${location}`);
      return;
    }
    if (/^https?:\/\//i.test(match.target)) {
      proxyRequest(request, response, new URL(redirectLocation(match, url.search)));
      return;
    }
    const target = resolveFile(distDir, new URL(match.target, 'http://local.invalid').pathname);
    if (target === undefined) notFound(request, response, custom);
    else serveFile(request, response, status, target, custom);
  }

  return { rules, headerRules, handler };
}

export async function createStaticServer(options: StaticServerOptions): Promise<Server> {
  const site = await createStaticSite(options);
  return createServer(site.handler);
}

export async function startStaticServer(
  options: StaticServerOptions & { port: number; host?: string },
): Promise<RunningServer> {
  const server = await createStaticServer(options);
  return listen(server, options.port, options.host ?? '127.0.0.1');
}
