/**
 * What the fault model holds a restore to (world.ts with `observe`): no write of the publish
 * queue's record that leaves a restore standing (`live.restoredOver`: rebuild/restore-hold.ts)
 * starts a batch or asks for a freshness build. (The write of the notification that ends it starts
 * what waited, in one step.) Every write of the queue is watched at the store, below the faults: a
 * conditional write that landed replaced exactly the record read just before it.
 */
import type { BlobStore } from '../../../src/lib/functions/blob-store.ts';
import { PUBLISH_QUEUE_KEY } from '../../../src/lib/publish-records/names.ts';
import type { PublishQueue } from '../../../src/lib/publish-records/queue-record.ts';

/** What a write of the queue did that a standing restore forbids, in words; none: nothing. */
export function heldStart(before: PublishQueue, after: PublishQueue): string | undefined {
  const live = after.live;
  if (live?.restoredOver === undefined) return undefined;
  const known = new Set([
    ...(before.inFlight ? [before.inFlight.batch] : []),
    ...(before.recent ?? []).map((batch) => batch.batch),
  ]);
  const held = `while deploy ${live.deployId} was restored over ${live.restoredOver}`;
  // A batch taken back in flight (its lost start heard of after all) was started before.
  if (after.inFlight && !known.has(after.inFlight.batch))
    return `batch ${after.inFlight.batch} started ${held}`;
  const asked = new Set(
    [before.inFlight, ...(before.recent ?? [])]
      .map((batch) => batch?.freshness?.at)
      .filter(Boolean),
  );
  // A freshness build a failed batch carried waits again: no new ask.
  if (after.fresh && !before.fresh && !asked.has(after.fresh.at))
    return `a freshness build was asked for ${held} (${after.fresh.reason})`;
  return undefined;
}

/** `store` (the queue's), noting in `seen` each write that started anything while a restore held. */
export function watchHeldStarts(store: BlobStore, seen: (what: string) => void): BlobStore {
  return {
    ...store,
    getWithMetadata: (key, options) => store.getWithMetadata(key, options),
    delete: (key) => store.delete(key),
    setJSON: async (key, value, options) => {
      if (key !== PUBLISH_QUEUE_KEY) return store.setJSON(key, value, options);
      const before = await store.getWithMetadata(key, { type: 'json' });
      const written = await store.setJSON(key, value, options);
      if (written.modified && before?.data) {
        const what = heldStart(before.data as PublishQueue, value as PublishQueue);
        if (what) seen(what);
      }
      return written;
    },
  };
}
