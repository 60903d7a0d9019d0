/**
 * Reads the snapshot the status answers are made from (status.ts's View). A stored report is a
 * deploy's build record (1.5 MB at 600 schools) and changes only when that deploy is published
 * again (a restore), so each instance keeps the few it needs, keyed by deploy and publish time.
 */
import { EMPTY_QUEUE } from '../rebuild/publish-queue.ts';
import { readJson, type BlobStore } from './blob-store.ts';
import { timeOf } from './deploy-state.ts';
import {
  deployIndexSchema, deployKey, deployRecordSchema, INDEX_KEY, LIVE_KEY, livePointerSchema, PUBLISH_QUEUE_KEY, publishQueueSchema, reportKey, SITE_KEY,
  siteRecordSchema, storedReportSchema, type DeployRecord, type StoredReport,
} from './records.ts';
import type { View } from './status.ts';

const KEPT_REPORTS = 4;

export function createViewLoader(options: { deploys: BlobStore; queue: BlobStore }) {
  const reports = new Map<string, StoredReport | undefined>();

  async function report(record: DeployRecord | undefined, id: string): Promise<StoredReport | undefined> {
    const key = `${id}@${record?.publishedAt ?? ''}`;
    if (reports.has(key)) return reports.get(key);
    const stored = await readJson(options.deploys, reportKey(id), storedReportSchema);
    // Not kept while missing: the notification may be writing it.
    if (stored) {
      if (reports.size >= KEPT_REPORTS) reports.delete(reports.keys().next().value!);
      reports.set(key, stored);
    }
    return stored;
  }

  /**
   * `all`: every kept deploy (the deploys answer); otherwise only the live deploy and those newer
   * (what a document's status can depend on).
   */
  return async function load({ all }: { all: boolean }): Promise<View> {
    const [queue, live, site, index] = await Promise.all([
      readJson(options.queue, PUBLISH_QUEUE_KEY, publishQueueSchema),
      readJson(options.deploys, LIVE_KEY, livePointerSchema),
      readJson(options.deploys, SITE_KEY, siteRecordSchema),
      readJson(options.deploys, INDEX_KEY, deployIndexSchema),
    ]);
    const entries = index?.deploys ?? [];
    const liveAt = entries.findIndex((entry) => entry.id === live?.deployId);
    const wanted = all || liveAt < 0 ? entries : entries.slice(0, liveAt + 1);
    const read = await Promise.all(wanted.map((entry) => readJson(options.deploys, deployKey(entry.id), deployRecordSchema)));
    const deploys = read.filter((record): record is DeployRecord => record !== undefined).sort((a, b) => timeOf(b.createdAt) - timeOf(a.createdAt));
    const liveRecord = live ? deploys.find((record) => record.id === live.deployId) ?? await readJson(options.deploys, deployKey(live.deployId), deployRecordSchema) : undefined;
    const liveReport = live ? await report(liveRecord, live.deployId) : undefined;

    const newerReports = new Map<string, StoredReport>();
    const liveCreated = timeOf(liveRecord?.createdAt);
    for (const record of deploys) {
      if (!record.production || record.state !== 'ready' || record.id === live?.deployId || timeOf(record.createdAt) <= liveCreated) continue;
      const stored = await report(record, record.id);
      if (stored) newerReports.set(record.id, stored);
    }
    return { queue: queue ?? EMPTY_QUEUE, live, liveRecord, liveReport, site, deploys, newerReports };
  };
}

export type ViewLoader = ReturnType<typeof createViewLoader>;
