/**
 * The part of a Netlify Blobs store the publish queue and the deploy records use, and a memory
 * store with the same etag rules for tests. Records that several function instances change are
 * written conditionally (the etag read with them), so two instances never both act on one state:
 * the loser of a race reads again and retries.
 */
import type { z } from 'zod';

export interface WriteOptions {
  /** Write only if the entry's etag is still this one. */
  onlyIfMatch?: string;
  /** Write only if there is no entry yet. */
  onlyIfNew?: boolean;
}

export interface BlobStore {
  getWithMetadata(
    key: string,
    options: { type: 'json' },
  ): Promise<{ data: unknown; etag?: string | undefined } | null>;
  setJSON(
    key: string,
    value: unknown,
    options?: WriteOptions,
  ): Promise<{ modified: boolean; etag?: string | undefined }>;
  delete(key: string): Promise<void>;
}

/** Netlify's Store, typed as the part used here (its overloads do not narrow to this interface by themselves). */
export function asBlobStore(store: unknown): BlobStore {
  return store as BlobStore;
}

export class StoreConflictError extends Error {
  constructor(key: string, attempts: number) {
    super(`${key} kept changing under ${attempts} attempts to update it`);
    this.name = 'StoreConflictError';
  }
}

export interface Versioned<T> {
  value: T | undefined;
  etag: string | undefined;
}

/** Reads `key` as `schema`; an entry that does not parse counts as none (the next write replaces it). */
export async function readVersioned<T>(
  store: BlobStore,
  key: string,
  schema: z.ZodType<T>,
): Promise<Versioned<T>> {
  const entry = await store.getWithMetadata(key, { type: 'json' });
  if (!entry) return { value: undefined, etag: undefined };
  const parsed = schema.safeParse(entry.data);
  return { value: parsed.success ? parsed.data : undefined, etag: entry.etag };
}

export async function readJson<T>(
  store: BlobStore,
  key: string,
  schema: z.ZodType<T>,
): Promise<T | undefined> {
  return (await readVersioned(store, key, schema)).value;
}

/** What an update decides: the next value to write (or none: nothing changes), and what to hand back. */
export interface UpdateStep<T, R> {
  next?: T;
  result: R;
}

export const UPDATE_ATTEMPTS = 8;

/**
 * Read, decide, write only if nobody wrote in between; on a lost race, read again and decide
 * again. `decide` must be pure: it may run several times. Throws StoreConflictError after
 * `attempts` lost races, and whatever the store throws.
 */
export async function updateJson<T, R>(
  store: BlobStore,
  key: string,
  schema: z.ZodType<T>,
  decide: (current: T | undefined) => UpdateStep<T, R>,
  options: { attempts?: number; pause?: (attempt: number) => Promise<void> } = {},
): Promise<R> {
  const attempts = options.attempts ?? UPDATE_ATTEMPTS;
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    const { value, etag } = await readVersioned(store, key, schema);
    const step = decide(value);
    if (step.next === undefined) return step.result;
    const written = await store.setJSON(
      key,
      step.next,
      etag === undefined ? { onlyIfNew: true } : { onlyIfMatch: etag },
    );
    if (written.modified) return step.result;
    await (options.pause ?? backoff)(attempt);
  }
  throw new StoreConflictError(key, attempts);
}

/** A short random pause, so that racing instances do not retry in step. */
function backoff(attempt: number): Promise<void> {
  return new Promise((done) => setTimeout(done, Math.random() * 20 * attempt));
}

/**
 * A store in memory with Netlify Blobs' conditional-write rules (a new etag per write): unit
 * tests, and a local run without Blobs. `beforeWrite` lets a test change the entry between a
 * read and a write, as another instance would.
 */
export function memoryBlobStore(
  options: { beforeWrite?: (key: string) => void } = {},
): BlobStore & {
  entries: Map<string, { data: string; etag: string }>;
  value(key: string): unknown;
} {
  const entries = new Map<string, { data: string; etag: string }>();
  let version = 0;
  return {
    entries,
    value(key) {
      const entry = entries.get(key);
      return entry ? JSON.parse(entry.data) : undefined;
    },
    async getWithMetadata(key) {
      const entry = entries.get(key);
      return entry ? { data: JSON.parse(entry.data), etag: entry.etag } : null;
    },
    async setJSON(key, value, writeOptions = {}) {
      options.beforeWrite?.(key);
      const current = entries.get(key);
      if (writeOptions.onlyIfNew && current) return { modified: false };
      if (writeOptions.onlyIfMatch !== undefined && current?.etag !== writeOptions.onlyIfMatch)
        return { modified: false };
      version += 1;
      const etag = `"${version}"`;
      entries.set(key, { data: JSON.stringify(value), etag });
      return { modified: true, etag };
    },
    async delete(key) {
      entries.delete(key);
    },
  };
}
