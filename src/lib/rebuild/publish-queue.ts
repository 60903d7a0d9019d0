/**
 * The publish queue: publishes become builds without a needless wait. Its one record
 * (`rebuild-on-publish`/`publish-queue`) holds the publishes waiting for a build and the batch in
 * flight (the build hook was called for it and its deploy has not finished).
 *
 * - A publish joins `waiting` (the newest revision per document). If no batch is in flight, the
 *   waiting publishes become a batch at once: the build hook is called, the batch is in flight.
 * - While a batch is in flight, publishes wait. The deploy notification of the finished
 *   production deploy (succeeded, failed or canceled) calls `finished`, which starts the next
 *   batch with everything that waited: publishes during a build combine into the next build.
 * - A batch in flight for longer than STALE_BUILD_MS lost its notification: the next publish (or
 *   finished deploy) starts a new batch anyway.
 * - Every change is a conditional write (the etag read with the record), so of two instances only
 *   one starts a batch for the same publishes; the other reads again and finds it in flight.
 * - A build hook call that fails puts its batch back to waiting, and the caller learns of it
 *   (the webhook answers 502, so the content service delivers the publish again).
 */
import type { BlobStore } from '../deploys/blob-store.ts';
import { updateJson, readJson } from '../deploys/blob-store.ts';
import {
  boundedDocuments, MAX_WAITING_DOCUMENTS, newBatchId as randomBatchId, PUBLISH_QUEUE_KEY, publishQueueSchema, RECENT_BATCHES, STALE_BUILD_MS,
  type Batch, type BuildHookBody, type PublishedDocument, type PublishQueue,
} from '../deploys/records.ts';

export const EMPTY_QUEUE: PublishQueue = { waiting: [], waitingMore: 0, recent: [] };

/**
 * How many times a publish reads and writes the queue before it gives up (503, delivered again).
 * A release's documents publish together and arrive at once, one webhook each: every round of
 * conditional writes lands one of them, so a burst of this many still joins the queue.
 */
export const PUBLISH_ATTEMPTS = 64;

export type QueueOutcome =
  /** A batch was started: its build hook call succeeded. `replaced`: the stale batch it took over from. */
  | { outcome: 'started'; batch: Batch; body: BuildHookBody; title: string; replaced?: string }
  /** The publish waits for the batch in flight. */
  | { outcome: 'waiting'; inFlight: string }
  /** `finished`: nothing waits, nothing to start. */
  | { outcome: 'idle' }
  /** `finished`: the deploy was not the in-flight batch's (a nightly build, a git push, an older batch). */
  | { outcome: 'not-current'; inFlight: string };

/** The build hook call of a started batch failed; the batch is waiting again. */
export class BatchStartError extends Error {
  readonly batch: string;

  constructor(batch: string, options: ErrorOptions) {
    super(`the build hook failed for batch ${batch}: ${(options.cause as Error | undefined)?.message ?? 'unknown error'}`, options);
    this.name = 'BatchStartError';
    this.batch = batch;
  }
}

/** What a queue update decided: an outcome to report, or a batch this instance must start. */
type Decision = Exclude<QueueOutcome, { outcome: 'started' }> | { outcome: 'start'; batch: Batch; replaced: string | undefined };

export interface PublishQueueOptions {
  store: BlobStore;
  /** Calls the build hook with this body; answers the deploy title; throws when the call fails. */
  trigger: (body: BuildHookBody) => Promise<string>;
  now?: () => Date;
  newBatchId?: () => string;
  staleMs?: number;
}

/** `documents` added to `waiting`: one entry per id, the newest publish kept; past the bound, only counted. */
export function withWaiting(queue: PublishQueue, documents: readonly PublishedDocument[]): PublishQueue {
  const waiting = [...queue.waiting];
  let waitingMore = queue.waitingMore;
  for (const document of documents) {
    const at = waiting.findIndex((entry) => entry.id === document.id);
    if (at >= 0) {
      if (waiting[at]!.publishedAt <= document.publishedAt) waiting[at] = document;
    } else if (waiting.length < MAX_WAITING_DOCUMENTS) waiting.push(document);
    else waitingMore += 1;
  }
  return { ...queue, waiting, waitingMore };
}

export function isStale(batch: Batch, now: Date, staleMs = STALE_BUILD_MS): boolean {
  return now.getTime() - Date.parse(batch.calledAt) > staleMs;
}

export function createPublishQueue(options: PublishQueueOptions) {
  const now = options.now ?? (() => new Date());
  const newBatchId = options.newBatchId ?? randomBatchId;
  const staleMs = options.staleMs ?? STALE_BUILD_MS;

  /** The queue with everything waiting moved into a new batch in flight. */
  function started(queue: PublishQueue): { next: PublishQueue; batch: Batch } {
    const batch: Batch = { batch: newBatchId(), calledAt: now().toISOString(), documents: queue.waiting, more: queue.waitingMore };
    return { batch, next: { waiting: [], waitingMore: 0, inFlight: batch, recent: [batch, ...queue.recent].slice(0, RECENT_BATCHES) } };
  }

  function bodyOf(batch: Batch): BuildHookBody {
    return { kind: 'publish', batch: batch.batch, ...boundedDocuments(batch.documents, batch.more) };
  }

  /** Calls the hook for a batch this instance just put in flight; on failure puts it back to waiting. */
  async function call(batch: Batch, replaced: string | undefined): Promise<QueueOutcome> {
    const body = bodyOf(batch);
    try {
      const title = await options.trigger(body);
      return { outcome: 'started', batch, body, title, ...(replaced ? { replaced } : {}) };
    } catch (error) {
      try {
        await updateJson(options.store, PUBLISH_QUEUE_KEY, publishQueueSchema, (current) => {
          // Only if it is still this batch in flight: a newer start owns the queue otherwise.
          if (current?.inFlight?.batch !== batch.batch) return { result: undefined };
          const back = withWaiting({ ...current, waiting: batch.documents, waitingMore: current.waitingMore + batch.more }, current.waiting);
          const { inFlight: _dropped, ...rest } = back;
          return { next: { ...rest, recent: current.recent.filter((entry) => entry.batch !== batch.batch) }, result: undefined };
        });
      } catch {
        // The batch stays in flight until it is stale (STALE_BUILD_MS): the hook's failure is what the caller must hear.
      }
      throw new BatchStartError(batch.batch, { cause: error });
    }
  }

  return {
    read: async (): Promise<PublishQueue> => (await readJson(options.store, PUBLISH_QUEUE_KEY, publishQueueSchema)) ?? EMPTY_QUEUE,

    /** Records a publish; starts a batch when none is in flight (or the one in flight is stale). */
    async publish(document: PublishedDocument): Promise<QueueOutcome> {
      const decided = await updateJson<PublishQueue, Decision>(options.store, PUBLISH_QUEUE_KEY, publishQueueSchema, (current) => {
        const queue = withWaiting(current ?? EMPTY_QUEUE, [document]);
        if (queue.inFlight && !isStale(queue.inFlight, now(), staleMs)) {
          return { next: queue, result: { outcome: 'waiting', inFlight: queue.inFlight.batch } };
        }
        const { next, batch } = started(queue);
        return { next, result: { outcome: 'start', batch, replaced: queue.inFlight?.batch } };
      }, { attempts: PUBLISH_ATTEMPTS });
      return decided.outcome === 'start' ? call(decided.batch, decided.replaced) : decided;
    },

    /**
     * A production deploy finished; `batch`: the batch its title names (none for a git push or a
     * deploy from Netlify's UI). Ends the in-flight batch if it is this one (or stale), then starts
     * the next batch if publishes wait. A repeated notification finds nothing to end.
     */
    async finished(batch: string | undefined): Promise<QueueOutcome> {
      const decided = await updateJson<PublishQueue, Decision>(options.store, PUBLISH_QUEUE_KEY, publishQueueSchema, (current) => {
        if (!current) return { result: { outcome: 'idle' } };
        const inFlight = current.inFlight;
        if (inFlight && inFlight.batch !== batch && !isStale(inFlight, now(), staleMs)) {
          return { result: { outcome: 'not-current', inFlight: inFlight.batch } };
        }
        const { inFlight: _ended, ...rest } = current;
        if (rest.waiting.length === 0 && rest.waitingMore === 0) {
          return inFlight ? { next: rest, result: { outcome: 'idle' } } : { result: { outcome: 'idle' } };
        }
        const { next, batch: nextBatch } = started(rest);
        return { next, result: { outcome: 'start', batch: nextBatch, replaced: undefined } };
      });
      return decided.outcome === 'start' ? call(decided.batch, decided.replaced) : decided;
    },
  };
}

export type PublishQueueHandle = ReturnType<typeof createPublishQueue>;
