/**
 * The publish loop against the local stack (`npm run serve`, scripts/local-stack/start.ts), which
 * plays only Netlify's part (the build hook, the builds, the atomic publish, the signed deploy
 * notifications): a local publish writes a document into the stack's working copy of its dataset
 * (DATA_DIR/dataset, which the builds read) and posts the content webhook signed as Sanity signs
 * it, and from there on the site's own functions answer. One school keeps each build short. The
 * secrets are the documented local defaults (none is set here); the queue's unit of time is short.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { netlifySignature } from '../../../scripts/support/netlify/notifications.ts';
import { localBuildHookUrl } from '../../../scripts/local-stack/netlify/deploys.ts';
import { publishLocally } from '../../../scripts/local-stack/publish.ts';
import { workingDatasetDir } from '../../../scripts/local-stack/working-dataset.ts';
import { buildHookTitle, newBatchId } from '../../../src/lib/publish-records/hook-body.ts';
import {
  LOCAL_DEPLOY_NOTIFICATION_SECRET,
  LOCAL_SITE_ID,
} from '../../../src/lib/publish-records/names.ts';
import { type DocumentStatus } from '../../../src/lib/publish-records/status-answers.ts';
import { oneSchoolDocuments, writeDataset } from '../../fixtures/one-school/dataset.ts';
import { ROOT, startStackProcess, type StackProcess } from './stack-process.ts';

const STUDIO = 'http://localhost:3333';
const PAGE = '/uw-husky-mobile';
const LANDING = 'huskymobile-landingHeader';
const ORIGINAL_TITLE = 'The phone plan that bleeds purple';
const NEW_TITLE = 'Purple from the first kickoff to the last whistle';

const work = mkdtempSync(join(tmpdir(), 'publish-loop-'));
const sourceDir = writeDataset(join(work, 'dataset'), oneSchoolDocuments('huskymobile'));
// The stack builds from its working copy of the dataset (DATA_DIR/dataset), where local publishes write.
const datasetDir = workingDatasetDir(join(work, 'data'));
// Deploys are built inside the project: Astro moves its output there with rename.
const deploysDir = join(ROOT, '.netlify', 'tests', 'publish-loop');
const emptyDist = join(work, 'empty-dist');
mkdirSync(emptyDist);
const HOOK_TOKEN = 'publish-loop-hook-token';
let stack: StackProcess;
let site = '';

beforeAll(async () => {
  rmSync(deploysDir, { recursive: true, force: true });
  stack = await startStackProcess({
    DATA_DIR: join(work, 'data'),
    DIST_DIR: emptyDist,
    CONTENT_DATASET_DIR: sourceDir,
    DEPLOYS_DIR: deploysDir,
    SANITY_STUDIO_URL: STUDIO,
    LOCAL_BUILD_HOOK_TOKEN: HOOK_TOKEN,
    // A failed build is tried again after 1 unit: 5 s here, not a minute; the scheduler's minute
    // (publish-retry's runs) lasts 1 s.
    PUBLISH_RETRY_BASE_SECONDS: '5',
    LOCAL_SCHEDULE_MINUTE_MS: '1000',
  });
  site = stack.site;
}, 60_000);

afterAll(async () => {
  await stack?.stop();
  rmSync(work, { recursive: true, force: true });
  rmSync(deploysDir, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}) => stack.get(path, headers);
const localDeploys = () => stack.localDeploys();
const until = <T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs: number,
  label: string,
) => stack.until(read, done, timeoutMs, label);

/** The status of a document (`id`), or of one revision of it (`id:rev`); the answer is keyed by the id. */
async function statusOf(question: string): Promise<DocumentStatus> {
  const answer = await get(`/api/publish-status?ids=${encodeURIComponent(question)}`);
  expect(answer.status, answer.text).toBe(200);
  const id = question.split(':')[0]!;
  const status = (JSON.parse(answer.text) as { documents: Record<string, DocumentStatus> })
    .documents[id];
  expect(status, answer.text).toBeDefined();
  return status!;
}

const titleOf = (html: string) =>
  html.includes(NEW_TITLE) ? 'new' : html.includes(ORIGINAL_TITLE) ? 'original' : 'neither';

describe('the publish loop on the local stack', () => {
  it('a build hook call builds, publishes and notifies: the page is served and its documents are live', async () => {
    const body = { kind: 'manual' as const, batch: newBatchId(), documents: [], more: 0 };
    const hook = await fetch(
      `${localBuildHookUrl(site, HOOK_TOKEN)}?trigger_title=${encodeURIComponent(buildHookTitle(body))}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      },
    );
    await hook.arrayBuffer();
    expect(hook.status).toBe(200);
    await until(
      localDeploys,
      (deploys) => deploys[0]?.state === 'ready' || deploys[0]?.state === 'error',
      240_000,
      'the first deploy',
    );
    const [first] = await localDeploys();
    expect(first?.state, stack.output().slice(-3000)).toBe('ready');
    expect(titleOf((await get(PAGE)).text)).toBe('original');
    await until(
      () => statusOf(LANDING),
      (state) => state.state === 'live',
      10_000,
      'the landing header live',
    );
    expect(await statusOf(LANDING)).toEqual({ state: 'live', since: first!.publishedAt });
  }, 300_000);

  it('a signed publish of a changed document: publishing, then the new text served, then live in the deploy that carried it; every page answer whole', async () => {
    const before = (await localDeploys()).length;
    const published = await publishLocally({
      datasetDir,
      id: LANDING,
      changes: { title: NEW_TITLE },
      siteUrl: site,
    });
    expect(published.status, published.answer).toBe(202);

    const pages: string[] = [];
    const states = await until(
      async () => {
        const page = await get(PAGE);
        // A visitor gets the old page or the new one, whole, at every moment of the swap.
        expect(page.status).toBe(200);
        expect(page.text.trimEnd()).toMatch(/<\/html>$/);
        pages.push(titleOf(page.text));
        return (await statusOf(`${LANDING}:${published.rev}`)).state;
      },
      (state) => state === 'live',
      240_000,
      'the published revision live',
    );
    expect(states[0]).toBe('publishing');
    expect(states.at(-1)).toBe('live');
    expect(states).not.toContain('not-live');
    expect(pages[0]).toBe('original');
    expect(pages).not.toContain('neither');
    // Once the new text is served it stays: never the old one after it.
    expect(pages.slice(pages.indexOf('new'))).not.toContain('original');
    expect(titleOf((await get(PAGE)).text)).toBe('new');

    const deploys = await localDeploys();
    expect(deploys).toHaveLength(before + 1);
    expect(deploys[0]).toMatchObject({
      state: 'ready',
      title: expect.stringMatching(
        /^Publish of 1 document \(landingHeader\) \[batch b-[0-9a-f]{8}\]$/,
      ) as string,
    });
    const live = await statusOf(`${LANDING}:${published.rev}`);
    // A visitor's answer names no deploy: the time it went live is the deploy's publish time.
    expect(live).toEqual({ state: 'live', since: deploys[0]!.publishedAt });
  }, 300_000);

  it('an unsigned or wrongly signed deploy notification: 401, and nothing is recorded', async () => {
    const deploysBefore = (await get('/api/deploys')).text;
    const statusBefore = await statusOf(LANDING);
    const now = new Date().toISOString();
    const body = JSON.stringify({
      id: 'ffffffffffffffffffffffff',
      site_id: LOCAL_SITE_ID,
      state: 'ready',
      context: 'production',
      branch: 'main',
      title: 'Forged',
      created_at: now,
      updated_at: now,
      published_at: now,
      deploy_time: 1,
      error_message: null,
    });
    const attempts: Array<Record<string, string>> = [
      {},
      { 'x-webhook-signature': netlifySignature(body, 'not-the-secret') },
      { 'x-webhook-signature': netlifySignature(`${body} `, LOCAL_DEPLOY_NOTIFICATION_SECRET) },
      { 'x-webhook-signature': 'not.a.jws' },
    ];
    for (const headers of attempts) {
      const answer = await fetch(`${site}/api/deploy-notification`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      });
      await answer.arrayBuffer();
      expect(answer.status).toBe(401);
    }
    expect((await get('/api/deploys')).text.replace(/"checkedAt":"[^"]*"/, '')).toBe(
      deploysBefore.replace(/"checkedAt":"[^"]*"/, ''),
    );
    expect((await get('/api/deploys')).text).not.toContain('ffffffffffffffffffffffff');
    expect(await statusOf(LANDING)).toEqual(statusBefore);
  });

  it("the status answers CORS for the Studio's origin only", async () => {
    const path = `/api/publish-status?ids=${LANDING}`;
    const studio = await get(path, { origin: STUDIO });
    expect(studio.status).toBe(200);
    expect(studio.headers.get('access-control-allow-origin')).toBe(STUDIO);
    expect(studio.headers.get('vary')).toMatch(/Origin/);
    const other = await get(path, { origin: 'https://elsewhere.example' });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();

    const preflight = (origin: string) =>
      fetch(`${site}${path}`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'authorization',
        },
      });
    const allowed = await preflight(STUDIO);
    await allowed.arrayBuffer();
    expect(allowed.status).toBeLessThan(300);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(STUDIO);
    expect(allowed.headers.get('access-control-allow-headers') ?? '').toMatch(/authorization/i);
    const refused = await preflight('https://elsewhere.example');
    await refused.arrayBuffer();
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('a publish that breaks the build: the deploy fails, the document is not live, the previous page is still served', async () => {
    const published = await publishLocally({
      datasetDir,
      id: 'school-huskymobile',
      changes: { schoolName: 42 },
      siteUrl: site,
    });
    expect(published.status, published.answer).toBe(202);
    const states = await until(
      async () => {
        // The site keeps serving the previous deploy throughout.
        expect(titleOf((await get(PAGE)).text)).toBe('new');
        return statusOf(`school-huskymobile:${published.rev}`);
      },
      (state) => state.state === 'not-live',
      240_000,
      'the failed build reported',
    );
    expect(states.map((state) => state.state)).toContain('publishing');
    expect(states.at(-1)).toMatchObject({ state: 'not-live', code: 'build-failed' });
    const [failed] = await localDeploys();
    expect(failed).toMatchObject({
      state: 'error',
      errorMessage: expect.stringMatching(
        /^Failed during stage 'building site': Build script returned non-zero exit code/,
      ) as string,
    });
    expect(titleOf((await get(PAGE)).text)).toBe('new');
    // What the failed build was to carry is not live; the landing header's revision still is.
    expect((await statusOf(LANDING)).state).toBe('live');
  }, 300_000);
});
