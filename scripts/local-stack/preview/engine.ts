/**
 * The preview site as a warm Netlify function serves it: the built rendering function imported
 * once into this process and called per request (the shared warm runner, ../netlify/functions.ts),
 * behind Netlify's static handler (`@netlify/static`, with the publish folder's `_headers` on
 * static files). A static file answers first when one exists and the function asks
 * `preferStatic` (Astro's adapter does).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import { StaticHandler } from '@netlify/static';
import { requestLogLine } from '../log.ts';
import { invokeFunction, loadNetlifyFunction } from '../netlify/functions.ts';
import { headersForPath } from '../site/netlify-engine.ts';
import { NOT_OUR_HOST, ownHost } from '../own-host.ts';

export interface PreviewEngineOptions {
  distDir: string;
  /** The built function's entry (`export default handler(request, context)`, `export const config`). */
  functionEntry: string;
  /** Variables the function sees (its site's environment on Netlify), set before it is imported. */
  environment: Record<string, string>;
}

/** What a function is handed beside the request, as far as the adapter and the site read it. */
export interface RequestDetails {
  /** The caller's address (the adapter's `clientAddress`). */
  ip: string;
}

export interface PreviewEngine {
  handle(request: Request, details?: RequestDetails): Promise<Response>;
}

export async function createPreviewEngine(options: PreviewEngineOptions): Promise<PreviewEngine> {
  const distDir = resolve(options.distDir);
  const staticFiles = new StaticHandler({ directory: distDir });
  const headersFiles = [join(distDir, '_headers')];
  // The function reads its settings from the environment, as on Netlify; some at import.
  Object.assign(process.env, options.environment);
  const fn = await loadNetlifyFunction(options.functionEntry, 'ssr');
  const preferStatic = fn.config.preferStatic === true;

  async function staticFile(request: Request): Promise<Response | undefined> {
    const { pathname } = new URL(request.url);
    if (pathname === '/_headers' || pathname === '/_redirects') return undefined;
    const match = await staticFiles.match(request);
    if (!match) return undefined;
    const answer = await match.handle();
    const response = new Response(answer.body, {
      status: answer.status,
      headers: new Headers(answer.headers),
    });
    for (const [name, value] of await headersForPath(headersFiles, undefined, pathname, (message) =>
      console.warn(message),
    ))
      response.headers.set(name, value);
    return response;
  }

  return {
    async handle(request, details = { ip: '127.0.0.1' }) {
      if (preferStatic) {
        const file = await staticFile(request);
        if (file) return file;
      }
      return invokeFunction(fn, request, {
        ip: details.ip,
        site: { id: 'local-preview', name: 'local-preview', url: process.env.SITE_URL },
      });
    },
  };
}

const plain = { 'content-type': 'text/plain; charset=utf-8' };
const BAD_ADDRESS = 'Bad Request: the Host header or the path is not a valid address.\n';

async function buffer(incoming: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The HTTP side of `npm run preview:server`: a Node request made a Fetch request for the engine,
 * its answer written back. `engine()` undefined: still building (503). One line per request to `log`.
 */
export function previewRequestListener(
  engine: () => PreviewEngine | undefined,
  log: (line: string) => void = () => {},
) {
  return (incoming: IncomingMessage, outgoing: ServerResponse): void => {
    const started = performance.now();
    const method = incoming.method ?? 'GET';
    let path = (incoming.url ?? '/').split('?')[0]!;
    outgoing.on('finish', () => log(requestLogLine(method, path, outgoing.statusCode, started)));
    // As the public site's local server: only this machine's names for it, on its port.
    if (!ownHost(incoming.headers.host, incoming.socket.localPort)) {
      outgoing
        .writeHead(400, { ...plain, 'content-length': Buffer.byteLength(NOT_OUR_HOST) })
        .end(NOT_OUR_HOST);
      return;
    }
    let url: URL;
    try {
      url = new URL(incoming.url ?? '/', `http://${incoming.headers.host ?? 'localhost'}`);
      path = url.pathname;
    } catch {
      // A Host header (or a target) that is no address: the request cannot be named, so not served.
      outgoing
        .writeHead(400, { ...plain, 'content-length': Buffer.byteLength(BAD_ADDRESS) })
        .end(BAD_ADDRESS);
      return;
    }
    const current = engine();
    if (!current) {
      outgoing
        .writeHead(503, { ...plain, 'retry-after': '5' })
        .end('The preview site is being built.');
      return;
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(incoming.headers)) {
      for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value])
        headers.append(name, item);
    }
    // The whole body first, as Netlify hands a function its request: a function that answers
    // without reading it (a refusal by size) then closes nothing under the client.
    const body =
      method !== 'GET' && method !== 'HEAD' ? buffer(incoming) : Promise.resolve(undefined);
    body
      .then((bytes) =>
        current.handle(
          new Request(url, { method, headers, ...(bytes ? { body: new Uint8Array(bytes) } : {}) }),
          { ip: incoming.socket.remoteAddress ?? '127.0.0.1' },
        ),
      )
      .then(async (answer) => {
        const out: Record<string, string | string[]> = {};
        answer.headers.forEach((value, name) => {
          if (name !== 'set-cookie' && name !== 'content-length' && name !== 'transfer-encoding')
            out[name] = value;
        });
        const cookies = answer.headers.getSetCookie();
        if (cookies.length) out['set-cookie'] = cookies;
        const body = Buffer.from(await answer.arrayBuffer());
        out['content-length'] = String(body.length);
        outgoing.writeHead(answer.status, out).end(method === 'HEAD' ? undefined : body);
      })
      .catch((error: unknown) => {
        console.error(error);
        if (!outgoing.headersSent) outgoing.writeHead(500, plain);
        outgoing.end('Internal Server Error');
      });
  };
}
