/**
 * "Build now or wait?", as one table: each state of the queue's record (a batch in flight, what
 * waits, a restore the operator made, a hold, the deploy budget's slots) at a given time, and the
 * answer: start now, or wait, why, and until when. publish-queue.ts only applies it (tests/unit/rebuild/publish-queue.test.ts,
 * deploy-budget.test.ts).
 */
import { describe, expect, it } from 'vitest';
import type { PublishedDocument } from '../../../src/lib/publish-records/hook-body.ts';
import type { Hold, PublishQueue } from '../../../src/lib/publish-records/queue-record.ts';
import { EMPTY_QUEUE } from '../../../src/lib/rebuild/queue-state.ts';
import {
  decideStart,
  hasWaiting,
  type StartDecision,
} from '../../../src/lib/rebuild/start-decision.ts';

const HOUR = Date.UTC(2026, 11, 1, 13, 0, 0);
const MINUTE = 60_000;
const at = (minutes: number) => new Date(HOUR + minutes * MINUTE);
const iso = (minutes: number) => at(minutes).toISOString();

const publish: PublishedDocument = {
  id: 'huskymobile-faqs',
  type: 'faqs',
  rev: 'r1',
  publishedAt: iso(0),
};
const fresh = { reason: 'tenant records changed for 1 school (huskymobile)', at: iso(0) };
const hold = (untilMinute: number, cause: Hold['cause'] = 'hook-failed'): Hold => ({
  cause,
  attempts: 1,
  since: iso(0),
  until: iso(untilMinute),
  reason: 'the build service did not answer',
});
const inFlight = { batch: 'b-00000001', calledAt: iso(0), documents: [publish], more: 0 };
/** The live deploy as the notifications showed it: an older one restored over d-new, or the newest. */
const restored = { deployId: 'd-old', since: iso(1), restoredOver: 'd-new' };
const newestLive = { deployId: 'd-new', since: iso(2) };

/** The queue with these changes from an empty one. */
const queue = (changes: Partial<PublishQueue>): PublishQueue => ({ ...EMPTY_QUEUE, ...changes });
const waiting = { waiting: [publish] };

describe('the decision to start a build now or wait', () => {
  it.each<[string, PublishQueue, number, number | undefined, StartDecision]>([
    ['nothing waits', queue({}), 5, undefined, { start: false, why: 'idle' }],
    ['a publish waits, nothing in flight', queue(waiting), 5, undefined, { start: true }],
    [
      'only counted publishes wait (past the listed bound)',
      queue({ waitingMore: 3 }),
      5,
      undefined,
      { start: true },
    ],
    ['a freshness build waits alone', queue({ fresh }), 5, undefined, { start: true }],
    [
      'a batch is in flight',
      queue({ ...waiting, inFlight }),
      5,
      undefined,
      { start: false, why: 'in-flight', batch: 'b-00000001' },
    ],
    [
      'a batch is in flight and nothing waits: still its deploy first',
      queue({ inFlight }),
      5,
      undefined,
      { start: false, why: 'in-flight', batch: 'b-00000001' },
    ],
    [
      'a batch is in flight while a hold runs',
      queue({ ...waiting, inFlight, hold: hold(10) }),
      5,
      undefined,
      { start: false, why: 'in-flight', batch: 'b-00000001' },
    ],
    [
      'held, and the hold has not ended',
      queue({ ...waiting, hold: hold(10) }),
      5,
      undefined,
      { start: false, why: 'held', hold: hold(10) },
    ],
    [
      'held, and nothing waits',
      queue({ hold: hold(10) }),
      5,
      undefined,
      { start: false, why: 'idle' },
    ],
    [
      'held until exactly now: the hold has ended',
      queue({ ...waiting, hold: hold(5) }),
      5,
      undefined,
      { start: true },
    ],
    ['a hold that ended', queue({ ...waiting, hold: hold(3) }), 5, undefined, { start: true }],
    [
      'a budget of 6 an hour, this slot free',
      queue({ ...waiting, slots: [iso(0)] }),
      12,
      6,
      { start: true },
    ],
    [
      'a budget of 6 an hour, this slot used: the next slot',
      queue({ ...waiting, slots: [iso(10)] }),
      12,
      6,
      { start: false, why: 'deploy-budget', until: at(20) },
    ],
    [
      'a budget of 6 an hour, this slot and the next used: the one after',
      queue({ ...waiting, slots: [iso(10), iso(20)] }),
      12,
      6,
      { start: false, why: 'deploy-budget', until: at(30) },
    ],
    [
      'a budget of 1 an hour, used: the next hour',
      queue({ ...waiting, slots: [iso(0)] }),
      40,
      1,
      { start: false, why: 'deploy-budget', until: at(60) },
    ],
    [
      'no budget: a slot used counts for nothing',
      queue({ ...waiting, slots: [iso(10)] }),
      12,
      undefined,
      { start: true },
    ],
    [
      'a hold still running comes before the budget',
      queue({ ...waiting, slots: [iso(10)], hold: hold(15) }),
      12,
      6,
      { start: false, why: 'held', hold: hold(15) },
    ],
    [
      "the budget's own hold ended, its slot now free",
      queue({ ...waiting, slots: [iso(10)], hold: hold(20, 'deploy-budget') }),
      20,
      6,
      { start: true },
    ],
    [
      'an older deploy restored: what waits waits for the operator, at no time',
      queue({ ...waiting, live: restored }),
      5,
      undefined,
      { start: false, why: 'restored', live: restored },
    ],
    [
      'restored, and only a freshness build waits',
      queue({ fresh, live: restored }),
      5,
      undefined,
      { start: false, why: 'restored', live: restored },
    ],
    [
      'restored, and nothing waits',
      queue({ live: restored }),
      5,
      undefined,
      { start: false, why: 'idle' },
    ],
    [
      'restored while a batch is in flight: its deploy first',
      queue({ ...waiting, inFlight, live: restored }),
      5,
      undefined,
      { start: false, why: 'in-flight', batch: 'b-00000001' },
    ],
    [
      'restored, with a hold that ended and a free slot: still the restore',
      queue({ ...waiting, live: restored, hold: hold(3), slots: [iso(0)] }),
      12,
      6,
      { start: false, why: 'restored', live: restored },
    ],
    [
      'restored, with a hold still running: the restore, which no time ends',
      queue({ ...waiting, live: restored, hold: hold(10) }),
      5,
      undefined,
      { start: false, why: 'restored', live: restored },
    ],
    [
      'the newest deploy live again (the restore ended): what waits starts',
      queue({ ...waiting, live: newestLive }),
      5,
      undefined,
      { start: true },
    ],
    [
      'the newest deploy live again, this slot of the budget used: the next slot',
      queue({ ...waiting, live: newestLive, slots: [iso(10)] }),
      12,
      6,
      { start: false, why: 'deploy-budget', until: at(20) },
    ],
    [
      'a budget and nothing waits',
      queue({ slots: [iso(10)] }),
      12,
      6,
      { start: false, why: 'idle' },
    ],
  ])('%s', (_case, record, minute, budgetPerHour, decision) => {
    expect(decideStart(record, at(minute), { budgetPerHour })).toEqual(decision);
  });

  it('is the same answer however often it is asked (a lost race asks again)', () => {
    const record = queue({ ...waiting, slots: [iso(10)] });
    const first = decideStart(record, at(12), { budgetPerHour: 6 });
    expect(decideStart(record, at(12), { budgetPerHour: 6 })).toEqual(first);
    expect(record).toEqual(queue({ ...waiting, slots: [iso(10)] }));
  });
});

describe('what waits', () => {
  it.each<[string, PublishQueue, boolean]>([
    ['an empty queue', queue({}), false],
    ['a listed publish', queue(waiting), true],
    ['publishes only counted', queue({ waitingMore: 1 }), true],
    ['a freshness build', queue({ fresh }), true],
    ['a batch in flight alone', queue({ inFlight }), false],
  ])('%s: %s', (_case, record, expected) => {
    expect(hasWaiting(record)).toBe(expected);
  });
});
