/**
 * The tenant lookup of SPEC §4: code lookup by slug, then the full record by id.
 * Error texts are SPEC §5 and §8's; the caller (the build) decides what a failure means.
 */
import { readFileSync } from 'node:fs';
import { fullTenantResponseSchema, tenantCodeResponseSchema, toTenant, type Tenant } from './schema.ts';

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

/** A build asks for every school's tenant at once: a rate-limited answer (429) is retried after its Retry-After. */
export const RATE_LIMIT_RETRIES = 5;
const MAX_RETRY_AFTER_MS = 30_000;

export function httpTransport(
  apiBase: string, fetchImpl: typeof fetch = fetch, sleep: (ms: number) => Promise<void> = (ms) => new Promise((done) => setTimeout(done, ms)),
): TenantTransport {
  const base = apiBase.replace(/\/+$/, '');
  return async (path) => {
    for (let attempt = 0; ; attempt += 1) {
      const response = await fetchImpl(`${base}${path}`, { headers: { accept: 'application/json' } });
      if (response.status === 429 && attempt < RATE_LIMIT_RETRIES) {
        await response.body?.cancel();
        const seconds = Number(response.headers.get('retry-after'));
        await sleep(Math.min(MAX_RETRY_AFTER_MS, Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 1000));
        continue;
      }
      if (!response.ok) throw new Error(`HTTP ${response.status} for ${path}`);
      return response.json();
    }
  };
}

/** Answers the same two requests from a bundled file of full tenant records. */
export function recordsTransport(records: unknown[]): TenantTransport {
  const all = records as Array<Record<string, unknown>>;
  return async (path) => {
    const code = /^\/k1mobile\/tenant\/code\/([^/]+)$/.exec(path);
    if (code) {
      const record = all.find((candidate) => candidate.slug === decodeURIComponent(code[1] ?? ''));
      if (!record) throw new Error(`HTTP 404 for ${path}`);
      return { result: { id: record.id, affiliateId: record.affiliateId } };
    }
    const full = /^\/k1mobile\/tenant\/([^/]+)$/.exec(path);
    const record = full && all.find((candidate) => String(candidate.id) === decodeURIComponent(full[1] ?? ''));
    if (!record) throw new Error(`HTTP 404 for ${path}`);
    return { result: record };
  };
}

export function fileTransport(file: string): TenantTransport {
  return recordsTransport(JSON.parse(readFileSync(file, 'utf8')) as unknown[]);
}

export interface TenantClientOptions {
  log?: (message: string, detail?: unknown) => void;
}

export function createTenantClient(transport: TenantTransport, options: TenantClientOptions = {}) {
  const log = options.log ?? ((message: string, detail?: unknown) => console.error(message, detail ?? ''));

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
    const affiliateId = code.data.result.affiliateId != null ? String(code.data.result.affiliateId) : null;

    let fullAnswer: unknown;
    try {
      fullAnswer = await transport(`/k1mobile/tenant/${encodeURIComponent(String(code.data.result.id))}`);
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
