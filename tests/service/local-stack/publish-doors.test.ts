/**
 * The public doors of the publish loop on the local stack (scripts/local-stack/start.ts, the site's
 * own functions), as an outsider and as an editor meet them: a visitor probing a school being
 * prepared gets exactly what ids that never existed get; the deploys answer names no deploy; the
 * local build hook and scheduled functions refuse another site's page; and a build hook that does
 * not answer three times leaves the publish waiting ("waiting to build", with the next try) until
 * the site's own retry (publish-retry, on the stack's scheduler) builds it, with no new webhook.
 * Editors are proven by a stand-in for Sanity's `/users/me` (SANITY_API_HOST, loopback only).
 */
import { createServer, type Server } from 'node:http';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localBuildHookUrl } from '../../../scripts/local-stack/netlify/deploys.ts';
import { publishLocally } from '../../../scripts/local-stack/publish.ts';
import { workingDatasetDir } from '../../../scripts/local-stack/working-dataset.ts';
import {
  type DeploysAnswer,
  type DocumentStatus,
} from '../../../src/lib/publish-records/status-answers.ts';
import { manualBody, triggerBuild } from '../../../src/lib/rebuild/build-hook.ts';
import { badgeFor } from '../../../studio/deploys/status.ts';
import { createStatusSource } from '../../../studio/deploys/status-source.ts';
import { oneSchoolDocuments, writeDataset } from '../../fixtures/one-school/dataset.ts';
import {
  ROOT,
  startSanityUsersStandIn,
  startStackProcess,
  type StackProcess,
} from './stack-process.ts';

const HOOK_TOKEN = 'publish-doors-hook-token';
const EDITOR = 'editor-session-token';
/** An editor who has not asked the site anything yet. */
const NEW_EDITOR = 'new-editor-session-token';
const LANDING = 'huskymobile-landingHeader';

const work = mkdtempSync(join(tmpdir(), 'publish-doors-'));
// A live school and one being prepared (cubbymobile, its school document set to preparing) with no
// tenant record yet: a build that is not production's would publish a preparing school's pages,
// but never one without a tenant record, so here as on the public site its pages are not there.
const preparing = oneSchoolDocuments('cubbymobile').map((doc) =>
  doc._type === 'school' ? { ...doc, status: 'preparing' } : doc,
);
const datasetDir = writeDataset(join(work, 'dataset'), [
  ...oneSchoolDocuments('huskymobile'),
  ...preparing.filter((doc) => doc._type === 'school' || doc.school !== undefined),
]);
const tenantsFile = join(work, 'tenants.json');
writeFileSync(
  tenantsFile,
  JSON.stringify(
    (
      JSON.parse(readFileSync(join(ROOT, 'src/dataset/tenants.json'), 'utf8')) as Array<{
        slug: string;
      }>
    ).filter((tenant) => tenant.slug !== 'cubbymobile'),
  ),
);
const deploysDir = join(ROOT, '.netlify', 'tests', 'publish-doors');
const emptyDist = join(work, 'empty-dist');
mkdirSync(emptyDist);

let stack: StackProcess;
let site = '';
let sanity: Awaited<ReturnType<typeof startSanityUsersStandIn>> | undefined;
let hookProxy: Server | undefined;
/**
 * Calls of the functions' build hook; how many of the next ones answer 503 as a Netlify outage would;
 * and how many are answered 200 and then dropped (Netlify took the call, and no deploy ever comes).
 */
const hook = { calls: 0, failNext: 0, dropNext: 0 };
let webhooks = 0;

async function listenOn(server: Server): Promise<string> {
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

beforeAll(async () => {
  rmSync(deploysDir, { recursive: true, force: true });
  // Sanity's /users/me for the project: the editor is a member with the Editor role.
  sanity = await startSanityUsersStandIn(EDITOR, NEW_EDITOR);
  const sanityHost = sanity.apiHost;
  // The functions' build hook: the stack's own, through a door that can play an outage.
  hookProxy = createServer((request, response) => {
    hook.calls += 1;
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    const relay = async () => {
      if (hook.failNext > 0) {
        hook.failNext -= 1;
        response.writeHead(503).end('Service Unavailable');
        return;
      }
      if (hook.dropNext > 0) {
        hook.dropNext -= 1;
        response.writeHead(200).end();
        return;
      }
      const answer = await fetch(
        `${localBuildHookUrl(site, HOOK_TOKEN)}${(request.url ?? '').replace(/^[^?]*/, '')}`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: Buffer.concat(chunks),
        },
      );
      response.writeHead(answer.status).end(await answer.text());
    };
    request.on('end', () => void relay());
  });
  const hookUrl = `${await listenOn(hookProxy)}/build_hooks/local`;

  stack = await startStackProcess({
    DATA_DIR: join(work, 'data'),
    DIST_DIR: emptyDist,
    CONTENT_DATASET_DIR: datasetDir,
    TENANTS_FILE: tenantsFile,
    DEPLOYS_DIR: deploysDir,
    SANITY_STUDIO_URL: 'http://localhost:3333',
    LOCAL_BUILD_HOOK_TOKEN: HOOK_TOKEN,
    NETLIFY_BUILD_HOOK_URL: hookUrl,
    SANITY_PROJECT_ID: 'doorstest',
    SANITY_API_HOST: sanityHost,
    // The site's retry waits 2 s, 4 s, 8 s ...; the scheduler's minute lasts 250 ms. A batch never
    // heard of is lost after 30 units, 60 s: well above a build's wait for the build lock while
    // the suite's other builds run (at 30 s, a busy run once took a slow start for a lost one and
    // called the hook a third time, which the loop allows and this test's count does not).
    PUBLISH_RETRY_BASE_SECONDS: '2',
    LOCAL_SCHEDULE_MINUTE_MS: '250',
  });
  site = stack.site;
  // The first deploy, through the build hook as a build by hand starts it.
  await triggerBuild(localBuildHookUrl(site, HOOK_TOKEN), manualBody());
  await until(
    localDeploys,
    (deploys) => deploys[0]?.state === 'ready',
    240_000,
    'the first deploy',
  );
  await until(
    () => statusOf(LANDING),
    (status) => status.state === 'live',
    20_000,
    'the first deploy live',
  );
}, 300_000);

afterAll(async () => {
  await stack?.stop();
  await sanity?.close();
  await new Promise<void>((closed) => (hookProxy ? hookProxy.close(() => closed()) : closed()));
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

async function statuses(
  ids: string[],
  headers: Record<string, string> = {},
): Promise<Record<string, DocumentStatus>> {
  const answer = await get(
    `/api/publish-status?ids=${ids.map(encodeURIComponent).join(',')}`,
    headers,
  );
  expect(answer.status, answer.text).toBe(200);
  return (JSON.parse(answer.text) as { documents: Record<string, DocumentStatus> }).documents;
}
const statusOf = async (id: string, headers: Record<string, string> = {}) =>
  (await statuses([id], headers))[id.split(':')[0]!]!;
const asEditor = { authorization: `Bearer ${EDITOR}` };

describe('what an outsider learns', () => {
  it('probing a school being prepared answers exactly as probing ids that never existed; an editor learns why it is not on the site', async () => {
    const preparingIds = ['school-cubbymobile', 'cubbymobile-faqs', 'cubbymobile-landingHeader'];
    const inventedIds = ['school-guessmobile', 'guessmobile-faqs', 'guessmobile-landingHeader'];
    const visitor = await statuses([...preparingIds, ...inventedIds]);
    const never = { state: 'unknown', reason: 'No recorded deploy carried this document yet.' };
    expect(visitor).toEqual(
      Object.fromEntries([...preparingIds, ...inventedIds].map((id) => [id, never])),
    );
    expect(await statusOf('cubbymobile-faqs', asEditor)).toMatchObject({
      state: 'not-live',
      code: 'no-tenant',
      school: 'cubbymobile',
    });
  });

  it('the deploys answer tells a visitor only when the site last changed and its live schools: no deploy, trigger, count of documents or failure; an editor gets them', async () => {
    const ids = (await localDeploys()).map((deploy) => deploy.id);
    const visitor = await get('/api/deploys');
    expect(visitor.status).toBe(200);
    const body = JSON.parse(visitor.text) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['checkedAt', 'deploys', 'site']);
    expect(body['deploys']).toEqual([]);
    expect(body['site']).toEqual({
      lastChangedAt: (await localDeploys()).find((deploy) => deploy.state === 'ready')!.publishedAt,
      schools: {
        built: [{ seoSlug: 'uw-husky-mobile', url: `${site}/uw-husky-mobile` }],
        builtCount: 1,
      },
    });
    for (const id of ids) expect(visitor.text).not.toContain(id);
    expect(visitor.text).not.toMatch(
      /cubby|tenant|trigger|documents|error|failed|manual|publish|batch/i,
    );
    const editor = await get('/api/deploys', asEditor);
    expect(editor.text).toContain(ids.at(-1)!);
    expect(editor.text).toContain('cubbymobile');
    expect((JSON.parse(editor.text) as DeploysAnswer).deploys[0]).toMatchObject({
      trigger: { kind: 'manual', documents: 0 },
    });
  });
});

describe("the local platform's doors", () => {
  it('the build hook needs its token, and refuses a page of another site', async () => {
    const post = (url: string, headers: Record<string, string> = {}) =>
      fetch(url, { method: 'POST', headers, body: '{}' }).then(async (answer) => {
        await answer.arrayBuffer();
        return answer.status;
      });
    const before = (await localDeploys()).length;
    expect(await post(`${site}/.netlify/local/build-hook`)).toBe(404);
    expect(await post(`${site}/.netlify/local/build-hook/not-the-token`)).toBe(404);
    expect(
      await post(localBuildHookUrl(site, HOOK_TOKEN), {
        origin: 'https://evil.example',
        'sec-fetch-site': 'cross-site',
      }),
    ).toBe(403);
    expect(
      await post(localBuildHookUrl(site, HOOK_TOKEN), { origin: 'https://evil.example' }),
    ).toBe(403);
    expect(
      await post(`${site}/.netlify/functions/freshness-check`, {
        origin: 'https://evil.example',
        'sec-fetch-site': 'cross-site',
      }),
    ).toBe(403);
    expect((await localDeploys()).length).toBe(before);
  });

  it("a Host that is not the site's own gets 400 before anything runs", async () => {
    const { request } = await import('node:http');
    const status = await new Promise<number>((done, fail) => {
      const asked = request(
        `${site}/api/deploys`,
        { headers: { host: 'attacker.example' } },
        (answer) => {
          answer.resume();
          done(answer.statusCode ?? 0);
        },
      );
      asked.on('error', fail);
      asked.end();
    });
    expect(status).toBe(400);
  });
});

describe('a build hook that does not answer', () => {
  it('three failed calls, then it answers: the publish is built without a new webhook, and the badge goes from waiting to build to live', async () => {
    hook.failNext = 3;
    const callsBefore = hook.calls;
    // Into the stack's working copy of the dataset (DATA_DIR/dataset), which its builds read.
    const published = await publishLocally({
      datasetDir: workingDatasetDir(join(work, 'data')),
      id: LANDING,
      changes: { title: 'Purple all the way' },
      siteUrl: site,
    });
    webhooks += 1;
    expect(published.status, published.answer).toBe(202);
    expect(published.answer).toMatch(
      /the build service did not answer; the publish is kept and the site tries again at \d{4}-\d\d-\d\dT/,
    );
    const seen = await until(
      async () => {
        const status = await statusOf(`${LANDING}:${published.rev}`, asEditor);
        return status.state === 'publishing' && status.waiting ? 'waiting to build' : status.state;
      },
      (state) => state === 'live',
      120_000,
      'the publish live after the retries',
    );
    expect(seen[0]).toBe('waiting to build');
    expect(seen.at(-1)).toBe('live');
    expect(hook.calls - callsBefore).toBe(4);
    expect(webhooks).toBe(1);
    expect((await get('/uw-husky-mobile')).text).toContain('Purple all the way');
  }, 180_000);
});

describe('editors cannot be locked out', () => {
  it('200 made-up tokens in a minute: the Studio\'s badge of an editor proven before still shows editor detail; an editor not proven yet is told "checking your access", then proven', async () => {
    // The badge asks about the published revision, as the Studio knows it.
    const rev =
      readFileSync(join(workingDatasetDir(join(work, 'data')), 'data.ndjson'), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { _id: string; _rev?: string })
        .find((document) => document._id === 'cubbymobile-faqs')?._rev ?? '';
    expect(rev).not.toBe('');
    // The editor's Studio asks first: the site proves the editor with Sanity and gives a pass.
    const badge = createStatusSource({ origin: site, token: EDITOR });
    const landing = await until(
      async () => {
        const stop = badge.watch({ id: 'cubbymobile-faqs', rev }, () => {});
        await new Promise((wait) => setTimeout(wait, 300));
        stop();
        return badge.get('cubbymobile-faqs')?.status;
      },
      (status) => status !== undefined,
      10_000,
      "the badge's first answer",
    );
    // 200 made-up tokens within a minute: more than the instance's budget of Sanity questions.
    // The budget's minute began with the file's first question to Sanity; a flood that leaves
    // less than 20 s of it is sent again in the next minute, so what follows falls inside it.
    const flood = (round: number) =>
      Promise.all(
        Array.from({ length: 200 }, (_, at) =>
          get('/api/publish-status?ids=cubbymobile-faqs', {
            authorization: `Bearer junk-${round}-${at}`,
          }),
        ),
      );
    const minuteLeft = (answers: Awaited<ReturnType<typeof flood>>) =>
      Math.min(
        ...answers
          .filter((answer) => answer.status === 503)
          .map((answer) => Number(answer.headers.get('retry-after'))),
      );
    let askedBefore = sanity!.asked();
    let junk = await flood(0);
    if (minuteLeft(junk) < 20) {
      await new Promise((wait) => setTimeout(wait, (minuteLeft(junk) + 1) * 1000));
      askedBefore = sanity!.asked();
      junk = await flood(1);
    }
    expect(junk.filter((answer) => answer.status !== 200 && answer.status !== 503)).toEqual([]);
    expect(junk.filter((answer) => answer.status === 200).length).toBeLessThanOrEqual(30);
    expect(sanity!.asked() - askedBefore).toBeLessThanOrEqual(30);
    for (const answer of junk.filter((refused) => refused.status === 503))
      expect(JSON.parse(answer.text)).toMatchObject({ access: 'checking' });
    // The editor's badge, asked again now: editor detail (the school and why), with no question to Sanity.
    const asked = sanity!.asked();
    const again = createStatusSource({ origin: site, token: EDITOR });
    const stop = again.watch({ id: 'cubbymobile-faqs', rev }, () => {});
    const status = await until(
      () => Promise.resolve(again.get('cubbymobile-faqs')?.status),
      (seen) => seen !== undefined,
      10_000,
      'the badge again',
    );
    stop();
    expect(landing.at(-1)).toMatchObject({
      state: 'not-live',
      code: 'no-tenant',
      school: 'cubbymobile',
    });
    expect(status.at(-1)).toMatchObject({
      state: 'not-live',
      code: 'no-tenant',
      school: 'cubbymobile',
    });
    expect(badgeFor(status.at(-1)!)).toMatchObject({
      label: 'Not live: no tenant record',
      title: expect.stringContaining('School: cubbymobile.') as string,
    });
    expect(sanity!.asked()).toBe(asked);
    // An editor who never asked before, within the same minute: told to wait, never shown the visitor's answer.
    const newcomer = await get('/api/publish-status?ids=cubbymobile-faqs', {
      authorization: `Bearer ${NEW_EDITOR}`,
    });
    expect(newcomer.status).toBe(503);
    expect(JSON.parse(newcomer.text)).toMatchObject({
      message: expect.stringMatching(/^checking your access; ask again in \d+ s$/) as string,
      access: 'checking',
    });
    expect(Number(newcomer.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(
      badgeFor({
        state: 'checking-access',
        retryAfterSeconds: Number(newcomer.headers.get('retry-after')),
      }).label,
    ).toBe('Checking your access…');
    const proven = await until(
      async () =>
        (
          await get('/api/publish-status?ids=cubbymobile-faqs', {
            authorization: `Bearer ${NEW_EDITOR}`,
          })
        ).status,
      (code) => code === 200,
      75_000,
      'the new editor proven once the budget allows',
    );
    expect(proven.at(-1)).toBe(200);
    expect(
      await statusOf('cubbymobile-faqs', { authorization: `Bearer ${NEW_EDITOR}` }),
    ).toMatchObject({ school: 'cubbymobile' });
  }, 120_000);
});

describe('a build hook that takes the call and never deploys', () => {
  it('the badge goes "Publishing…" → "Waiting to build" → live, with no new webhook: the silent batch is taken as lost and built again', async () => {
    await until(
      localDeploys,
      (deploys) => deploys.every((deploy) => deploy.state === 'ready' || deploy.state === 'error'),
      240_000,
      'no build running',
    );
    await stack.untilQueueFree();
    hook.dropNext = 1;
    const callsBefore = hook.calls;
    const deploysBefore = (await localDeploys()).length;
    const published = await publishLocally({
      datasetDir: workingDatasetDir(join(work, 'data')),
      id: LANDING,
      changes: { title: 'Purple, never lost' },
      siteUrl: site,
    });
    webhooks += 1;
    expect(published.status, published.answer).toBe(202);
    expect(JSON.parse(published.answer)).toEqual({ message: 'build started' });
    const labels = await until(
      async () => badgeFor(await statusOf(`${LANDING}:${published.rev}`, asEditor)).label ?? '',
      (label) => label.startsWith('Live'),
      240_000,
      'the publish live',
    );
    expect(labels[0]).toBe('Publishing…');
    expect(labels).toContain('Waiting to build');
    expect(labels.indexOf('Waiting to build')).toBeGreaterThan(0);
    expect(labels.at(-1)).toMatch(/^Live /);
    expect(hook.calls - callsBefore).toBe(2);
    expect((await localDeploys()).length - deploysBefore).toBe(1);
    expect(webhooks).toBe(2);
    expect((await get('/uw-husky-mobile')).text).toContain('Purple, never lost');
  }, 300_000);
});
