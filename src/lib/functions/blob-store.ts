/**
 * The part of a Netlify Blobs store the publish queue and the deploy records use, and a memory
 * store with the same etag rules for tests. Records that several function instances change are
 * written conditionally (the etag read with them), so two instances never both act on one state:
 * the loser of a race reads again and retries. Every record is read as its kind (record-kind.ts):
 * one this code cannot read is kept aside and thrown as an UnreadableRecordError, never taken for
 * none and never overwritten.
 */
import { createHash } from 'node:crypto';
import { readRecord, storedRecord, type RecordKind, type UnreadableReason } from './record-kind.ts';

export interface WriteOptions {
  /** Write only if the entry's etag is still this one. */
  onlyIfMatch?: string;
  /** Write only if there is no entry yet. */
  onlyIfNew?: boolean;
}

export interface BlobStore {
  /** `text`: the record as stored (a record is read so, to tell text that is no JSON from none); `json`: parsed. */
  getWithMetadata(
    key: string,
    options: { type: 'json' | 'text' },
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
  /** The version it was stored at (older ones are migrated as read); undefined when there is none. */
  version?: number | undefined;
}

/** Where records this code cannot read are kept, in the record's own store: `kept-aside/<key>/<reason>-<digest>`, one copy per content. */
export const KEPT_ASIDE_PREFIX = 'kept-aside/';

/** A record this code cannot read, kept aside under `keptAs` (undefined when even that write failed); never overwritten. */
export class UnreadableRecordError extends Error {
  readonly key: string;
  readonly record: string;
  readonly reason: UnreadableReason;
  readonly keptAs: string | undefined;
  /** Whether this meeting wrote the copy (the first one did): an alert is sent for that one only. */
  readonly firstMet: boolean;

  constructor(
    record: string,
    key: string,
    reason: UnreadableReason,
    detail: string,
    keptAs: string | undefined,
    firstMet = false,
  ) {
    super(
      `${record} (${key}) cannot be read by this deploy's code: ${detail}; ${keptAs ? `kept aside as ${keptAs}` : 'it could not be copied aside'} and never overwritten`,
    );
    this.name = 'UnreadableRecordError';
    this.record = record;
    this.key = key;
    this.reason = reason;
    this.keptAs = keptAs;
    this.firstMet = firstMet;
  }
}

/** The key a record's text is kept aside under: the reason and a digest of the text, so a second meeting writes no second copy. */
export function keptAsideKey(key: string, reason: UnreadableReason, text: string): string {
  const digest = createHash('sha256').update(text).digest('hex').slice(0, 16);
  return `${KEPT_ASIDE_PREFIX}${key}/${reason}-${digest}`;
}

/** A kept-aside copy (itself versioned): what it was, why, when first found, and its text exactly as stored. */
export interface KeptAside {
  version: 1;
  keptAside: {
    key: string;
    record: string;
    reason: UnreadableReason;
    detail: string;
    foundAt: string;
  };
  text: string;
}

/**
 * Reads `key` as `kind`: none when there is no entry; an older version migrated; a record this
 * code cannot read is copied aside (write-once) and thrown as an UnreadableRecordError.
 */
export async function readVersioned<T>(
  store: BlobStore,
  key: string,
  kind: RecordKind<T>,
  now: () => Date = () => new Date(),
): Promise<Versioned<T>> {
  const entry = await store.getWithMetadata(key, { type: 'text' });
  if (!entry) return { value: undefined, etag: undefined };
  const text = typeof entry.data === 'string' ? entry.data : JSON.stringify(entry.data);
  const reading = readRecord(text, kind);
  if (reading.ok) return { value: reading.value, etag: entry.etag, version: reading.version };
  const aside = keptAsideKey(key, reading.reason, text);
  const copy: KeptAside = {
    version: 1,
    keptAside: {
      key,
      record: kind.name,
      reason: reading.reason,
      detail: reading.detail,
      foundAt: now().toISOString(),
    },
    text,
  };
  // Write-once: a copy already there (an earlier meeting, the same text) is never replaced.
  const kept = await store.setJSON(aside, copy, { onlyIfNew: true }).then(
    (written) => ({ as: aside, first: written.modified }),
    () => ({ as: undefined, first: false }),
  );
  throw new UnreadableRecordError(
    kind.name,
    key,
    reading.reason,
    reading.detail,
    kept.as,
    kept.first,
  );
}

export async function readJson<T>(
  store: BlobStore,
  key: string,
  kind: RecordKind<T>,
): Promise<T | undefined> {
  return (await readVersioned(store, key, kind)).value;
}

/** Writes `value` as `kind` (with its version), conditionally as `options` say. */
export function writeRecord<T>(
  store: BlobStore,
  key: string,
  kind: RecordKind<T>,
  value: T,
  options?: WriteOptions,
): ReturnType<BlobStore['setJSON']> {
  return store.setJSON(key, storedRecord(value, kind), options);
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
  kind: RecordKind<T>,
  decide: (current: T | undefined) => UpdateStep<T, R>,
  options: {
    attempts?: number;
    pause?: (attempt: number) => Promise<void>;
  } = {},
): Promise<R> {
  const attempts = options.attempts ?? UPDATE_ATTEMPTS;
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    // A record this code cannot read throws here: `decide` never sees it as none, nothing replaces it.
    const { value, etag } = await readVersioned(store, key, kind);
    const step = decide(value);
    if (step.next === undefined) return step.result;
    const written = await writeRecord(
      store,
      key,
      kind,
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
      return entry ? (JSON.parse(entry.data) as unknown) : undefined;
    },
    // Netlify Blobs answers with promises; these are settled at once.
    getWithMetadata(key, readOptions) {
      const entry = entries.get(key);
      if (!entry) return Promise.resolve(null);
      return Promise.resolve({
        data: readOptions.type === 'text' ? entry.data : (JSON.parse(entry.data) as unknown),
        etag: entry.etag,
      });
    },
    setJSON(key, value, writeOptions = {}) {
      options.beforeWrite?.(key);
      const current = entries.get(key);
      if (writeOptions.onlyIfNew && current) return Promise.resolve({ modified: false });
      if (writeOptions.onlyIfMatch !== undefined && current?.etag !== writeOptions.onlyIfMatch)
        return Promise.resolve({ modified: false });
      version += 1;
      const etag = `"${version}"`;
      entries.set(key, { data: JSON.stringify(value), etag });
      return Promise.resolve({ modified: true, etag });
    },
    delete(key) {
      entries.delete(key);
      return Promise.resolve();
    },
  };
}
