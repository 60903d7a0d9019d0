/**
 * The publish queue's record (`rebuild-on-publish`/`publish-queue`): the publishes waiting, the
 * batch in flight, the last few batches, the hold and the deploy budget's slots; and the freshness
 * check's own record in the same store.
 */
import { z } from 'zod';
import {
  MAX_FRESHNESS_REASON,
  publishedDocumentSchema,
  type PublishedDocument,
} from './hook-body.ts';
import { recordKind } from '../functions/record-kind.ts';
import { isoTime } from './record-parts.ts';

/** Publishes the queue lists while they wait (distinct ids); past it they are only counted (`waitingMore`). */
export const MAX_WAITING_DOCUMENTS = 1000;
/** Started batches the queue remembers after they finish, so a late notification still finds what its build carried. */
export const RECENT_BATCHES = 10;

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

/**
 * The live deploy as the deploy notifications last showed the queue (from the production history):
 * which one, since when (`since`: a view of an older live pointer changes nothing, whatever order
 * notifications arrive in), and, while it is an older deploy the operator published again over a
 * newer one and deploys were not unlocked since, the newest deploy published before it
 * (`restoredOver`): the restore hold, during which nothing starts a build (rebuild/restore-hold.ts).
 */
export const liveDeploySchema = z.object({
  deployId: z.string(),
  since: isoTime,
  restoredOver: z.string().optional(),
});
export type LiveDeploy = z.infer<typeof liveDeploySchema>;

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
  /**
   * The live deploy as the notifications last showed it, and whether it is a restore that holds what
   * waits. Absent (a record written before it, or by an older deploy's code, which drops it): no
   * restore is known, as before; the next production notification sets it again.
   */
  live: liveDeploySchema.optional(),
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

/** The publish queue's record as stored: its version and how an older one is read (record-kind.ts). */
export const PUBLISH_QUEUE_RECORD = recordKind('the publish queue', publishQueueSchema);
/** The freshness check's record as stored. */
export const FRESHNESS_RECORD = recordKind("the freshness check's record", freshnessStateSchema);
