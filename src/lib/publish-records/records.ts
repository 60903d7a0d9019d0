/**
 * The shapes shared by the publish webhook, the build, the deploy notifications, the status
 * functions and the Studio: what a publish is, what a build hook call carries, what a build
 * records, what a deploy's record keeps and what the status answers say. Zod schemas, their
 * types and pure helpers only (no Node or Netlify imports: the Studio bundles this file).
 */
import { z } from 'zod';

// ---------------------------------------------------------------------------------------------
// Names

/** Site store of the publish queue (one key). */
export const PUBLISH_QUEUE_STORE = 'rebuild-on-publish';
export const PUBLISH_QUEUE_KEY = 'publish-queue';
/**
 * Site store of the deploy records, each read and changed as one blob (conditional writes):
 * `history/production` (the kept production deploys, which one visitors get, the deploy lock),
 * `history/other` (deploy previews and branch deploys, kept apart so they never push production
 * out), and `live-index/{0..INDEX_SHARDS-1}` (the live deploy's documents, sharded by id, written
 * once per live deploy by the notification). A status answer reads a constant number of them,
 * whatever the history and the number of schools.
 */
export const DEPLOYS_STORE = 'deploys';
export const PRODUCTION_HISTORY_KEY = 'history/production';
export const OTHER_HISTORY_KEY = 'history/other';
/**
 * `live-inputs`: what the live deploy's build was made from that has no event of its own (each
 * published school's tenant record, as a digest), copied from its build record by the notification
 * that made it live, for the freshness check to compare with.
 */
export const LIVE_INPUTS_KEY = 'live-inputs';
/** In the publish queue's store: the freshness check's own record (its last outcome, since when the inputs could not be read). */
export const FRESHNESS_KEY = 'freshness';
/** Production deploys kept (the live one is never dropped); previews and branch deploys kept. */
export const KEPT_DEPLOYS = 50;
export const KEPT_OTHER_DEPLOYS = 20;
/** The live deploy's document index is split into this many blobs by a hash of the document id. */
export const INDEX_SHARDS = 32;
export function indexShardKey(shard: number): string {
  return `live-index/${shard}`;
}
/** The shard of a document id (FNV-1a, 32 bits): the same in the notification and the status functions. */
export function shardOf(id: string): number {
  let hash = 0x811c9dc5;
  for (let at = 0; at < id.length; at += 1) {
    hash ^= id.charCodeAt(at);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % INDEX_SHARDS;
}
/**
 * The build's record in the deploy's own blob store (`getDeployStore({ deployID })`, no name): the
 * build writes it as the file `.netlify/v1/blobs/deploy/build-record/blob` and Netlify's build
 * uploads it under this key before the deploy goes live (Netlify's Frameworks API;
 * src/lib/build/netlify-output.ts).
 */
export const BUILD_RECORD_BLOB = 'build-record';

/** The local stack's secrets and site id, with the other local defaults (config/local-addresses.ts). */
export {
  LOCAL_DEPLOY_NOTIFICATION_SECRET,
  LOCAL_SITE_ID,
  LOCAL_WEBHOOK_SECRET,
} from '../config/local-addresses.ts';

/** Documents listed in one build hook call; past it only a count (`more`) goes along. */
export const MAX_BATCH_DOCUMENTS = 100;
/** Netlify keeps `trigger_title` to this length. */
export const MAX_TRIGGER_TITLE = 200;
/** Publishes the queue lists while they wait (distinct ids); past it they are only counted (`waitingMore`). */
export const MAX_WAITING_DOCUMENTS = 1000;
/** Started batches the queue remembers after they finish, so a late notification still finds what its build carried. */
export const RECENT_BATCHES = 10;
/** Schools a deploy's record lists by name (the rest counted), so the deploys answer stays small at any school count. */
export const LISTED_SCHOOLS = 20;
/** Documents a deploy's record lists as brought live by it (the rest counted). */
export const LISTED_BROUGHT = 1000;
/** A notification whose times lie further ahead than this is refused: no signed message can freeze the live pointer. */
export const MAX_CLOCK_SKEW_MS = 5 * 60_000;
/** Ids in one status question. */
export const MAX_STATUS_IDS = 100;

/** Sanity's document id characters; a published id never starts with `drafts.`. */
export const SANITY_ID_PATTERN = /^[A-Za-z0-9._-]{1,128}$/;
export const BATCH_ID_PATTERN = /^b-[0-9a-f]{8}$/;

const isoTime = z.string().min(1);

/**
 * A JSON object of entries keyed by any string, kept as parsed: every key stays an own property,
 * `__proto__` and `constructor` included (z.record would drop `__proto__`). Read it with `ownEntry`.
 * `valid` checks one entry: a plain function, since a build record has some 25,000 at 600 schools.
 */
function ownRecord<T>(valid: (entry: unknown) => entry is T) {
  return z.custom<Record<string, T>>(
    (input) => {
      if (typeof input !== 'object' || input === null || Array.isArray(input)) return false;
      for (const key of Object.keys(input))
        if (!valid((input as Record<string, unknown>)[key])) return false;
      return true;
    },
    { message: 'expected an object of valid entries' },
  );
}

const stringOrNull = (value: unknown): value is string | null =>
  value === null || typeof value === 'string';

// ---------------------------------------------------------------------------------------------
// 1. The publish webhook's body (Sanity's projection {_id, _type, _rev, _updatedAt})

export const publishWebhookBodySchema = z.object({
  _id: z.string().min(1),
  _type: z.string().min(1),
  // Older webhook configurations send {_id, _type} only: still a publish, revision unknown.
  _rev: z.string().min(1).nullish(),
  _updatedAt: isoTime.nullish(),
});
export type PublishWebhookBody = z.infer<typeof publishWebhookBodySchema>;

/** One published document as the queue, the build hook body and the records carry it. */
export const publishedDocumentSchema = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  rev: z.string().nullable(),
  publishedAt: isoTime,
});
export type PublishedDocument = z.infer<typeof publishedDocumentSchema>;

/** The webhook body as a published document; `arrivedAt` stands in for a missing `_updatedAt`. */
export function publishedDocumentFrom(
  body: PublishWebhookBody,
  arrivedAt: Date,
): PublishedDocument {
  return {
    id: body._id,
    type: body._type,
    rev: body._rev ?? null,
    publishedAt: body._updatedAt ?? arrivedAt.toISOString(),
  };
}

// ---------------------------------------------------------------------------------------------
// 2. The build hook call

/** `nightly`: the daily build before the freshness check replaced it (older deploys' records say so). */
export const triggerKindSchema = z.enum(['publish', 'freshness', 'manual', 'nightly']);
export type TriggerKind = z.infer<typeof triggerKindSchema>;

/** The longest freshness reason a build hook body carries (the deploy message has room for it). */
export const MAX_FRESHNESS_REASON = 120;

export const buildHookBodySchema = z.object({
  kind: triggerKindSchema,
  batch: z.string().regex(BATCH_ID_PATTERN),
  documents: z.array(publishedDocumentSchema).max(MAX_BATCH_DOCUMENTS).default([]),
  more: z.number().int().nonnegative().default(0),
  /** Why the freshness check asked for this build ("tenant records changed for 3 schools"), when it did. */
  freshness: z.string().max(MAX_FRESHNESS_REASON).optional(),
});
export type BuildHookBody = z.infer<typeof buildHookBodySchema>;

/** What started a build: a build hook body, or `unknown` (a git push, Netlify's UI, a body that does not parse). */
export const buildTriggerSchema = z.union([
  buildHookBodySchema,
  z.object({ kind: z.literal('unknown') }),
]);
export type BuildTrigger = z.infer<typeof buildTriggerSchema>;

/** Reads INCOMING_HOOK_BODY (or any text claiming to be a build hook body). */
export function parseBuildTrigger(text: string | undefined | null): BuildTrigger {
  if (!text) return { kind: 'unknown' };
  try {
    const parsed = buildHookBodySchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : { kind: 'unknown' };
  } catch {
    return { kind: 'unknown' };
  }
}

/** A new batch id: `b-` + 8 hex digits. */
export function newBatchId(): string {
  const bytes = new Uint8Array(4);
  globalThis.crypto.getRandomValues(bytes);
  return `b-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

/** The batch a deploy's title names (` [batch b-1a2b3c4d]` at its end), if any. */
export function batchFromTitle(title: string | null | undefined): string | undefined {
  return title?.match(/\[batch (b-[0-9a-f]{8})\]\s*$/)?.[1];
}

/** How a freshness build's deploy message starts. */
export const FRESHNESS_TITLE = 'Freshness check';

/**
 * The deploy message Netlify shows (≤ 200 characters, ending with the batch), e.g.
 * "Publish of 3 documents (landingHeader, faqs) [batch b-…]", "Freshness check: tenant records
 * changed for 3 schools [batch b-…]", "Rebuild by hand [batch b-…]" (or the `reason` given for a
 * build by hand). A publish batch that also carries a freshness build says so after its documents.
 */
export function buildHookTitle(
  body: BuildHookBody,
  now: Date = new Date(),
  reason?: string,
): string {
  const suffix = ` [batch ${body.batch}]`;
  let head: string;
  if (body.kind === 'nightly')
    head = `Nightly rebuild ${now.toISOString().slice(0, 10)} (giveaway state, enter button)`;
  // `npm run rebuild -- --title "why"`: the operator's words, still with the batch.
  else if (body.kind === 'manual') head = reason?.trim() || 'Rebuild by hand';
  else if (body.kind === 'freshness')
    head = `${FRESHNESS_TITLE}: ${body.freshness ?? 'the site would change'}`;
  else {
    const count = body.documents.length + body.more;
    const types = [...new Set(body.documents.map((document) => document.type))];
    head = `Publish of ${count} document${count === 1 ? '' : 's'}${types.length ? ` (${types.join(', ')})` : ''}${body.freshness ? `; ${FRESHNESS_TITLE.toLowerCase()}: ${body.freshness}` : ''}`;
  }
  const room = MAX_TRIGGER_TITLE - suffix.length;
  if (head.length > room) head = `${head.slice(0, room - 1)}…`;
  return `${head}${suffix}`;
}

/**
 * At most MAX_BATCH_DOCUMENTS documents, newest revision per id, the newest publishes first;
 * `more` counts the rest (plus `moreBefore` already counted elsewhere).
 */
export function boundedDocuments(
  documents: readonly PublishedDocument[],
  moreBefore = 0,
): { documents: PublishedDocument[]; more: number } {
  const newest = new Map<string, PublishedDocument>();
  for (const document of documents) {
    const seen = newest.get(document.id);
    if (!seen || seen.publishedAt <= document.publishedAt) newest.set(document.id, document);
  }
  const sorted = [...newest.values()].sort((a, b) =>
    a.publishedAt < b.publishedAt ? 1 : a.publishedAt > b.publishedAt ? -1 : 0,
  );
  return {
    documents: sorted.slice(0, MAX_BATCH_DOCUMENTS),
    more: moreBefore + Math.max(0, sorted.length - MAX_BATCH_DOCUMENTS),
  };
}

// ---------------------------------------------------------------------------------------------
// 3. What a build records (the build writes it; the notification function copies it into the deploy's record)

export const leftOutCodeSchema = z.enum(['not-launched', 'no-tenant', 'school-left-out']);
export type LeftOutCode = z.infer<typeof leftOutCodeSchema>;

/**
 * What a build read that has no event of its own: each published school's tenant record (digested:
 * src/lib/tenants/digest.ts) and where it was read from (`api`: the product API; `file`: a file of
 * records, TENANTS_FILE, which changes only with a deploy). The freshness check compares it with
 * the tenant records as they are now.
 */
export const buildInputsSchema = z.object({
  source: z.enum(['api', 'file']),
  /** The digest of every school's digest. */
  digest: z.string().min(1),
  /** School key → its tenant record's digest. */
  tenants: ownRecord((entry): entry is string => typeof entry === 'string'),
});
export type BuildInputs = z.infer<typeof buildInputsSchema>;

export const buildRecordSchema = z.object({
  version: z.literal(1),
  contentReadAt: isoTime,
  trigger: buildTriggerSchema,
  /** Absent in the records of builds made before the freshness check: such a live deploy has no digest. */
  inputs: buildInputsSchema.optional(),
  /** Every document the build read: published id → revision, type, school key (null: site-wide). */
  documents: ownRecord(
    (entry): entry is { rev: string | null; type: string; school: string | null } => {
      const document = entry as Record<string, unknown> | null;
      return (
        typeof document === 'object' &&
        document !== null &&
        stringOrNull(document['rev']) &&
        typeof document['type'] === 'string' &&
        stringOrNull(document['school'])
      );
    },
  ),
  schools: z.array(z.object({ key: z.string(), seoSlug: z.string(), status: z.string() })),
  leftOut: z.array(
    z.object({
      key: z.string(),
      seoSlug: z.string().nullish(),
      status: z.string(),
      reasons: z.array(z.string()),
      /** Optional: derived from status and reasons by leftOutCode() when absent. */
      code: leftOutCodeSchema.optional(),
    }),
  ),
  problems: z.array(
    z.object({
      school: z.string().nullish(),
      documentType: z.string(),
      documentId: z.string().nullish(),
      field: z.string().nullish(),
      reason: z.string(),
    }),
  ),
});
export type BuildRecord = z.infer<typeof buildRecordSchema>;
export type LeftOutEntry = BuildRecord['leftOut'][number];
export type BuildProblem = BuildRecord['problems'][number];

/** Why a school was left out, as a code: a preparing school is "not launched" first of all. */
export function leftOutCode(entry: LeftOutEntry): LeftOutCode {
  if (entry.code) return entry.code;
  if (
    entry.status === 'preparing' &&
    entry.reasons.some((reason) => reason.startsWith('not launched'))
  )
    return 'not-launched';
  if (entry.reasons.some((reason) => reason.startsWith('no tenant record'))) return 'no-tenant';
  return 'school-left-out';
}

// ---------------------------------------------------------------------------------------------
// 4. Deploy notifications and records

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

/** An own entry of a record parsed from JSON: never a property every object inherits (`constructor`, `__proto__`). */
export function ownEntry<T>(
  record: Readonly<Record<string, T>> | undefined,
  key: string,
): T | undefined {
  return record && Object.hasOwn(record, key) ? record[key] : undefined;
}

// ---------------------------------------------------------------------------------------------
// 5. The publish queue

/** A document in the publish queue: `triedAgain` once it waits again after a build that failed (each is tried again once). */
export const queuedDocumentSchema = publishedDocumentSchema.extend({
  triedAgain: z.literal(true).optional(),
});
export type QueuedDocument = z.infer<typeof queuedDocumentSchema>;

/** A queued document as a publish (what a build hook body and a deploy record carry). */
export function asPublished({ id, type, rev, publishedAt }: PublishedDocument): PublishedDocument {
  return { id, type, rev, publishedAt };
}

/**
 * A build the freshness check asked for (the site would change with no publish: `reason` says
 * why): it waits like a publish and goes with the next batch. `triedAgain` once it waits again after
 * a build that failed.
 */
export const freshnessRequestSchema = z.object({
  reason: z.string().max(MAX_FRESHNESS_REASON),
  at: isoTime,
  triedAgain: z.literal(true).optional(),
});
export type FreshnessRequest = z.infer<typeof freshnessRequestSchema>;

export const batchSchema = z.object({
  batch: z.string(),
  /** When its build hook was called (ISO). */
  calledAt: isoTime,
  documents: z.array(queuedDocumentSchema),
  more: z.number().int().nonnegative(),
  /** The freshness build it also carries. */
  freshness: freshnessRequestSchema.optional(),
  /** When its start was confirmed (the hook answered, or a notification named the batch); unset: not (yet) confirmed. */
  startedAt: isoTime.optional(),
  /** When its deploy started building (its notification): from then it is waited for as long as a build may run. */
  buildingAt: isoTime.optional(),
  /** The newest word of it: a notification naming it, or one of a deploy queued ahead of it. */
  heardAt: isoTime.optional(),
  /** In `recent`: taken as lost (its outcome unknown), its documents put back to waiting. */
  lostAt: isoTime.optional(),
  /** In `recent`: its deploy finished (the notification said so). */
  endedAt: isoTime.optional(),
});
export type Batch = z.infer<typeof batchSchema>;

/**
 * Why what waits does not start now, and until when: a start that failed, could not be confirmed, a
 * build never heard of, a build that failed outside the content or in its build command, or the deploy budget (its slot is
 * used: `until` is the next slot). Any reader shows `reason` and `until`, whatever the cause.
 */
export const holdCauseSchema = z.enum([
  'hook-failed',
  'start-unconfirmed',
  'no-word',
  'platform-failed',
  'build-failed',
  'deploy-budget',
]);
export type HoldCause = z.infer<typeof holdCauseSchema>;
export const holdSchema = z.object({
  cause: holdCauseSchema,
  /** Starts that failed or were lost since the last confirmed one: the next wait doubles with each. */
  attempts: z.number().int().nonnegative(),
  since: isoTime,
  until: isoTime,
  /** In words an editor reads: what went wrong, never the hook's address. */
  reason: z.string(),
});
export type Hold = z.infer<typeof holdSchema>;

export const publishQueueSchema = z.object({
  waiting: z.array(queuedDocumentSchema),
  waitingMore: z.number().int().nonnegative(),
  inFlight: batchSchema.optional(),
  /** The last few batches started, so a late notification still finds what it carried. */
  recent: z.array(batchSchema).default([]),
  /** Set while what waits may not start yet (a record of an older version's `retry` is dropped: what waits starts at once). */
  hold: holdSchema.optional(),
  /**
   * Batches taken as lost for silence in a row, with no deploy notification heard in between: the
   * wait before the next start doubles with each, up to a day (SILENCE_MAX_MS).
   */
  silentLosses: z.number().int().nonnegative().optional(),
  /** A build the freshness check asked for, waiting (with the publishes, if any: one batch carries both). */
  fresh: freshnessRequestSchema.optional(),
  /**
   * With a deploy budget: the slots of the last hour a production build started in (each slot's
   * start), the queue's own and any other deploy heard of. At most one build starts in a slot.
   */
  slots: z.array(isoTime).optional(),
});
export type PublishQueue = z.infer<typeof publishQueueSchema>;

/** The freshness check's record (key `freshness` in the publish queue's store). */
export const freshnessStateSchema = z.object({
  /** The last check that ran: when, what it found (the words of its log line), and whether it asked for a build. */
  checkedAt: isoTime,
  outcome: z.string(),
  build: z.boolean(),
  /** Since when the tenant records could not be read (unset once they were read again). */
  unreadableSince: isoTime.optional(),
});
export type FreshnessState = z.infer<typeof freshnessStateSchema>;

// ---------------------------------------------------------------------------------------------
// 6. The status answers

export const notLiveCodeSchema = z.enum([
  'build-failed',
  'school-left-out',
  'not-launched',
  'content-problem',
  'no-tenant',
  'site-locked',
  'rolled-back',
]);
export type NotLiveCode = z.infer<typeof notLiveCodeSchema>;

export const documentStatusSchema = z.discriminatedUnion('state', [
  // `deploy`: editors only.
  z.object({ state: z.literal('live'), since: z.string(), deploy: z.string().optional() }),
  z.object({
    state: z.literal('publishing'),
    // Editors only:
    deploy: z.string().optional(),
    startedAt: z.string().optional(),
    /** It waits (the queue's hold): why, and when the site starts it; `cause` the hold's (any text: a newer site may add one). */
    waiting: z
      .object({ reason: z.string(), nextTryAt: z.string(), cause: z.string().optional() })
      .optional(),
  }),
  z.object({
    state: z.literal('not-live'),
    reason: z.string(),
    code: notLiveCodeSchema,
    // Editors only:
    school: z.string().optional(),
    field: z.string().optional(),
    deploy: z.string().optional(),
  }),
  z.object({ state: z.literal('unknown'), reason: z.string() }),
]);
export type DocumentStatus = z.infer<typeof documentStatusSchema>;
export type DocumentState = DocumentStatus['state'];

/** Shown to a visitor for anything the public site does not show: the words of an id that never existed. */
export const UNKNOWN_TO_VISITORS = 'No recorded deploy carried this document yet.';

/**
 * What a visitor may learn of a document: only what the public site shows. `public`: the live
 * deploy carries the document and its school's pages (or the site's) are on the site. Anything
 * else (a school being prepared, left out, retired; an id that never existed) reads as an unknown
 * id, in the same words; no deploy ids, no times of builds, no build errors, no field names. An
 * editor gets `status` as it is.
 *
 * | state      | editor               | visitor, public document         | visitor, any other |
 * |------------|----------------------|----------------------------------|--------------------|
 * | live       | since, deploy        | since                            | unknown            |
 * | publishing | deploy, startedAt, waiting | (state only)               | unknown            |
 * | not-live   | reason, code, school, field, deploy | reason, code (the visitor's words) | unknown |
 * | unknown    | reason               | the unknown id's words           | the same           |
 */
export function statusFor(
  caller: 'visitor' | 'editor',
  status: DocumentStatus,
  isPublic: boolean,
  visitorReason?: string,
): DocumentStatus {
  if (caller === 'editor') return status;
  if (!isPublic || status.state === 'unknown')
    return { state: 'unknown', reason: UNKNOWN_TO_VISITORS };
  if (status.state === 'live') return { state: 'live', since: status.since };
  if (status.state === 'publishing') return { state: 'publishing' };
  return { state: 'not-live', reason: visitorReason ?? status.reason, code: status.code };
}

/**
 * The request header the Studio sends an editor's pass in (src/lib/deploys/editor-pass.ts), spelled
 * as the status functions' CORS and Vary headers name it (header names are case-insensitive).
 */
export const PASS_HEADER = 'X-Editor-Pass';

/** An editor Sanity has just proven: the pass the Studio sends back (PASS_HEADER), and until when it holds. */
export const editorPassSchema = z.object({ pass: z.string(), expiresAt: z.string() });
export type EditorPass = z.infer<typeof editorPassSchema>;

/** 503 to a token the function could not check yet: "checking your access", and when to ask again. */
export const accessCheckingSchema = z.object({
  message: z.string(),
  access: z.literal('checking'),
  retryAfterSeconds: z.number().int().positive(),
});
export type AccessChecking = z.infer<typeof accessCheckingSchema>;

/** In an answer: a new pass for the editor, or `null` when the pass sent proves nothing here (forget it). */
const answerPassSchema = editorPassSchema.nullable().optional();

export const publishStatusAnswerSchema = z.object({
  documents: z.record(z.string(), documentStatusSchema),
  checkedAt: z.string(),
  editorPass: answerPassSchema,
});
export type PublishStatusAnswer = z.infer<typeof publishStatusAnswerSchema>;

export const deploySummarySchema = z.object({
  /** Editors only: Netlify's deploy id (its permalink serves that deploy). */
  id: z.string().optional(),
  state: deployStateSchema,
  context: z.string().nullable(),
  production: z.boolean(),
  live: z.boolean(),
  title: z.string().nullable(),
  trigger: z.object({
    kind: z.enum([...triggerKindSchema.options, 'unknown']),
    documents: z.number().int().nonnegative(),
    /** Editors only: why the freshness check asked for it. */
    freshness: z.string().optional(),
  }),
  createdAt: z.string().nullable(),
  publishedAt: z.string().nullable(),
  deployTimeSec: z.number().nullable(),
  errorMessage: z.string().optional(),
  schools: z.object({
    /** Up to LISTED_SCHOOLS; `builtCount` counts them all. */
    built: z.array(z.object({ seoSlug: z.string(), url: z.string() })),
    builtCount: z.number().int().nonnegative(),
    leftOut: z.array(z.object({ seoSlug: z.string().optional(), reason: z.string() })),
    leftOutMore: z.number().int().nonnegative(),
  }),
});
export type DeploySummary = z.infer<typeof deploySummarySchema>;

/** Editors only: the publish queue while what waits is held (the build hook did not answer, a build was lost, the deploy budget…). */
export const queueSummarySchema = z.object({
  waiting: z.number().int().nonnegative(),
  reason: z.string(),
  nextTryAt: z.string(),
  cause: z.string().optional(),
  /** A freshness build waits too: why it was asked for. */
  freshness: z.string().optional(),
});
export type QueueSummary = z.infer<typeof queueSummarySchema>;

/** Editors only: what the production deploys cost, and what limits them. */
export const deploySpendSummarySchema = z.object({
  /** The production deploys that succeeded today and this month (UTC), and which day that is. */
  today: z.number().int().nonnegative(),
  month: z.number().int().nonnegative(),
  day: z.string(),
  /** The deploy budget (DEPLOY_BUDGET_PER_HOUR), when one is set. */
  budgetPerHour: z.number().int().positive().optional(),
});
export type DeploySpendSummary = z.infer<typeof deploySpendSummarySchema>;

/** Editors only: the freshness check's last outcome. */
export const freshnessSummarySchema = z.object({
  checkedAt: z.string(),
  outcome: z.string(),
  build: z.boolean(),
});
export type FreshnessSummary = z.infer<typeof freshnessSummarySchema>;

/**
 * What a visitor learns of the deploys: what the public site shows, when it last changed and which
 * schools are on it; no deploys, triggers, counts of documents or failures.
 */
export const publicSiteSummarySchema = z.object({
  /** When the deploy visitors get was published. */
  lastChangedAt: z.string(),
  schools: deploySummarySchema.shape.schools.pick({ built: true, builtCount: true }),
});
export type PublicSiteSummary = z.infer<typeof publicSiteSummarySchema>;

/** Editors: `deploys` (and `waitingToBuild`); visitors: `site` only (`deploys` empty). */
export const deploysAnswerSchema = z.object({
  deploys: z.array(deploySummarySchema),
  waitingToBuild: queueSummarySchema.optional(),
  spend: deploySpendSummarySchema.optional(),
  freshness: freshnessSummarySchema.optional(),
  site: publicSiteSummarySchema.nullable().optional(),
  checkedAt: z.string(),
  editorPass: answerPassSchema,
});
export type DeploysAnswer = z.infer<typeof deploysAnswerSchema>;
