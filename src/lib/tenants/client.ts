/**
 * The tenant lookup of docs/behaviour.md §4: code lookup by slug, then the full record by id.
 * Error texts are docs/behaviour.md §5 and §8's; the caller (the build) decides what a failure means.
 */
import { readFileSync } from 'node:fs';
import pLimit from 'p-limit';
import {
  fullTenantResponseSchema,
  tenantCodeResponseSchema,
  toTenant,
  type Tenant,
} from './schema.ts';

export const TENANT_MESSAGES = {
  codeFailed: 'Tenant data failed to load.',
  fullFailed: 'Full tenant data failed to load.',
  codeMissingData: 'Initial tenant code response is missing required data.',
  fullMissingData: 'Full tenant data response is missing required data.',
} as const;

/** Answers GET requests of the product API with parsed JSON, or throws. */
export type TenantTransport = (path: string) => Promise<unknown>;

export class TenantLookupError extends Error {
  readonly slug: string;
  constructor(slug: string, message: string, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.slug = slug;
  }
}

/** An HTTP answer that is not 2xx; `status` decides whether it is worth asking again. */
export class TenantHttpError extends Error {
  readonly status: number;
  /** A rate-limited answer's Retry-After, in ms (capped): the wait before asking again. */
  readonly retryAfterMs: number | undefined;
  constructor(status: number, path: string, retryAfterMs?: number) {
    super(`HTTP ${status} for ${path}`);
    this.status = status;
    this.retryAfterMs = retryAfterMs;
  }
}

/** What one build asked the product API: every request sent (retries included), and the retries. */
export interface TenantRequestStats {
  requests: number;
  retries: number;
}

export interface HttpTransportOptions {
  fetchImpl?: typeof fetch;
  /**
   * Requests in flight at once, across all schools: enough to hide latency, few enough to respect
   * the API. At 600 schools and 50 ms per answer, 16 kept the build waiting 4.2 s (3.6 s of its
   * wall time); 64 waits 1.5 s, hidden behind Vite's bundling.
   */
  concurrency?: number;
  /** One attempt's limit, answer body included. */
  timeoutMs?: number;
  /** Further attempts after a network error, a timeout, a 5xx or a 429 (after its Retry-After); never after another 4xx. */
  retries?: number;
  /** Wait before the first retry; doubled for each further one. */
  backoffMs?: number;
  sleep?: (ms: number) => Promise<void>;
  stats?: TenantRequestStats;
}

export const HTTP_TRANSPORT_DEFAULTS = {
  concurrency: 64,
  timeoutMs: 10_000,
  retries: 3,
  backoffMs: 250,
} as const;

const wait = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/** A 4xx is the API's final word (unknown school, bad request), except 429 (asked too fast); anything else may pass. */
function worthRetrying(error: unknown): boolean {
  return !(error instanceof TenantHttpError) || error.status >= 500 || error.status === 429;
}

const MAX_RETRY_AFTER_MS = 30_000;

/** Retry-After in seconds (the API's form), as a bounded wait; 1 s when absent or unreadable. */
function retryAfterMs(header: string | null): number {
  const seconds = Number(header);
  return Math.min(
    MAX_RETRY_AFTER_MS,
    Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 1000,
  );
}

export function httpTransport(
  apiBase: string,
  options: HttpTransportOptions = {},
): TenantTransport {
  const base = apiBase.replace(/\/+$/, '');
  const fetchImpl = options.fetchImpl ?? fetch;
  const { concurrency, timeoutMs, retries, backoffMs } = {
    ...HTTP_TRANSPORT_DEFAULTS,
    ...definedOnly(options),
  };
  const sleep = options.sleep ?? wait;
  const limit = pLimit(concurrency);

  const attempt = async (path: string): Promise<unknown> => {
    if (options.stats) options.stats.requests += 1;
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new Error(`no answer within ${timeoutMs} ms for ${path}`)),
      timeoutMs,
    );
    try {
      const response = await fetchImpl(`${base}${path}`, {
        headers: { accept: 'application/json' },
        signal: controller.signal,
      });
      if (!response.ok) {
        await response.body?.cancel();
        throw new TenantHttpError(
          response.status,
          path,
          response.status === 429 ? retryAfterMs(response.headers.get('retry-after')) : undefined,
        );
      }
      return await response.json();
    } finally {
      clearTimeout(timer);
    }
  };

  return (path) =>
    limit(async () => {
      for (let tries = 0; ; tries += 1) {
        try {
          return await attempt(path);
        } catch (error) {
          if (tries >= retries || !worthRetrying(error)) throw error;
          if (options.stats) options.stats.retries += 1;
          await sleep(
            error instanceof TenantHttpError && error.retryAfterMs !== undefined
              ? error.retryAfterMs
              : backoffMs * 2 ** tries,
          );
        }
      }
    });
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(value).filter(([, entry]) => entry !== undefined),
  ) as Partial<T>;
}

/** Answers the same two requests from a bundled file of full tenant records. */
export function recordsTransport(records: unknown[], stats?: TenantRequestStats): TenantTransport {
  const all = records as Array<Record<string, unknown>>;
  const bySlug = new Map(all.map((record) => [record.slug, record]));
  const byId = new Map(all.map((record) => [String(record.id), record]));
  return (path) => {
    if (stats) stats.requests += 1;
    const code = /^\/k1mobile\/tenant\/code\/([^/]+)$/.exec(path);
    if (code) {
      const record = bySlug.get(decodeURIComponent(code[1] ?? ''));
      if (!record) return Promise.reject(new TenantHttpError(404, path));
      return Promise.resolve({ result: { id: record.id, affiliateId: record.affiliateId } });
    }
    const full = /^\/k1mobile\/tenant\/([^/]+)$/.exec(path);
    const record = full && byId.get(decodeURIComponent(full[1] ?? ''));
    if (!record) return Promise.reject(new TenantHttpError(404, path));
    return Promise.resolve({ result: record });
  };
}

export function fileTransport(file: string, stats?: TenantRequestStats): TenantTransport {
  return recordsTransport(JSON.parse(readFileSync(file, 'utf8')) as unknown[], stats);
}

export interface TenantClientOptions {
  log?: (message: string, detail?: unknown) => void;
}

export function createTenantClient(transport: TenantTransport, options: TenantClientOptions = {}) {
  const log =
    options.log ?? ((message: string, detail?: unknown) => console.error(message, detail ?? ''));

  return async function loadTenant(slug: string): Promise<Tenant> {
    let codeAnswer: unknown;
    try {
      codeAnswer = await transport(`/k1mobile/tenant/code/${encodeURIComponent(slug)}`);
    } catch (error) {
      log(TENANT_MESSAGES.codeFailed, error);
      throw new TenantLookupError(slug, TENANT_MESSAGES.codeFailed, error);
    }
    const code = tenantCodeResponseSchema.safeParse(codeAnswer);
    if (!code.success) {
      log(TENANT_MESSAGES.codeFailed, TENANT_MESSAGES.codeMissingData);
      throw new TenantLookupError(slug, TENANT_MESSAGES.codeMissingData);
    }
    const affiliateId =
      code.data.result.affiliateId != null ? String(code.data.result.affiliateId) : null;

    let fullAnswer: unknown;
    try {
      fullAnswer = await transport(
        `/k1mobile/tenant/${encodeURIComponent(String(code.data.result.id))}`,
      );
    } catch (error) {
      log(TENANT_MESSAGES.fullFailed, error);
      throw new TenantLookupError(slug, TENANT_MESSAGES.fullFailed, error);
    }
    const full = fullTenantResponseSchema.safeParse(fullAnswer);
    if (!full.success) {
      log(TENANT_MESSAGES.fullFailed, TENANT_MESSAGES.fullMissingData);
      throw new TenantLookupError(slug, TENANT_MESSAGES.fullMissingData);
    }
    return toTenant(full.data.result, slug, affiliateId);
  };
}
