/** Seed data of the local API: tenant records and the active giveaway ids. */
import { existsSync, readFileSync } from 'node:fs';
import { parseIdList } from '../../../src/lib/config/env.ts';
import {
  storedTenantRecordSchema,
  type StoredTenantRecord,
} from '../../../src/lib/tenants/schema.ts';

/** A tenant record as the local API stores and serves it. */
export type TenantRecord = StoredTenantRecord;

/** Reads `src/dataset/tenants.json` (an array of full tenant records). A missing file gives no tenants. */
export function loadTenants(
  file: string,
  warn: (message: string) => void = console.warn,
): TenantRecord[] {
  if (!existsSync(file)) {
    warn(`local API: ${file} not found; no tenants are served.`);
    return [];
  }
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  if (!Array.isArray(parsed))
    throw new Error(`${file} must contain a JSON array of tenant records.`);
  const tenants: TenantRecord[] = [];
  parsed.forEach((record, index) => {
    const checked = storedTenantRecordSchema.safeParse(record);
    if (checked.success) tenants.push(checked.data);
    else
      warn(`local API: ${file} entry ${index} lacks a numeric id/affiliateId or a slug; skipped.`);
  });
  return tenants;
}

/** The siteSettings document's `activeGiveawayIds` in a Sanity-export NDJSON dataset. */
export function activeIdsFromDataset(file: string): string[] {
  if (!existsSync(file)) return [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.includes('"siteSettings"')) continue;
    let doc: unknown;
    try {
      doc = JSON.parse(line);
    } catch {
      continue;
    }
    if (typeof doc !== 'object' || doc === null) continue;
    const record = doc as Record<string, unknown>;
    if (record['_type'] !== 'siteSettings') continue;
    const ids = record['activeGiveawayIds'];
    return Array.isArray(ids)
      ? ids.filter((id): id is string => typeof id === 'string' && id !== '')
      : [];
  }
  return [];
}

/** ACTIVE_GIVEAWAY_IDS (comma-separated) when set, otherwise the dataset's siteSettings. */
export function loadActiveGiveawayIds(envValue: string | undefined, datasetFile: string): string[] {
  if (envValue !== undefined && envValue.trim() !== '') return parseIdList(envValue);
  return activeIdsFromDataset(datasetFile);
}
