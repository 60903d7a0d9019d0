/**
 * The `deploys` store (publish-records/deploy-history.ts): the production history (its deploys, the `live` pointer, the
 * lock and the month's count of production deploys) and the other deploys' history, one blob each,
 * the live deploy's document index in INDEX_SHARDS blobs and its build inputs (`live-inputs`). A
 * notification changes a history with one conditional write (blob-store.ts), so concurrent
 * notifications never undo each other; when a production deploy is published, its build record is
 * read once from its own deploy store and turned into the index and the inputs, so neither a status
 * answer nor the freshness check ever reads a build record.
 */
import {
  readJson,
  readVersioned,
  updateJson,
  writeRecord,
  type BlobStore,
  type Versioned,
} from '../functions/blob-store.ts';
import { applyNotification, isPublished, timeOf } from './deploy-state.ts';
import { indexOf, summaryOf } from './live-index.ts';
import { buildRecordSchema, type BuildInputs } from '../publish-records/build-record.ts';
import {
  EMPTY_PRODUCTION_HISTORY,
  INDEX_SHARD_RECORD,
  LIVE_INPUTS_RECORD,
  OTHER_HISTORY_RECORD,
  PRODUCTION_HISTORY_RECORD,
  type DeployNotification,
  type DeployRecord,
  type DeploySpend,
  type IndexShard,
  type LiveInputs,
  type OtherHistory,
  type ProductionHistory,
  type SiteRecord,
} from '../publish-records/deploy-history.ts';
import {
  INDEX_SHARDS,
  indexShardKey,
  KEPT_DEPLOYS,
  KEPT_OTHER_DEPLOYS,
  LIVE_INPUTS_KEY,
  OTHER_HISTORY_KEY,
  PRODUCTION_HISTORY_KEY,
} from '../publish-records/names.ts';
import { type Batch } from '../publish-records/queue-record.ts';

export interface DeployStoreOptions {
  store: BlobStore;
  /** The build's record from the deploy's own store (blob `build-record`); undefined when there is none. */
  readBuildReport: (deployId: string) => Promise<unknown>;
  log?: (message: string) => void;
}

export interface RecordOutcome {
  /** The record as it stands after the notification. */
  record: DeployRecord | undefined;
  /** The notification changed the record (false: a duplicate, or older than the record). */
  changed: boolean;
  /** The notification made this deploy the live one. */
  nowLive: boolean;
  /** The production history as this notification left it (a production deploy's only): which deploy is live, and whether it is a restore. */
  history?: ProductionHistory;
}

/** The deploys newest first, at most `kept`, never dropping `keep` (the live deploy). */
function kept(
  deploys: readonly DeployRecord[],
  keep: string | undefined,
  limit: number,
): DeployRecord[] {
  const sorted = [...deploys].sort((a, b) => timeOf(b.createdAt) - timeOf(a.createdAt));
  return sorted.filter((record, at) => at < limit || record.id === keep);
}

/**
 * The month's count after `next` (a production deploy's record as a notification leaves it): one
 * more on its day when it has just succeeded (a restore, already `ready`, is no new deploy).
 * A deploy of a month before the count's is not counted; a later month starts the count again.
 */
export function spendAfter(
  spend: DeploySpend | undefined,
  previous: DeployRecord | undefined,
  next: DeployRecord,
): DeploySpend | undefined {
  if (!next.production || next.state !== 'ready' || previous?.state === 'ready') return spend;
  const at = next.updatedAt ?? next.publishedAt ?? next.createdAt;
  if (!at || Number.isNaN(Date.parse(at))) return spend;
  const day = new Date(at).toISOString();
  const month = day.slice(0, 7);
  if (spend && month < spend.month) return spend;
  const days = spend?.month === month ? [...spend.days] : [];
  const index = Number(day.slice(8, 10)) - 1;
  while (days.length <= index) days.push(0);
  days[index]! += 1;
  return { month, days };
}

function withRecord(deploys: readonly DeployRecord[], record: DeployRecord): DeployRecord[] {
  return [record, ...deploys.filter((entry) => entry.id !== record.id)];
}

/**
 * The lock after a notification that says (`locked` true or false); unchanged when it says nothing or
 * is older. An unlock of a locked site is noted (`unlockedAt`, kept through later locks): a restore
 * published before it holds the publish queue no longer (rebuild/restore-hold.ts).
 */
export function lockAfter(
  site: SiteRecord | null,
  notification: DeployNotification,
): SiteRecord | null {
  if (notification.locked === undefined || notification.locked === null) return site;
  const at = notification.updated_at ?? notification.created_at ?? null;
  if (site && timeOf(site.updatedAt) > timeOf(at)) return site;
  const unlockedAt = !notification.locked && site?.locked && at !== null ? at : site?.unlockedAt;
  const next: SiteRecord = {
    ...(notification.locked
      ? { locked: true, lockedDeployId: notification.id, updatedAt: at }
      : { locked: false, lockedDeployId: null, updatedAt: at }),
    ...(unlockedAt === undefined ? {} : { unlockedAt }),
  };
  // A lock (or unlock) said again changes nothing.
  return site && site.locked === next.locked && site.lockedDeployId === next.lockedDeployId
    ? site
    : next;
}

/**
 * Whether a blob of the live deploy's (an index shard, its inputs) stays as it is rather than take
 * `next`'s: it is a newer deploy's (by publish time), or the same deploy's, published at the same
 * time (the same index or inputs: made from its record and the one before it).
 */
function keepsCurrent(
  current: { deployId: string; publishedAt: string } | undefined,
  next: { deployId: string; publishedAt: string },
): boolean {
  if (!current) return false;
  return (
    timeOf(current.publishedAt) > timeOf(next.publishedAt) ||
    (current.deployId === next.deployId && current.publishedAt === next.publishedAt)
  );
}

export function createDeployStore(options: DeployStoreOptions) {
  const { store } = options;
  const log = options.log ?? (() => undefined);

  const readProduction = async (): Promise<ProductionHistory> =>
    (await readJson(store, PRODUCTION_HISTORY_KEY, PRODUCTION_HISTORY_RECORD)) ??
    EMPTY_PRODUCTION_HISTORY;
  const readOther = async (): Promise<OtherHistory> =>
    (await readJson(store, OTHER_HISTORY_KEY, OTHER_HISTORY_RECORD)) ?? { deploys: [] };

  /** The live deploy's build inputs, unless a newer deploy's are there already (by publish time). */
  async function writeInputs(
    deployId: string,
    publishedAt: string,
    inputs: BuildInputs | undefined,
  ): Promise<void> {
    if (!inputs) return;
    const next: LiveInputs = { ...inputs, deployId, publishedAt };
    await updateJson(store, LIVE_INPUTS_KEY, LIVE_INPUTS_RECORD, (current) =>
      keepsCurrent(current, next) ? { result: undefined } : { next, result: undefined },
    );
  }

  async function readShards(): Promise<Array<Versioned<IndexShard>>> {
    return Promise.all(
      Array.from({ length: INDEX_SHARDS }, (_, shard) =>
        readVersioned(store, indexShardKey(shard), INDEX_SHARD_RECORD),
      ),
    );
  }

  /**
   * Writes each shard unless a newer deploy's is already there (by publish time) or it is this
   * deploy's already. `read`: the shards as read before (their etags make the first write
   * conditional); a shard changed since is read and decided again.
   */
  async function writeShards(
    shards: IndexShard[],
    read: ReadonlyArray<Versioned<IndexShard>>,
  ): Promise<void> {
    const decide = (next: IndexShard) => (current: IndexShard | undefined) =>
      keepsCurrent(current, next) ? { result: undefined } : { next, result: undefined };
    await Promise.all(
      shards.map(async (next, shard) => {
        const before = read[shard];
        if (before) {
          const step = decide(next)(before.value);
          if (!step.next) return;
          const written = await writeRecord(
            store,
            indexShardKey(shard),
            INDEX_SHARD_RECORD,
            next,
            before.etag === undefined ? { onlyIfNew: true } : { onlyIfMatch: before.etag },
          );
          if (written.modified) return;
        }
        await updateJson(store, indexShardKey(shard), INDEX_SHARD_RECORD, decide(next));
      }),
    );
  }

  /** A record of another kind of deploy than production: its own history, its own bound. */
  async function recordOther(
    notification: DeployNotification,
    batches: readonly Batch[],
  ): Promise<RecordOutcome> {
    return updateJson<OtherHistory, RecordOutcome>(
      store,
      OTHER_HISTORY_KEY,
      OTHER_HISTORY_RECORD,
      (current) => {
        const deploys = current?.deploys ?? [];
        const previous = deploys.find((entry) => entry.id === notification.id);
        const next = applyNotification(previous, notification, batches);
        if (!next) return { result: { record: previous, changed: false, nowLive: false } };
        return {
          next: { deploys: kept(withRecord(deploys, next), undefined, KEPT_OTHER_DEPLOYS) },
          result: { record: next, changed: true, nowLive: false },
        };
      },
    );
  }

  /**
   * A published production deploy that is to be live (newer than the live one, or live without its
   * index): its build record becomes the index, then the history names it live. A deploy without a
   * readable record still becomes live (the pages are right), its documents `unknown`: the index
   * keeps naming the deploy it was made for, which is no longer the live one. Answers whether
   * `live` now names this deploy because of this notification, and the history as it stands.
   */
  async function publish(
    record: DeployRecord,
    history: ProductionHistory,
  ): Promise<{ moves: boolean; history: ProductionHistory }> {
    const parsed = buildRecordSchema.safeParse(await options.readBuildReport(record.id));
    let filled: Pick<DeployRecord, 'report' | 'trigger' | 'brought'> | undefined;
    if (parsed.success) {
      const read = await readShards();
      // The previous live deploy's index says since when each revision is live (none: all from now);
      // a live deploy published again keeps its own times (its index is there once it has a report).
      const previous =
        history.live && (history.live.deployId !== record.id || record.report !== null)
          ? read.map((shard) => shard.value)
          : [];
      const { shards, brought } = indexOf(record.id, record.publishedAt!, parsed.data, previous);
      // The index and the inputs first, then the pointer: whoever reads `live` finds them.
      await Promise.all([
        writeShards(shards, read),
        writeInputs(record.id, record.publishedAt!, parsed.data.inputs),
      ]);
      filled = { report: summaryOf(parsed.data), trigger: parsed.data.trigger, brought };
    } else {
      log(
        `deploy ${record.id}: no readable build record in its deploy store; its documents stay unknown`,
      );
    }
    return updateJson(store, PRODUCTION_HISTORY_KEY, PRODUCTION_HISTORY_RECORD, (current) => {
      const now = current ?? EMPTY_PRODUCTION_HISTORY;
      // By the payload's own time: a late or replayed notification never takes the site back. The
      // live deploy published again (the way back after a restore whose notification is late) moves
      // on too, so that the late restore is older than it.
      const moves = !now.live || timeOf(now.live.since) < timeOf(record.publishedAt);
      const live = moves ? { deployId: record.id, since: record.publishedAt! } : now.live;
      const deploys = now.deploys.map((deploy) =>
        deploy.id === record.id && filled && deploy.report === null
          ? { ...deploy, ...filled, brought: deploy.brought ?? filled.brought }
          : deploy,
      );
      const changed = moves || deploys.some((deploy, at) => deploy !== now.deploys[at]);
      const next = { ...now, live, deploys };
      return changed
        ? { next, result: { moves, history: next } }
        : { result: { moves: false, history: now } };
    });
  }

  return {
    readProduction,
    readOther,

    /** Applies one notification: the deploy's record and the lock; the index and `live` when published. */
    async record(
      notification: DeployNotification,
      batches: readonly Batch[],
    ): Promise<RecordOutcome> {
      const production =
        notification.context === 'production' ||
        (notification.context == null &&
          (await readProduction()).deploys.some((entry) => entry.id === notification.id));
      if (!production) return recordOther(notification, batches);

      const applied = await updateJson(
        store,
        PRODUCTION_HISTORY_KEY,
        PRODUCTION_HISTORY_RECORD,
        (current) => {
          const history = current ?? EMPTY_PRODUCTION_HISTORY;
          const previous = history.deploys.find((entry) => entry.id === notification.id);
          const next = applyNotification(previous, notification, batches);
          const site = lockAfter(history.site, notification);
          if (!next && site === history.site)
            return { result: { record: previous, changed: false, history } };
          const deploys = next
            ? kept(withRecord(history.deploys, next), history.live?.deployId, KEPT_DEPLOYS)
            : history.deploys;
          const spend = next ? spendAfter(history.spend, previous, next) : history.spend;
          const written = { ...history, deploys, site, ...(spend ? { spend } : {}) };
          return {
            next: written,
            result: { record: next ?? previous, changed: next !== undefined, history: written },
          };
        },
      );
      const { record, history } = applied;
      // Also for a repeated notification whose first delivery could not read the build record.
      if (
        record &&
        record.production &&
        isPublished(record) &&
        (applied.changed || record.report === null)
      ) {
        const live = history.live;
        const indexMissing = live?.deployId === record.id && record.report === null;
        if (!live || indexMissing || timeOf(live.since) < timeOf(record.publishedAt)) {
          const published = await publish(record, history);
          // The record as publishing filled it in (its build's summary, what it brought).
          return {
            record:
              published.history.deploys.find((entry) => entry.id === notification.id) ?? record,
            changed: applied.changed,
            nowLive: published.moves,
            history: published.history,
          };
        }
      }
      return { record, changed: applied.changed, nowLive: false, history };
    },
  };
}

export type DeployStoreHandle = ReturnType<typeof createDeployStore>;
