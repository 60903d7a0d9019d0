/**
 * Where the rebuild debounce keeps its one record: Netlify Blobs on Netlify (shared by every
 * function instance, strongly consistent), or memory (one instance; tests and local runs).
 */
import { z } from 'zod';
import type { PendingRebuild, RebuildStateStore } from './rebuild-debounce.ts';

const pendingRebuildSchema = z.object({
  firstAt: z.number(),
  lastAt: z.number(),
  count: z.number(),
  owner: z.string(),
  firedAt: z.number().optional(),
});

/** The part of a Netlify Blobs store this needs. */
export interface JsonBlobStore {
  get(key: string, options: { type: 'json' }): Promise<unknown>;
  setJSON(key: string, value: unknown): Promise<unknown>;
}

export const PENDING_REBUILD_KEY = 'pending-rebuild';

export function blobStateStore(store: JsonBlobStore, key = PENDING_REBUILD_KEY): RebuildStateStore {
  return {
    async read() {
      const parsed = pendingRebuildSchema.safeParse(await store.get(key, { type: 'json' }));
      // An unreadable record is treated as no burst: the publish starts a new one.
      return parsed.success ? (parsed.data as PendingRebuild) : undefined;
    },
    async write(state) {
      await store.setJSON(key, state);
    },
  };
}

export function memoryStateStore(): RebuildStateStore {
  let state: PendingRebuild | undefined;
  return {
    read: async () => (state ? { ...state } : undefined),
    write: async (next) => {
      state = { ...next };
    },
  };
}
