/**
 * Records that never vanish (record-kind.ts, blob-store.ts): every record is written with its
 * version; one of an older version is migrated as it is read; one this code cannot read (not JSON,
 * a newer version a later deploy wrote, one that fails its schema) is kept aside under a key that
 * says why, is never overwritten, and the function that met it answers 503 (so Sanity and Netlify
 * deliver again) and says so in its log and, to an editor, in the Deploys tool's answer. A queue
 * that is not there is a new site's: it is not an unreadable one.
 */
import { encodeSignatureHeader } from '@sanity/webhook';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  KEPT_ASIDE_PREFIX,
  memoryBlobStore,
  readVersioned,
  updateJson,
  UnreadableRecordError,
} from '../../../src/lib/functions/blob-store.ts';
import { defineFunction } from '../../../src/lib/functions/define-function.ts';
import type { PublishSettings } from '../../../src/lib/functions/function-settings.ts';
import { readRecord, recordKind, type RecordKind } from '../../../src/lib/functions/record-kind.ts';
import { lockAfter } from '../../../src/lib/deploys/deploy-store.ts';
import { PRODUCTION_HISTORY_RECORD } from '../../../src/lib/publish-records/deploy-history.ts';
import { deployNotification } from '../../../src/lib/deploys/notification-function.ts';
import {
  PRODUCTION_HISTORY_KEY,
  PUBLISH_QUEUE_KEY,
} from '../../../src/lib/publish-records/names.ts';
import {
  PUBLISH_QUEUE_RECORD,
  publishQueueSchema,
} from '../../../src/lib/publish-records/queue-record.ts';
import { rebuildOnPublish } from '../../../src/lib/rebuild/publish-webhook.ts';
import {
  deploy,
  SECRET as NOTIFICATION_SECRET,
  signed,
  SITE_ID,
  statusHandlers,
} from '../deploys/fixtures.ts';

const WEBHOOK_SECRET = 'test-webhook-secret-of-40-characters-xyz';
const HOOK = 'https://api.netlify.example/build_hooks/abc123';
const SETTINGS: PublishSettings = {
  SANITY_WEBHOOK_SECRET: WEBHOOK_SECRET,
  NETLIFY_BUILD_HOOK_URL: HOOK,
  CONTEXT: undefined,
};
const NOW = new Date('2026-11-27T10:00:00.000Z');

async function publishRequest(id: string, rev: string): Promise<Request> {
  const body = JSON.stringify({ _id: id, _type: 'faqs', _rev: rev, _updatedAt: NOW.toISOString() });
  return new Request('https://site.example/.netlify/functions/rebuild-on-publish', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'sanity-webhook-signature': await encodeSignatureHeader(body, NOW.getTime(), WEBHOOK_SECRET),
    },
    body,
  });
}

function webhook(queue = memoryBlobStore()) {
  const logged: string[] = [];
  const hookCalls: URL[] = [];
  const handle = defineFunction(rebuildOnPublish, {
    openStores: { queue: () => queue },
    readSettings: () => SETTINGS,
    log: (line) => logged.push(line),
    now: () => NOW,
    fetch: (url) => (hookCalls.push(url), Promise.resolve(new Response(''))),
  });
  return { handle, queue, logged, hookCalls };
}

/** A queue as the deploy before records had versions wrote it: no `version`, a publish waiting behind a batch in flight. */
const UNVERSIONED_QUEUE = {
  waiting: [{ id: 'husky-faqs', type: 'faqs', rev: 'r1', publishedAt: '2026-11-27T09:58:00.000Z' }],
  waitingMore: 0,
  inFlight: {
    batch: 'b-00000001',
    calledAt: '2026-11-27T09:55:00.000Z',
    documents: [
      { id: 'home-faqs', type: 'faqs', rev: 'h1', publishedAt: '2026-11-27T09:50:00.000Z' },
    ],
    more: 0,
    startedAt: '2026-11-27T09:55:01.000Z',
  },
  recent: [],
};

const keptAside = (store: ReturnType<typeof memoryBlobStore>) =>
  [...store.entries.keys()].filter((key) => key.startsWith(KEPT_ASIDE_PREFIX));

describe('a record of an older version', () => {
  it('a kind at version 3 reads a version 1 record through each migration in turn', () => {
    const kind: RecordKind<{ name: string; colour: string; size: number }> = {
      name: 'a test record',
      version: 3,
      schema: z.object({ name: z.string(), colour: z.string(), size: z.number() }),
      migrations: {
        1: (record) => ({ ...record, colour: 'blue' }),
        2: (record) => ({ ...record, size: Number(record['size'] ?? 1) }),
      },
    };
    expect(readRecord(JSON.stringify({ name: 'a' }), kind)).toEqual({
      ok: true,
      value: { name: 'a', colour: 'blue', size: 1 },
      version: 1,
    });
    expect(
      readRecord(JSON.stringify({ version: 3, name: 'a', colour: 'red', size: 2 }), kind),
    ).toMatchObject({ ok: true, value: { colour: 'red', size: 2 } });
  });

  it('the publish queue written without a version is migrated: its waiting publish goes into the next batch, and it is written back as version 2', async () => {
    const queue = memoryBlobStore();
    await queue.setJSON(PUBLISH_QUEUE_KEY, UNVERSIONED_QUEUE);
    const { handle } = webhook(queue);
    const response = await handle(await publishRequest('beavs-faqs', 'b1'));
    expect(response.status).toBe(202);
    const stored = queue.value(PUBLISH_QUEUE_KEY) as {
      version: number;
      waiting: Array<{ id: string }>;
      inFlight: { batch: string };
    };
    expect(stored.version).toBe(PUBLISH_QUEUE_RECORD.version);
    // Nothing the older deploy recorded is lost: the batch in flight stays, both publishes wait for the next.
    expect(stored.inFlight.batch).toBe('b-00000001');
    expect(stored.waiting.map((entry) => entry.id).sort()).toEqual(['beavs-faqs', 'husky-faqs']);
    expect(keptAside(queue)).toEqual([]);
  });
});

describe('a field added by the rule: optional, its absence what the code did before, no new version', () => {
  const restoredQueue = {
    version: 2,
    waiting: [],
    waitingMore: 0,
    recent: [],
    live: { deployId: 'd-old', since: '2026-11-27T09:50:00.000Z', restoredOver: 'd-new' },
  };

  it("the queue's `live` (the restore hold): a version 2 queue written before it reads as no restore, and a publish builds at once", async () => {
    const queue = memoryBlobStore();
    await queue.setJSON(PUBLISH_QUEUE_KEY, { version: 2, waiting: [], waitingMore: 0, recent: [] });
    const { handle, hookCalls } = webhook(queue);
    expect((await handle(await publishRequest('beavs-faqs', 'b1'))).status).toBe(202);
    expect(hookCalls).toHaveLength(1);
  });

  it('a version 2 queue holding a restore: this code reads it and the publish waits (202, saying why), still version 2', async () => {
    const queue = memoryBlobStore();
    await queue.setJSON(PUBLISH_QUEUE_KEY, restoredQueue);
    const { handle, hookCalls } = webhook(queue);
    const response = await handle(await publishRequest('beavs-faqs', 'b1'));
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({
      message:
        'waiting: an earlier deploy was restored, so nothing builds until the latest deploy is published again or deploys are unlocked',
    });
    expect(hookCalls).toEqual([]);
    expect(queue.value(PUBLISH_QUEUE_KEY)).toMatchObject({
      version: 2,
      waiting: [{ id: 'beavs-faqs' }],
      live: restoredQueue.live,
    });
  });

  it("a deploy's code from before the field (as a rollback to it runs) reads such a queue without it, nothing kept aside: no 503 after the rollback", () => {
    const before = recordKind('the publish queue', publishQueueSchema.omit({ live: true }));
    const reading = readRecord(JSON.stringify(restoredQueue), before);
    expect(reading).toMatchObject({ ok: true, version: 2 });
    expect(reading.ok && 'live' in reading.value).toBe(false);
    // A new version instead would be "newer-version" to it: kept aside, and every function answering 503.
    expect(readRecord(JSON.stringify({ ...restoredQueue, version: 3 }), before)).toMatchObject({
      ok: false,
      reason: 'newer-version',
    });
  });

  it("the production history's `site.unlockedAt`: one written before it is read, and an unlock of a locked site writes it", () => {
    const history = {
      deploys: [],
      live: null,
      site: { locked: false, lockedDeployId: null, updatedAt: null },
    };
    expect(
      readRecord(JSON.stringify({ version: 2, ...history }), PRODUCTION_HISTORY_RECORD),
    ).toMatchObject({
      ok: true,
      value: history,
    });
    const locked = { locked: true, lockedDeployId: 'd-1', updatedAt: '2026-11-27T10:05:00.000Z' };
    const unlock = {
      id: 'd-1',
      site_id: SITE_ID,
      state: 'ready',
      locked: false,
      updated_at: '2026-11-27T10:20:00.000Z',
    };
    expect(lockAfter(locked, unlock)).toEqual({
      locked: false,
      lockedDeployId: null,
      updatedAt: '2026-11-27T10:20:00.000Z',
      unlockedAt: '2026-11-27T10:20:00.000Z',
    });
    // An unlock said of a site never seen locked is no unlock of a lock: nothing to note.
    expect(lockAfter(null, unlock)).toEqual({
      locked: false,
      lockedDeployId: null,
      updatedAt: '2026-11-27T10:20:00.000Z',
    });
  });
});

describe('a record this code cannot read', () => {
  const newer = JSON.stringify({ version: 3, ...UNVERSIONED_QUEUE, lanes: ['a later field'] });
  const cases: Array<[string, string, string]> = [
    ['a newer version (a later deploy wrote it)', newer, 'newer-version'],
    ['not JSON (a cut-off write)', '{"waiting":[{"id":"husky-fa', 'not-json'],
    [
      'one that fails its schema',
      JSON.stringify({ version: 2, waiting: 'husky-faqs' }),
      'fails-schema',
    ],
    [
      'one whose version is no version',
      JSON.stringify({ version: 'two', waiting: [] }),
      'unknown-version',
    ],
  ];

  it.each(cases)(
    '%s: kept aside under a key that says why, answered 503 with its name, never overwritten',
    async (_what, text, reason) => {
      const queue = memoryBlobStore();
      queue.entries.set(PUBLISH_QUEUE_KEY, { data: text, etag: '"stored"' });
      const { handle, logged, hookCalls } = webhook(queue);

      const first = await handle(await publishRequest('beavs-faqs', 'b1'));
      const second = await handle(await publishRequest('cubby-faqs', 'c1'));

      for (const response of [first, second]) {
        expect(response.status).toBe(503);
        const { message } = (await response.json()) as { message: string };
        expect(message).toContain('the publish queue (publish-queue) cannot be read');
        expect(message).toContain(`kept aside as ${KEPT_ASIDE_PREFIX}publish-queue/${reason}-`);
      }
      // Never overwritten, never taken for none: the record is as it was, byte for byte, and no build started.
      expect(queue.entries.get(PUBLISH_QUEUE_KEY)).toEqual({ data: text, etag: '"stored"' });
      expect(hookCalls).toEqual([]);
      // One copy, however often it is met, holding the text exactly.
      const [aside, ...more] = keptAside(queue);
      expect(more).toEqual([]);
      expect(aside).toMatch(new RegExp(`^kept-aside/publish-queue/${reason}-[0-9a-f]{16}$`));
      expect(queue.value(aside!)).toMatchObject({
        version: 1,
        keptAside: { key: PUBLISH_QUEUE_KEY, record: 'the publish queue', reason },
        text,
      });
      expect(
        logged.filter((line) => line.startsWith('[rebuild-on-publish] failed: the publish queue')),
      ).toHaveLength(2);
    },
  );

  it('a kept-aside copy is never replaced, even by a later meeting of other text of the same record', async () => {
    const store = memoryBlobStore();
    store.entries.set(PUBLISH_QUEUE_KEY, { data: newer, etag: '"1"' });
    const first = await readVersioned(store, PUBLISH_QUEUE_KEY, PUBLISH_QUEUE_RECORD).catch(
      (error: unknown) => error,
    );
    expect(first).toBeInstanceOf(UnreadableRecordError);
    const keptAs = (first as UnreadableRecordError).keptAs!;
    const before = store.entries.get(keptAs);
    // The same text met again: the copy (and its foundAt) stays as first written.
    await readVersioned(store, PUBLISH_QUEUE_KEY, PUBLISH_QUEUE_RECORD, () => new Date(0)).catch(
      () => undefined,
    );
    expect(store.entries.get(keptAs)).toEqual(before);
    // Other unreadable text gets its own copy beside it.
    store.entries.set(PUBLISH_QUEUE_KEY, { data: 'garbage', etag: '"2"' });
    await readVersioned(store, PUBLISH_QUEUE_KEY, PUBLISH_QUEUE_RECORD).catch(() => undefined);
    expect(keptAside(store)).toHaveLength(2);
    expect(store.entries.get(keptAs)).toEqual(before);
  });

  it('an update never decides on it: updateJson throws before `decide` runs', async () => {
    const store = memoryBlobStore();
    store.entries.set(PUBLISH_QUEUE_KEY, { data: newer, etag: '"1"' });
    let decided = 0;
    await expect(
      updateJson(store, PUBLISH_QUEUE_KEY, PUBLISH_QUEUE_RECORD, () => {
        decided += 1;
        return { next: { waiting: [], waitingMore: 0, recent: [] }, result: undefined };
      }),
    ).rejects.toBeInstanceOf(UnreadableRecordError);
    expect(decided).toBe(0);
    expect(store.entries.get(PUBLISH_QUEUE_KEY)!.data).toBe(newer);
  });

  it('the deploy notification meeting an unreadable production history answers 503 naming it, and an editor sees it in the Deploys tool', async () => {
    const deploysStore = memoryBlobStore();
    const queueStore = memoryBlobStore();
    deploysStore.entries.set(PRODUCTION_HISTORY_KEY, { data: '{"deploys": [', etag: '"1"' });
    const logged: string[] = [];
    const notify = defineFunction(deployNotification, {
      openStores: { deploys: () => deploysStore, queue: () => queueStore },
      readSettings: () => ({
        NETLIFY_DEPLOY_NOTIFICATION_SECRET: NOTIFICATION_SECRET,
        NETLIFY_BUILD_HOOK_URL: HOOK,
        SITE_ID,
        CONTEXT: undefined,
      }),
      deps: { readBuildReport: () => Promise.resolve(undefined) },
      log: (line) => logged.push(line),
      fetch: () => Promise.resolve(new Response('')),
    });
    const response = await notify(
      signed(deploy({ state: 'ready', published_at: '2026-11-27T10:02:00.000Z' })),
    );
    expect(response.status).toBe(503);
    expect(((await response.json()) as { message: string }).message).toMatch(
      /^the production deploy history \(history\/production\) cannot be read by this deploy's code: it is not JSON; kept aside as kept-aside\/history\/production\/not-json-/,
    );
    expect(
      logged.some((line) =>
        line.startsWith('[deploy-notification] failed: the production deploy history'),
      ),
    ).toBe(true);
    expect(deploysStore.entries.get(PRODUCTION_HISTORY_KEY)!.data).toBe('{"deploys": [');

    const { deploys } = statusHandlers({
      openStores: { deploys: () => deploysStore, queue: () => queueStore },
      readSettings: () => ({
        SANITY_STUDIO_URL: 'https://school-mobile.sanity.studio',
        SANITY_PROJECT_ID: 'abc123',
        SANITY_DATASET: 'production',
        SANITY_API_HOST: undefined,
        EDITOR_PASS_SECRET: 'a-real-editor-pass-secret-0123456789abcdef',
        SITE_ID,
        CONTEXT: undefined,
      }),
      site: {},
      log: () => {},
      deps: { verifyToken: () => Promise.resolve('editor' as const) },
    });
    const asEditor = await deploys(
      new Request('https://site.example/api/deploys', {
        headers: { authorization: 'Bearer sk-editor-token' },
      }),
    );
    expect(asEditor.status).toBe(503);
    expect(((await asEditor.json()) as { message: string }).message).toContain(
      'kept aside as kept-aside/history/production/not-json-',
    );
    // A visitor learns only that the records cannot be read.
    const asVisitor = await deploys(new Request('https://site.example/api/deploys'));
    expect(asVisitor.status).toBe(503);
    expect(((await asVisitor.json()) as { message: string }).message).not.toContain('kept aside');
  });
});

describe('a queue that is not there is not an unreadable one', () => {
  it('no queue (a new site, or one deleted): the publish is recorded and its build starts (202)', async () => {
    const { handle, queue, hookCalls } = webhook();
    const response = await handle(await publishRequest('beavs-faqs', 'b1'));
    expect(response.status).toBe(202);
    expect(hookCalls).toHaveLength(1);
    expect(queue.value(PUBLISH_QUEUE_KEY)).toMatchObject({ version: 2 });
    expect(keptAside(queue)).toEqual([]);
  });

  it('an unreadable queue: 503, no build, the record untouched', async () => {
    const queue = memoryBlobStore();
    queue.entries.set(PUBLISH_QUEUE_KEY, { data: 'not json', etag: '"1"' });
    const { handle, hookCalls } = webhook(queue);
    const response = await handle(await publishRequest('beavs-faqs', 'b1'));
    expect(response.status).toBe(503);
    expect(hookCalls).toEqual([]);
    expect(queue.entries.get(PUBLISH_QUEUE_KEY)!.data).toBe('not json');
  });
});
