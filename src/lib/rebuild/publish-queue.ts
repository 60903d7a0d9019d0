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
 * - A build hook call that fails (or does not answer within BUILD_HOOK_TIMEOUT_MS) puts its batch
 *   back to waiting and sets `retry`: the site calls the hook again itself at `retry.nextAt`
 *   (1, 2, 4, … minutes, at most 30: the publish-retry scheduled function), not the content
 *   service, which retries a failed delivery only twice. Publishes meanwhile wait for that time.
 * - A publish of a revision already waiting, in flight or in a recent batch changes nothing: a
 *   replayed webhook never starts another build.
 */
import type { BlobStore } from '../publish-records/blob-store.ts';
import { updateJson, readJson } from '../publish-records/blob-store.ts';
import {
  boundedDocuments, MAX_WAITING_DOCUMENTS, newBatchId as randomBatchId, PUBLISH_QUEUE_KEY, publishQueueSchema, RECENT_BATCHES, RETRY_BASE_MS, RETRY_MAX_MS, STALE_BUILD_MS,
  type Batch, type BuildHookBody, type PublishedDocument, type PublishQueue, type Retry,
} from '../publish-records/records.ts';

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
  /** The publish waits for the site's next call of the build hook, which did not answer before. */
  | { outcome: 'waiting-retry'; nextAt: string }
  /** The same revision is already waiting, in flight or in a recent batch: nothing changes. */
  | { outcome: 'duplicate' }
  /** `finished`: nothing waits, nothing to start. */
  | { outcome: 'idle' }
  /** `finished`: the deploy was not the in-flight batch's (a nightly build, a git push, an older batch). */
  | { outcome: 'not-current'; inFlight: string };

/** The build hook call of a started batch failed; the batch is waiting again, the site calls the hook again at `nextAt`. */
export class BatchStartError extends Error {
  readonly batch: string;
  readonly nextAt: string | undefined;

  constructor(batch: string, nextAt: string | undefined, options: ErrorOptions) {
    super(`the build hook failed for batch ${batch}: ${(options.cause as Error | undefined)?.message ?? 'unknown error'}`, options);
    this.name = 'BatchStartError';
    this.batch = batch;
    this.nextAt = nextAt;
  }
}

/** The wait before the site's `attempts`-th new call of a build hook that did not answer. */
export function retryDelayMs(attempts: number, baseMs = RETRY_BASE_MS): number {
  return Math.min(RETRY_MAX_MS, baseMs * 2 ** Math.max(0, attempts - 1));
}

/** The same revision of the document is waiting, in flight or in a recent batch (a revision-less publish never is). */
export function alreadyQueued(queue: PublishQueue, document: PublishedDocument): boolean {
  if (document.rev === null) return false;
  const same = (entry: PublishedDocument) => entry.id === document.id && entry.rev === document.rev;
  return queue.waiting.some(same) || (queue.inFlight?.documents.some(same) ?? false) || queue.recent.some((batch) => batch.documents.some(same));
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
  /** The first wait before the site calls a build hook again (RETRY_BASE_MS). */
  retryBaseMs?: number;
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
  const retryBaseMs = options.retryBaseMs ?? RETRY_BASE_MS;

  /** The queue with everything waiting moved into a new batch in flight. */
  function started(queue: PublishQueue): { next: PublishQueue; batch: Batch } {
    const batch: Batch = { batch: newBatchId(), calledAt: now().toISOString(), documents: queue.waiting, more: queue.waitingMore };
    const { retry } = queue;
    // The retry stays on record until the call succeeds: a failed call counts one attempt more.
    return { batch, next: { waiting: [], waitingMore: 0, inFlight: batch, recent: [batch, ...queue.recent].slice(0, RECENT_BATCHES), ...(retry ? { retry } : {}) } };
  }

  function bodyOf(batch: Batch): BuildHookBody {
    return { kind: 'publish', batch: batch.batch, ...boundedDocuments(batch.documents, batch.more) };
  }

  /** Calls the hook for a batch this instance just put in flight; on failure puts it back to waiting, with a time to try again. */
  async function call(batch: Batch, replaced: string | undefined): Promise<QueueOutcome> {
    const body = bodyOf(batch);
    try {
      const title = await options.trigger(body);
      try {
        await updateJson(options.store, PUBLISH_QUEUE_KEY, publishQueueSchema, (current) => {
          if (!current?.retry) return { result: undefined };
          const { retry: _answered, ...rest } = current;
          return { next: rest, result: undefined };
        });
      } catch {
        // The build started; a retry left on record only means one more check by publish-retry.
      }
      return { outcome: 'started', batch, body, title, ...(replaced ? { replaced } : {}) };
    } catch (error) {
      let nextAt: string | undefined;
      try {
        nextAt = await updateJson(options.store, PUBLISH_QUEUE_KEY, publishQueueSchema, (current) => {
          // Only if it is still this batch in flight: a newer start owns the queue otherwise.
          if (current?.inFlight?.batch !== batch.batch) return { result: undefined };
          const back = withWaiting({ ...current, waiting: batch.documents, waitingMore: current.waitingMore + batch.more }, current.waiting);
          const { inFlight: _dropped, ...rest } = back;
          const failedAt = now();
          const attempts = (current.retry?.attempts ?? 0) + 1;
          const retry: Retry = { attempts, failedAt: failedAt.toISOString(), nextAt: new Date(failedAt.getTime() + retryDelayMs(attempts, retryBaseMs)).toISOString(), reason: 'the build service did not answer' };
          return { next: { ...rest, recent: current.recent.filter((entry) => entry.batch !== batch.batch), retry }, result: retry.nextAt };
        });
      } catch {
        // The batch stays in flight until it is stale (STALE_BUILD_MS): the hook's failure is what the caller must hear.
      }
      throw new BatchStartError(batch.batch, nextAt, { cause: error });
    }
  }

  /** Nothing in flight (or only a stale batch): the waiting publishes may start now, unless a retry's time has not come. */
  function mayStart(queue: PublishQueue): 'now' | 'in-flight' | 'retry-later' {
    if (queue.inFlight && !isStale(queue.inFlight, now(), staleMs)) return 'in-flight';
    if (queue.retry && Date.parse(queue.retry.nextAt) > now().getTime()) return 'retry-later';
    return 'now';
  }

  return {
    read: async (): Promise<PublishQueue> => (await readJson(options.store, PUBLISH_QUEUE_KEY, publishQueueSchema)) ?? EMPTY_QUEUE,

    /** Records a publish; starts a batch when none is in flight (or the one in flight is stale). */
    async publish(document: PublishedDocument): Promise<QueueOutcome> {
      const decided = await updateJson<PublishQueue, Decision>(options.store, PUBLISH_QUEUE_KEY, publishQueueSchema, (current) => {
        if (current && alreadyQueued(current, document)) return { result: { outcome: 'duplicate' } };
        const queue = withWaiting(current ?? EMPTY_QUEUE, [document]);
        const may = mayStart(queue);
        if (may === 'in-flight') return { next: queue, result: { outcome: 'waiting', inFlight: queue.inFlight!.batch } };
        if (may === 'retry-later') return { next: queue, result: { outcome: 'waiting-retry', nextAt: queue.retry!.nextAt } };
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
    /**
     * publish-retry (scheduled): starts what waits when nothing is in flight (or only a stale batch)
     * and the retry's time has come; a repeated or early run changes nothing.
     */
    async retryWaiting(): Promise<QueueOutcome> {
      const decided = await updateJson<PublishQueue, Decision>(options.store, PUBLISH_QUEUE_KEY, publishQueueSchema, (current) => {
        if (!current || (current.waiting.length === 0 && current.waitingMore === 0)) return { result: { outcome: 'idle' } };
        const may = mayStart(current);
        if (may === 'in-flight') return { result: { outcome: 'waiting', inFlight: current.inFlight!.batch } };
        if (may === 'retry-later') return { result: { outcome: 'waiting-retry', nextAt: current.retry!.nextAt } };
        const { next, batch } = started(current);
        return { next, result: { outcome: 'start', batch, replaced: current.inFlight?.batch } };
      });
      return decided.outcome === 'start' ? call(decided.batch, decided.replaced) : decided;
    },

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
