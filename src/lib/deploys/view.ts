/**
 * Reads the snapshot the status answers are made from (status.ts's View), in a constant number of
 * blob reads whatever the history and the number of schools: the production history (with `live`
 * and the lock), the publish queue unless the answer needs none (a visitor's deploys answer), and
 * for a document question only the index shards of the ids asked (at most INDEX_SHARDS); for an
 * editor's deploys answer, the other deploys' history and the freshness check's record instead.
 */
import { EMPTY_QUEUE } from '../rebuild/publish-queue.ts';
import { readJson, type BlobStore } from '../functions/blob-store.ts';
import { timeOf } from './deploy-state.ts';
import {
  EMPTY_PRODUCTION_HISTORY,
  INDEX_SHARD_RECORD,
  OTHER_HISTORY_RECORD,
  PRODUCTION_HISTORY_RECORD,
  type IndexEntry,
} from '../publish-records/deploy-history.ts';
import {
  FRESHNESS_KEY,
  indexShardKey,
  OTHER_HISTORY_KEY,
  PRODUCTION_HISTORY_KEY,
  PUBLISH_QUEUE_KEY,
  shardOf,
} from '../publish-records/names.ts';
import { FRESHNESS_RECORD, PUBLISH_QUEUE_RECORD } from '../publish-records/queue-record.ts';
import { ownEntry } from '../publish-records/record-parts.ts';
import type { View } from './status.ts';

export function createViewLoader(options: { deploys: BlobStore; queue: BlobStore }) {
  /**
   * `ids`: the documents asked about (their shards are read); `others`: also the deploy previews'
   * and branch deploys' history and the freshness check's record (an editor's deploys answer);
   * `queue: false`: the publish queue is not read (an empty one stands in).
   */
  return async function load({
    ids = [],
    others = false,
    queue: withQueue = true,
  }: {
    ids?: readonly string[];
    others?: boolean;
    queue?: boolean;
  }): Promise<View> {
    const shardNumbers = [...new Set(ids.map(shardOf))];
    const [queue, history, other, freshness, ...shards] = await Promise.all([
      withQueue ? readJson(options.queue, PUBLISH_QUEUE_KEY, PUBLISH_QUEUE_RECORD) : undefined,
      readJson(options.deploys, PRODUCTION_HISTORY_KEY, PRODUCTION_HISTORY_RECORD),
      others ? readJson(options.deploys, OTHER_HISTORY_KEY, OTHER_HISTORY_RECORD) : undefined,
      others ? readJson(options.queue, FRESHNESS_KEY, FRESHNESS_RECORD) : undefined,
      ...shardNumbers.map((shard) =>
        readJson(options.deploys, indexShardKey(shard), INDEX_SHARD_RECORD),
      ),
    ]);
    // The notification writes a deploy's index before it moves `live` to it: a shard made for a deploy
    // published after the one `live` names is the newer truth (Netlify published it before notifying).
    let live = history?.live ?? null;
    for (const shard of shards) {
      if (shard && (!live || timeOf(shard.publishedAt) > timeOf(live.since)))
        live = { deployId: shard.deployId, since: shard.publishedAt };
    }
    // Only a shard made for the live deploy speaks for it (one made for an older deploy is being replaced).
    const byShard = new Map(
      shardNumbers.map((shard, at) => [
        shard,
        shards[at]?.deployId === live?.deployId ? shards[at] : undefined,
      ]),
    );
    const documents = new Map<string, IndexEntry | null>();
    let contentReadAt: string | undefined;
    for (const id of ids) {
      const shard = byShard.get(shardOf(id));
      if (shard) contentReadAt = shard.contentReadAt;
      documents.set(id, shard ? (ownEntry(shard.documents, id) ?? null) : null);
    }
    const indexed = new Set(
      [...byShard.entries()].filter(([, shard]) => shard !== undefined).map(([shard]) => shard),
    );
    return {
      queue: queue ?? EMPTY_QUEUE,
      history: history ?? EMPTY_PRODUCTION_HISTORY,
      live,
      other: other?.deploys ?? [],
      ...(freshness ? { freshness } : {}),
      documents,
      indexed: (id: string) => indexed.has(shardOf(id)),
      contentReadAt,
    };
  };
}

export type ViewLoader = ReturnType<typeof createViewLoader>;
