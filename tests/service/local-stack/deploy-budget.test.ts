/**
 * The deploy budget against the local stack (scripts/local-stack/start.ts, the site's own
 * functions): with a budget of 1 an hour, two publishes in one hour build once; the second waits
 * for the next slot (the next hour), publish-retry's runs meanwhile start nothing, and the
 * editor's badge says so, in the Studio's own words (studio/deploys/status.ts), as the Deploys view
 * does. Editors are proven by a stand-in for Sanity's `/users/me` (SANITY_API_HOST, loopback only).
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishLocally } from '../../../scripts/local-stack/publish.ts';
import { workingDatasetDir } from '../../../scripts/local-stack/working-dataset.ts';
import type {
  DeploysAnswer,
  DocumentStatus,
} from '../../../src/lib/publish-records/status-answers.ts';
import { nextSlotStartMs } from '../../../src/lib/rebuild/deploy-budget.ts';
import { badgeFor, shortTime } from '../../../studio/deploys/status.ts';
import { deploysFromAnswer } from '../../../studio/deploys/deploys-view.ts';
import { oneSchoolDocuments, writeDataset } from '../../fixtures/one-school/dataset.ts';
import {
  ROOT,
  startSanityUsersStandIn,
  startStackProcess,
  type StackProcess,
} from './stack-process.ts';

const EDITOR = 'budget-editor-token';
const LANDING = 'huskymobile-landingHeader';
const FAQS = 'huskymobile-faqs';

const work = mkdtempSync(join(tmpdir(), 'deploy-budget-'));
const sourceDir = writeDataset(join(work, 'dataset'), oneSchoolDocuments('huskymobile'));
const datasetDir = workingDatasetDir(join(work, 'data'));
const deploysDir = join(ROOT, '.netlify', 'tests', 'deploy-budget');
const emptyDist = join(work, 'empty-dist');
mkdirSync(emptyDist);
let stack: StackProcess;
let sanity: Awaited<ReturnType<typeof startSanityUsersStandIn>> | undefined;

beforeAll(async () => {
  rmSync(deploysDir, { recursive: true, force: true });
  sanity = await startSanityUsersStandIn(EDITOR);
  stack = await startStackProcess({
    DATA_DIR: join(work, 'data'),
    DIST_DIR: emptyDist,
    CONTENT_DATASET_DIR: sourceDir,
    DEPLOYS_DIR: deploysDir,
    SANITY_STUDIO_URL: 'http://localhost:3333',
    SANITY_PROJECT_ID: 'budgettest',
    SANITY_API_HOST: sanity.apiHost,
    DEPLOY_BUDGET_PER_HOUR: '1',
    // No page is read: the build writes its record alone (publish-loop.test.ts builds pages).
    LOCAL_BUILD_RECORD_ONLY: 'true',
  });
}, 60_000);

afterAll(async () => {
  await stack?.stop();
  await sanity?.close();
  rmSync(work, { recursive: true, force: true });
  rmSync(deploysDir, { recursive: true, force: true });
});

const asEditor = { authorization: `Bearer ${EDITOR}` };

async function editorStatus(id: string, rev: string): Promise<DocumentStatus> {
  const answer = await stack.get(`/api/publish-status?ids=${id}:${rev}`, asEditor);
  return (JSON.parse(answer.text) as { documents: Record<string, DocumentStatus> }).documents[id]!;
}

describe('a deploy budget of 1 an hour on the local stack', () => {
  it('two publishes in one hour: the first builds at once, the second waits for the next slot, publish-retry starts nothing before it, and the badge says so', async () => {
    // Both publishes in one hour: the first build must fit before it ends.
    const hourLeft = 3_600_000 - (Date.now() % 3_600_000);
    if (hourLeft < 4 * 60_000) await new Promise((wait) => setTimeout(wait, hourLeft + 5_000));

    const first = await publishLocally({
      datasetDir,
      id: LANDING,
      changes: { title: 'Purple from the first kickoff' },
      siteUrl: stack.site,
    });
    expect(first, first.answer).toMatchObject({ status: 202 });
    expect(first.answer).toContain('build started');
    await stack.until(
      stack.localDeploys,
      (deploys) => deploys[0]?.state === 'ready' || deploys[0]?.state === 'error',
      240_000,
      "the first publish's build",
    );
    expect((await stack.localDeploys())[0]?.state, stack.output().slice(-3000)).toBe('ready');
    await stack.until(
      () => editorStatus(LANDING, first.rev),
      (status) => status.state === 'live',
      20_000,
      'the first publish live',
    );

    // The queue is free (the build's notification has finished its batch): only the budget can hold the next publish.
    await stack.untilQueueFree();
    const second = await publishLocally({
      datasetDir,
      id: FAQS,
      changes: { title: 'Questions, answered' },
      siteUrl: stack.site,
    });
    const nextSlot = new Date(nextSlotStartMs(Date.now(), 1)).toISOString();
    expect(second.status, second.answer).toBe(202);
    expect(second.answer).toContain(`waiting: next build at ${nextSlot} (deploy budget)`);

    const status = await editorStatus(FAQS, second.rev);
    expect(status).toEqual({
      state: 'publishing',
      waiting: {
        reason: 'the deploy budget allows the next build then',
        nextTryAt: nextSlot,
        cause: 'deploy-budget',
      },
    });
    const format = { locale: 'en-US', timeZone: 'UTC' };
    expect(badgeFor(status, format)).toMatchObject({
      label: `Waiting: next build at ${shortTime(nextSlot, format)} (deploy budget)`,
      color: 'warning',
    });
    const deploys = JSON.parse((await stack.get('/api/deploys', asEditor)).text) as DeploysAnswer;
    expect(deploys.spend).toMatchObject({ today: 1, budgetPerHour: 1 });
    const view = deploysFromAnswer(deploys, stack.site, format);
    expect(view.ok && view.waiting).toBe(
      `Waiting: next build at ${shortTime(nextSlot, format)} (deploy budget). 1 published document waits; the site builds then by itself.`,
    );

    // publish-retry runs every minute meanwhile: its runs start nothing before the slot.
    for (let run = 0; run < 2; run += 1) {
      const retry = await stack.runScheduled('publish-retry');
      expect(retry, stack.output().slice(-3000)).toEqual({
        status: 200,
        text: expect.stringContaining(`next build at ${nextSlot}`) as string,
      });
    }
    expect(await stack.localDeploys()).toHaveLength(1);
    expect((await editorStatus(FAQS, second.rev)).state).toBe('publishing');
  }, 300_000);
});
