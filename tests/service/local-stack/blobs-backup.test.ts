/**
 * npm run blobs against the running local stack (--local), with a publish waiting in the queue: a
 * first deploy goes live; then the build service stops answering (a door in front of the stack's
 * build hook plays the outage), so an editor's publish is kept and waits for the site's own retry.
 * The export holds the site's records, the waiting publish among them; with every record wiped the
 * site knows neither what is live nor what waits, and the functions running meanwhile write no
 * empty queue in its place; the restore brings both back (the live deploy since the same moment),
 * and once the build service answers again the waiting publish builds and goes live, with no new
 * webhook.
 */
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKED_UP_STORES } from '../../../scripts/lib/blobs-backup.ts';
import { localBuildHookUrl } from '../../../scripts/local-stack/netlify/deploys.ts';
import { publishLocally } from '../../../scripts/local-stack/publish.ts';
import { workingDatasetDir } from '../../../scripts/local-stack/working-dataset.ts';
import { buildHookTitle, newBatchId } from '../../../src/lib/publish-records/hook-body.ts';
import { PUBLISH_QUEUE_KEY, PUBLISH_QUEUE_STORE } from '../../../src/lib/publish-records/names.ts';
import type { DocumentStatus } from '../../../src/lib/publish-records/status-answers.ts';
import { oneSchoolDocuments, writeDataset } from '../../fixtures/one-school/dataset.ts';
import { ROOT, startStackProcess, type StackProcess } from './stack-process.ts';

const run = promisify(execFile);
const work = mkdtempSync(join(tmpdir(), 'blobs-backup-'));
const dataDir = join(work, 'data');
const sourceDir = writeDataset(join(work, 'dataset'), oneSchoolDocuments('huskymobile'));
const deploysDir = join(ROOT, '.netlify', 'tests', 'blobs-backup');
const emptyDist = join(work, 'empty-dist');
mkdirSync(emptyDist);
const HOOK_TOKEN = 'blobs-backup-hook-token';
const LANDING = 'huskymobile-landingHeader';
let stack: StackProcess;
/** The functions' build hook: the stack's own, through a door that answers 503 while `down`. */
const hook = { down: false, calls: 0 };
let door: Server | undefined;

beforeAll(async () => {
  rmSync(deploysDir, { recursive: true, force: true });
  door = createServer((request, response) => {
    hook.calls += 1;
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (hook.down) {
        response.writeHead(503).end('Service Unavailable');
        return;
      }
      void fetch(
        `${localBuildHookUrl(stack.site, HOOK_TOKEN)}${(request.url ?? '').replace(/^[^?]*/, '')}`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: Buffer.concat(chunks),
        },
      ).then(async (answer) => response.writeHead(answer.status).end(await answer.text()));
    });
  });
  await new Promise<void>((ready) => door!.listen(0, '127.0.0.1', ready));
  stack = await startStackProcess({
    DATA_DIR: dataDir,
    DIST_DIR: emptyDist,
    CONTENT_DATASET_DIR: sourceDir,
    DEPLOYS_DIR: deploysDir,
    LOCAL_BUILD_HOOK_TOKEN: HOOK_TOKEN,
    NETLIFY_BUILD_HOOK_URL: `http://127.0.0.1:${(door.address() as { port: number }).port}/build_hooks/local`,
    // The site's retry waits 2 s, 4 s, 8 s …; the scheduler's minute lasts half a second.
    PUBLISH_RETRY_BASE_SECONDS: '2',
    LOCAL_SCHEDULE_MINUTE_MS: '500',
    // No page is read: each build writes its record alone.
    LOCAL_BUILD_RECORD_ONLY: 'true',
  });
}, 60_000);

afterAll(async () => {
  await stack?.stop();
  await new Promise<void>((closed) => (door ? door.close(() => closed()) : closed()));
  rmSync(work, { recursive: true, force: true });
  rmSync(deploysDir, { recursive: true, force: true });
});

const blobs = (...args: string[]) =>
  run(process.execPath, [join(ROOT, 'scripts/blobs.ts'), ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir },
  });

const storeOf = (name: string) => stack.store(name);

/** What a visitor's /api/deploys says is live: when it went live, or null. */
async function liveSince(): Promise<string | null> {
  const answer = JSON.parse((await stack.get('/api/deploys')).text) as {
    site: { lastChangedAt: string } | null;
  };
  return answer.site?.lastChangedAt ?? null;
}

/** What a visitor is told of a revision of a document (on the site: live, or being published). */
async function statusOf(id: string, rev: string): Promise<DocumentStatus> {
  const answer = await stack.get(`/api/publish-status?ids=${id}:${rev}`);
  return (JSON.parse(answer.text) as { documents: Record<string, DocumentStatus> }).documents[id]!;
}

describe('npm run blobs on the local stack', () => {
  it('export, wipe, restore with a publish waiting: the site knows its live deploy again, and the waiting publish builds and goes live', async () => {
    const body = { kind: 'manual' as const, batch: newBatchId(), documents: [], more: 0 };
    const first = await fetch(
      `${localBuildHookUrl(stack.site, HOOK_TOKEN)}?trigger_title=${encodeURIComponent(buildHookTitle(body))}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      },
    );
    await first.arrayBuffer();
    const [since] = (
      await stack.until(liveSince, (value) => value !== null, 240_000, 'live')
    ).slice(-1);
    expect(since).toEqual(expect.any(String));

    // The build service stops answering: the publish is kept, and waits for the site's own retry.
    hook.down = true;
    const published = await publishLocally({
      datasetDir: workingDatasetDir(dataDir),
      id: LANDING,
      changes: { title: 'Purple through the outage' },
      siteUrl: stack.site,
    });
    expect(published.status, published.answer).toBe(202);
    expect(published.answer).toContain('the publish is kept and the site tries again at');
    expect(await statusOf(LANDING, published.rev)).toEqual({ state: 'publishing' });

    const file = join(work, 'backup.json');
    const exported = await blobs('export', '--local', '--out', file);
    expect(exported.stdout).toMatch(/^deploys: [1-9]\d* records$/m);
    const backup = JSON.parse(readFileSync(file, 'utf8')) as {
      stores: Record<string, Record<string, string>>;
    };
    expect(Object.keys(backup.stores.deploys!)).toContain('history/production');
    const queued = JSON.parse(backup.stores[PUBLISH_QUEUE_STORE]![PUBLISH_QUEUE_KEY]!) as {
      waiting: Array<{ id: string; rev: string }>;
    };
    expect(queued.waiting).toEqual([expect.objectContaining({ id: LANDING, rev: published.rev })]);

    // The stores lost: every record deleted through the stack's own Blobs server.
    for (const name of BACKED_UP_STORES) {
      const store = storeOf(name);
      for (const { key } of (await store.list()).blobs) await store.delete(key);
    }
    expect(await liveSince()).toBeNull();
    expect((await statusOf(LANDING, published.rev)).state).toBe('unknown');
    // publish-retry runs every half second meanwhile: it finds no queue, and writes none.
    await new Promise((wait) => setTimeout(wait, 3_000));
    expect(await storeOf(PUBLISH_QUEUE_STORE).get(PUBLISH_QUEUE_KEY)).toBeNull();

    const restored = await blobs('restore', file, '--local');
    expect(restored.stdout).toMatch(/^deploys: [1-9]\d* written, 0 already the same$/m);
    expect(restored.stdout).toMatch(/^rebuild-on-publish: [1-9]\d* written/m);
    expect(await liveSince()).toBe(since);
    expect(await statusOf(LANDING, published.rev)).toEqual({ state: 'publishing' });

    // The build service answers again: the site's retry builds the publish, and it goes live.
    const deploysBefore = (await stack.localDeploys()).length;
    hook.down = false;
    await stack.until(
      () => statusOf(LANDING, published.rev),
      (status) => status.state === 'live',
      120_000,
      'the waiting publish live',
    );
    const deploys = await stack.localDeploys();
    expect(deploys).toHaveLength(deploysBefore + 1);
    expect(deploys[0]).toMatchObject({
      state: 'ready',
      live: true,
      title: expect.stringMatching(
        /^Publish of 1 document \(landingHeader\) \[batch b-[0-9a-f]{8}\]$/,
      ) as string,
    });
  }, 300_000);

  it('without a running stack, or without a target, it says so', async () => {
    await expect(
      run(process.execPath, [join(ROOT, 'scripts/blobs.ts'), 'export', '--out', 'x.json'], {
        cwd: ROOT,
      }),
    ).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('name the site') as string,
    });
    await expect(
      run(process.execPath, [join(ROOT, 'scripts/blobs.ts'), 'export', '--local', '--out', 'x'], {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: join(work, 'nowhere') },
      }),
    ).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('no running local stack') as string,
    });
  });
});
