/**
 * Several publishes within a short window cause one build: a trailing-edge debounce whose state
 * lives in a shared store (Netlify Blobs in production), so it works across function instances.
 *
 * Each publish records itself as the newest one, waits until the window is quiet (no newer
 * publish for `quietMs`) or the burst has lasted `maxWaitMs`, then looks again: if it is still
 * the newest, it triggers the build; otherwise the newer publish owns the build. Nothing is
 * lost: the build that fires starts after every publish it covers. Two instances racing on
 * the store can at worst both fire, and Netlify then skips the queued duplicate.
 */
export interface PendingRebuild {
  /** When the first publish of this burst arrived (ms). */
  firstAt: number;
  /** When the newest publish arrived (ms). */
  lastAt: number;
  /** Publishes in the burst. */
  count: number;
  /** Identifies the newest publish: only it may fire. */
  owner: string;
  /** Set once the burst's build was triggered; the next publish starts a new burst. */
  firedAt?: number;
}

export interface RebuildStateStore {
  read(): Promise<PendingRebuild | undefined>;
  write(state: PendingRebuild): Promise<void>;
}

export interface DebounceOptions {
  store: RebuildStateStore;
  trigger: (burst: PendingRebuild) => Promise<void>;
  quietMs?: number;
  maxWaitMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  newOwner?: () => string;
}

/** Short enough to finish inside a function invocation, long enough to catch a publishing burst. */
export const QUIET_MS = 8_000;
export const MAX_WAIT_MS = 20_000;

export type PublishOutcome = { result: 'triggered'; burst: PendingRebuild } | { result: 'superseded' };

export function createRebuildDebouncer(options: DebounceOptions) {
  const quietMs = options.quietMs ?? QUIET_MS;
  const maxWaitMs = options.maxWaitMs ?? MAX_WAIT_MS;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((done) => setTimeout(done, ms)));
  const newOwner = options.newOwner ?? (() => crypto.randomUUID());

  /** Records a publish as the newest of its burst. Fails if the store cannot be written (the caller answers 5xx, the sender retries). */
  async function record(): Promise<PendingRebuild> {
    const arrived = now();
    const previous = await options.store.read();
    const open = previous && previous.firedAt === undefined ? previous : undefined;
    const mine: PendingRebuild = {
      firstAt: open?.firstAt ?? arrived,
      lastAt: arrived,
      count: (open?.count ?? 0) + 1,
      owner: newOwner(),
    };
    await options.store.write(mine);
    return mine;
  }

  /** Waits for the window to close, then fires if this publish is still the newest. */
  async function settle(mine: PendingRebuild): Promise<PublishOutcome> {
    const fireAt = Math.min(mine.lastAt + quietMs, mine.firstAt + maxWaitMs);
    await sleep(Math.max(0, fireAt - now()));

    const current = await options.store.read();
    if (!current || current.owner !== mine.owner || current.firedAt !== undefined) return { result: 'superseded' };
    await options.store.write({ ...current, firedAt: now() });
    try {
      await options.trigger(current);
    } catch (error) {
      // Reopen the burst (unless a newer publish owns it now), so the next publish fires at once.
      if ((await options.store.read())?.owner === current.owner) await options.store.write(current);
      throw error;
    }
    return { result: 'triggered', burst: current };
  }

  return {
    record,
    settle,
    /** Both steps in one: what a caller that can wait does. */
    async notePublish(): Promise<PublishOutcome> {
      return settle(await record());
    },
  };
}
