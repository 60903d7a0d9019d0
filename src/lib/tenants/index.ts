/** The one door to tenant records: over HTTP when PUBLIC_API_BASE is set, else from the bundled file. */
import { env } from '../env.ts';
import { createTenantClient, fileTransport, httpTransport } from './client.ts';

export { TENANT_MESSAGES, TenantLookupError, createTenantClient, recordsTransport, httpTransport } from './client.ts';
export type { Tenant } from './schema.ts';

export function tenantClientFromEnv() {
  const settings = env();
  return createTenantClient(settings.PUBLIC_API_BASE ? httpTransport(settings.PUBLIC_API_BASE) : fileTransport(settings.TENANTS_FILE));
}
