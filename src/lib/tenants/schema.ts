/** The product API's tenant answers, parsed before use, and the app's own Tenant type. */
import { z } from 'zod';
import { HEX_COLOUR } from '../theme/hex-colour.ts';

export const tenantCodeResponseSchema = z.object({
  result: z.object({
    id: z.union([z.number(), z.string()]),
    affiliateId: z.union([z.number(), z.string()]).nullish(),
  }),
});

const colour = z.string().regex(HEX_COLOUR).nullish().catch(undefined);

export const fullTenantRecordSchema = z.looseObject({
  id: z.union([z.number(), z.string()]),
  affiliateId: z.union([z.number(), z.string()]).nullish(),
  slug: z.string().nullish(),
  Name: z.string().min(1),
  PrimaryColor: colour,
  SeconndaryColor: colour,
  SecondaryColor: colour,
  ThirdColor: colour,
  ActiveGiveawayEvent: z.string().nullish(),
});

export const fullTenantResponseSchema = z.object({ result: fullTenantRecordSchema });

export type FullTenantRecord = z.infer<typeof fullTenantRecordSchema>;

/**
 * A record of a tenant file (src/dataset/tenants.json, the local API's seed): the product API
 * looks tenants up by slug and by numeric id, so a record without them cannot be served.
 */
export const storedTenantRecordSchema = z.looseObject({
  id: z.number().int(),
  affiliateId: z.number().int(),
  slug: z.string().min(1),
});

export type StoredTenantRecord = z.infer<typeof storedTenantRecordSchema>;

export interface Tenant {
  id: string;
  affiliateId: string | null;
  slug: string;
  name: string;
  primaryColor: string | null;
  /** `SeconndaryColor` as the API spells it; `SecondaryColor` only as a fallback. */
  secondaryColor: string | null;
  thirdColor: string | null;
  activeGiveawayEvent: string | null;
}

export function toTenant(
  record: FullTenantRecord,
  slug: string,
  affiliateId: string | null,
): Tenant {
  return {
    id: String(record.id),
    affiliateId: record.affiliateId != null ? String(record.affiliateId) : affiliateId,
    slug: record.slug ?? slug,
    name: record.Name,
    primaryColor: record.PrimaryColor ?? null,
    secondaryColor: record.SeconndaryColor ?? record.SecondaryColor ?? null,
    thirdColor: record.ThirdColor ?? null,
    activeGiveawayEvent: record.ActiveGiveawayEvent ?? null,
  };
}
