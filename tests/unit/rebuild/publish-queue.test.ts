/**
 * The publish queue over a fake clock and fake deploy notifications (`finished`): a lone publish
 * builds at once, publishes during a build wait and combine into the next build, a burst makes
 * at most two builds (a release's documents arriving at once too), a lost notification does not
 * block publishing for more than 30 minutes, a failed build hook call puts its batch back, and a
 * restore the operator made holds everything until a notification shows it ended.
 */
import { describe, expect, it } from 'vitest';
import { memoryBlobStore, type BlobStore } from '../../../src/lib/functions/blob-store.ts';
import {
  type BuildHookBody,
  type PublishedDocument,
} from '../../../src/lib/publish-records/hook-body.ts';
import { PUBLISH_QUEUE_KEY } from '../../../src/lib/publish-records/names.ts';
import { type PublishQueue } from '../../../src/lib/publish-records/queue-record.ts';
import { BatchStartError, createPublishQueue } from '../../../src/lib/rebuild/publish-queue.ts';
import {
  BUILD_HOOK_TIMEOUT_MS,
  doublingDelayMs,
  RETRY_BASE_MS,
  RETRY_MAX_UNITS,
  STALE_UNITS,
  startDeadlineMs,
} from '../../../src/lib/rebuild/queue-timing.ts';

const STALE_BUILD_MS = STALE_UNITS * RETRY_BASE_MS;

const START = Date.UTC(2026, 10, 27, 10, 0, 0);

function harness(options: { store?: BlobStore; failHook?: () => boolean } = {}) {
  const store = options.store ?? memoryBlobStore();
  let clock = START;
  let counter = 0;
  const builds: BuildHookBody[] = [];
  const make = () =>
    createPublishQueue({
      store,
      now: () => new Date(clock),
      newBatchId: () => `b-${(counter += 1).toString(16).padStart(8, '0')}`,
      trigger: async (body) => {
        // The hook answers after a network round trip: other publishes may arrive meanwhile.
        await Promise.resolve();
        if (options.failHook?.()) throw new Error('the build hook answered HTTP 500');
        builds.push(body);
        return `title of ${body.batch}`;
      },
    });
  return {
    queue: make(),
    another: make,
    store,
    builds,
    advance: (ms: number) => (clock += ms),
    at: () => new Date(clock).toISOString(),
    state: () =>
      (store as ReturnType<typeof memoryBlobStore>).value(PUBLISH_QUEUE_KEY) as PublishQueue,
  };
}

function doc(id: string, rev: string, publishedAt: string): PublishedDocument {
  return { id, type: id.split('-')[1] ?? 'faqs', rev, publishedAt };
}

describe('the publish queue', () => {
  it('a lone publish starts its build at once', async () => {
    const h = harness();
    const outcome = await h.queue.publish(doc('husky-faqs', 'r1', h.at()));
    expect(outcome).toMatchObject({
      outcome: 'started',
      batch: { batch: 'b-00000001' },
      title: 'title of b-00000001',
    });
    expect(h.builds).toEqual([
      {
        kind: 'publish',
        batch: 'b-00000001',
        documents: [doc('husky-faqs', 'r1', h.at())],
        more: 0,
      },
    ]);
    expect(h.state()).toMatchObject({
      waiting: [],
      waitingMore: 0,
      inFlight: { batch: 'b-00000001', calledAt: h.at() },
    });
  });

  it("a burst of 40 publishes over 10 s starts 2 builds: the first at once, the rest when the first deploy's notification says it finished", async () => {
    const h = harness();
    for (let i = 0; i < 40; i += 1) {
      await h.queue.publish(doc(`school${i}-faqs`, `r${i}`, h.at()));
      h.advance(250);
    }
    expect(h.builds).toHaveLength(1);
    h.advance(80_000); // the build runs
    const next = await h.queue.finished('b-00000001');
    expect(next).toMatchObject({ outcome: 'started', batch: { batch: 'b-00000002' } });
    h.advance(80_000);
    expect(await h.queue.finished('b-00000002')).toEqual({ outcome: 'idle' });

    expect(h.builds).toHaveLength(2);
    expect(h.builds[0]?.documents.map((document) => document.id)).toEqual(['school0-faqs']);
    expect(h.builds[1]?.documents.map((document) => document.id).sort()).toEqual(
      Array.from({ length: 39 }, (_, i) => `school${i + 1}-faqs`).sort(),
    );
    expect(h.state()).toMatchObject({ waiting: [], waitingMore: 0 });
    expect(h.state().inFlight).toBeUndefined();
  });

  it('a release of 30 documents arriving at once (one webhook each, every one racing for the queue): all recorded, one build started, the rest in the next', async () => {
    // A store a network away (a read 10–40 ms, a write 5–20 ms), so the webhooks' read-then-write steps overlap.
    const memory = memoryBlobStore();
    const later = () => new Promise((done) => setTimeout(done, 5 + Math.random() * 15));
    const remote: BlobStore = {
      getWithMetadata: async (key, options) => {
        await later();
        const read = await memory.getWithMetadata(key, options);
        await later();
        return read;
      },
      setJSON: async (key, value, options) => {
        await later();
        return memory.setJSON(key, value, options);
      },
      delete: async (key) => {
        await later();
        return memory.delete(key);
      },
    };
    const h = harness({ store: remote });
    const outcomes = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        h.queue.publish(doc(`husky${i}-faqs`, 'rRelease', h.at())),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.outcome === 'started')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.outcome === 'waiting')).toHaveLength(29);
    expect(h.builds).toHaveLength(1);
    expect((memory.value(PUBLISH_QUEUE_KEY) as PublishQueue).waiting).toHaveLength(29);
    h.advance(80_000);
    await h.queue.finished(h.builds[0]!.batch);
    expect(h.builds).toHaveLength(2);
    expect(
      [...h.builds[0]!.documents, ...h.builds[1]!.documents].map((document) => document.id).sort(),
    ).toEqual(Array.from({ length: 30 }, (_, i) => `husky${i}-faqs`).sort());
  });

  it('publishes during a running build wait (newest revision per document), and the finished build starts the next with them', async () => {
    const h = harness();
    await h.queue.publish(doc('husky-faqs', 'r1', h.at()));
    h.advance(5_000);
    expect(await h.queue.publish(doc('husky-landingHeader', 'r1', h.at()))).toEqual({
      outcome: 'waiting',
      inFlight: 'b-00000001',
    });
    h.advance(5_000);
    const newer = doc('husky-landingHeader', 'r2', h.at());
    await h.queue.publish(newer);
    await h.queue.publish(doc('husky-faqs', 'r2', h.at()));
    expect(h.builds).toHaveLength(1);

    // A build by hand finishing meanwhile is not the publish batch: nothing starts.
    expect(await h.queue.finished('b-aaaaaaaa')).toEqual({
      outcome: 'not-current',
      inFlight: 'b-00000001',
    });
    expect(await h.queue.finished(undefined)).toEqual({
      outcome: 'not-current',
      inFlight: 'b-00000001',
    });
    expect(h.builds).toHaveLength(1);

    await h.queue.finished('b-00000001');
    expect(h.builds).toHaveLength(2);
    expect(h.builds[1]?.documents).toHaveLength(2);
    expect(h.builds[1]?.documents).toEqual(
      expect.arrayContaining([doc('husky-faqs', 'r2', h.at()), newer]),
    );
    // A repeated notification of the first build finds nothing to end.
    expect(await h.queue.finished('b-00000001')).toEqual({
      outcome: 'not-current',
      inFlight: 'b-00000002',
    });
    expect(h.builds).toHaveLength(2);
  });

  it('a batch never heard of for 30 minutes goes back to waiting with its documents, and the next publish builds them with its own', async () => {
    const h = harness();
    await h.queue.publish(doc('husky-faqs', 'r1', h.at()));
    h.advance(STALE_BUILD_MS - 1_000);
    expect(await h.queue.publish(doc('husky-why', 'w1', h.at()))).toMatchObject({
      outcome: 'waiting',
    });
    h.advance(2_000);
    // Past the deadline: the lost batch's documents wait again, for one unit (a late word may still come).
    expect(await h.queue.publish(doc('husky-why', 'w2', h.at()))).toMatchObject({
      outcome: 'held',
      hold: { cause: 'no-word', until: new Date(Date.parse(h.at()) + 60_000).toISOString() },
    });
    expect(
      h
        .state()
        .waiting.map((document) => `${document.id}:${document.rev}`)
        .sort(),
    ).toEqual(['husky-faqs:r1', 'husky-why:w2']);
    h.advance(60_000);
    expect(await h.queue.retryWaiting()).toMatchObject({
      outcome: 'started',
      batch: { batch: 'b-00000002' },
    });
    expect(
      h.builds.map((body) =>
        body.documents.map((document) => `${document.id}:${document.rev}`).sort(),
      ),
    ).toEqual([['husky-faqs:r1'], ['husky-faqs:r1', 'husky-why:w2']]);
    // The lost batch's late notification does not end the new one.
    expect(await h.queue.finished('b-00000001')).toEqual({
      outcome: 'not-current',
      inFlight: 'b-00000002',
    });
  });

  it("a failed build hook call puts the batch back to waiting with a hold; publishes meanwhile wait; the site's retry starts them all", async () => {
    let fail = true;
    const h = harness({ failHook: () => fail });
    const failedAt = h.at();
    await expect(h.queue.publish(doc('husky-faqs', 'r1', h.at()))).rejects.toMatchObject({
      name: 'BatchStartError',
      nextAt: '2026-11-27T10:01:00.000Z',
    });
    expect(h.state()).toMatchObject({
      waiting: [doc('husky-faqs', 'r1', failedAt)],
      waitingMore: 0,
      recent: [],
      hold: {
        cause: 'hook-failed',
        attempts: 1,
        since: failedAt,
        until: '2026-11-27T10:01:00.000Z',
        reason: 'the build service did not answer',
      },
    });
    expect(h.state().inFlight).toBeUndefined();
    // Before its time: a publish waits, a retry run does nothing.
    expect(await h.queue.publish(doc('husky-why', 'r1', h.at()))).toMatchObject({
      outcome: 'held',
      hold: { until: '2026-11-27T10:01:00.000Z' },
    });
    expect(await h.queue.retryWaiting()).toMatchObject({ outcome: 'held' });
    // Its time: it fails again, and the next wait doubles (1, 2, 4, ... minutes, at most 30).
    h.advance(60_000);
    await expect(h.queue.retryWaiting()).rejects.toMatchObject({
      nextAt: '2026-11-27T10:03:00.000Z',
    });
    expect(h.state().hold).toMatchObject({ attempts: 2 });
    h.advance(120_000);
    fail = false;
    expect(await h.queue.retryWaiting()).toMatchObject({ outcome: 'started' });
    expect(h.builds).toHaveLength(1);
    expect(h.builds[0]?.documents.map((document) => document.id).sort()).toEqual([
      'husky-faqs',
      'husky-why',
    ]);
    expect(h.state().hold).toBeUndefined();
    expect(await h.queue.retryWaiting()).toEqual({
      outcome: 'waiting',
      inFlight: h.builds[0]!.batch,
    });
  });

  it('a restore holds everything: a publish is kept and waits, a lost batch goes back to waiting but does not start again, no freshness build is asked for; the notification showing it ended starts what waits', async () => {
    const h = harness();
    const restored = { deployId: 'd-old', since: h.at(), restoredOver: 'd-new' };
    // A batch in flight when the operator restores d-old (the restore's notification, "ready").
    await h.queue.publish(doc('husky-faqs', 'r1', h.at()));
    expect(h.builds).toHaveLength(1);
    expect(await h.queue.finished(undefined, 'ready', null, restored)).toEqual({
      outcome: 'not-current',
      inFlight: h.builds[0]!.batch,
    });
    expect(await h.queue.publish(doc('husky-why', 'r1', h.at()))).toEqual({
      outcome: 'waiting',
      inFlight: h.builds[0]!.batch,
    });
    // Its build is never heard of: taken as lost, its documents wait again, and nothing starts.
    h.advance(STALE_BUILD_MS + 60_000);
    expect(await h.queue.retryWaiting()).toEqual({ outcome: 'restored', live: restored });
    expect(h.state()).toMatchObject({
      waiting: [{ id: 'husky-faqs' }, { id: 'husky-why' }],
      live: restored,
    });
    expect(h.state().inFlight).toBeUndefined();
    expect(await h.queue.freshness('tenant records changed for 1 school (husky)')).toEqual({
      outcome: 'restored',
      live: restored,
    });
    expect(h.state().fresh).toBeUndefined();
    h.advance(24 * 60 * 60_000);
    expect(await h.queue.retryWaiting()).toMatchObject({ outcome: 'restored' });
    expect(h.builds).toHaveLength(1);

    // "Deploy unlocked" (the same live deploy, no longer a restore): what waits starts at once.
    const started = await h.queue.finished(undefined, 'ready', null, {
      deployId: 'd-old',
      since: restored.since,
    });
    expect(started).toMatchObject({ outcome: 'started' });
    expect(h.builds[1]?.documents.map((document) => document.id).sort()).toEqual([
      'husky-faqs',
      'husky-why',
    ]);
  });

  it('a run with nothing to do on a site with no queue record writes none (a lost queue a backup then restores is not shadowed by an empty one)', async () => {
    const h = harness();
    expect(await h.queue.retryWaiting()).toEqual({ outcome: 'idle' });
    await h.queue.building(undefined, null);
    expect(await h.queue.finished(undefined, 'ready', null)).toEqual({ outcome: 'idle' });
    expect(h.state()).toBeUndefined();
  });

  it('the wait before the site starts again doubles from 1 unit to at most 30', () => {
    expect(
      [1, 2, 3, 4, 5, 6, 7, 12].map(
        (attempts) => doublingDelayMs(attempts, 60_000, RETRY_MAX_UNITS * 60_000) / 60_000,
      ),
    ).toEqual([1, 2, 4, 8, 16, 30, 30, 30]);
    expect(doublingDelayMs(3, 1_000, RETRY_MAX_UNITS * 1_000)).toBe(4_000);
  });

  it('a replayed publish of a revision in flight or in a batch that built starts no build; one still waiting just waits', async () => {
    const h = harness();
    const first = doc('husky-faqs', 'r1', h.at());
    await h.queue.publish(first);
    expect(await h.queue.publish(first)).toEqual({ outcome: 'duplicate' });
    await h.queue.publish(doc('husky-why', 'w1', h.at()));
    expect(await h.queue.publish(doc('husky-why', 'w1', h.at()))).toEqual({
      outcome: 'waiting',
      inFlight: 'b-00000001',
    });
    await h.queue.finished('b-00000001');
    await h.queue.finished('b-00000002');
    // Built already (both batches are in `recent`): a replay within the signature's 5 minutes changes nothing.
    for (let replay = 0; replay < 4; replay += 1)
      expect(await h.queue.publish(first)).toEqual({ outcome: 'duplicate' });
    expect(h.builds).toHaveLength(2);
    // A new revision is a new publish; one without a revision cannot be told apart, so it counts.
    expect(await h.queue.publish(doc('husky-faqs', 'r2', h.at()))).toMatchObject({
      outcome: 'started',
    });
    await h.queue.finished('b-00000003');
    expect(await h.queue.publish({ ...first, rev: null })).toMatchObject({ outcome: 'started' });
  });

  it('a failed hook call when a finished deploy starts the next batch keeps that batch waiting', async () => {
    let fail = false;
    const h = harness({ failHook: () => fail });
    await h.queue.publish(doc('husky-faqs', 'r1', h.at()));
    await h.queue.publish(doc('husky-why', 'r1', h.at()));
    fail = true;
    await expect(h.queue.finished('b-00000001')).rejects.toBeInstanceOf(BatchStartError);
    expect(h.state().waiting.map((document) => document.id)).toEqual(['husky-why']);
    expect(h.state().inFlight).toBeUndefined();
  });

  it('two instances receiving publishes at the same moment start one build between them', async () => {
    const h = harness();
    const other = h.another();
    const outcomes = await Promise.all([
      h.queue.publish(doc('husky-faqs', 'r1', h.at())),
      other.publish(doc('husky-why', 'r1', h.at())),
    ]);
    expect(outcomes.map((outcome) => outcome.outcome).sort()).toEqual(['started', 'waiting']);
    expect(h.builds).toHaveLength(1);
    const state = h.state();
    expect(
      [...(state.inFlight?.documents ?? []), ...state.waiting]
        .map((document) => document.id)
        .sort(),
    ).toEqual(['husky-faqs', 'husky-why']);
  });

  it('lists at most 100 documents in the build hook body and counts the rest', async () => {
    const h = harness();
    await h.queue.publish(doc('first-faqs', 'r1', h.at()));
    for (let i = 0; i < 130; i += 1) {
      h.advance(10);
      await h.queue.publish(doc(`s${i}-faqs`, 'r1', h.at()));
    }
    await h.queue.finished('b-00000001');
    expect(h.builds[1]?.documents).toHaveLength(100);
    expect(h.builds[1]?.more).toBe(30);
    // Newest first: the last publish is listed.
    expect(h.builds[1]?.documents[0]?.id).toBe('s129-faqs');
    // The queue keeps all of them for the status answers.
    expect(h.state().inFlight?.documents).toHaveLength(130);
  });
});

/** A store whose `n`-th write (counting from 1) fails as a Blobs error would, or never answers (the instance dies there). */
function failingWrite(n: number, how: 'error' | 'death' = 'error') {
  const memory = memoryBlobStore();
  let writes = 0;
  const store: BlobStore = {
    getWithMetadata: (key, options) => memory.getWithMetadata(key, options),
    setJSON: (key, value, options) => {
      writes += 1;
      if (writes !== n) return memory.setJSON(key, value, options);
      return how === 'error'
        ? Promise.reject(new Error('Blobs answered HTTP 500'))
        : new Promise(() => {});
    },
    delete: (key) => memory.delete(key),
  };
  return { store, memory };
}

describe('no publish stranded', () => {
  it("with a unit shorter than the hook's time-out (1 s), a hook call still within its 10 s is not taken as lost: one build", async () => {
    const store = memoryBlobStore();
    let clock = START;
    let answer!: () => void;
    const builds: BuildHookBody[] = [];
    const queue = createPublishQueue({
      store,
      now: () => new Date(clock),
      retryBaseMs: 1_000,
      newBatchId: () => `b-0000000${builds.length + 1}`,
      trigger: async (body) => {
        // The hook answers 8 s after the call: within BUILD_HOOK_TIMEOUT_MS.
        await new Promise<void>((resolve) => {
          answer = resolve;
        });
        builds.push(body);
        return `title of ${body.batch}`;
      },
    });
    const published = queue.publish(doc('husky-faqs', 'r1', new Date(clock).toISOString()));
    await new Promise((next) => setImmediate(next));
    clock += 5_000;
    expect(await queue.retryWaiting()).toEqual({ outcome: 'waiting', inFlight: 'b-00000001' });
    clock += 3_000;
    answer();
    expect(await published).toMatchObject({ outcome: 'started', batch: { batch: 'b-00000001' } });
    expect((store.value(PUBLISH_QUEUE_KEY) as PublishQueue).inFlight).toMatchObject({
      batch: 'b-00000001',
      startedAt: new Date(clock).toISOString(),
    });
    // Unconfirmed past the time-out, it is taken as never started: 10 s, not the 1 s unit.
    expect(startDeadlineMs(1_000)).toBe(BUILD_HOOK_TIMEOUT_MS);
    expect(startDeadlineMs(60_000)).toBe(60_000);
    expect(builds).toHaveLength(1);
  });

  it('the stranded batch: the hook fails and the write that puts its batch back fails too; publish-retry builds it within 2 minutes, with no new event', async () => {
    const { store, memory } = failingWrite(2);
    let fail = true;
    const h = harness({ store, failHook: () => fail });
    const doc1 = doc('doc1-faqs', 'r1', h.at());
    // The hook's failure is what the caller hears, and no time to try again is known: the write that would set one failed.
    await expect(h.queue.publish(doc1)).rejects.toMatchObject({
      name: 'BatchStartError',
      nextAt: undefined,
    });
    expect((memory.value(PUBLISH_QUEUE_KEY) as PublishQueue).inFlight).toMatchObject({
      batch: 'b-00000001',
    });
    fail = false;
    // Within its start deadline (1 unit) the batch may still be starting: nothing is done.
    h.advance(30_000);
    expect(await h.queue.retryWaiting()).toEqual({ outcome: 'waiting', inFlight: 'b-00000001' });
    // Past it the start is taken as failed: its documents wait again, for 1 unit.
    h.advance(31_000);
    expect(await h.queue.retryWaiting()).toMatchObject({
      outcome: 'held',
      hold: { cause: 'start-unconfirmed', attempts: 1 },
    });
    expect((memory.value(PUBLISH_QUEUE_KEY) as PublishQueue).waiting).toEqual([doc1]);
    h.advance(60_000);
    expect(await h.queue.retryWaiting()).toMatchObject({
      outcome: 'started',
      batch: { batch: 'b-00000002', documents: [doc1] },
    });
    expect(h.builds.map((body) => body.documents)).toEqual([[doc1]]);
  });

  it('a redelivered webhook for a revision whose batch never built is not a duplicate: it starts the build', async () => {
    const { store } = failingWrite(2);
    let fail = true;
    const h = harness({ store, failHook: () => fail });
    const doc1 = doc('doc1-faqs', 'r1', h.at());
    await expect(h.queue.publish(doc1)).rejects.toBeInstanceOf(BatchStartError);
    fail = false;
    // Sanity delivers again 30 s later: the batch may still be starting, so this is the same publish, in flight.
    h.advance(30_000);
    expect(await h.queue.publish(doc1)).toEqual({ outcome: 'duplicate' });
    // And 60 s later: the batch never started. The redelivery joins the queue again (held for its wait), then builds.
    h.advance(31_000);
    expect(await h.queue.publish(doc1)).toMatchObject({ outcome: 'held' });
    h.advance(60_000);
    expect(await h.queue.publish(doc1)).toMatchObject({
      outcome: 'started',
      batch: { documents: [doc1] },
    });
    expect(h.builds).toHaveLength(1);
  });

  it('the instance dies after writing its batch in flight (before the hook is called): the batch is started again once, with its documents', async () => {
    const memory = memoryBlobStore();
    const h = harness({ store: memory });
    let calls = 0;
    const dying = createPublishQueue({
      store: memory,
      now: () => new Date(Date.parse(h.at())),
      newBatchId: () => 'b-dead0001',
      // The function's time limit ends it before the hook is called.
      trigger: () => {
        calls += 1;
        return new Promise(() => {});
      },
    });
    const doc1 = doc('doc1-faqs', 'r1', h.at());
    void dying.publish(doc1);
    await new Promise((settled) => setTimeout(settled, 10));
    expect(h.state().inFlight).toMatchObject({ batch: 'b-dead0001', documents: [doc1] });
    h.advance(61_000);
    expect(await h.queue.retryWaiting()).toMatchObject({
      outcome: 'held',
      hold: { cause: 'start-unconfirmed' },
    });
    h.advance(60_000);
    expect(await h.queue.retryWaiting()).toMatchObject({
      outcome: 'started',
      batch: { documents: [doc1] },
    });
    expect([calls, h.builds.length]).toEqual([1, 1]);
    expect(h.state().inFlight).toMatchObject({ batch: h.builds[0]!.batch, startedAt: h.at() });
  });

  it('the hook accepted the call but the instance died before recording it: the build\'s "building" notification confirms the batch, built once', async () => {
    const { store } = failingWrite(2, 'death');
    const h = harness({ store });
    const doc1 = doc('doc1-faqs', 'r1', h.at());
    void h.queue.publish(doc1);
    await new Promise((settled) => setTimeout(settled, 10));
    expect(h.builds).toHaveLength(1);
    h.advance(20_000);
    await h.queue.building(h.builds[0]!.batch);
    h.advance(10 * 60_000);
    expect(await h.queue.retryWaiting()).toEqual({
      outcome: 'waiting',
      inFlight: h.builds[0]!.batch,
    });
    expect(await h.queue.finished(h.builds[0]!.batch)).toEqual({ outcome: 'idle' });
    expect(h.builds).toHaveLength(1);
  });

  it('a lost notification: the batch is re-queued after the stale time and built once more; nothing else starts', async () => {
    const h = harness();
    const doc1 = doc('doc1-faqs', 'r1', h.at());
    await h.queue.publish(doc1);
    await h.queue.building('b-00000001');
    // Neither "ready" nor anything else comes.
    for (let minute = 1; minute <= 30; minute += 1) {
      h.advance(60_000);
      expect(await h.queue.retryWaiting()).toEqual({ outcome: 'waiting', inFlight: 'b-00000001' });
    }
    h.advance(60_000);
    expect(await h.queue.retryWaiting()).toMatchObject({
      outcome: 'held',
      hold: { cause: 'no-word', reason: 'the build service never reported the build' },
    });
    h.advance(60_000);
    expect(await h.queue.retryWaiting()).toMatchObject({
      outcome: 'started',
      batch: { batch: 'b-00000002', documents: [doc1] },
    });
    await h.queue.finished('b-00000002');
    for (let minute = 0; minute < 40; minute += 1) {
      h.advance(60_000);
      expect(await h.queue.retryWaiting()).toEqual({ outcome: 'idle' });
    }
    expect(h.builds.map((body) => body.batch)).toEqual(['b-00000001', 'b-00000002']);
  });

  it('a lost batch whose late "ready" comes before its documents started again takes them out of waiting: no second build', async () => {
    const h = harness();
    const doc1 = doc('doc1-faqs', 'r1', h.at());
    await h.queue.publish(doc1);
    h.advance(STALE_BUILD_MS + 1_000);
    expect(await h.queue.retryWaiting()).toMatchObject({ outcome: 'held' });
    expect(h.state().waiting).toEqual([doc1]);
    expect(await h.queue.finished('b-00000001')).toEqual({ outcome: 'idle' });
    expect(h.state().waiting).toEqual([]);
    h.advance(10 * 60_000);
    expect(await h.queue.retryWaiting()).toEqual({ outcome: 'idle' });
    expect(h.builds).toHaveLength(1);
  });

  it('a failed build is tried again once, whatever failed (outside the content, or in the build command: the content or a service it reads); a second failure is final', async () => {
    const h = harness();
    const doc1 = doc('doc1-faqs', 'r1', h.at());
    await h.queue.publish(doc1);
    expect(await h.queue.finished('b-00000001', 'failed-platform')).toMatchObject({
      outcome: 'held',
      hold: {
        cause: 'platform-failed',
        reason: 'the last build failed outside the content (on the build service)',
      },
    });
    h.advance(60_000);
    expect(await h.queue.retryWaiting()).toMatchObject({
      outcome: 'started',
      batch: { batch: 'b-00000002', documents: [{ ...doc1, triedAgain: true }] },
    });
    // The build hook is told of the publish only.
    expect(h.builds[1]!.documents).toEqual([doc1]);
    expect(await h.queue.finished('b-00000002', 'failed-platform')).toEqual({ outcome: 'idle' });

    const doc2 = doc('doc2-faqs', 'r1', h.at());
    await h.queue.publish(doc2);
    expect(await h.queue.finished('b-00000003', 'failed-build-command')).toMatchObject({
      outcome: 'held',
      hold: {
        cause: 'build-failed',
        reason:
          'the last build failed (its log names why: the content, or a service the build reads)',
      },
    });
    h.advance(60_000);
    expect(await h.queue.retryWaiting()).toMatchObject({
      outcome: 'started',
      batch: { batch: 'b-00000004', documents: [{ ...doc2, triedAgain: true }] },
    });
    expect(await h.queue.finished('b-00000004', 'failed-build-command')).toEqual({
      outcome: 'idle',
    });
    h.advance(60 * 60_000);
    expect(await h.queue.retryWaiting()).toEqual({ outcome: 'idle' });
    expect(h.builds).toHaveLength(4);
  });

  it('deploy notifications that never come (not set up, a wrong secret): each silent batch waits twice as long before it is built again, up to a day; a notification heard starts the count again', async () => {
    const h = harness();
    await h.queue.publish(doc('doc1-faqs', 'r1', h.at()));
    const starts: number[] = [];
    for (let minute = 1; minute <= 5 * 24 * 60; minute += 1) {
      h.advance(60_000);
      const outcome = await h.queue.retryWaiting();
      if (outcome.outcome === 'started') starts.push(minute);
    }
    // Silent for 30 minutes, then a wait of 1, 2, 4, 8 … minutes, up to a day.
    expect(starts.slice(0, 7)).toEqual([32, 65, 100, 139, 186, 249, 344]);
    expect(starts.at(-1)! - starts.at(-2)!).toBe(24 * 60 + 31);
    // Five days of a site whose notifications never reach it: 14 builds for one publish, 10 of them on the first day, then one a day.
    expect(starts).toHaveLength(14);
    expect(starts.filter((minute) => minute <= 24 * 60)).toHaveLength(10);
    expect(h.state().hold).toMatchObject({
      cause: 'no-word',
      reason: 'the build service never reported the build',
    });
    // A notification at last (a build by hand's): the next silence waits 1 unit again.
    const last = h.builds.at(-1)!.batch;
    await h.queue.building(undefined, new Date(Date.parse(h.at()) - 1_000).toISOString());
    expect(h.state().silentLosses).toBeUndefined();
    await h.queue.finished(last);
    await h.queue.publish(doc('doc1-faqs', 'r2', h.at()));
    h.advance(31 * 60_000);
    expect(await h.queue.retryWaiting()).toMatchObject({
      outcome: 'held',
      hold: { cause: 'no-word', attempts: 1 },
    });
  });
});
