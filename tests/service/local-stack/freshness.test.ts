/**
 * The freshness check against the local stack (scripts/local-stack/start.ts), whose builds read
 * the tenant records from its local product API (PUBLIC_API_BASE), as the public site's builds read
 * the product API: with no change it builds nothing; a giveaway closed in the product API (which
 * sends no event) is found by the next check, which builds through the publish queue, and the
 * school's pages then show the giveaway closed; run again, it builds nothing. What it found shows in
 * the editors' Deploys answer. Then the operator rolls back to the first deploy (Netlify's *Publish
 * deploy*, played by the stack's restore door): the giveaway shows open again though the product
 * API has it closed, and the freshness check reads nothing and builds nothing, saying why; a publish
 * meanwhile is kept and waits, its badge saying why; the latest deploy published again (the way
 * back) builds it at once, it goes live, and the check compares with the live deploy again.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  localBuildHookUrl,
  localRestoreUrl,
} from '../../../scripts/local-stack/netlify/deploys.ts';
import { publishLocally } from '../../../scripts/local-stack/publish.ts';
import { workingDatasetDir } from '../../../scripts/local-stack/working-dataset.ts';
import { badgeFor } from '../../../studio/deploys/status.ts';
import { changeTenantLocally } from '../../../scripts/local-stack/tenant.ts';
import {
  type DeploysAnswer,
  type DocumentStatus,
} from '../../../src/lib/publish-records/status-answers.ts';
import { manualBody, triggerBuild } from '../../../src/lib/rebuild/build-hook.ts';
import { CHECK_TICK_MS, SCHEDULER_SLACK_MS } from '../../../src/lib/rebuild/freshness.ts';
import { oneSchoolDocuments, writeDataset } from '../../fixtures/one-school/dataset.ts';
import { freePort } from '../../../scripts/support/process.ts';
import {
  ROOT,
  startSanityUsersStandIn,
  startStackProcess,
  type StackProcess,
} from './stack-process.ts';

const HOOK_TOKEN = 'freshness-hook-token';
const EDITOR = 'freshness-editor-token';
const PAGE = '/uw-husky-mobile';
/** Husky's giveaway event in the bundled tenant records, one of the dataset's active ids: open. */
const EVENT = '053219f6-7cee-4319-a4f1-aab3f833263f';

const work = mkdtempSync(join(tmpdir(), 'freshness-'));
const datasetDir = writeDataset(join(work, 'dataset'), oneSchoolDocuments('huskymobile'));
const dataDir = join(work, 'data');
const deploysDir = join(ROOT, '.netlify', 'tests', 'freshness');
const emptyDist = join(work, 'empty-dist');
mkdirSync(emptyDist);
let stack: StackProcess;
let sanity: Awaited<ReturnType<typeof startSanityUsersStandIn>> | undefined;

beforeAll(async () => {
  rmSync(deploysDir, { recursive: true, force: true });
  sanity = await startSanityUsersStandIn(EDITOR);
  const apiPort = await freePort();
  stack = await startStackProcess({
    DATA_DIR: dataDir,
    DIST_DIR: emptyDist,
    CONTENT_DATASET_DIR: datasetDir,
    DEPLOYS_DIR: deploysDir,
    LOCAL_BUILD_HOOK_TOKEN: HOOK_TOKEN,
    SANITY_STUDIO_URL: 'http://localhost:3333',
    SANITY_PROJECT_ID: 'freshnesstest',
    SANITY_API_HOST: sanity.apiHost,
    // The builds and the freshness check read the tenant records from the local product API, as on Netlify from the product API.
    API_PORT: String(apiPort),
    PUBLIC_API_BASE: `http://127.0.0.1:${apiPort}`,
  });
  // The site's first deploy, by hand: its build records the digest of the records it read.
  await triggerBuild(localBuildHookUrl(stack.site, HOOK_TOKEN), manualBody());
  await stack.until(
    stack.localDeploys,
    (deploys) => deploys[0]?.state === 'ready',
    240_000,
    'the first deploy',
  );
  await stack.until(
    () => deploysAnswer(),
    (answer) => answer.deploys[0]?.state === 'live',
    20_000,
    'the first deploy live',
  );
  await stack.untilQueueFree();
}, 300_000);

afterAll(async () => {
  await stack?.stop();
  await sanity?.close();
  rmSync(work, { recursive: true, force: true });
  rmSync(deploysDir, { recursive: true, force: true });
});

async function deploysAnswer(): Promise<DeploysAnswer> {
  return JSON.parse(
    (await stack.get('/api/deploys', { authorization: `Bearer ${EDITOR}` })).text,
  ) as DeploysAnswer;
}

/** The operator's *Publish deploy* on a local deploy: its answer's status. */
async function publishAgain(deployId: string): Promise<number> {
  const answer = await fetch(localRestoreUrl(stack.site, deployId), { method: 'POST' });
  await answer.arrayBuffer();
  return answer.status;
}

async function editorStatus(id: string, rev: string): Promise<DocumentStatus> {
  const answer = await stack.get(`/api/publish-status?ids=${id}:${rev}`, {
    authorization: `Bearer ${EDITOR}`,
  });
  return (JSON.parse(answer.text) as { documents: Record<string, DocumentStatus> }).documents[id]!;
}

/** Runs the check by hand (as Netlify's "Run now" does), clear of the minutes a scheduled run owns so it checks at once. */
async function checkNow(): Promise<string> {
  const into = Date.now() % CHECK_TICK_MS;
  if (into < SCHEDULER_SLACK_MS)
    await new Promise((wait) => setTimeout(wait, SCHEDULER_SLACK_MS - into + 1_000));
  const answer = await fetch(`${stack.site}/.netlify/functions/freshness-check`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { message: string }).message;
}

/** Where a plans page's giveaway enter button goes, and what the entry page's address answers. */
async function giveaway(): Promise<{ enter: string[]; entry: string }> {
  const page = await stack.get(`${PAGE}/student`);
  const enter = [...page.text.matchAll(/<a [^>]*data-giveaway-enter[^>]*>/g)].map(
    (link) => /href="([^"]*)"/.exec(link[0])?.[1] ?? '',
  );
  const entry = await stack.get(`${PAGE}/giveaway-entry/${EVENT}`);
  const location = entry.headers.get('location');
  return {
    enter,
    entry: `${entry.status}${location ? ` ${new URL(location, stack.site).pathname}` : ''}`,
  };
}

describe('the freshness check on the local stack', () => {
  it('with no change since the live deploy: no build, and the Deploys answer says so', async () => {
    expect(await giveaway()).toEqual({ enter: [`${PAGE}/giveaway-entry/${EVENT}`], entry: '200' });
    const before = (await stack.localDeploys()).length;
    expect(await checkNow()).toBe('no change since the live deploy');
    expect((await deploysAnswer()).freshness).toMatchObject({
      outcome: 'no change since the live deploy',
      build: false,
    });
    await new Promise((wait) => setTimeout(wait, 3_000));
    expect(await stack.localDeploys()).toHaveLength(before);
  }, 180_000);

  it('a giveaway closed in the product API: the next check builds through the publish queue, and the page shows it closed', async () => {
    const before = (await stack.localDeploys()).length;
    changeTenantLocally(dataDir, 'huskymobile', { ActiveGiveawayEvent: null });
    // The scheduler may have run a check at a quarter hour meanwhile: then its build is under way.
    expect(await checkNow()).toMatch(
      /^(tenant records changed for 1 school \(huskymobile\): build started|a build is under way or waiting: it reads the tenant records itself)$/,
    );
    const deploys = await stack.until(
      stack.localDeploys,
      (list) => list.length > before && (list[0]!.state === 'ready' || list[0]!.state === 'error'),
      240_000,
      'the freshness build',
    );
    const built = deploys.at(-1)![0]!;
    expect(built, stack.output().slice(-3000)).toMatchObject({
      state: 'ready',
      title: expect.stringMatching(
        /^Freshness check: tenant records changed for 1 school \(huskymobile\) \[batch b-[0-9a-f]{8}\]$/,
      ) as string,
    });
    expect(await stack.localDeploys()).toHaveLength(before + 1);
    expect(await giveaway()).toEqual({
      enter: [`${PAGE}/giveaway-closed`],
      entry: `302 ${PAGE}/giveaway-closed`,
    });
    await stack.until(
      () => deploysAnswer(),
      (answer) => answer.deploys[0]?.state === 'live',
      20_000,
      'the freshness build live',
    );
    expect((await deploysAnswer()).deploys[0]).toMatchObject({
      trigger: {
        kind: 'freshness',
        documents: 0,
        freshness: 'tenant records changed for 1 school (huskymobile)',
      },
    });
  }, 300_000);

  it('run again with no change: no build', async () => {
    await stack.untilQueueFree();
    const before = (await stack.localDeploys()).length;
    expect(await checkNow()).toBe('no change since the live deploy');
    await new Promise((wait) => setTimeout(wait, 3_000));
    expect(await stack.localDeploys()).toHaveLength(before);
  }, 180_000);

  it('a restored older deploy is not replaced by the freshness check, nor by a publish; the latest deploy published again builds what waited, and the check goes on', async () => {
    const [latest, first] = (await stack.localDeploys()).filter(
      (deploy) => deploy.state === 'ready',
    );
    expect(latest).toMatchObject({ live: true });
    // The rollback: the first deploy, which shows the giveaway open (the product API has it closed).
    expect(await publishAgain(first!.id)).toBe(200);
    expect((await stack.localDeploys()).find((deploy) => deploy.live)?.id).toBe(first!.id);
    expect(await giveaway()).toEqual({ enter: [`${PAGE}/giveaway-entry/${EVENT}`], entry: '200' });
    const reason =
      'an earlier deploy was restored, so nothing builds until the latest deploy is published again or deploys are unlocked';
    expect((await deploysAnswer()).waitingToBuild).toEqual({
      waiting: 0,
      reason,
      cause: 'restored',
    });

    const before = (await stack.localDeploys()).length;
    const standsDown = `an earlier deploy was restored (deploy ${first!.id}): no build until the latest deploy is published again or deploys are unlocked`;
    expect(await checkNow()).toBe(standsDown);
    expect((await deploysAnswer()).freshness).toMatchObject({ outcome: standsDown, build: false });

    // A publish meanwhile is kept and waits, and says why.
    const published = await publishLocally({
      datasetDir: workingDatasetDir(dataDir),
      id: 'huskymobile-landingHeader',
      changes: { title: 'Purple after the rollback' },
      siteUrl: stack.site,
    });
    expect(published.status, published.answer).toBe(202);
    expect(JSON.parse(published.answer)).toEqual({ message: `waiting: ${reason}` });
    const waiting = await editorStatus('huskymobile-landingHeader', published.rev);
    expect(waiting).toEqual({ state: 'publishing', waiting: { reason, cause: 'restored' } });
    expect(badgeFor(waiting).label).toBe('Waiting: earlier deploy restored');
    // Nothing builds meanwhile: publish-retry's runs (every minute) leave the rollback standing.
    for (let run = 0; run < 2; run += 1) {
      const retry = await stack.runScheduled('publish-retry');
      expect(retry, stack.output().slice(-3000)).toEqual({
        status: 200,
        text: expect.stringContaining(reason) as string,
      });
    }
    expect(await stack.localDeploys()).toHaveLength(before);
    expect(await giveaway()).toEqual({ enter: [`${PAGE}/giveaway-entry/${EVENT}`], entry: '200' });

    // The way back: the latest deploy published again; what waited builds at once and goes live.
    expect(await publishAgain(latest!.id)).toBe(200);
    const deploys = await stack.until(
      stack.localDeploys,
      (list) => list.length > before && (list[0]!.state === 'ready' || list[0]!.state === 'error'),
      240_000,
      'the build of the publish that waited',
    );
    expect(deploys.at(-1)![0], stack.output().slice(-3000)).toMatchObject({
      state: 'ready',
      live: true,
      title: expect.stringMatching(
        /^Publish of 1 document \(landingHeader\) \[batch b-[0-9a-f]{8}\]$/,
      ) as string,
    });
    await stack.until(
      () => editorStatus('huskymobile-landingHeader', published.rev),
      (status) => status.state === 'live',
      20_000,
      'the publish that waited, live',
    );
    expect((await stack.get(PAGE)).text).toContain('Purple after the rollback');
    expect(await giveaway()).toEqual({
      enter: [`${PAGE}/giveaway-closed`],
      entry: `302 ${PAGE}/giveaway-closed`,
    });
    expect((await deploysAnswer()).waitingToBuild).toBeUndefined();
    // The build's notification has freed the queue too (it records the deploy first): then the check compares.
    await stack.untilQueueFree();
    expect(await checkNow()).toBe('no change since the live deploy');
  }, 420_000);
});
