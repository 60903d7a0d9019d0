/**
 * Netlify's deploy notifications and what the `deploys` store keeps of them: each deploy's record,
 * the production history (its deploys, the live pointer, the lock, the month's spend), the other
 * deploys, the live deploy's document index and its build inputs.
 */
import { z } from 'zod';
import { buildInputsSchema, buildRecordSchema } from './build-record.ts';
import { buildTriggerSchema, publishedDocumentSchema } from './hook-body.ts';
import { recordKind } from '../functions/record-kind.ts';
import { isoTime, ownRecord, stringOrNull } from './record-parts.ts';

/** Schools a deploy's record lists by name (the rest counted), so the deploys answer stays small at any school count. */
export const LISTED_SCHOOLS = 20;
/** Documents a deploy's record lists as brought live by it (the rest counted). */
export const LISTED_BROUGHT = 1000;
/** A notification whose times lie further ahead than this is refused: no signed message can freeze the live pointer. */
export const MAX_CLOCK_SKEW_MS = 5 * 60_000;

/** The fields of Netlify's deploy notification body this site reads (the body is Netlify's deploy object). */
export const deployNotificationSchema = z.object({
  id: z.string().min(1),
  site_id: z.string().min(1),
  state: z.string().min(1),
  context: z.string().nullish(),
  branch: z.string().nullish(),
  title: z.string().nullish(),
  created_at: isoTime.nullish(),
  updated_at: isoTime.nullish(),
  published_at: isoTime.nullish(),
  deploy_time: z.number().nullish(),
  error_message: z.string().nullish(),
  /** true on the deploy the site is locked to (Deploy locked), false once unlocked; null otherwise. */
  locked: z.boolean().nullish(),
  /** The deploy's own address (its permalink). */
  deploy_ssl_url: z.string().nullish(),
});
export type DeployNotification = z.infer<typeof deployNotificationSchema>;

/**
 * A deploy's state: a record keeps building, ready, error or canceled; `live` appears only in
 * answers (the deploy the `live` pointer names).
 */
export const deployStateSchema = z.enum(['building', 'ready', 'live', 'error', 'canceled']);
export type DeployState = z.infer<typeof deployStateSchema>;

/**
 * What a deploy's record keeps of its build's record: counts, up to LISTED_SCHOOLS schools by
 * name, the schools left out; the documents' revisions are in the live index (`live-index/*`).
 */
export const reportSummarySchema = z.object({
  contentReadAt: isoTime,
  documentCount: z.number().int().nonnegative(),
  schoolCount: z.number().int().nonnegative(),
  schools: buildRecordSchema.shape.schools,
  leftOut: buildRecordSchema.shape.leftOut,
  leftOutMore: z.number().int().nonnegative(),
  problemCount: z.number().int().nonnegative(),
});
export type ReportSummary = z.infer<typeof reportSummarySchema>;

/** A document revision a deploy brought live (its revision differed from the deploy live before it). */
export const revisionSchema = z.object({ id: z.string(), rev: z.string().nullable() });
export type Revision = z.infer<typeof revisionSchema>;

export const deployRecordSchema = z.object({
  version: z.literal(2),
  id: z.string(),
  state: deployStateSchema.exclude(['live']),
  /** Netlify's own state word from the newest notification applied (`building`, `ready`, `error`...). */
  netlifyState: z.string(),
  context: z.string().nullable(),
  branch: z.string().nullable(),
  /** A production deploy (context `production`, the production branch): the only kind that can be live. */
  production: z.boolean(),
  title: z.string().nullable(),
  batch: z.string().nullable(),
  deployUrl: z.string().nullable(),
  /** What started it: the report's trigger, else what the title and the publish queue say. */
  trigger: buildTriggerSchema,
  /** The documents the publish queue's batch gave it (up to MAX_WAITING_DOCUMENTS): a failed build's only record of what it was to carry. */
  carried: z.array(publishedDocumentSchema),
  createdAt: z.string().nullable(),
  /** The newest applied notification's own time: an older one never moves the record back. */
  updatedAt: z.string().nullable(),
  /** When it was (last) published; a restore publishes an older deploy again. */
  publishedAt: z.string().nullable(),
  /** When it was first published. */
  firstPublishedAt: z.string().nullable(),
  deployTimeSec: z.number().nullable(),
  errorMessage: z.string().nullable(),
  /** The build's summary, read once the deploy was published (null before, and for a failed build). */
  report: reportSummarySchema.nullable(),
  /** When it first went live: the revisions it brought (up to LISTED_BROUGHT, the rest counted), so a later restore can say they were rolled back. */
  brought: z
    .object({ documents: z.array(revisionSchema), more: z.number().int().nonnegative() })
    .nullable(),
});
export type DeployRecord = z.infer<typeof deployRecordSchema>;

/** `live`: which deploy visitors get, since when. */
export const livePointerSchema = z.object({ deployId: z.string(), since: z.string() });
export type LivePointer = z.infer<typeof livePointerSchema>;

/** `site`: Netlify's deploy lock (a locked site does not publish new deploys). */
export const siteRecordSchema = z.object({
  locked: z.boolean(),
  lockedDeployId: z.string().nullable(),
  updatedAt: z.string().nullable(),
  /**
   * When deploys were last unlocked after a lock ("Deploy unlocked" following "Deploy locked"), by
   * the notification's own time: a restore published before it no longer holds the publish queue.
   * Absent: no unlock seen (a record written before it).
   */
  unlockedAt: z.string().optional(),
});
export type SiteRecord = z.infer<typeof siteRecordSchema>;

/**
 * The production deploys that succeeded (each costs Netlify's credits), counted per day (UTC) of the
 * current month: `days[d - 1]` is day d's count. Its first notification of a new month starts it again.
 */
export const deploySpendSchema = z.object({
  /** `YYYY-MM` */
  month: z.string().regex(/^\d{4}-\d{2}$/),
  days: z.array(z.number().int().nonnegative()).max(31),
});
export type DeploySpend = z.infer<typeof deploySpendSchema>;

/** `history/production`: the kept production deploys newest first, the live pointer and the lock. */
export const productionHistorySchema = z.object({
  deploys: z.array(deployRecordSchema),
  live: livePointerSchema.nullable(),
  site: siteRecordSchema.nullable(),
  spend: deploySpendSchema.optional(),
});
export type ProductionHistory = z.infer<typeof productionHistorySchema>;
export const EMPTY_PRODUCTION_HISTORY: ProductionHistory = { deploys: [], live: null, site: null };

/** `history/other`: deploy previews and branch deploys, newest first. */
export const otherHistorySchema = z.object({ deploys: z.array(deployRecordSchema) });
export type OtherHistory = z.infer<typeof otherHistorySchema>;

/**
 * Why a document of the live deploy is not on the site, decided once when the index is written:
 * its school was left out (with the build's code), it is not one of the schools built (retired, or
 * no school of the site), or it had a content problem.
 */
export const indexCodeSchema = z.enum([
  'not-launched',
  'no-tenant',
  'school-left-out',
  'school-not-built',
  'content-problem',
]);
export type IndexCode = z.infer<typeof indexCodeSchema>;

/** One document of the live deploy: [revision, live since, school key, why not on the site (null: it is), field, reason]. */
export const indexEntrySchema = z.tuple([
  z.string().nullable(),
  isoTime,
  z.string().nullable(),
  indexCodeSchema.nullable(),
  z.string().nullable(),
  z.string().nullable(),
]);
export type IndexEntry = z.infer<typeof indexEntrySchema>;
const INDEX_CODES = new Set<unknown>(indexCodeSchema.options);
/** indexEntrySchema as a plain check (a shard holds hundreds of entries). */
function isIndexEntry(entry: unknown): entry is IndexEntry {
  return (
    Array.isArray(entry) &&
    entry.length === 6 &&
    stringOrNull(entry[0]) &&
    typeof entry[1] === 'string' &&
    entry[1] !== '' &&
    stringOrNull(entry[2]) &&
    (entry[3] === null || INDEX_CODES.has(entry[3])) &&
    stringOrNull(entry[4]) &&
    stringOrNull(entry[5])
  );
}

/** `live-index/{n}`: the live deploy's documents whose id falls in shard n. */
export const indexShardSchema = z.object({
  deployId: z.string(),
  /** The deploy's publish time: a shard is never overwritten by an older deploy's. */
  publishedAt: isoTime,
  contentReadAt: isoTime,
  documents: ownRecord(isIndexEntry),
});
export type IndexShard = z.infer<typeof indexShardSchema>;

/** `live-inputs`: the live deploy's build inputs (its build record's `inputs`), never overwritten by an older deploy's. */
export const liveInputsSchema = buildInputsSchema.extend({
  deployId: z.string(),
  /** The deploy's publish time. */
  publishedAt: isoTime,
});
export type LiveInputs = z.infer<typeof liveInputsSchema>;

/** The `deploys` store's records as stored: each one's version and how an older one is read (record-kind.ts). */
export const PRODUCTION_HISTORY_RECORD = recordKind(
  'the production deploy history',
  productionHistorySchema,
);
export const OTHER_HISTORY_RECORD = recordKind(
  'the deploy previews and branch deploys history',
  otherHistorySchema,
);
export const INDEX_SHARD_RECORD = recordKind(
  "a shard of the live deploy's index",
  indexShardSchema,
);
export const LIVE_INPUTS_RECORD = recordKind("the live deploy's inputs", liveInputsSchema);
