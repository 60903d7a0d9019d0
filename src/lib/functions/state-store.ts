/**
 * Where the functions keep their records: Netlify Blobs on Netlify (shared by every function
 * instance, strongly consistent), or memory (one process; tests and local runs without Blobs).
 */
import { isDeployedContext } from '../config/netlify-deploy.ts';
import { memoryBlobStore, type BlobStore } from './blob-store.ts';
import { SetupError } from './function-http.ts';

export type { BlobStore };

/** A memory store; every call is a new, empty one. */
export function memoryStateStore(): BlobStore {
  return memoryBlobStore();
}

/** One memory store per name for the whole process, so that the functions of a local run share it as they would share Blobs. */
const processStores = new Map<string, BlobStore>();
/** Tests: forget the process-wide stores. */
export function resetProcessMemoryStores(): void {
  processStores.clear();
}

export function processMemoryStore(name: string): BlobStore {
  let store = processStores.get(name);
  if (!store) processStores.set(name, (store = memoryBlobStore()));
  return store;
}

export const BLOBS_MISSING_MESSAGE =
  'Netlify Blobs is not available to this function, so publishes cannot be combined into one build; no build was started';

/**
 * A site store for an invocation in `deployContext` (Netlify's context.deploy.context, or
 * CONTEXT). On a deployed site it must be Netlify Blobs: memory there would hold one instance's
 * view only (every publish of a burst could start its own build; a status answer would not see
 * the notifications). Without Blobs it throws a SetupError (`missing`: the function's words; it
 * answers 500 and logs why). A local run (no context, or `dev`) falls back to a process-wide
 * memory store of that name.
 */
export function siteStore(
  name: string,
  deployContext: string | undefined,
  openBlobStore: () => BlobStore,
  missing = BLOBS_MISSING_MESSAGE,
): BlobStore {
  try {
    return openBlobStore();
  } catch (error) {
    if (isDeployedContext(deployContext))
      throw new SetupError(`${missing} (context ${deployContext})`, { cause: error });
    return processMemoryStore(name);
  }
}
