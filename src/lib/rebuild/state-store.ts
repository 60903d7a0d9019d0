/**
 * Where the rebuild debounce keeps its one record: Netlify Blobs on Netlify (shared by every
 * function instance, strongly consistent), or memory (one instance; tests and local runs only).
 */
import { z } from 'zod';
import { isDeployedContext } from '../config/netlify-deploy.ts';
import { SetupError } from './function-http.ts';
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

export const BLOBS_MISSING_MESSAGE = 'Netlify Blobs is not available to this function, so publishes cannot be combined into one build; no build was started';

/**
 * The debounce's store for an invocation in `deployContext` (Netlify's context.deploy.context, or
 * CONTEXT). On a deployed site it must be Netlify Blobs: a memory store there would debounce per
 * instance only, so every publish of a burst could start its own build. Without Blobs it throws a
 * SetupError (the function answers 500 and logs why) instead. A local run (no context, or `dev`)
 * falls back to memory.
 */
export function publishStateStore(deployContext: string | undefined, openBlobStore: () => JsonBlobStore): RebuildStateStore {
  try {
    return blobStateStore(openBlobStore());
  } catch (error) {
    if (isDeployedContext(deployContext)) {
      throw new SetupError(`${BLOBS_MISSING_MESSAGE} (context ${deployContext})`, { cause: error });
    }
    return memoryStateStore();
  }
}
