/**
 * The local API over node:http, held to what a production service gives up: a per-client rate
 * limit (429 + Retry-After), header and request timeouts, a connection cap overall and per
 * client, bodies over the limit refused with 413 before they are read, and `nosniff` on every
 * answer. The request log never holds the entrant's details.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { resolve } from 'node:path';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
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
  const handle = createApiHandler({
    store,
    events: giveawayEvents(tenants, activeIds),
    allowedOrigins,
  });
  return { handle, store, allowedOrigins };
}

/** How much the server gives a client. Defaults suit a person using the site; tests tighten or loosen them. */
export interface ServiceLimits {
  /** Requests per client (remote address) per window. */
  requestsPerWindow: number;
  windowSeconds: number;
  /** Time to receive the request headers, and the whole request. */
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  /** An idle kept-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
  /** Open connections, overall and from one client. */
  maxConnections: number;
  maxConnectionsPerClient: number;
}

export const DEFAULT_LIMITS: ServiceLimits = {
  requestsPerWindow: 120,
  windowSeconds: 10,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 15_000,
  keepAliveTimeoutMs: 5_000,
  maxConnections: 512,
  maxConnectionsPerClient: 32,
};

export const SECURITY_HEADERS = { 'x-content-type-options': 'nosniff' } as const;

type BodyRead = { ok: true; body: string } | { ok: false; reason: 'tooLarge' | 'aborted' };

/** Reads the body up to `limit` bytes; stops reading the moment it is over (declared or sent). */
function readBody(request: IncomingMessage, limit: number): Promise<BodyRead> {
  return new Promise((done) => {
    const declared = Number(request.headers['content-length'] ?? '0');
    if (declared > limit) {
      done({ ok: false, reason: 'tooLarge' });
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let finished = false;
    const finish = (read: BodyRead) => {
      if (finished) return;
      finished = true;
      done(read);
    };
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        request.pause();
        chunks.length = 0;
        finish({ ok: false, reason: 'tooLarge' });
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => finish({ ok: true, body: Buffer.concat(chunks).toString('utf8') }));
    request.on('error', () => finish({ ok: false, reason: 'aborted' }));
    request.on('close', () => finish({ ok: false, reason: 'aborted' }));
  });
}

function send(
  response: ServerResponse,
  answer: ApiResponse,
  extraHeaders: Record<string, string> = {},
): void {
  if (response.headersSent || response.destroyed) return;
  response.writeHead(answer.status, { ...answer.headers, ...SECURITY_HEADERS, ...extraHeaders });
  response.end(answer.body);
}

/** Answers and closes the connection, without reading what the client is still sending. */
function refuseAndClose(
  response: ServerResponse,
  answer: ApiResponse,
  extraHeaders: Record<string, string> = {},
): void {
  send(response, answer, { ...extraHeaders, connection: 'close' });
  response.once('finish', () => response.socket?.destroySoon());
}

function pathOf(url: string | undefined): string | undefined {
  try {
    return new URL(url ?? '/', 'http://local.invalid').pathname;
  } catch {
    return undefined;
  }
}

export const RATE_LIMITED_MESSAGE = 'Too many requests. Please wait a moment and try again.';

export function createApiHttpServer(
  api: LocalApi,
  log: LogSink,
  limits: ServiceLimits = DEFAULT_LIMITS,
): Server {
  const limiter = new RateLimiterMemory({
    points: limits.requestsPerWindow,
    duration: limits.windowSeconds,
  });
  const server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      // How often header and request timeouts are enforced (Node's default is every 30 s).
      connectionsCheckingInterval: Math.min(1_000, limits.headersTimeoutMs),
    },
    (request, response) => {
      serve(request, response).catch((error: unknown) => {
        console.error('local API: internal error', error instanceof Error ? error.message : error);
        send(response, apiError(500, 'Internal error.'));
      });
    },
  );
  async function serve(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const started = performance.now();
    const method = request.method ?? 'GET';
    const path = pathOf(request.url);
    response.on('finish', () =>
      log(requestLogLine(method, path ?? '(invalid)', response.statusCode, started)),
    );

    try {
      await limiter.consume(clientOf(request.socket));
    } catch (refusal) {
      if (!(refusal instanceof RateLimiterRes)) throw refusal;
      const retryAfter = String(Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)));
      refuseAndClose(response, apiError(429, RATE_LIMITED_MESSAGE), { 'retry-after': retryAfter });
      return;
    }
    if (path === undefined) {
      send(response, apiError(400, 'The request URL is not valid.'));
      return;
    }
    const read = await readBody(request, BODY_LIMIT_BYTES);
    if (!read.ok) {
      if (read.reason === 'tooLarge')
        refuseAndClose(
          response,
          apiError(413, `Request body is larger than ${BODY_LIMIT_BYTES / 1024} KB.`),
        );
      return;
    }
    const headers: Record<string, string | undefined> = {};
    for (const [name, value] of Object.entries(request.headers)) {
      headers[name] = Array.isArray(value) ? value.join(', ') : value;
    }
    send(response, api.handle({ method, path, headers, body: read.body }));
  }
  server.maxConnections = limits.maxConnections;
  capConnectionsPerClient(server, limits.maxConnectionsPerClient);
  return server;
}

function clientOf(socket: Socket): string {
  return socket.remoteAddress ?? 'unknown';
}

/** One client may not hold every connection (slow clients would starve the rest): excess connections are closed at once. */
function capConnectionsPerClient(server: Server, cap: number): void {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const client = clientOf(socket);
    const count = (open.get(client) ?? 0) + 1;
    if (count > cap) {
      socket.destroy();
      return;
    }
    open.set(client, count);
    socket.once('close', () => {
      const left = (open.get(client) ?? 1) - 1;
      if (left <= 0) open.delete(client);
      else open.set(client, left);
    });
  });
}

export interface StartApiOptions extends LocalApiOptions {
  port: number;
  host?: string;
  log?: LogSink;
  limits?: Partial<ServiceLimits>;
}

export async function startApiServer(
  options: StartApiOptions,
): Promise<RunningServer & { api: LocalApi }> {
  const api = createLocalApi(options);
  const server = createApiHttpServer(
    api,
    options.log ?? ((line) => process.stdout.write(`${line}\n`)),
    { ...DEFAULT_LIMITS, ...options.limits },
  );
  try {
    const running = await listen(server, options.port, options.host ?? '127.0.0.1', () =>
      api.store.close(),
    );
    return { ...running, api };
  } catch (error) {
    api.store.close();
    throw error;
  }
}
