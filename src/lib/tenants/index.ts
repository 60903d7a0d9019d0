/** The one door to tenant records: over HTTP when PUBLIC_API_BASE is set, else from the bundled file. */
import { env, type Env } from '../config/env.ts';
import {
  createTenantClient,
  fileTransport,
  httpTransport,
  type TenantRequestStats,
} from './client.ts';

export {
  HTTP_TRANSPORT_DEFAULTS,
  TENANT_MESSAGES,
  TenantHttpError,
  TenantLookupError,
  createTenantClient,
  httpTransport,
  recordsTransport,
} from './client.ts';
export type { Tenant } from './schema.ts';

/** What this build asked for and how long it waited; shared through globalThis like the content state. */
export interface TenantBuildStats extends TenantRequestStats {
  /** Wall time from the first tenant request until every school's record was in. */
  waitMs: number;
}

const STATS_KEY = Symbol.for('school-site.tenant-stats');
type GlobalWithStats = typeof globalThis & { [STATS_KEY]?: TenantBuildStats };

export function tenantStats(): TenantBuildStats {
  const holder = globalThis as GlobalWithStats;
  holder[STATS_KEY] ??= { requests: 0, retries: 0, waitMs: 0 };
  return holder[STATS_KEY];
}

/** Where tenant records are read: the product API when PUBLIC_API_BASE is set, else TENANTS_FILE. */
export function tenantSource(settings: Pick<Env, 'PUBLIC_API_BASE'>): 'api' | 'file' {
  return settings.PUBLIC_API_BASE ? 'api' : 'file';
}

export function tenantClientFromEnv() {
  const settings = env();
  const stats = tenantStats();
  return createTenantClient(
    tenantSource(settings) === 'api'
      ? httpTransport(settings.PUBLIC_API_BASE!, { stats })
      : fileTransport(settings.TENANTS_FILE, stats),
  );
}
