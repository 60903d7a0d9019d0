/**
 * The deploy budget (DEPLOY_BUDGET_PER_HOUR) as the publish queue keeps it, over a fake clock and
 * fake deploy notifications: the hour's slots, a publish under the budget and at it, a burst past
 * it, a freshness build and a publish in the same hour, a slot's time reached by publish-retry, and
 * a deploy the queue did not start taking its slot.
 */
import { describe, expect, it } from 'vitest';
import { memoryBlobStore } from '../../../src/lib/functions/blob-store.ts';
import {
  type BuildHookBody,
  type PublishedDocument,
} from '../../../src/lib/publish-records/hook-body.ts';
import { PUBLISH_QUEUE_KEY } from '../../../src/lib/publish-records/names.ts';
import { type PublishQueue } from '../../../src/lib/publish-records/queue-record.ts';
import {
  longestSlotMs,
  nextFreeAt,
  nextSlotStartMs,
  slotStartMs,
  withSlotUsed,
} from '../../../src/lib/rebuild/deploy-budget.ts';
import { createPublishQueue } from '../../../src/lib/rebuild/publish-queue.ts';

const HOUR = Date.UTC(2026, 11, 1, 13, 0, 0);
const MINUTE = 60_000;
const at = (minutes: number) => new Date(HOUR + minutes * MINUTE).toISOString();

function harness(budgetPerHour: number | undefined, startMinute = 0) {
  const store = memoryBlobStore();
  let clock = HOUR + startMinute * MINUTE;
  let counter = 0;
  const builds: Array<{ at: number; body: BuildHookBody }> = [];
  const queue = createPublishQueue({
    store,
    now: () => new Date(clock),
    newBatchId: () => `b-${(counter += 1).toString(16).padStart(8, '0')}`,
    trigger: (body) => {
      builds.push({ at: clock, body });
      return Promise.resolve(`title of ${body.batch}`);
    },
    budgetPerHour,
  });
  let revisions = 0;
  return {
    queue,
    builds,
    at: (minutes: number) => (clock = HOUR + minutes * MINUTE),
    clock: () => clock,
    state: () => store.value(PUBLISH_QUEUE_KEY) as PublishQueue,
    doc: (id: string): PublishedDocument => ({
      id,
      type: 'faqs',
      rev: `r${(revisions += 1)}`,
      publishedAt: new Date(clock).toISOString(),
    }),
  };
}

describe("the budget's slots", () => {
  it("cut each hour into B slots on whole minutes; the slot after the last is the next hour's first", () => {
    expect(slotStartMs(HOUR + 59 * MINUTE, 1)).toBe(HOUR);
    expect(nextSlotStartMs(HOUR + 1 * MINUTE, 1)).toBe(HOUR + 60 * MINUTE);
    expect(
      [0, 9, 10, 59].map(
        (minute) => (slotStartMs(HOUR + minute * MINUTE + 30_000, 6) - HOUR) / MINUTE,
      ),
    ).toEqual([0, 0, 10, 50]);
    expect((nextSlotStartMs(HOUR + 55 * MINUTE, 6) - HOUR) / MINUTE).toBe(60);
    // 7 an hour: slots start at minutes 0, 8, 17, 25, 34, 42, 51.
    const starts = new Set(
      Array.from(
        { length: 60 },
        (_, minute) => (slotStartMs(HOUR + minute * MINUTE, 7) - HOUR) / MINUTE,
      ),
    );
    expect([...starts]).toEqual([0, 8, 17, 25, 34, 42, 51]);
    expect(longestSlotMs(7)).toBe(9 * MINUTE);
    expect(
      new Set(Array.from({ length: 60 }, (_, minute) => slotStartMs(HOUR + minute * MINUTE, 60)))
        .size,
    ).toBe(60);
  });

  it('a used slot sends a start to the next free one; slots older than an hour are forgotten', () => {
    const used = withSlotUsed(
      withSlotUsed([], HOUR + 2 * MINUTE, 6, HOUR + 2 * MINUTE),
      HOUR + 12 * MINUTE,
      6,
      HOUR + 12 * MINUTE,
    );
    expect(used).toEqual([at(0), at(10)]);
    expect((nextFreeAt(used, HOUR + 5 * MINUTE, 6) - HOUR) / MINUTE).toBe(20);
    expect((nextFreeAt(used, HOUR + 25 * MINUTE, 6) - HOUR) / MINUTE).toBe(25);
    expect(withSlotUsed(used, HOUR + 80 * MINUTE, 6, HOUR + 80 * MINUTE)).toEqual([at(10), at(80)]);
  });
});

describe('the publish queue with a deploy budget', () => {
  it('under the budget: each publish builds at once, as without one', async () => {
    const h = harness(6);
    expect(await h.queue.publish(h.doc('husky-faqs'))).toMatchObject({ outcome: 'started' });
    h.at(4);
    await h.queue.finished('b-00000001');
    h.at(12);
    expect(await h.queue.publish(h.doc('husky-plans'))).toMatchObject({ outcome: 'started' });
    expect(h.builds.map((build) => (build.at - HOUR) / MINUTE)).toEqual([0, 12]);
  });

  it('at the budget: the next publish waits for the next slot, held with the deploy budget as its cause', async () => {
    const h = harness(6, 1);
    await h.queue.publish(h.doc('husky-faqs'));
    h.at(4);
    expect(await h.queue.finished('b-00000001')).toEqual({ outcome: 'idle' });
    h.at(5);
    const held = await h.queue.publish(h.doc('husky-plans'));
    expect(held).toEqual({
      outcome: 'held',
      hold: {
        cause: 'deploy-budget',
        attempts: 0,
        since: at(5),
        until: at(10),
        reason: 'the deploy budget allows the next build then',
      },
    });
    expect(h.builds).toHaveLength(1);
    // The notification of the finished build (or anything else) does not start it before its slot.
    h.at(9);
    expect(await h.queue.retryWaiting()).toMatchObject({ outcome: 'held' });
    expect(h.builds).toHaveLength(1);
  });

  it("a slot's time reached by publish-retry starts what waited, and the start lifts the hold", async () => {
    const h = harness(1, 2);
    await h.queue.publish(h.doc('husky-faqs'));
    h.at(6);
    await h.queue.finished('b-00000001');
    h.at(7);
    await h.queue.publish(h.doc('husky-plans'));
    expect(h.state().hold).toMatchObject({ cause: 'deploy-budget', until: at(60) });
    h.at(59);
    expect(await h.queue.retryWaiting()).toMatchObject({ outcome: 'held' });
    h.at(60);
    expect(await h.queue.retryWaiting()).toMatchObject({
      outcome: 'started',
      batch: { documents: [expect.objectContaining({ id: 'husky-plans' })] },
    });
    expect(h.state().hold).toBeUndefined();
    expect(h.builds.map((build) => (build.at - HOUR) / MINUTE)).toEqual([2, 60]);
  });

  it('a burst past it: a publish a minute for two hours with a budget of 2 starts at most one build a slot, and no publish waits for the budget longer than one slot', async () => {
    const h = harness(2);
    const BUILD_MINUTES = 4;
    const published: Array<{ id: string; at: number }> = [];
    let running: { batch: string; ends: number } | undefined;
    for (let minute = 0; minute <= 120; minute += 1) {
      h.at(minute);
      if (running && running.ends <= minute) {
        const batch = running.batch;
        running = undefined;
        await h.queue.finished(batch);
      }
      const document = h.doc(`school${minute}-faqs`);
      published.push({ id: document.id, at: minute });
      await h.queue.publish(document);
      await h.queue.retryWaiting();
      const inFlight = h.state().inFlight;
      if (inFlight && !running) running = { batch: inFlight.batch, ends: minute + BUILD_MINUTES };
    }
    const slots = h.builds.map((build) => slotStartMs(build.at, 2));
    expect(new Set(slots).size, 'one build a slot').toBe(slots.length);
    for (const hour of [0, 1])
      expect(
        h.builds.filter((build) => Math.floor((build.at - HOUR) / 3_600_000) === hour).length,
      ).toBeLessThanOrEqual(2);
    // Every publish went into the first build started after it (a build at most, then a slot at most).
    for (const publish of published.filter((entry) => entry.at < 90)) {
      const carrier = h.builds.find((build) =>
        build.body.documents.some((document) => document.id === publish.id),
      );
      expect(carrier, publish.id).toBeDefined();
      expect((carrier!.at - HOUR) / MINUTE - publish.at, publish.id).toBeLessThanOrEqual(
        BUILD_MINUTES + 30,
      );
    }
  });

  it('a freshness build and a publish in the same hour share it: the publish waits for the next slot, and one batch then carries both', async () => {
    const h = harness(1);
    expect(
      await h.queue.freshness('tenant records changed for 1 school (huskymobile)'),
    ).toMatchObject({ outcome: 'started' });
    expect(h.builds[0]!.body).toMatchObject({
      kind: 'freshness',
      documents: [],
      freshness: 'tenant records changed for 1 school (huskymobile)',
    });
    h.at(5);
    await h.queue.finished('b-00000001');
    h.at(20);
    expect(await h.queue.publish(h.doc('husky-faqs'))).toMatchObject({
      outcome: 'held',
      hold: { cause: 'deploy-budget', until: at(60) },
    });
    h.at(30);
    // The freshness check finds another change while the publish waits: it joins the same wait.
    expect(
      await h.queue.freshness('tenant records changed for 2 schools (beavsmobile, huskymobile)'),
    ).toMatchObject({ outcome: 'held' });
    h.at(60);
    await h.queue.retryWaiting();
    expect(h.builds).toHaveLength(2);
    expect(h.builds[1]!.body).toMatchObject({
      kind: 'publish',
      documents: [expect.objectContaining({ id: 'husky-faqs' })],
      freshness: 'tenant records changed for 2 schools (beavsmobile, huskymobile)',
    });
  });

  it('a deploy the queue did not start (a build by hand, a git push) takes its slot too', async () => {
    const h = harness(6, 1);
    await h.queue.building(undefined, at(1));
    h.at(2);
    expect(await h.queue.publish(h.doc('husky-faqs'))).toMatchObject({
      outcome: 'held',
      hold: { until: at(10) },
    });
    // Without a budget nothing is kept of it.
    const free = harness(undefined, 1);
    await free.queue.building(undefined, at(1));
    expect(free.state()?.slots).toBeUndefined();
  });
});
