/**
 * What a simulated world is given (world.ts): when it starts, the schools and documents, the
 * deploy budget and build time, the schedules, the Blobs stores, and the faults injected. The
 * fault model and the month bench differ only here and in the activity they bring.
 */
import { memoryBlobStore, type BlobStore } from '../../../src/lib/functions/blob-store.ts';

/** The Blobs stores the functions use, and a deploy's own store (its build record). */
export interface WorldStores {
  queue: () => BlobStore;
  deploys: () => BlobStore;
  deploy: (deployId: string) => BlobStore;
}

/** Stores in memory, with Netlify Blobs' conditional-write rules. */
export function memoryStores(): WorldStores {
  const queue = memoryBlobStore();
  const deploys = memoryBlobStore();
  const perDeploy = new Map<string, BlobStore>();
  return {
    queue: () => queue,
    deploys: () => deploys,
    deploy: (deployId) => {
      if (!perDeploy.has(deployId)) perDeploy.set(deployId, memoryBlobStore());
      return perDeploy.get(deployId)!;
    },
  };
}

export interface WorldOptions {
  /** When the clock starts. */
  start: number;
  /** The schools the product API keeps tenant records of. */
  schools: readonly string[];
  /** Documents published before the world starts (revision `<id>-r0`). */
  documents?: readonly string[];
  /** What a document is: its webhook's `_type`, its build record's type and school (default: an FAQ of no school). */
  describe?: (id: string) => { type: string; school: string | null };
  /** DEPLOY_BUDGET_PER_HOUR, or none. */
  budget?: number | undefined;
  /** How long builds take (ms) until `buildMs` is changed. */
  buildMs: number;
  /** FRESHNESS_CHECK_MINUTES: the freshness check runs on every quarter hour, checking on those. None: no freshness check. */
  freshnessMinutes?: number | undefined;
  /** The nightly build, every midnight (UTC), as the nightly function made it before the freshness check. */
  nightly?: boolean;
  /**
   * publish-retry on every minute; or only while something may wait (after a publish, a
   * notification, a build called or a freshness check, until it answers that nothing waits): a run
   * with nothing to do changes nothing, so a month skips its quiet minutes.
   */
  retry: 'every-minute' | 'while-busy';
  /** The Blobs stores (default memoryStores()). */
  stores?: WorldStores;
  /**
   * Faults injected (`world.faults` arms them): every invocation then stops at each step outside it
   * and the world lets them on in an order drawn from `seed`; `moveTimers` moves fake timers when
   * nothing else can (updateJson's pauses between lost races).
   */
  faults?: { seed: number; moveTimers: () => void };
  /** Keeps the log of what happened and every move of the live pointer (the fault model's checks). */
  observe?: boolean;
}
