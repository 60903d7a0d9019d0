/**
 * One month replayed in the simulated world the publish loop's fault model runs in too
 * (scripts/support/world/), with no fault injected, over Netlify's local Blobs: each publish is a
 * content webhook signed as Sanity signs it (rebuild-on-publish), publish-retry runs every minute
 * while anything waits or builds (a run with nothing to do changes nothing, so the quiet minutes
 * are skipped), every notification goes to deploy-notification, and either today's nightly build
 * (a build hook call at midnight UTC, as the nightly function made it) or the freshness check every
 * quarter hour (its interval 60 minutes) keeps the tenant records current. The product API is the
 * month's tenant records in memory; Netlify is the world's, every build taking the measured time.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getDeployStore, getStore } from '@netlify/blobs';
import { BLOBS_CONTEXT_VARIABLE, startLocalBlobs } from '../../local-stack/netlify/blobs.ts';
import { asBlobStore } from '../../../src/lib/functions/blob-store.ts';
import { DEPLOYS_STORE, PUBLISH_QUEUE_STORE } from '../../../src/lib/publish-records/names.ts';
import { SITE_ID, type SimulatedDeploy } from '../../support/world/netlify.ts';
import type { WorldStores } from '../../support/world/options.ts';
import { World } from '../../support/world/world.ts';
import type { MonthActivity } from './activity.ts';

export type Behaviour = 'today' | 'freshness';

export interface ReplayOptions {
  behaviour: Behaviour;
  budgetPerHour?: number | undefined;
  schools: number;
  buildMs: number;
}

export interface MonthReplay {
  deploys: SimulatedDeploy[];
  /** Each publish's time, and when visitors first got it (the first deploy built from content read after it). */
  publishToLiveMs: number[];
  /** Each tenant change's time to the first deploy that read the records after it. */
  giveawayStalenessMs: number[];
  /** Freshness checks that ran (not "not due"), and those that read the product API. */
  checks: number;
  apiReads: number;
  /** Webhook deliveries Sanity made again (an answer other than 202). */
  redeliveries: number;
}

/** After the month: what it left on its way goes live (its deploys are not counted). */
const AFTER_MONTH_MS = 3 * 3_600_000;
/** The freshness check's interval (FRESHNESS_CHECK_MINUTES). */
const FRESHNESS_MINUTES = 60;

/** The functions' stores and each deploy's own store, in Netlify's local Blobs (its context in the environment). */
const localBlobStores = (): WorldStores => ({
  queue: () => asBlobStore(getStore({ name: PUBLISH_QUEUE_STORE, consistency: 'strong' })),
  deploys: () => asBlobStore(getStore({ name: DEPLOYS_STORE, consistency: 'strong' })),
  deploy: (deployId) => asBlobStore(getDeployStore({ deployID: deployId, consistency: 'strong' })),
});

/** A month's document ids are `s<school>-t<type>`. */
const describe = (id: string) => ({
  type: id.split('-')[1] ?? 'faqs',
  school: id.split('-')[0] ?? null,
});

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
  const world = new World({
    start: activity.start,
    schools: Array.from({ length: options.schools }, (_, school) => `s${school}`),
    describe,
    budget: options.budgetPerHour,
    buildMs: options.buildMs,
    freshnessMinutes: options.behaviour === 'freshness' ? FRESHNESS_MINUTES : undefined,
    nightly: options.behaviour === 'today',
    retry: 'while-busy',
    stores: localBlobStores(),
  });
  for (const entry of activity.publishes)
    world.clock.schedule(entry.at, 'publish', () => world.publish(entry.ids));
  for (const change of activity.tenantChanges)
    world.clock.schedule(change.at, 'tenant change', () => {
      for (const school of change.schools) world.changeTenant(`s${school}`);
    });
  // The site's first deploy, by hand, before the month.
  world.byHand();
  // What was still on its way at the month's end is measured to its end too.
  await world.advanceTo(activity.end + AFTER_MONTH_MS);

  const built = world.netlify.deploys
    .filter((deploy) => deploy.publishedAt !== undefined)
    .sort((a, b) => a.buildStartedAt! - b.buildStartedAt!);
  const liveAfter = (at: number) =>
    built.find((deploy) => deploy.buildStartedAt! >= at)?.publishedAt;
  const delays = (times: number[]) => times.map((at) => (liveAfter(at) ?? world.now) - at);
  return {
    deploys: world.netlify.deploys.filter((deploy) => deploy.createdAt < activity.end),
    publishToLiveMs: delays(world.published.map((entry) => entry.at)),
    giveawayStalenessMs: delays(activity.tenantChanges.map((change) => change.at)),
    checks: world.checks,
    apiReads: world.apiReads,
    redeliveries: world.redeliveries,
  };
}
