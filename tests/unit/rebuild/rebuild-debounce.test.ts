import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRebuildDebouncer, type PendingRebuild } from '../../../src/lib/rebuild/rebuild-debounce.ts';
import { memoryStateStore } from '../../../src/lib/rebuild/state-store.ts';

const QUIET = 8_000;
const MAX_WAIT = 20_000;

function setup(store = memoryStateStore()) {
  const builds: PendingRebuild[] = [];
  const trigger = vi.fn(async (burst: PendingRebuild) => {
    builds.push(burst);
  });
  let owner = 0;
  const debouncer = createRebuildDebouncer({ store, trigger, quietMs: QUIET, maxWaitMs: MAX_WAIT, newOwner: () => `publish-${++owner}` });
  return { debouncer, builds, trigger, store };
}

describe('rebuild debounce', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(Date.UTC(2026, 2, 1, 12, 0, 0));
  });
  afterEach(() => vi.useRealTimers());

  it('turns several publishes within the window into one build, fired by the newest', async () => {
    const { debouncer, builds } = setup();
    const outcomes = [debouncer.notePublish()];
    await vi.advanceTimersByTimeAsync(2_000);
    outcomes.push(debouncer.notePublish());
    await vi.advanceTimersByTimeAsync(3_000);
    outcomes.push(debouncer.notePublish());
    expect(builds).toHaveLength(0);

    await vi.advanceTimersByTimeAsync(QUIET);
    expect((await Promise.all(outcomes)).map((outcome) => outcome.result)).toEqual(['superseded', 'superseded', 'triggered']);
    expect(builds).toHaveLength(1);
    expect(builds[0]).toMatchObject({ count: 3, owner: 'publish-3' });
  });

  it('waits for a quiet window before building', async () => {
    const { debouncer, builds } = setup();
    const outcome = debouncer.notePublish();
    await vi.advanceTimersByTimeAsync(QUIET - 1);
    expect(builds).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect((await outcome).result).toBe('triggered');
    expect(builds).toHaveLength(1);
  });

  it('builds again for a publish after the window closed', async () => {
    const { debouncer, builds } = setup();
    const first = debouncer.notePublish();
    await vi.advanceTimersByTimeAsync(QUIET + 1_000);
    const second = debouncer.notePublish();
    await vi.advanceTimersByTimeAsync(QUIET);
    expect([(await first).result, (await second).result]).toEqual(['triggered', 'triggered']);
    expect(builds.map((build) => build.count)).toEqual([1, 1]);
  });

  it('does not wait forever under a steady stream of publishes', async () => {
    const { debouncer, builds } = setup();
    const outcomes: Array<Promise<unknown>> = [];
    for (let second = 0; second < 30; second += 3) {
      outcomes.push(debouncer.notePublish());
      await vi.advanceTimersByTimeAsync(3_000);
    }
    // The first burst is cut at MAX_WAIT after its first publish; the rest form a second burst.
    expect(builds).toHaveLength(1);
    expect(builds[0]?.firstAt).toBe(Date.UTC(2026, 2, 1, 12, 0, 0));
    await vi.advanceTimersByTimeAsync(QUIET);
    await Promise.all(outcomes);
    expect(builds).toHaveLength(2);
    expect(builds.reduce((sum, build) => sum + build.count, 0)).toBe(10);
  });

  it('coalesces across instances that share the store', async () => {
    const store = memoryStateStore();
    const one = setup(store);
    const two = setup(store);
    // Distinct owners per instance, as random ids would be.
    const a = one.debouncer.notePublish();
    await vi.advanceTimersByTimeAsync(1_000);
    const b = createRebuildDebouncer({ store, trigger: two.trigger, quietMs: QUIET, maxWaitMs: MAX_WAIT, newOwner: () => 'other-instance' }).notePublish();
    await vi.advanceTimersByTimeAsync(QUIET);
    expect([(await a).result, (await b).result]).toEqual(['superseded', 'triggered']);
    expect(one.trigger).not.toHaveBeenCalled();
    expect(two.trigger).toHaveBeenCalledTimes(1);
  });

  it('reopens the burst when the build hook fails, so the next publish builds at once', async () => {
    const store = memoryStateStore();
    const failing = createRebuildDebouncer({ store, trigger: async () => { throw new Error('HTTP 500'); }, quietMs: QUIET, maxWaitMs: MAX_WAIT });
    const failed = failing.notePublish().catch((error: Error) => error.message);
    await vi.advanceTimersByTimeAsync(QUIET);
    expect(await failed).toBe('HTTP 500');
    expect((await store.read())?.firedAt).toBeUndefined();

    // Long after: the next publish belongs to the old burst, whose max wait has passed.
    await vi.advanceTimersByTimeAsync(60_000);
    const { debouncer, builds } = setup(store);
    const retry = debouncer.notePublish();
    await vi.advanceTimersByTimeAsync(0);
    expect((await retry).result).toBe('triggered');
    expect(builds[0]?.count).toBe(2);
  });
});
