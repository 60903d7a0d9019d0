/**
 * npm run blobs against the running local stack (--local): after a deploy goes live, the export
 * holds the site's records; with every record wiped the site no longer knows what is live; the
 * restore brings the history back, so the status answers say live again, since the same moment.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { getStore } from '@netlify/blobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKED_UP_STORES } from '../../../scripts/lib/blobs-backup.ts';
import {
  LOCAL_BLOBS_ACCESS_FILE,
  type LocalBlobsAccess,
} from '../../../scripts/local-stack/netlify/blobs.ts';
import { localBuildHookUrl } from '../../../scripts/local-stack/netlify/deploys.ts';
import { buildHookTitle, newBatchId } from '../../../src/lib/publish-records/hook-body.ts';
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
let stack: StackProcess;

beforeAll(async () => {
  rmSync(deploysDir, { recursive: true, force: true });
  stack = await startStackProcess({
    DATA_DIR: dataDir,
    DIST_DIR: emptyDist,
    CONTENT_DATASET_DIR: sourceDir,
    DEPLOYS_DIR: deploysDir,
    LOCAL_BUILD_HOOK_TOKEN: HOOK_TOKEN,
  });
}, 60_000);

afterAll(async () => {
  await stack?.stop();
  rmSync(work, { recursive: true, force: true });
  rmSync(deploysDir, { recursive: true, force: true });
});

const blobs = (...args: string[]) =>
  run(process.execPath, [join(ROOT, 'scripts/blobs.ts'), ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir },
  });

/** What a visitor's /api/deploys says is live: when it went live, or null. */
async function liveSince(): Promise<string | null> {
  const answer = JSON.parse((await stack.get('/api/deploys')).text) as {
    site: { lastChangedAt: string } | null;
  };
  return answer.site?.lastChangedAt ?? null;
}

describe('npm run blobs on the local stack', () => {
  it('export, wipe, restore: the site knows its live deploy again', async () => {
    const body = { kind: 'manual' as const, batch: newBatchId(), documents: [], more: 0 };
    const hook = await fetch(
      `${localBuildHookUrl(stack.site, HOOK_TOKEN)}?trigger_title=${encodeURIComponent(buildHookTitle(body))}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      },
    );
    await hook.arrayBuffer();
    const [since] = (
      await stack.until(liveSince, (value) => value !== null, 240_000, 'live')
    ).slice(-1);
    expect(since).toEqual(expect.any(String));

    const file = join(work, 'backup.json');
    const exported = await blobs('export', '--local', '--out', file);
    expect(exported.stdout).toMatch(/^deploys: [1-9]\d* records$/m);
    const backup = JSON.parse(readFileSync(file, 'utf8')) as {
      stores: Record<string, Record<string, string>>;
    };
    expect(Object.keys(backup.stores.deploys!)).toContain('history/production');

    // The stores lost: every record deleted through the stack's own Blobs server.
    const access = JSON.parse(
      readFileSync(join(dataDir, LOCAL_BLOBS_ACCESS_FILE), 'utf8'),
    ) as LocalBlobsAccess;
    for (const name of BACKED_UP_STORES) {
      const store = getStore({
        name,
        siteID: access.siteID,
        token: access.token,
        edgeURL: access.url,
        uncachedEdgeURL: access.url,
        consistency: 'strong',
      });
      for (const { key } of (await store.list()).blobs) await store.delete(key);
    }
    expect(await liveSince()).toBeNull();

    const restored = await blobs('restore', file, '--local');
    expect(restored.stdout).toMatch(/^deploys: [1-9]\d* written, 0 already the same$/m);
    expect(await liveSince()).toBe(since);
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
