/** The local API over node:http: body limit, request log (never the entrant's details), listen/close. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import { BODY_LIMIT_BYTES, createApiHandler } from './app.ts';
import { loadActiveGiveawayIds, loadTenants } from './config.ts';
import { giveawayEvents } from './giveaway.ts';
import { apiError, type ApiRequest, type ApiResponse } from './http.ts';
import { openStore, type Store } from './store.ts';
import { listen, type RunningServer } from '../listen.ts';
import { requestLogLine, type LogSink } from '../log.ts';

export interface LocalApiOptions {
  dataDir: string;
  tenantsFile: string;
  datasetFile: string;
  /** Comma-separated ids; when unset the dataset's siteSettings.activeGiveawayIds apply. */
  activeGiveawayIds?: string | undefined;
  allowedOrigins: readonly string[];
  warn?: (message: string) => void;
}

export interface LocalApi {
  handle: (request: ApiRequest) => ApiResponse;
  store: Store;
  /** The CORS allow-list; add to it when the site's port is known. */
  allowedOrigins: Set<string>;
}

/** Loads the seed data, opens the database and returns the in-process handler. */
export function createLocalApi(options: LocalApiOptions): LocalApi {
  const warn = options.warn ?? ((message: string) => console.warn(message));
  const tenants = loadTenants(options.tenantsFile, warn);
  const activeIds = loadActiveGiveawayIds(options.activeGiveawayIds, options.datasetFile);
  if (activeIds.length === 0) warn('local API: no active giveaway ids; every giveaway is closed.');
  const store = openStore(resolve(options.dataDir));
  store.seedTenants(tenants);
  const allowedOrigins = new Set(options.allowedOrigins);
  const handle = createApiHandler({ store, events: giveawayEvents(tenants, activeIds), allowedOrigins });
  return { handle, store, allowedOrigins };
}

type BodyRead = { ok: true; body: string } | { ok: false };

function readBody(request: IncomingMessage, limit: number): Promise<BodyRead> {
  return new Promise((done) => {
    const declared = Number(request.headers['content-length'] ?? '0');
    if (declared > limit) {
      request.resume();
      done({ ok: false });
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    request.on('data', (chunk: Buffer) => {
      if (tooLarge) return;
      size += chunk.length;
      if (size > limit) {
        tooLarge = true;
        chunks.length = 0;
        done({ ok: false });
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => {
      if (!tooLarge) done({ ok: true, body: Buffer.concat(chunks).toString('utf8') });
    });
    request.on('error', () => {
      if (!tooLarge) done({ ok: false });
    });
  });
}

function send(response: ServerResponse, answer: ApiResponse, extraHeaders: Record<string, string> = {}): void {
  response.writeHead(answer.status, { ...answer.headers, ...extraHeaders });
  response.end(answer.body);
}

function pathOf(url: string | undefined): string | undefined {
  try {
    return new URL(url ?? '/', 'http://local.invalid').pathname;
  } catch {
    return undefined;
  }
}

export function createApiHttpServer(api: LocalApi, log: LogSink): Server {
  return createServer(async (request, response) => {
    const started = performance.now();
    const method = request.method ?? 'GET';
    const path = pathOf(request.url);
    response.on('finish', () => log(requestLogLine(method, path ?? '(invalid)', response.statusCode, started)));
    if (path === undefined) {
      send(response, apiError(400, 'The request URL is not valid.'));
      return;
    }
    const read = await readBody(request, BODY_LIMIT_BYTES);
    if (!read.ok) {
      send(response, apiError(413, `Request body is larger than ${BODY_LIMIT_BYTES / 1024} KB.`), {
        connection: 'close',
      });
      return;
    }
    const headers: Record<string, string | undefined> = {};
    for (const [name, value] of Object.entries(request.headers)) {
      headers[name] = Array.isArray(value) ? value.join(', ') : value;
    }
    send(response, api.handle({ method, path, headers, body: read.body }));
  });
}

export interface StartApiOptions extends LocalApiOptions {
  port: number;
  host?: string;
  log?: LogSink;
}

export async function startApiServer(options: StartApiOptions): Promise<RunningServer & { api: LocalApi }> {
  const api = createLocalApi(options);
  const server = createApiHttpServer(api, options.log ?? ((line) => process.stdout.write(`${line}\n`)));
  try {
    const running = await listen(server, options.port, options.host ?? '127.0.0.1', () => api.store.close());
    return { ...running, api };
  } catch (error) {
    api.store.close();
    throw error;
  }
}
