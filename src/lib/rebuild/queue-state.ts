/**
 * The publish queue's rules, pure: what its one record becomes after each event. publish-queue.ts
 * reads the record, applies one of these and writes the result conditionally, so every rule here
 * may run several times (a lost race) and must not depend on anything but its arguments.
 *
 * The rule that keeps every publish going: a batch whose outcome is unknown goes back to waiting,
 * with its documents (`settle`), whatever brought it there: a start never confirmed (the instance
 * died, or its write failed), or a started build the site has not heard of for STALE_UNITS (or,
 * heard starting to build, for longer than Netlify lets a build run). Every
 * event applies `settle` first, and publish-retry's run every minute is such an event, so no batch
 * stays unknown for longer than its deadline plus a minute.
 */
import {
  boundedDocuments,
  type BuildHookBody,
  type PublishedDocument,
} from '../publish-records/hook-body.ts';
import {
  asPublished,
  MAX_WAITING_DOCUMENTS,
  RECENT_BATCHES,
  type Batch,
  type FreshnessRequest,
  type Hold,
  type HoldCause,
  type PublishQueue,
  type QueuedDocument,
} from '../publish-records/queue-record.ts';
import { withSlotUsed } from './deploy-budget.ts';
import { hasWaiting } from './start-decision.ts';
import {
  doublingDelayMs,
  NETLIFY_BUILD_LIMIT_MS,
  RETRY_MAX_UNITS,
  SILENCE_MAX_MS,
  STALE_UNITS,
  startDeadlineMs,
} from './queue-timing.ts';

export const EMPTY_QUEUE: PublishQueue = { waiting: [], waitingMore: 0, recent: [] };

/**
 * How a production deploy of a batch ended, as its notification says: a failure of the build
 * command (the content, or a service the build reads: Netlify's message cannot tell which) or of
 * Netlify's own part (build-failure.ts). Either is tried again once.
 */
export type BuildOutcome = 'ready' | 'canceled' | 'failed-build-command' | 'failed-platform';

/** The words an editor reads for each hold (the badge's tooltip, the Deploys view). */
export const HOLD_REASONS: Record<HoldCause, string> = {
  'hook-failed': 'the build service did not answer',
  'start-unconfirmed': "the build service's answer was lost",
  'no-word': 'the build service never reported the build',
  'platform-failed': 'the last build failed outside the content (on the build service)',
  'build-failed':
    'the last build failed (its log names why: the content, or a service the build reads)',
  'deploy-budget': 'the deploy budget allows the next build then',
};

const iso = (date: Date) => date.toISOString();
const sameRevision = (a: PublishedDocument, b: PublishedDocument) =>
  a.id === b.id && a.rev === b.rev;

/**
 * A hold for `cause`; its wait doubles with `attempts` (the starts that failed in a row: at most
 * RETRY_MAX_UNITS), or for silence with the batches lost so in a row (up to a day).
 */
function hold(
  queue: PublishQueue,
  cause: HoldCause,
  now: Date,
  unitMs: number,
  attempts = (queue.hold?.attempts ?? 0) + 1,
): Hold {
  const wait = doublingDelayMs(
    attempts,
    unitMs,
    cause === 'no-word' ? SILENCE_MAX_MS : RETRY_MAX_UNITS * unitMs,
  );
  return {
    cause,
    attempts,
    since: iso(now),
    until: iso(new Date(now.getTime() + wait)),
    reason: HOLD_REASONS[cause],
  };
}

/** `documents` added to `waiting`: one entry per id, the newest publish kept; past the bound, only counted. */
export function withWaiting(
  queue: PublishQueue,
  documents: readonly QueuedDocument[],
  more = 0,
): PublishQueue {
  const waiting = [...queue.waiting];
  let waitingMore = queue.waitingMore + more;
  for (const document of documents) {
    const at = waiting.findIndex((entry) => entry.id === document.id);
    if (at >= 0) {
      if (waiting[at]!.publishedAt <= document.publishedAt) waiting[at] = document;
    } else if (waiting.length < MAX_WAITING_DOCUMENTS) waiting.push(document);
    else waitingMore += 1;
  }
  return { ...queue, waiting, waitingMore };
}

/** The batch's documents back to waiting (a newer revision already waiting wins), and its freshness build; nothing in flight. */
function putBack(queue: PublishQueue, batch: Batch): PublishQueue {
  const { inFlight: _dropped, ...rest } = queue;
  const fresh = queue.fresh ?? batch.freshness;
  return withWaiting(
    { ...rest, waiting: batch.documents, waitingMore: 0, ...(fresh ? { fresh } : {}) },
    queue.waiting,
    batch.more + queue.waitingMore,
  );
}

/** The queue without `fresh` when it is the freshness build `carried` (a batch that built carried it). */
function withoutFresh(queue: PublishQueue, carried: FreshnessRequest | undefined): PublishQueue {
  if (!carried || queue.fresh?.at !== carried.at) return queue;
  const { fresh: _built, ...rest } = queue;
  return rest;
}

function withRecent(queue: PublishQueue, batch: string, change: (entry: Batch) => Batch): Batch[] {
  return queue.recent.map((entry) => (entry.batch === batch ? change(entry) : entry));
}

/**
 * The in-flight batch, if its outcome is unknown by now, put back to waiting with a hold: a start
 * not confirmed within its start deadline (startDeadlineMs: its wait doubles with each such start), or a started
 * build with no word for STALE_UNITS. It stays in `recent`, marked lost, so its late notification
 * still finds what it carried. Anything else is returned as it is (the same object).
 */
export function settle(queue: PublishQueue, now: Date, unitMs: number): PublishQueue {
  const batch = queue.inFlight;
  if (!batch) return queue;
  const started = batch.startedAt ?? batch.heardAt;
  const lastWord = Math.max(
    ...[batch.calledAt, batch.startedAt, batch.buildingAt, batch.heardAt]
      .filter((at): at is string => at !== undefined)
      .map(Date.parse),
  );
  const silence = batch.buildingAt
    ? Math.max(STALE_UNITS * unitMs, NETLIFY_BUILD_LIMIT_MS)
    : STALE_UNITS * unitMs;
  const deadline = started
    ? lastWord + silence
    : Date.parse(batch.calledAt) + startDeadlineMs(unitMs);
  if (now.getTime() <= deadline) return queue;
  const back = putBack(queue, batch);
  const recent = withRecent(queue, batch.batch, (entry) => ({ ...entry, lostAt: iso(now) }));
  if (!started) return { ...back, recent, hold: hold(queue, 'start-unconfirmed', now, unitMs) };
  // Silence again with no notification heard since: notifications may not be coming at all, so wait longer each time.
  const silentLosses = (queue.silentLosses ?? 0) + 1;
  return { ...back, recent, silentLosses, hold: hold(queue, 'no-word', now, unitMs, silentLosses) };
}

/** A production deploy notification arrived: notifications do reach the site, so silence counts from nothing again. */
export function heardFromNetlify(queue: PublishQueue): PublishQueue {
  if (queue.silentLosses === undefined) return queue;
  const { silentLosses: _reset, ...rest } = queue;
  return rest;
}

/** Whether this revision is in flight or in a batch that built (or is building): a replay of it changes nothing. */
export function alreadyBuilt(queue: PublishQueue, document: PublishedDocument): boolean {
  if (document.rev === null) return false;
  const same = (entry: PublishedDocument) => sameRevision(entry, document);
  // A batch taken as lost counts again once its deploy is heard to have ended.
  return (
    (queue.inFlight?.documents.some(same) ?? false) ||
    queue.recent.some(
      (batch) =>
        (batch.lostAt === undefined || batch.endedAt !== undefined) && batch.documents.some(same),
    )
  );
}

/** The wait for the deploy budget's next free slot (`until`); the starts that failed so far still count for the next hold. */
export function budgetHold(queue: PublishQueue, now: Date, until: Date): PublishQueue {
  const hold: Hold = {
    cause: 'deploy-budget',
    attempts: queue.hold?.attempts ?? 0,
    since: iso(now),
    until: iso(until),
    reason: HOLD_REASONS['deploy-budget'],
  };
  return { ...queue, hold };
}

/**
 * Everything waiting (publishes and a freshness build) becomes batch `id`, in flight from `now`
 * (unconfirmed); with a deploy budget its slot is used. The hold stays until the start is confirmed.
 */
export function start(
  queue: PublishQueue,
  id: string,
  now: Date,
  perHour?: number,
): { next: PublishQueue; batch: Batch } {
  const batch: Batch = {
    batch: id,
    calledAt: iso(now),
    documents: queue.waiting,
    more: queue.waitingMore,
    ...(queue.fresh ? { freshness: queue.fresh } : {}),
  };
  const { fresh: _carried, ...rest } = queue;
  const slots = perHour
    ? { slots: withSlotUsed(queue.slots, now.getTime(), perHour, now.getTime()) }
    : {};
  return {
    batch,
    next: {
      ...rest,
      ...slots,
      waiting: [],
      waitingMore: 0,
      inFlight: batch,
      recent: [batch, ...queue.recent].slice(0, RECENT_BATCHES),
    },
  };
}

/** Whether `id` is a batch the queue started (in flight, or one of its recent batches). */
export function isQueueBatch(queue: PublishQueue, id: string | undefined): boolean {
  return (
    id !== undefined &&
    (queue.inFlight?.batch === id || queue.recent.some((batch) => batch.batch === id))
  );
}

/** The build hook's body for a batch: its publishes (at most MAX_BATCH_DOCUMENTS listed) and the freshness build it carries. */
export function hookBody(batch: Batch): BuildHookBody {
  const documents = boundedDocuments(batch.documents.map(asPublished), batch.more);
  const kind =
    documents.documents.length + documents.more === 0 && batch.freshness ? 'freshness' : 'publish';
  return {
    kind,
    batch: batch.batch,
    ...documents,
    ...(batch.freshness ? { freshness: batch.freshness.reason } : {}),
  };
}

/**
 * A lost batch that a notification (or its hook's late answer) shows did start, taken back in flight
 * when nothing else is: its documents still waiting with the same revision leave waiting, and the
 * hold its loss set goes. Otherwise nothing changes (another batch carries them now: one build more).
 */
function adopt(queue: PublishQueue, id: string, now: Date, building: boolean): PublishQueue {
  const lost = queue.recent.find(
    (entry) => entry.batch === id && entry.lostAt !== undefined && entry.endedAt === undefined,
  );
  if (!lost || queue.inFlight) return queue;
  const { lostAt: _found, ...batch } = lost;
  const inFlight: Batch = {
    ...batch,
    startedAt: batch.startedAt ?? iso(now),
    ...(building ? { buildingAt: batch.buildingAt ?? iso(now) } : {}),
    heardAt: iso(now),
  };
  const { hold: _lifted, ...rest } = withoutFresh(queue, batch.freshness);
  return {
    ...rest,
    waiting: queue.waiting.filter(
      (entry) => !batch.documents.some((document) => sameRevision(entry, document)),
    ),
    inFlight,
    recent: withRecent(queue, id, () => inFlight),
  };
}

/** Batch `id`'s start is confirmed (the hook answered, or a notification named it): no longer unconfirmed, and the hold goes. */
export function confirmed(queue: PublishQueue, id: string, now: Date, heard = false): PublishQueue {
  const batch = queue.inFlight;
  if (batch?.batch !== id) return adopt(queue, id, now, heard);
  if (batch.startedAt && !heard && !queue.hold) return queue;
  const inFlight: Batch = {
    ...batch,
    startedAt: batch.startedAt ?? iso(now),
    ...(heard ? { buildingAt: batch.buildingAt ?? iso(now), heardAt: iso(now) } : {}),
  };
  const { hold: _lifted, ...rest } = queue;
  return { ...rest, inFlight, recent: withRecent(queue, id, () => inFlight) };
}

/**
 * A deploy of another batch (or of none: a build by hand, a git push) that Netlify was asked for no
 * later than the batch in flight (`createdAt`) started or finished: Netlify is working through the
 * builds queued ahead of it, which is word of it too (its deadline moves on). A newer deploy says
 * nothing of it.
 */
export function heardAhead(
  queue: PublishQueue,
  id: string | undefined,
  createdAt: string | null | undefined,
  now: Date,
): PublishQueue {
  const batch = queue.inFlight;
  if (
    !batch?.startedAt ||
    batch.batch === id ||
    !createdAt ||
    !(Date.parse(createdAt) <= Date.parse(batch.calledAt))
  )
    return queue;
  const inFlight: Batch = { ...batch, heardAt: iso(now) };
  return { ...queue, inFlight, recent: withRecent(queue, batch.batch, () => inFlight) };
}

/** The build hook refused batch `id`: nothing was started, its documents wait again, with a hold. */
export function startFailed(
  queue: PublishQueue,
  id: string,
  now: Date,
  unitMs: number,
): PublishQueue {
  const batch = queue.inFlight;
  // Only if it is still this batch in flight: a newer start (or a recovery) owns the queue otherwise.
  if (batch?.batch !== id) return queue;
  const back = putBack(queue, batch);
  return {
    ...back,
    recent: queue.recent.filter((entry) => entry.batch !== id),
    hold: hold(queue, 'hook-failed', now, unitMs),
  };
}

const failed = (outcome: BuildOutcome) =>
  outcome === 'failed-build-command' || outcome === 'failed-platform';

/**
 * Batch `id`'s production deploy ended (`id` undefined: a deploy of no batch of the queue). The
 * batch in flight ends; after a failure its documents (and its freshness build) wait again, each
 * once (`triedAgain`): a fault in the content fails again and is final then. When nothing else
 * waits they wait with a hold (a service the build reads, or Netlify, gets a unit to come back);
 * publishes that waited meanwhile start with them at once (one may be the fix). A batch taken as
 * lost that built after all takes its documents out of waiting again; one that failed leaves them
 * waiting, as their one try again.
 */
export function ended(
  queue: PublishQueue,
  id: string | undefined,
  outcome: BuildOutcome,
  now: Date,
  unitMs: number,
): PublishQueue {
  const entry = id === undefined ? undefined : queue.recent.find((batch) => batch.batch === id);
  if (!entry || entry.endedAt !== undefined) return queue;
  const recent = withRecent(queue, entry.batch, (batch) => ({ ...batch, endedAt: iso(now) }));
  if (queue.inFlight?.batch === entry.batch) {
    const { inFlight: batch, ...rest } = queue;
    const again = failed(outcome) ? batch.documents.filter((document) => !document.triedAgain) : [];
    const fresh =
      rest.fresh ??
      (failed(outcome) && batch.freshness && !batch.freshness.triedAgain
        ? { ...batch.freshness, triedAgain: true as const }
        : undefined);
    if (again.length === 0 && fresh === rest.fresh) return { ...rest, recent };
    const back = withWaiting(
      {
        ...rest,
        recent,
        waiting: again.map((document) => ({ ...document, triedAgain: true as const })),
        waitingMore: 0,
        ...(fresh ? { fresh } : {}),
      },
      rest.waiting,
      rest.waitingMore,
    );
    if (hasWaiting(rest)) return back;
    return {
      ...back,
      hold: hold(
        queue,
        outcome === 'failed-platform' ? 'platform-failed' : 'build-failed',
        now,
        unitMs,
      ),
    };
  }
  if (entry.lostAt === undefined) return { ...queue, recent };
  // Its outcome is known now: the wait its loss set has no reason left.
  const { hold: lossHold, ...rest } = queue;
  const kept = lossHold && lossHold.since !== entry.lostAt ? { hold: lossHold } : {};
  const carried = (waiting: PublishedDocument) =>
    entry.documents.some((document) => sameRevision(waiting, document));
  if (failed(outcome)) {
    // What it carried waits again since its loss: that is its one try again.
    const fresh =
      rest.fresh && entry.freshness && rest.fresh.at === entry.freshness.at
        ? { fresh: { ...rest.fresh, triedAgain: true as const } }
        : {};
    return {
      ...rest,
      ...kept,
      ...fresh,
      recent,
      waiting: rest.waiting.map((waiting) =>
        carried(waiting) ? { ...waiting, triedAgain: true as const } : waiting,
      ),
    };
  }
  return {
    ...withoutFresh(rest, entry.freshness),
    ...kept,
    recent,
    waiting: queue.waiting.filter((waiting) => !carried(waiting)),
  };
}
