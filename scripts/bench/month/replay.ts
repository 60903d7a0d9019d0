/**
 * One month replayed through the site's own functions on a fake clock, over Netlify's local Blobs:
 * each publish is a content webhook signed as Sanity signs it (rebuild-on-publish), publish-retry
 * runs every minute while anything waits or builds (a run with nothing to do changes nothing, so
 * the quiet minutes are skipped), every notification goes to deploy-notification, and either
 * today's nightly build (a build hook call at midnight UTC, as the nightly function made it) or the
 * freshness check every quarter hour (its interval 60 minutes) keeps the tenant records current.
 * The product API is the month's tenant records in memory; the build hook is netlify.ts.
 */
import { defineFunction } from '../../../src/lib/functions/define-function.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getDeployStore, getStore } from '@netlify/blobs';
import { encodeSignatureHeader } from '@sanity/webhook';
import { BLOBS_CONTEXT_VARIABLE, startLocalBlobs } from '../../local-stack/netlify/blobs.ts';
import { asBlobStore } from '../../../src/lib/functions/blob-store.ts';
import { newBatchId } from '../../../src/lib/publish-records/hook-body.ts';
import {
  BUILD_RECORD_BLOB,
  DEPLOYS_STORE,
  PUBLISH_QUEUE_STORE,
} from '../../../src/lib/publish-records/names.ts';
import { deployNotification } from '../../../src/lib/deploys/notification-function.ts';
import { triggerBuild } from '../../../src/lib/rebuild/build-hook.ts';
import { freshnessCheck } from '../../../src/lib/rebuild/freshness-check.ts';
import { rebuildOnPublish } from '../../../src/lib/rebuild/publish-webhook.ts';
import { publishRetry } from '../../../src/lib/rebuild/publish-retry.ts';
import { recordsTransport } from '../../../src/lib/tenants/client.ts';
import { inputsDigest, tenantDigest } from '../../../src/lib/tenants/digest.ts';
import { toTenant } from '../../../src/lib/tenants/schema.ts';
import type { MonthActivity } from './activity.ts';
import { createFakeNetlify, FakeClock, type MonthDeploy } from './netlify.ts';

export type Behaviour = 'today' | 'freshness';

export interface ReplayOptions {
  behaviour: Behaviour;
  budgetPerHour?: number | undefined;
  schools: number;
  buildMs: number;
}

export interface MonthReplay {
  deploys: MonthDeploy[];
  /** Each publish's time, and when visitors first got it (the first deploy built from content read after it). */
  publishToLiveMs: number[];
  /** Each tenant change's time to the first deploy that read the records after it. */
  giveawayStalenessMs: number[];
  /** Freshness checks that ran (not "not due"), and those that read the product API. */
  checks: number;
  apiReads: number;
}

const SITE_ID = 'bench-month-site';
const HOOK = 'https://api.netlify.example/build_hooks/bench-month';
const WEBHOOK_SECRET = 'bench-month-webhook-secret-0123456789abcdef';
const NOTIFICATION_SECRET = 'bench-month-notification-secret-0123456789';
const quiet = () => {};
/** After the month: what it left on its way goes live (its deploys are not counted). */
const AFTER_MONTH_MS = 3 * 3_600_000;

export async function replayMonth(
  activity: MonthActivity,
  options: ReplayOptions,
): Promise<MonthReplay> {
  const work = mkdtempSync(join(tmpdir(), 'bench-month-'));
  const blobs = await startLocalBlobs(join(work, 'blobs'), { siteID: SITE_ID });
  const before = process.env[BLOBS_CONTEXT_VARIABLE];
  process.env[BLOBS_CONTEXT_VARIABLE] = blobs.environment[BLOBS_CONTEXT_VARIABLE];
  try {
    return await run(activity, options);
  } finally {
    if (before === undefined) delete process.env[BLOBS_CONTEXT_VARIABLE];
    else process.env[BLOBS_CONTEXT_VARIABLE] = before;
    await blobs.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

async function run(activity: MonthActivity, options: ReplayOptions): Promise<MonthReplay> {
  const clock = new FakeClock(activity.start);
  const queueStore = () =>
    asBlobStore(getStore({ name: PUBLISH_QUEUE_STORE, consistency: 'strong' }));
  const deploysStore = () => asBlobStore(getStore({ name: DEPLOYS_STORE, consistency: 'strong' }));
  const now = () => new Date(clock.now);
  const budget = options.budgetPerHour;
  const content = new Map<string, string>();
  let revisions = 0;
  // The product API: every school's giveaway open, until an operator closes (or opens) it.
  const events = Array.from(
    { length: options.schools },
    (_, school): string | null => `event-${school}`,
  );
  const records = () =>
    events.map((event, school) => ({
      id: school + 1,
      affiliateId: 1,
      slug: `s${school}`,
      Name: `School ${school} Mobile`,
      ActiveGiveawayEvent: event,
    }));
  const inputs = () => {
    const tenants = Object.fromEntries(
      records().map((record) => [record.slug, tenantDigest(toTenant(record, record.slug, '1'))]),
    );
    return { source: 'api' as const, digest: inputsDigest(tenants), tenants };
  };

  let busy = false;
  const netlify = createFakeNetlify({
    clock,
    buildMs: options.buildMs,
    siteId: SITE_ID,
    secret: NOTIFICATION_SECRET,
    read: () => ({ documents: Object.fromEntries(content), inputs: inputs() }),
    deliver: async (body, signature) => {
      busy = true;
      const request = new Request('https://site.example/api/deploy-notification', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-webhook-signature': signature },
        body,
      });
      await (await notification(request, { deploy: { context: 'production' } })).arrayBuffer();
    },
  });
  const queueSettings = {
    NETLIFY_BUILD_HOOK_URL: HOOK,
    PUBLISH_RETRY_BASE_SECONDS: undefined,
    DEPLOY_BUDGET_PER_HOUR: budget,
    CONTEXT: 'production',
  };
  const publish = defineFunction(rebuildOnPublish, {
    openStores: { queue: queueStore },
    readSettings: () => ({ ...queueSettings, SANITY_WEBHOOK_SECRET: WEBHOOK_SECRET }),
    site: {},
    log: quiet,
    fetch: netlify.hook,
    now: () => new Date(clock.now),
  });
  const retry = defineFunction(publishRetry, {
    openStores: { queue: queueStore },
    readSettings: () => queueSettings,
    site: {},
    log: quiet,
    now: now,
    fetch: netlify.hook,
  });
  const notification = defineFunction(deployNotification, {
    openStores: { deploys: deploysStore, queue: queueStore },
    site: {},
    log: quiet,
    fetch: netlify.hook,
    now: now,
    readSettings: () => ({
      ...queueSettings,
      NETLIFY_DEPLOY_NOTIFICATION_SECRET: NOTIFICATION_SECRET,
      SITE_ID,
    }),
    deps: {
      readBuildReport: (deployId) =>
        getDeployStore({ deployID: deployId, consistency: 'strong' }).get(BUILD_RECORD_BLOB, {
          type: 'json',
        }),
    },
  });
  let checks = 0;
  let apiReads = 0;
  const freshness = defineFunction(freshnessCheck, {
    openStores: { queue: queueStore, deploys: deploysStore },
    site: {},
    now: now,
    fetch: netlify.hook,
    log: () => {
      checks += 1;
    },
    readSettings: () => ({
      ...queueSettings,
      PUBLIC_API_BASE: 'https://api.example',
      FRESHNESS_CHECK_MINUTES: 60,
      FRESHNESS_MAX_AGE_DAYS: 7,
    }),
    deps: {
      transport: () => {
        apiReads += 1;
        return recordsTransport(records());
      },
    },
  });

  // The activity.
  const published: Array<{ at: number }> = [];
  for (const entry of activity.publishes) {
    clock.schedule(entry.at, async () => {
      busy = true;
      await Promise.all(
        entry.ids.map(async (id, index) => {
          const rev = `r${(revisions += 1)}`;
          content.set(id, rev);
          published.push({ at: clock.now });
          const body = JSON.stringify({
            _id: id,
            _type: id.split('-')[1],
            _rev: rev,
            _updatedAt: new Date(clock.now + index).toISOString(),
          });
          const request = new Request(
            'https://site.example/.netlify/functions/rebuild-on-publish',
            {
              method: 'POST',
              headers: {
                'content-type': 'application/json',
                'sanity-webhook-signature': await encodeSignatureHeader(
                  body,
                  clock.now,
                  WEBHOOK_SECRET,
                ),
              },
              body,
            },
          );
          await (await publish(request, { deploy: { context: 'production' } })).arrayBuffer();
        }),
      );
    });
  }
  for (const change of activity.tenantChanges) {
    clock.schedule(change.at, () => {
      for (const school of change.schools)
        events[school] = events[school] === null ? `event-${school}-${change.at}` : null;
    });
  }
  // The site's first deploy, by hand, before the month.
  clock.schedule(activity.start, async () => {
    await triggerBuild(
      HOOK,
      { kind: 'manual', batch: newBatchId(), documents: [], more: 0 },
      { fetch: netlify.hook, now: now() },
    );
  });

  // The schedules: publish-retry every minute while anything waits or builds; nightly or the freshness check.
  const until = activity.end + AFTER_MONTH_MS;
  const every = (periodMs: number, from: number, task: () => Promise<void>) => {
    const tick = (at: number) =>
      clock.schedule(at, async () => {
        await task();
        if (at + periodMs < until) tick(at + periodMs);
      });
    tick(from);
  };
  every(60_000, activity.start + 60_000, async () => {
    if (!busy) return;
    const answer = await retry(
      new Request('https://site.example/.netlify/functions/publish-retry', { method: 'POST' }),
      { deploy: { context: 'production' } },
    );
    if (((await answer.json()) as { message: string }).message === 'nothing waits') busy = false;
  });
  if (options.behaviour === 'today') {
    every(24 * 3_600_000, activity.start + 24 * 3_600_000, async () => {
      busy = true;
      await triggerBuild(
        HOOK,
        { kind: 'nightly', batch: newBatchId(), documents: [], more: 0 },
        { fetch: netlify.hook, now: now() },
      );
    });
  } else {
    every(15 * 60_000, activity.start + 15 * 60_000, async () => {
      await (
        await freshness(
          new Request('https://site.example/.netlify/functions/freshness-check', {
            method: 'POST',
          }),
          { deploy: { context: 'production' } },
        )
      ).arrayBuffer();
      busy = true;
    });
  }
  // What was still on its way at the month's end is measured to its end too.
  await clock.runUntil(until);

  const built = netlify.deploys
    .filter((deploy) => deploy.publishedAt !== undefined)
    .sort((a, b) => a.readAt! - b.readAt!);
  const liveAfter = (at: number) => built.find((deploy) => deploy.readAt! >= at)?.publishedAt;
  const delays = (times: number[]) => times.map((at) => (liveAfter(at) ?? clock.now) - at);
  return {
    deploys: netlify.deploys.filter((deploy) => deploy.createdAt < activity.end),
    publishToLiveMs: delays(published.map((entry) => entry.at)),
    giveawayStalenessMs: delays(activity.tenantChanges.map((change) => change.at)),
    checks,
    apiReads,
  };
}
