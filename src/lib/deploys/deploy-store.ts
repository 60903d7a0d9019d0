/**
 * The `deploys` store: each deploy's record (`deploy/{id}`), the full build record of each
 * published production deploy with when each document revision went live (`report/{id}`), which
 * deploy visitors get (`live`), the deploy lock (`site`) and the kept deploys (`index`). Every
 * shared record is changed with a conditional write (blob-store.ts), so concurrent notifications
 * never undo each other.
 */
import { readJson, updateJson, type BlobStore } from './blob-store.ts';
import { applyNotification, isPublished, timeOf } from './deploy-state.ts';
import {
  buildRecordSchema, deployIndexSchema, deployKey, deployRecordSchema, INDEX_KEY, KEPT_DEPLOYS, LIVE_KEY, livePointerSchema, reportKey, SITE_KEY, siteRecordSchema,
  storedReportSchema, type Batch, type BuildRecord, type DeployNotification, type DeployRecord, type LivePointer, type ReportSummary, type SiteRecord, type StoredReport,
} from './records.ts';

export interface DeployStoreOptions {
  store: BlobStore;
  /** The build's record from the deploy's own store (`build-report`/`report`); undefined when there is none. */
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
}

export function summaryOf(record: BuildRecord): ReportSummary {
  return {
    contentReadAt: record.contentReadAt,
    documentCount: Object.keys(record.documents).length,
    schools: record.schools,
    leftOut: record.leftOut,
    problems: record.problems,
  };
}

/**
 * When each document revision of `record` went live, if it goes live at `publishedAt` after
 * `previous` (the live deploy's stored report): a revision the previous live deploy had too keeps
 * its time; any other (and any without a revision) is live from `publishedAt`.
 */
export function liveSinceAfter(record: BuildRecord, publishedAt: string, previous: StoredReport | undefined): Record<string, string> {
  const since: Record<string, string> = {};
  for (const [id, document] of Object.entries(record.documents)) {
    const before = previous?.record.documents[id];
    const kept = document.rev !== null && before?.rev === document.rev ? previous?.liveSince[id] : undefined;
    since[id] = kept ?? publishedAt;
  }
  return since;
}

export function createDeployStore(options: DeployStoreOptions) {
  const { store } = options;
  const log = options.log ?? (() => undefined);

  async function readLive(): Promise<LivePointer | undefined> {
    return readJson(store, LIVE_KEY, livePointerSchema);
  }

  /** The report of a deploy that was just published, stored with its live times, before `live` names it. */
  async function storeReport(record: DeployRecord, live: LivePointer | undefined): Promise<BuildRecord | undefined> {
    const parsed = buildRecordSchema.safeParse(await options.readBuildReport(record.id));
    if (!parsed.success) {
      log(`deploy ${record.id}: no readable build record in its deploy store; its documents stay unknown`);
      return undefined;
    }
    const previous = live && live.deployId !== record.id ? await readJson(store, reportKey(live.deployId), storedReportSchema) : undefined;
    const stored: StoredReport = { deployId: record.id, record: parsed.data, liveSince: liveSinceAfter(parsed.data, record.publishedAt!, previous) };
    await store.setJSON(reportKey(record.id), stored);
    return parsed.data;
  }

  async function moveLive(record: DeployRecord): Promise<boolean> {
    return updateJson(store, LIVE_KEY, livePointerSchema, (live) => {
      // By the payload's own time: a late or replayed notification never takes the site back.
      if (live && timeOf(live.since) >= timeOf(record.publishedAt)) return { result: false };
      return { next: { deployId: record.id, since: record.publishedAt! }, result: true };
    });
  }

  async function noteLock(notification: DeployNotification): Promise<void> {
    if (notification.locked === undefined || notification.locked === null) return;
    const at = notification.updated_at ?? notification.created_at ?? null;
    await updateJson(store, SITE_KEY, siteRecordSchema, (site) => {
      if (site && timeOf(site.updatedAt) > timeOf(at)) return { result: undefined };
      const next: SiteRecord = notification.locked
        ? { locked: true, lockedDeployId: notification.id, updatedAt: at }
        : { locked: false, lockedDeployId: null, updatedAt: at };
      if (site && site.locked === next.locked && site.lockedDeployId === next.lockedDeployId) return { result: undefined };
      return { next, result: undefined };
    });
  }

  /** Adds the deploy to the index, newest first; drops the records past KEPT_DEPLOYS (never the live one). */
  async function index(record: DeployRecord): Promise<void> {
    const live = await readLive();
    const dropped = await updateJson(store, INDEX_KEY, deployIndexSchema, (current) => {
      const entries = current?.deploys ?? [];
      const known = entries.find((entry) => entry.id === record.id);
      if (known && known.createdAt === record.createdAt && entries.length <= KEPT_DEPLOYS) return { result: [] as string[] };
      const all = [...entries.filter((entry) => entry.id !== record.id), { id: record.id, createdAt: record.createdAt }]
        .sort((a, b) => timeOf(b.createdAt) - timeOf(a.createdAt));
      const kept = all.filter((entry, at) => at < KEPT_DEPLOYS || entry.id === live?.deployId);
      const gone = all.filter((entry) => !kept.includes(entry)).map((entry) => entry.id);
      return { next: { deploys: kept }, result: gone };
    });
    for (const id of dropped) {
      await store.delete(deployKey(id));
      await store.delete(reportKey(id));
    }
  }

  return {
    readLive,
    readRecord: (id: string) => readJson(store, deployKey(id), deployRecordSchema),

    /** Applies one notification: the record, the report and `live` when published, the lock, the index. */
    async record(notification: DeployNotification, batches: readonly Batch[]): Promise<RecordOutcome> {
      const applied = await updateJson(store, deployKey(notification.id), deployRecordSchema, (previous) => {
        const next = applyNotification(previous, notification, batches);
        return next ? { next, result: { record: next, changed: true } } : { result: { record: previous, changed: false } };
      });
      await noteLock(notification);
      let nowLive = false;
      const record = applied.record;
      // Also for a repeated notification whose first delivery could not read the report.
      if (record && record.production && isPublished(record) && (applied.changed || record.report === null)) {
        const live = await readLive();
        // Already live without its report (the first delivery could not read it): read it again.
        // The pointer before it is gone, so its documents count as live from this deploy's time.
        const reportMissing = live?.deployId === record.id && record.report === null;
        if (!live || reportMissing || timeOf(live.since) < timeOf(record.publishedAt)) {
          // Report first, then the pointer: whoever reads `live` finds its report.
          const report = await storeReport(record, live);
          if (report) {
            await updateJson(store, deployKey(record.id), deployRecordSchema, (current) =>
              current && !current.report ? { next: { ...current, report: summaryOf(report), trigger: report.trigger }, result: undefined } : { result: undefined });
          }
          if (!reportMissing) nowLive = await moveLive(record);
        }
      }
      if (applied.changed) await index(record!);
      return { record: (applied.changed ? await readJson(store, deployKey(notification.id), deployRecordSchema) : record) ?? record, changed: applied.changed, nowLive };
    },
  };
}

export type DeployStoreHandle = ReturnType<typeof createDeployStore>;
