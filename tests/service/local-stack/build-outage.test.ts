/**
 * A build that fails because the product API is down, against the local stack: its builds read the
 * tenant records through a door in front of the local product API (PUBLIC_API_BASE), which the test
 * closes. The build of a publish fails (Netlify's words: "Failed during stage 'building site': Build
 * script returned non-zero exit code: 2", as for broken content), and once the API answers again the
 * site builds it again by itself, with no new webhook: the page is served and the document live.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localBuildHookUrl } from '../../../scripts/local-stack/netlify/deploys.ts';
import { publishLocally } from '../../../scripts/local-stack/publish.ts';
import { workingDatasetDir } from '../../../scripts/local-stack/working-dataset.ts';
import { type DocumentStatus } from '../../../src/lib/publish-records/status-answers.ts';
import { manualBody, triggerBuild } from '../../../src/lib/rebuild/build-hook.ts';
import { oneSchoolDocuments, writeDataset } from '../../fixtures/one-school/dataset.ts';
import { freePort } from '../../../scripts/support/process.ts';
import { ROOT, startStackProcess, type StackProcess } from './stack-process.ts';

const HOOK_TOKEN = 'build-outage-hook-token';
const PAGE = '/uw-husky-mobile';
const LANDING = 'huskymobile-landingHeader';
const NEW_TITLE = 'Purple through any outage';

const work = mkdtempSync(join(tmpdir(), 'build-outage-'));
const datasetDir = writeDataset(join(work, 'dataset'), oneSchoolDocuments('huskymobile'));
const deploysDir = join(ROOT, '.netlify', 'tests', 'build-outage');
const emptyDist = join(work, 'empty-dist');
mkdirSync(emptyDist);
let stack: StackProcess;
let door: Server | undefined;
/** While set, the product API answers every request 503, as a product API that is down. */
let apiDown = false;
let apiRequestsWhileDown = 0;

async function listenOn(server: Server): Promise<number> {
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  return (server.address() as AddressInfo).port;
}

beforeAll(async () => {
  rmSync(deploysDir, { recursive: true, force: true });
  const apiPort = await freePort();
  // The door: the local product API's answers, or 503 while it is down.
  door = createServer((incoming, outgoing) => {
    if (apiDown) {
      apiRequestsWhileDown += 1;
      outgoing
        .writeHead(503, { 'content-type': 'application/json' })
        .end('{"message":"unavailable"}');
      return;
    }
    const forward = httpRequest(
      {
        host: '127.0.0.1',
        port: apiPort,
        path: incoming.url,
        method: incoming.method,
        headers: incoming.headers,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forward.on('error', () => outgoing.writeHead(502).end());
    incoming.pipe(forward);
  });
  const doorPort = await listenOn(door);
  stack = await startStackProcess({
    DATA_DIR: join(work, 'data'),
    DIST_DIR: emptyDist,
    CONTENT_DATASET_DIR: datasetDir,
    DEPLOYS_DIR: deploysDir,
    LOCAL_BUILD_HOOK_TOKEN: HOOK_TOKEN,
    SANITY_STUDIO_URL: 'http://localhost:3333',
    API_PORT: String(apiPort),
    PUBLIC_API_BASE: `http://127.0.0.1:${doorPort}`,
    // The site's retry waits 5 s; the scheduler's minute lasts 1 s.
    PUBLISH_RETRY_BASE_SECONDS: '5',
    LOCAL_SCHEDULE_MINUTE_MS: '1000',
  });
  await triggerBuild(localBuildHookUrl(stack.site, HOOK_TOKEN), manualBody());
  await stack.until(
    stack.localDeploys,
    (deploys) => deploys[0]?.state === 'ready',
    240_000,
    'the first deploy',
  );
  await stack.until(
    () => statusOf(LANDING),
    (status) => status.state === 'live',
    20_000,
    'the first deploy live',
  );
}, 300_000);

afterAll(async () => {
  await stack?.stop();
  await new Promise<void>((closed) => (door ? door.close(() => closed()) : closed()));
  rmSync(work, { recursive: true, force: true });
  rmSync(deploysDir, { recursive: true, force: true });
});

async function statusOf(question: string): Promise<DocumentStatus> {
  const answer = await stack.get(`/api/publish-status?ids=${encodeURIComponent(question)}`);
  expect(answer.status, answer.text).toBe(200);
  return (JSON.parse(answer.text) as { documents: Record<string, DocumentStatus> }).documents[
    question.split(':')[0]!
  ]!;
}

describe('a build that meets the product API down', () => {
  it("fails in Netlify's words for broken content and is built again by itself once the API answers: live, with no new webhook", async () => {
    apiDown = true;
    const published = await publishLocally({
      datasetDir: workingDatasetDir(join(work, 'data')),
      id: LANDING,
      changes: { title: NEW_TITLE },
      siteUrl: stack.site,
    });
    expect(published.status, published.answer).toBe(202);
    const failed = await stack.until(
      stack.localDeploys,
      (deploys) => deploys[0]?.state === 'error',
      240_000,
      'the build failing on the API',
    );
    expect(failed.at(-1)![0]).toMatchObject({
      state: 'error',
      errorMessage:
        "Failed during stage 'building site': Build script returned non-zero exit code: 2",
    });
    expect(apiRequestsWhileDown).toBeGreaterThan(0);
    // The API is back: the site's own retry builds the publish again.
    apiDown = false;
    const states = await stack.until(
      () => statusOf(`${LANDING}:${published.rev}`),
      (status) => status.state === 'live' || status.state === 'not-live',
      240_000,
      'the publish settled after its try again',
    );
    expect(states.at(-1)).toMatchObject({ state: 'live' });
    expect((await stack.get(PAGE)).text).toContain(NEW_TITLE);
    const deploys = await stack.localDeploys();
    expect(deploys.slice(0, 2).map((deploy) => deploy.state)).toEqual(['ready', 'error']);
  }, 360_000);
});
