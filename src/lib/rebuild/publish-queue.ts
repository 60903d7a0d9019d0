/**
 * The publish queue: publishes become builds without a needless wait, and none is left behind. Its
 * one record (`rebuild-on-publish`/`publish-queue`) holds the publishes waiting for a build, the
 * batch in flight (its build hook was called and its deploy has not finished), the last few batches
 * and, while what waits may not start yet, a hold (why, and until when). The rules are pure: what
 * the record becomes after each event (queue-state.ts), and whether what waits starts a build now
 * or waits, until when and why (start-decision.ts). This module only reads the record, decides,
 * writes it back conditionally and calls the build hook.
 *
 * - A publish joins `waiting` (the newest revision per document). If nothing is in flight or held,
 *   the waiting publishes become a batch at once and the build hook is called.
 * - While a batch is in flight, publishes wait. The deploy notification of its finished production
 *   deploy (`finished`) starts the next batch with everything that waited. Its "building"
 *   notification (`building`) confirms the start.
 * - A batch whose outcome is unknown goes back to waiting with its documents: a start the hook's
 *   answer (or a notification) never confirmed within START_CONFIRM_UNITS (the instance died, its
 *   write failed), or a build never heard of for STALE_UNITS (its notification was lost).
 *   publish-retry, every minute, applies that rule and starts what waits once its hold is over.
 * - A build hook call that fails puts its batch back to waiting with a hold of 1, 2, 4, … units (at
 *   most 30): the site calls the hook again itself, not the content service (which retries a failed
 *   delivery only twice).
 * - A build that failed is tried again once (each document once), whatever failed: Netlify's message
 *   cannot tell a fault in the content from a service the build reads being down (build-failure.ts);
 *   a fault in the content fails again, and that is final.
 * - Every change is a conditional write (the etag read with the record), so of two instances only
 *   one starts a batch for the same publishes; the other reads again and finds it in flight.
 * - A publish of a revision already in flight or in a batch that built changes nothing: a replayed
 *   webhook never starts another build. A revision whose batch never built joins again.
 * - A build the freshness check asks for (`freshness`) waits as a publish does, and goes with the
 *   next batch (one build carries both).
 * - With a deploy budget (`budgetPerHour`), at most one build starts in each slot of the hour
 *   (deploy-budget.ts): what would start in a slot already used waits, held until the next free
 *   slot, and publish-retry starts it then.
 * - A restore the operator made (an older deploy published again: restore-hold.ts), as each
 *   deploy notification shows it (`building`, `finished`: `live`), holds everything: publishes
 *   wait, no freshness build is asked for, publish-retry starts nothing. The notification that
 *   shows it ended (the latest deploy live again, deploys unlocked) starts what waits.
 */
import type { BlobStore } from '../functions/blob-store.ts';
import { readJson, updateJson } from '../functions/blob-store.ts';
import {
  MAX_FRESHNESS_REASON,
  newBatchId as randomBatchId,
  type BuildHookBody,
  type PublishedDocument,
} from '../publish-records/hook-body.ts';
import { PUBLISH_QUEUE_KEY } from '../publish-records/names.ts';
import {
  PUBLISH_QUEUE_RECORD,
  type Batch,
  type LiveDeploy,
  type PublishQueue,
} from '../publish-records/queue-record.ts';
import type { FetchLike } from '../functions/define-function.ts';
import { isRefusal, triggerBuild } from './build-hook.ts';
import type { OpsAlert } from '../functions/ops-alert.ts';
import { heardOther } from './deploy-budget.ts';
import type { QueueSettings } from '../functions/function-settings.ts';
import type { QueueOutcome } from './queue-outcome.ts';
import { RETRY_BASE_MS } from './queue-timing.ts';
import {
  alreadyBuilt,
  budgetHold,
  confirmed,
  EMPTY_QUEUE,
  ended,
  heardAhead,
  heardFromNetlify,
  hookBody,
  isQueueBatch,
  settle,
  start,
  startFailed,
  withWaiting,
  type BuildOutcome,
} from './queue-state.ts';
import { restoreHold, withLiveView } from './restore-hold.ts';
import { decideStart } from './start-decision.ts';

export { EMPTY_QUEUE, type BuildOutcome } from './queue-state.ts';

/**
 * How many times a publish reads and writes the queue before it gives up (503, delivered again).
 * A release's documents publish together and arrive at once, one webhook each: every round of
 * conditional writes lands one of them, so a burst of this many still joins the queue.
 */
export const PUBLISH_ATTEMPTS = 64;

/** The build hook call of a started batch failed; the batch waits again, the site calls the hook again at `nextAt` (unknown when that could not be written). */
export class BatchStartError extends Error {
  readonly batch: string;
  readonly nextAt: string | undefined;

  constructor(batch: string, nextAt: string | undefined, options: ErrorOptions) {
    super(
      `the build hook failed for batch ${batch}: ${(options.cause as Error | undefined)?.message ?? 'unknown error'}`,
      options,
    );
    this.name = 'BatchStartError';
    this.batch = batch;
    this.nextAt = nextAt;
  }
}

export interface PublishQueueOptions {
  store: BlobStore;
  /** Calls the build hook with this body; answers the deploy title; throws when the call fails. */
  trigger: (body: BuildHookBody) => Promise<string>;
  now?: () => Date;
  newBatchId?: () => string;
  /** The queue's unit of time (RETRY_BASE_MS; PUBLISH_RETRY_BASE_SECONDS). */
  retryBaseMs?: number;
  /** The deploy budget (DEPLOY_BUDGET_PER_HOUR): at most this many builds an hour, one a slot. Unset: none. */
  budgetPerHour?: number | undefined;
}

/** What one update decided: an outcome to report, or a batch this instance must start. */
type Decision =
  | Exclude<QueueOutcome, { outcome: 'started' }>
  | { outcome: 'start'; batch: Batch; recovered: string | undefined };

export function createPublishQueue(options: PublishQueueOptions) {
  const now = options.now ?? (() => new Date());
  const newBatchId = options.newBatchId ?? randomBatchId;
  const unitMs = options.retryBaseMs ?? RETRY_BASE_MS;
  const perHour = options.budgetPerHour;

  /**
   * Reads, settles (a lost in-flight batch waits again; `lost` names it), applies `rule`, and writes
   * when anything changed.
   */
  function update<R>(
    rule: (
      queue: PublishQueue,
      at: Date,
      lost: string | undefined,
    ) => { next: PublishQueue; result: R },
    attempts?: number,
  ): Promise<R> {
    return updateJson<PublishQueue, R>(
      options.store,
      PUBLISH_QUEUE_KEY,
      PUBLISH_QUEUE_RECORD,
      (current) => {
        const at = now();
        const settled = settle(current ?? EMPTY_QUEUE, at, unitMs);
        const { next, result } = rule(
          settled,
          at,
          settled === current ? undefined : current?.inFlight?.batch,
        );
        // Nothing changed; and no record where there was none (a new site's, or one lost before a
        // restore from a backup: writing an empty one would keep the backup's out).
        return next === (current ?? EMPTY_QUEUE) ? { result } : { next, result };
      },
      attempts === undefined ? {} : { attempts },
    );
  }

  /** What waits, started if the decision (start-decision.ts) says now; the outcome to report otherwise. */
  function startIfDue(
    queue: PublishQueue,
    at: Date,
    lost: string | undefined,
  ): { next: PublishQueue; result: Decision } {
    const decided = decideStart(queue, at, { budgetPerHour: perHour });
    if (decided.start) {
      const { next, batch } = start(queue, newBatchId(), at, perHour);
      return { next, result: { outcome: 'start', batch, recovered: lost } };
    }
    switch (decided.why) {
      case 'in-flight':
        return { next: queue, result: { outcome: 'waiting', inFlight: decided.batch } };
      case 'idle':
        return { next: queue, result: { outcome: 'idle' } };
      case 'restored':
        return { next: queue, result: { outcome: 'restored', live: decided.live } };
      case 'held':
        return { next: queue, result: { outcome: 'held', hold: decided.hold } };
      case 'deploy-budget': {
        const held = budgetHold(queue, at, decided.until);
        return { next: held, result: { outcome: 'held', hold: held.hold! } };
      }
    }
  }

  /** Calls the hook for a batch this instance just put in flight; records the answer either way. */
  async function call(batch: Batch, recovered: string | undefined): Promise<QueueOutcome> {
    const body = hookBody(batch);
    let title: string;
    try {
      title = await options.trigger(body);
    } catch (error) {
      let nextAt: string | undefined;
      try {
        nextAt = await update((queue, at) => {
          const next = startFailed(queue, batch.batch, at, unitMs);
          return { next, result: next.hold?.until };
        });
      } catch {
        // The batch stays in flight, unconfirmed: `settle` puts it back once its start deadline passed.
      }
      throw new BatchStartError(batch.batch, nextAt, { cause: error });
    }
    try {
      // As many tries as a publish: a burst of publishes is writing the same record now.
      await update(
        (queue, at) => ({ next: confirmed(queue, batch.batch, at), result: undefined }),
        PUBLISH_ATTEMPTS,
      );
    } catch {
      // The build started; its "building" notification confirms it, or `settle` takes it as lost (one build more at worst).
    }
    return { outcome: 'started', batch, body, title, ...(recovered ? { recovered } : {}) };
  }

  /** Runs one update that may decide to start a batch, then calls the hook for it. */
  async function decideAndStart(
    rule: (
      queue: PublishQueue,
      at: Date,
      lost: string | undefined,
    ) => { next: PublishQueue; result: Decision },
    attempts?: number,
  ): Promise<QueueOutcome> {
    const decided = await update(rule, attempts);
    return decided.outcome === 'start' ? call(decided.batch, decided.recovered) : decided;
  }

  return {
    read: async (): Promise<PublishQueue> =>
      (await readJson(options.store, PUBLISH_QUEUE_KEY, PUBLISH_QUEUE_RECORD)) ?? EMPTY_QUEUE,

    /** Records a publish; starts a batch when nothing is in flight or held. */
    publish(document: PublishedDocument): Promise<QueueOutcome> {
      return decideAndStart((queue, at, lost) => {
        if (alreadyBuilt(queue, document)) return { next: queue, result: { outcome: 'duplicate' } };
        return startIfDue(withWaiting(queue, [document]), at, lost);
      }, PUBLISH_ATTEMPTS);
    },

    /**
     * The freshness check found the site would change (`reason`): a build waits as a publish does,
     * and starts now when nothing is in flight or held. One already waiting or in flight: nothing
     * changes. While a restore holds, none is asked for: the restored deploy stays.
     */
    freshness(reason: string): Promise<QueueOutcome> {
      return decideAndStart((queue, at, lost) => {
        const restored = restoreHold(queue);
        if (restored) return { next: queue, result: { outcome: 'restored', live: restored } };
        if (queue.fresh || queue.inFlight?.freshness)
          return { next: queue, result: { outcome: 'duplicate' } };
        return startIfDue(
          {
            ...queue,
            fresh: { reason: reason.slice(0, MAX_FRESHNESS_REASON), at: at.toISOString() },
          },
          at,
          lost,
        );
      }, PUBLISH_ATTEMPTS);
    },

    /** publish-retry (scheduled): recovers a lost batch and starts what waits once its hold is over; an early or repeated run changes nothing. */
    retryWaiting(): Promise<QueueOutcome> {
      return decideAndStart((queue, at, lost) => startIfDue(queue, at, lost));
    },

    /**
     * A production deploy started building (its notification); `batch`: the batch its title names,
     * `createdAt`: when Netlify was asked for it, `live`: the live deploy as the production history
     * shows it now (restore-hold.ts). Its batch's start is confirmed; a deploy asked for before the
     * batch in flight is word that Netlify works through the builds ahead of it.
     */
    async building(
      batch: string | undefined,
      createdAt?: string | null,
      live?: LiveDeploy,
    ): Promise<void> {
      await update((queue, at) => {
        const heard = withLiveView(heardFromNetlify(queue), live);
        // A deploy the queue did not start takes its slot of the deploy budget all the same.
        const counted = isQueueBatch(heard, batch)
          ? heard
          : heardOther(heard, createdAt, at, perHour);
        return {
          next: heardAhead(
            batch === undefined ? counted : confirmed(counted, batch, at, true),
            batch,
            createdAt,
            at,
          ),
          result: undefined,
        };
      });
    },

    /**
     * A production deploy finished (or was published again, locked, unlocked: each is a `ready`
     * deploy); `batch`: the batch its title names (none for a git push or a deploy from Netlify's
     * UI), `live`: the live deploy as the production history shows it now. Ends the in-flight batch
     * if it is this one, then starts the next batch if publishes wait and no restore holds them. A
     * repeated notification finds nothing to end.
     */
    finished(
      batch: string | undefined,
      outcome: BuildOutcome = 'ready',
      createdAt?: string | null,
      live?: LiveDeploy,
    ): Promise<QueueOutcome> {
      return decideAndStart((queue, at, lost) => {
        const after = heardAhead(
          ended(withLiveView(heardFromNetlify(queue), live), batch, outcome, at, unitMs),
          batch,
          createdAt,
          at,
        );
        if (after.inFlight)
          return {
            next: after,
            result: { outcome: 'not-current', inFlight: after.inFlight.batch },
          };
        return startIfDue(after, at, lost);
      });
    },
  };
}

export type PublishQueueHandle = ReturnType<typeof createPublishQueue>;

/**
 * Builds the hook refused (HTTP 4xx): one alert a day per status while it lasts. What waits stays
 * waiting and is tried again with the doubling hold, up to a day, so nothing is lost meanwhile.
 */
export function refusedAlert(status: number, at: Date): OpsAlert {
  return {
    type: 'builds-refused',
    cause: `HTTP ${status} on ${at.toISOString().slice(0, 10)}`,
    summary: `Netlify refused a build through the build hook (HTTP ${status}): the team's credits may be used up, builds stopped, or the hook deleted; publishes wait and the site tries again by itself (docs/operations.md, "Builds refused")`,
    details: { status },
  };
}

/**
 * The queue as a function that starts builds sets it up from its settings (QUEUE_SETTINGS in
 * function-settings.ts): the build hook called at `now` (with `fetch` when given), the queue's unit
 * of time when PUBLISH_RETRY_BASE_SECONDS is set, and the deploy budget; every function that moves
 * the queue builds it so (`newBatchId`: tests and the model name their batches).
 */
export function queueFromSettings(
  store: BlobStore,
  settings: QueueSettings,
  {
    now,
    fetch,
    newBatchId,
    alert,
  }: {
    now: () => Date;
    fetch?: FetchLike | undefined;
    newBatchId?: (() => string) | undefined;
    /** Tells ops of a build the hook refused (ops-alert.ts: once a day at most while it lasts). */
    alert?: ((alert: OpsAlert) => Promise<void>) | undefined;
  },
): PublishQueueHandle {
  return createPublishQueue({
    store,
    trigger: async (body) => {
      const at = now();
      try {
        return await triggerBuild(settings.NETLIFY_BUILD_HOOK_URL, body, {
          now: at,
          ...(fetch ? { fetch } : {}),
        });
      } catch (error) {
        if (alert && isRefusal(error)) await alert(refusedAlert(error.status!, at));
        throw error;
      }
    },
    now,
    ...(newBatchId ? { newBatchId } : {}),
    ...(settings.PUBLISH_RETRY_BASE_SECONDS
      ? { retryBaseMs: settings.PUBLISH_RETRY_BASE_SECONDS * 1000 }
      : {}),
    budgetPerHour: settings.DEPLOY_BUDGET_PER_HOUR,
  });
}
