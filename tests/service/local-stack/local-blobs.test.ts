/**
 * Netlify Blobs as the local stack and the local preview server provide it: `getStore` and
 * `getDeployStore` of `@netlify/blobs`, given only the environment the helper returns, read and
 * write through Netlify's local Blobs server.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getDeployStore, getStore } from '@netlify/blobs';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  BLOBS_CONTEXT_VARIABLE,
  startLocalBlobs,
  type LocalBlobs,
} from '../../../scripts/local-stack/netlify/blobs.ts';

const work = mkdtempSync(join(tmpdir(), 'local-blobs-'));
const before = process.env[BLOBS_CONTEXT_VARIABLE];
let blobs: LocalBlobs | undefined;

afterEach(async () => {
  await blobs?.stop();
  blobs = undefined;
  if (before === undefined) delete process.env[BLOBS_CONTEXT_VARIABLE];
  else process.env[BLOBS_CONTEXT_VARIABLE] = before;
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('startLocalBlobs', () => {
  it('a strongly consistent store works from the environment alone, and keeps its data in the folder across restarts', async () => {
    const directory = join(work, 'data');
    blobs = await startLocalBlobs(directory);
    Object.assign(process.env, blobs.environment);
    await getStore({ name: 'revocations', consistency: 'strong' }).setJSON('session-1', {
      revokedAt: 1,
    });
    expect(
      await getStore({ name: 'revocations', consistency: 'strong' }).get('session-1', {
        type: 'json',
      }),
    ).toEqual({ revokedAt: 1 });
    expect(
      await getStore({ name: 'revocations', consistency: 'strong' }).get('session-2', {
        type: 'json',
      }),
    ).toBeNull();

    await blobs.stop();
    blobs = await startLocalBlobs(directory);
    Object.assign(process.env, blobs.environment);
    expect(
      await getStore({ name: 'revocations', consistency: 'strong' }).get('session-1', {
        type: 'json',
      }),
    ).toEqual({ revokedAt: 1 });
  });

  it("a build's deploy blob files go into that deploy's store under their folder's path, as Netlify's build uploads them; a function reads them by deploy id; sites are kept apart", async () => {
    blobs = await startLocalBlobs(join(work, 'deploys'), { siteID: 'local-site' });
    const files = join(work, 'deploy-files');
    mkdirSync(join(files, 'build-record'), { recursive: true });
    mkdirSync(join(files, 'nested', 'key'), { recursive: true });
    writeFileSync(join(files, 'build-record', 'blob'), JSON.stringify({ version: 1 }));
    writeFileSync(join(files, 'nested', 'key', 'blob'), 'text');
    writeFileSync(join(files, 'nested', 'key', 'blob.meta.json'), JSON.stringify({ kind: 'note' }));
    expect(await blobs.uploadDeployFiles('0123456789abcdef01234567', files)).toEqual([
      'build-record',
      'nested/key',
    ]);
    Object.assign(process.env, blobs.environment);
    const deployStore = getDeployStore({
      deployID: '0123456789abcdef01234567',
      consistency: 'strong',
    });
    expect(await deployStore.get('build-record', { type: 'json' })).toEqual({ version: 1 });
    expect(await deployStore.getWithMetadata('nested/key')).toMatchObject({
      data: 'text',
      metadata: { kind: 'note' },
    });
    expect(
      await getDeployStore({ deployID: 'fedcba9876543210fedcba98' }).get('build-record'),
    ).toBeNull();
    expect(
      await getStore({ name: 'build-record', consistency: 'strong' }).get('build-record'),
    ).toBeNull();
    expect(
      await blobs.uploadDeployFiles('0123456789abcdef01234567', join(work, 'no-such-folder')),
    ).toEqual([]);
  });

  it("a read carries the ETag a conditional write names, as Netlify's API does: the first write after the read wins, a stale one is refused", async () => {
    blobs = await startLocalBlobs(join(work, 'etags'), { siteID: 'local-site' });
    Object.assign(process.env, blobs.environment);
    const store = getStore({ name: 'queue', consistency: 'strong' });
    await store.setJSON('state', { n: 1 }, { onlyIfNew: true });
    const read = await store.getWithMetadata('state', { type: 'json' });
    expect(read?.etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect(await store.setJSON('state', { n: 2 }, { onlyIfMatch: read!.etag! })).toMatchObject({
      modified: true,
    });
    expect(await store.setJSON('state', { n: 3 }, { onlyIfMatch: read!.etag! })).toEqual({
      modified: false,
    });
    expect(await store.get('state', { type: 'json' })).toEqual({ n: 2 });
    expect(await store.setJSON('state', { n: 4 }, { onlyIfNew: true })).toEqual({
      modified: false,
    });
  });

  it('of many conditional writes naming the same ETag at once, exactly one succeeds; a burst of read-then-write updates loses none', async () => {
    blobs = await startLocalBlobs(join(work, 'burst'), { siteID: 'local-site' });
    Object.assign(process.env, blobs.environment);
    const store = getStore({ name: 'queue', consistency: 'strong' });
    await store.setJSON('state', { n: 0 }, { onlyIfNew: true });
    const read = await store.getWithMetadata('state', { type: 'json' });
    const attempts = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        store.setJSON('state', { n: index + 1 }, { onlyIfMatch: read!.etag! }),
      ),
    );
    expect(attempts.filter((attempt) => attempt.modified)).toHaveLength(1);
    // 30 updates at once, each reading and writing conditionally until it lands (as the publish queue does).
    await store.setJSON('count', { seen: [] as number[] });
    await Promise.all(
      Array.from({ length: 30 }, async (_, index) => {
        for (;;) {
          const current = (await store.getWithMetadata('count', { type: 'json' })) as {
            data: { seen: number[] };
            etag?: string;
          };
          if (
            (
              await store.setJSON(
                'count',
                { seen: [...current.data.seen, index] },
                { onlyIfMatch: current.etag! },
              )
            ).modified
          )
            return;
        }
      }),
    );
    expect(
      ((await store.get('count', { type: 'json' })) as { seen: number[] }).seen.sort(
        (a, b) => a - b,
      ),
    ).toEqual(Array.from({ length: 30 }, (_, index) => index));
  });

  it('answers no one without its token', async () => {
    blobs = await startLocalBlobs(join(work, 'guarded'));
    const { siteID } = JSON.parse(
      Buffer.from(blobs.environment[BLOBS_CONTEXT_VARIABLE], 'base64').toString('utf8'),
    ) as { siteID: string };
    const answer = await fetch(`${blobs.url}/${siteID}/site:revocations/session-1`, {
      headers: { authorization: 'Bearer guess' },
    });
    expect(answer.status).toBe(403);
  });

  it('stops: its address no longer answers', async () => {
    blobs = await startLocalBlobs(join(work, 'stopped'));
    const { url } = blobs;
    await blobs.stop();
    blobs = undefined;
    await expect(fetch(url)).rejects.toThrow();
  });
});
