/**
 * Digests of the tenant records a build reads: what the freshness check compares with what the
 * live deploy's build recorded (src/lib/rebuild/freshness.ts). A school's digest covers every field
 * of its record the build uses (the app's Tenant: name, colours, the active giveaway event, ids),
 * so a change of any of them is a change of the site, and a change of a field the build never
 * reads is none. The build and the check digest the same Tenant, made by the same client.
 */
import { createHash } from 'node:crypto';
import type { Tenant } from './schema.ts';

/** Hex digits kept of each school's digest: 64 bits, far past any chance collision among a few thousand schools. */
const SCHOOL_DIGEST_LENGTH = 16;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** One school's tenant record as the build uses it, digested (the fields in a fixed order). */
export function tenantDigest(tenant: Tenant): string {
  const fields = [
    tenant.id,
    tenant.affiliateId,
    tenant.slug,
    tenant.name,
    tenant.primaryColor,
    tenant.secondaryColor,
    tenant.thirdColor,
    tenant.activeGiveawayEvent,
  ];
  return sha256(JSON.stringify(fields)).slice(0, SCHOOL_DIGEST_LENGTH);
}

/** Every school's digest (school key → digest) as one: the same schools with the same records give the same digest. */
export function inputsDigest(tenants: Readonly<Record<string, string>>): string {
  const lines = Object.keys(tenants)
    .sort()
    .map((key) => `${key}=${tenants[key]}`);
  return sha256(lines.join('\n'));
}

/** The schools whose digest differs between `live` and `now` (one missing from either counts), sorted. */
export function changedSchools(
  live: Readonly<Record<string, string>>,
  now: Readonly<Record<string, string>>,
): string[] {
  const keys = new Set([...Object.keys(live), ...Object.keys(now)]);
  return [...keys]
    .filter(
      (key) => !Object.hasOwn(live, key) || !Object.hasOwn(now, key) || live[key] !== now[key],
    )
    .sort();
}
