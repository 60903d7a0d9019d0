/** A Blobs store in memory for the revocation tests: the two calls revocation.ts makes, counted. */
import type { RevocationStore } from '../../../src/lib/preview/server/revocation.ts';

export interface MemoryRevocationStore extends RevocationStore {
  records: Map<string, string>;
  reads: number;
  writes: number;
  /** Makes every later call fail, as an unreachable store does. */
  fail(error?: Error): void;
}

export function memoryRevocationStore(): MemoryRevocationStore {
  let failure: Error | undefined;
  const store: MemoryRevocationStore = {
    records: new Map(),
    reads: 0,
    writes: 0,
    fail(error = new Error('Netlify Blobs has generated an internal error (503 status code)')) {
      failure = error;
    },
    get(key) {
      store.reads += 1;
      if (failure) return Promise.reject(failure);
      return Promise.resolve(store.records.get(key) ?? null);
    },
    set(key, value) {
      store.writes += 1;
      if (failure) return Promise.reject(failure);
      store.records.set(key, value);
      return Promise.resolve();
    },
  };
  return store;
}
