/**
 * Deploy notifications into deploy records: signed or refused, in any order, twice, for another
 * site, a restore, a lock, deploy previews, a failed build, and the publish queue's next batch; a
 * restore holding the publish queue until the latest deploy is live again or deploys are unlocked.
 */
import { describe, expect, it } from 'vitest';
import {
  type DeployRecord,
  type IndexShard,
  type OtherHistory,
  type ProductionHistory,
} from '../../../src/lib/publish-records/deploy-history.ts';
import {
  indexShardKey,
  KEPT_DEPLOYS,
  KEPT_OTHER_DEPLOYS,
  OTHER_HISTORY_KEY,
  PRODUCTION_HISTORY_KEY,
  PUBLISH_QUEUE_KEY,
  shardOf,
} from '../../../src/lib/publish-records/names.ts';
import type { PublishQueue } from '../../../src/lib/publish-records/queue-record.ts';
import { outcomeSentence } from '../../../src/lib/rebuild/queue-outcome.ts';
import { buildRecord, deploy, SITE_ID, site } from './fixtures.ts';

type Site = ReturnType<typeof site>;
const history = (s: Site) =>
  s.deploysStore.value(PRODUCTION_HISTORY_KEY) as ProductionHistory | undefined;
const recordOf = (s: Site, id: string) =>
  history(s)?.deploys.find((entry) => entry.id === id) ??
  (s.deploysStore.value(OTHER_HISTORY_KEY) as OtherHistory | undefined)?.deploys.find(
    (entry) => entry.id === id,
  );
const liveOf = (s: Site) => history(s)?.live ?? undefined;
const lockOf = (s: Site) => history(s)?.site ?? undefined;
/** When each document of the live index is live since (id → time), as the status functions read it. */
const liveSince = (s: Site, ids: string[]) =>
  Object.fromEntries(
    ids.map((id) => [
      id,
      (s.deploysStore.value(indexShardKey(shardOf(id))) as IndexShard).documents[id]?.[1],
    ]),
  );

const T = (minute: number, second = 0) =>
  `2026-11-27T10:${String(minute).padStart(2, '0')}:${String(second).padStart(2, '0')}.000Z`;

function started(
  id: string,
  minute: number,
  title: string | null = null,
  extra: Record<string, unknown> = {},
) {
  return deploy({
    id,
    state: 'building',
    title,
    created_at: T(minute),
    updated_at: T(minute, 1),
    ...extra,
  });
}
function succeeded(
  id: string,
  minute: number,
  title: string | null = null,
  extra: Record<string, unknown> = {},
) {
  return deploy({
    id,
    state: 'ready',
    title,
    created_at: T(minute),
    updated_at: T(minute + 2),
    published_at: T(minute + 2),
    deploy_time: 118,
    ...extra,
  });
}
function failed(id: string, minute: number, title: string | null = null) {
  return deploy({
    id,
    state: 'error',
    title,
    created_at: T(minute),
    updated_at: T(minute + 1),
    error_message: 'Build script returned non-zero exit code: 2',
  });
}

describe('the notification check', () => {
  it.each([
    [
      'unsigned',
      (body: string) =>
        new Request('https://s.example/api/deploy-notification', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        }),
      'unsigned request',
    ],
  ])('refuses an %s notification with 401 and records nothing', async (_name, make, reason) => {
    const s = site();
    const { handleNotification } = await import('../../../src/lib/deploys/notification.ts');
    const response = await handleNotification(make(JSON.stringify(succeeded('d-1', 0))), {
      secret: 'test-notification-secret',
      siteId: SITE_ID,
      deploys: s.deploys,
      queue: s.queue,
      log: () => {},
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: reason });
    expect(s.deploysStore.entries.size).toBe(0);
  });

  it("refuses another secret's signature with 401 and records nothing", async () => {
    const s = site();
    const response = await s.notify(succeeded('d-1', 0), 'another-secret');
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'wrong signature' });
    expect(s.deploysStore.entries.size).toBe(0);
  });

  it('refuses a body changed after signing with 401', async () => {
    const s = site();
    const { signed } = await import('./fixtures.ts');
    const request = signed(succeeded('d-1', 0));
    const forged = new Request(request.url, {
      method: 'POST',
      headers: request.headers,
      body: JSON.stringify(succeeded('d-2', 0)),
    });
    const { handleNotification } = await import('../../../src/lib/deploys/notification.ts');
    const response = await handleNotification(forged, {
      secret: 'test-notification-secret',
      siteId: SITE_ID,
      deploys: s.deploys,
      queue: s.queue,
      log: () => {},
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'body does not match its signature' });
    expect(s.deploysStore.entries.size).toBe(0);
  });

  it('ignores (200) a signed notification of another site and records nothing', async () => {
    const s = site();
    const response = await s.notify(succeeded('d-1', 0, null, { site_id: 'someone-else' }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: 'ignored: a deploy of another site' });
    expect(s.deploysStore.entries.size).toBe(0);
    expect(s.logged).toContain("ignored: deploy d-1 is of site someone-else, not this site's");
  });

  it('answers 400 to a signed body that is no deploy', async () => {
    const s = site();
    const response = await s.notify({ hello: 'world' });
    expect(response.status).toBe(400);
    expect(s.deploysStore.entries.size).toBe(0);
  });
});

describe('a publish, its build and its deploy', () => {
  it('started then succeeded: the record, the build record, the live pointer, and the next batch', async () => {
    const s = site();
    await s.queue.publish({ id: 'husky-faqs', type: 'faqs', rev: 'r1', publishedAt: T(0) });
    await s.queue.publish({ id: 'husky-why', type: 'why', rev: 'r1', publishedAt: T(0, 30) }); // waits
    const title = 'Publish of 1 document (faqs) [batch b-00000001]';
    expect((await s.notify(started('d-1', 0, title))).status).toBe(200);
    const building = recordOf(s, 'd-1') as DeployRecord;
    expect(building).toMatchObject({
      state: 'building',
      production: true,
      batch: 'b-00000001',
      carried: [{ id: 'husky-faqs', rev: 'r1' }],
      trigger: { kind: 'publish', documents: [{ id: 'husky-faqs' }] },
    });
    expect(s.hookCalls).toHaveLength(1);

    s.reports.set(
      'd-1',
      buildRecord(
        { 'husky-faqs': ['r1', 'husky'], 'site-settings': ['s1', null] },
        {
          trigger: {
            kind: 'publish',
            batch: 'b-00000001',
            documents: [{ id: 'husky-faqs', type: 'faqs', rev: 'r1', publishedAt: T(0) }],
            more: 0,
          },
        },
      ),
    );
    const response = await s.notify(succeeded('d-1', 0, title));
    expect(await response.json()).toEqual({ message: 'recorded' });
    const record = recordOf(s, 'd-1') as DeployRecord;
    expect(record).toMatchObject({
      state: 'ready',
      netlifyState: 'ready',
      publishedAt: T(2),
      firstPublishedAt: T(2),
      deployTimeSec: 118,
      deployUrl: 'https://d-1--school-mobile.netlify.app',
      report: {
        documentCount: 2,
        schoolCount: 1,
        contentReadAt: '2026-11-27T10:00:05.000Z',
        schools: [{ seoSlug: 'uw-husky-mobile' }],
      },
      trigger: { kind: 'publish', batch: 'b-00000001' },
      brought: {
        documents: [
          { id: 'husky-faqs', rev: 'r1' },
          { id: 'site-settings', rev: 's1' },
        ],
        more: 0,
      },
    });
    expect(liveOf(s)).toEqual({ deployId: 'd-1', since: T(2) });
    expect(liveSince(s, ['husky-faqs', 'site-settings'])).toEqual({
      'husky-faqs': T(2),
      'site-settings': T(2),
    });
    expect(history(s)?.deploys.map((entry) => entry.id)).toEqual(['d-1']);
    // The finished build started the waiting publish's batch.
    expect(s.hookCalls.map((body) => body.documents.map((document) => document.id))).toEqual([
      ['husky-faqs'],
      ['husky-why'],
    ]);
  });

  it('a failed build: the record keeps what its batch carried and the error; the next batch starts', async () => {
    const s = site();
    await s.queue.publish({ id: 'husky-faqs', type: 'faqs', rev: 'r2', publishedAt: T(0) });
    await s.queue.publish({ id: 'husky-why', type: 'why', rev: 'r1', publishedAt: T(0, 30) });
    const response = await s.notify(
      failed('d-2', 0, 'Publish of 1 document (faqs) [batch b-00000001]'),
    );
    expect(response.status).toBe(200);
    expect(recordOf(s, 'd-2')).toMatchObject({
      state: 'error',
      report: null,
      errorMessage: 'Build script returned non-zero exit code: 2',
      carried: [{ id: 'husky-faqs', type: 'faqs', rev: 'r2', publishedAt: T(0) }],
    });
    expect(liveOf(s)).toBeUndefined();
    expect(s.hookCalls).toHaveLength(2);
  });

  it("the next batch whose build hook fails: the notification is recorded (200), the publishes wait for the site's own retry", async () => {
    const s = site();
    await s.queue.publish({ id: 'husky-faqs', type: 'faqs', rev: 'r2', publishedAt: T(0) });
    await s.queue.publish({ id: 'husky-why', type: 'why', rev: 'r1', publishedAt: T(0, 30) });
    const { createPublishQueue } = await import('../../../src/lib/rebuild/publish-queue.ts');
    const { handleNotification } = await import('../../../src/lib/deploys/notification.ts');
    const { signed } = await import('./fixtures.ts');
    const failedAt = new Date('2026-11-27T10:05:00.000Z');
    const failing = createPublishQueue({
      store: s.queueStore,
      now: () => failedAt,
      trigger: () => Promise.reject(new Error('HTTP 500')),
    });
    const response = await handleNotification(
      signed(succeeded('d-1', 0, 'Publish [batch b-00000001]')),
      {
        secret: 'test-notification-secret',
        siteId: SITE_ID,
        deploys: s.deploys,
        queue: failing,
        log: () => {},
      },
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      message:
        'recorded; the next build waits: the build service did not answer; the site tries again at 2026-11-27T10:06:00.000Z',
    });
    expect(recordOf(s, 'd-1')).toMatchObject({ state: 'ready' });
    expect(s.queueStore.value(PUBLISH_QUEUE_KEY)).toMatchObject({
      waiting: [{ id: 'husky-why' }],
      hold: {
        cause: 'hook-failed',
        attempts: 1,
        until: '2026-11-27T10:06:00.000Z',
        reason: 'the build service did not answer',
      },
    });
  });
});

describe('order, duplicates, other contexts', () => {
  const orders = [
    ['started, succeeded', ['b', 'r']],
    ['succeeded, started', ['r', 'b']],
    ['started, succeeded, succeeded again', ['b', 'r', 'r']],
    ['succeeded, started, started again, succeeded again', ['r', 'b', 'b', 'r']],
  ] as const;
  it.each(orders)('%s: the deploy ends ready and live', async (_name, sequence) => {
    const s = site();
    s.reports.set('d-1', buildRecord({ 'husky-faqs': ['r1', 'husky'] }));
    for (const step of sequence)
      expect((await s.notify(step === 'b' ? started('d-1', 0) : succeeded('d-1', 0))).status).toBe(
        200,
      );
    expect(recordOf(s, 'd-1')).toMatchObject({
      state: 'ready',
      publishedAt: T(2),
      updatedAt: T(2),
    });
    expect(liveOf(s)).toEqual({ deployId: 'd-1', since: T(2) });
  });

  it('a duplicate changes nothing and says so', async () => {
    const s = site();
    s.reports.set('d-1', buildRecord({ 'husky-faqs': ['r1', 'husky'] }));
    await s.notify(succeeded('d-1', 0));
    const before = [...s.deploysStore.entries.values()].map((entry) => entry.etag);
    const again = await s.notify(succeeded('d-1', 0));
    expect(await again.json()).toEqual({ message: 'nothing new' });
    expect([...s.deploysStore.entries.values()].map((entry) => entry.etag)).toEqual(before);
  });

  it('a deploy that went live before its build record could be read gets it from a repeated notification', async () => {
    const s = site();
    await s.notify(succeeded('d-1', 0));
    expect(liveOf(s)).toEqual({ deployId: 'd-1', since: T(2) });
    expect(recordOf(s, 'd-1')).toMatchObject({ report: null });
    s.reports.set('d-1', buildRecord({ 'husky-faqs': ['r1', 'husky'] }));
    await s.notify(succeeded('d-1', 0));
    expect(recordOf(s, 'd-1')).not.toMatchObject({ report: null });
    expect(liveOf(s)).toEqual({ deployId: 'd-1', since: T(2) });
    expect(liveSince(s, ['husky-faqs'])).toEqual({ 'husky-faqs': T(2) });
  });

  it('a late notification of an older deploy never takes the live pointer back', async () => {
    const s = site();
    s.reports.set('d-1', buildRecord({ 'husky-faqs': ['r1', 'husky'] }));
    s.reports.set('d-2', buildRecord({ 'husky-faqs': ['r2', 'husky'] }));
    await s.notify(succeeded('d-2', 10));
    await s.notify(succeeded('d-1', 0)); // arrives late: published before d-2
    expect(liveOf(s)).toEqual({ deployId: 'd-2', since: T(12) });
    expect(recordOf(s, 'd-1')).toMatchObject({ state: 'ready' });
    // The index stays d-2's: an older deploy's never overwrites it.
    expect(
      (s.deploysStore.value(indexShardKey(shardOf('husky-faqs'))) as IndexShard).deployId,
    ).toBe('d-2');
  });

  it.each([
    ['deploy-preview', 'feature-x'],
    ['branch-deploy', 'staging'],
  ])(
    'a %s deploy is recorded with its context but never live, and finishes no batch',
    async (context, branch) => {
      const s = site();
      await s.queue.publish({ id: 'husky-faqs', type: 'faqs', rev: 'r1', publishedAt: T(0) });
      await s.queue.publish({ id: 'husky-why', type: 'why', rev: 'r1', publishedAt: T(0) });
      s.reports.set('p-1', buildRecord({ 'husky-faqs': ['r1', 'husky'] }));
      await s.notify(succeeded('p-1', 0, null, { context, branch, published_at: null }));
      expect(recordOf(s, 'p-1')).toMatchObject({
        context,
        branch,
        production: false,
        state: 'ready',
      });
      expect(history(s)?.deploys ?? []).toEqual([]);
      expect(liveOf(s)).toBeUndefined();
      expect(s.hookCalls).toHaveLength(1);
    },
  );
});

describe('restore and lock', () => {
  it('a restored older deploy becomes live again, with its content live from the restore', async () => {
    const s = site();
    s.reports.set(
      'd-1',
      buildRecord({ 'husky-faqs': ['r1', 'husky'], 'husky-why': ['w1', 'husky'] }),
    );
    s.reports.set(
      'd-2',
      buildRecord({ 'husky-faqs': ['r2', 'husky'], 'husky-why': ['w1', 'husky'] }),
    );
    await s.notify(succeeded('d-1', 0));
    await s.notify(succeeded('d-2', 10));
    expect(liveSince(s, ['husky-faqs', 'husky-why'])).toEqual({
      'husky-faqs': T(12),
      'husky-why': T(2),
    });
    expect(recordOf(s, 'd-2')?.brought).toEqual({
      documents: [{ id: 'husky-faqs', rev: 'r2' }],
      more: 0,
    });

    // "Deploy restored": d-1 again, published now.
    await s.notify(succeeded('d-1', 0, null, { updated_at: T(30), published_at: T(30) }));
    expect(liveOf(s)).toEqual({ deployId: 'd-1', since: T(30) });
    expect(recordOf(s, 'd-1')).toMatchObject({ publishedAt: T(30), firstPublishedAt: T(2) });
    // Unchanged since d-1's first publish: still since then; the rolled-back change: from the restore.
    expect(liveSince(s, ['husky-faqs', 'husky-why'])).toEqual({
      'husky-faqs': T(30),
      'husky-why': T(2),
    });
  });

  it('a lock keeps a succeeded deploy from going live; an unlock lifts it', async () => {
    const s = site();
    s.reports.set('d-1', buildRecord({ 'husky-faqs': ['r1', 'husky'] }));
    await s.notify(succeeded('d-1', 0));
    // "Deploy locked": the published deploy, locked.
    await s.notify(succeeded('d-1', 0, null, { locked: true, updated_at: T(5) }));
    expect(lockOf(s)).toEqual({ locked: true, lockedDeployId: 'd-1', updatedAt: T(5) });

    // A later build succeeds but the locked site does not publish it.
    s.reports.set('d-2', buildRecord({ 'husky-faqs': ['r2', 'husky'] }));
    await s.notify(succeeded('d-2', 10, null, { published_at: null }));
    expect(recordOf(s, 'd-2')).toMatchObject({ state: 'ready', publishedAt: null });
    expect(liveOf(s)).toEqual({ deployId: 'd-1', since: T(2) });

    await s.notify(succeeded('d-1', 0, null, { locked: false, updated_at: T(20) }));
    expect(lockOf(s)).toEqual({
      locked: false,
      lockedDeployId: null,
      updatedAt: T(20),
      unlockedAt: T(20),
    });
    // A late "locked" does not lock it again.
    await s.notify(succeeded('d-1', 0, null, { locked: true, updated_at: T(5) }));
    expect(lockOf(s)).toMatchObject({ locked: false });
  });
});

describe('a restore holds the publish queue', () => {
  const publish = (rev: string, minute: number) => ({
    id: 'husky-faqs',
    type: 'faqs',
    rev,
    publishedAt: T(minute),
  });
  const queueOf = (s: Site) => s.queueStore.value(PUBLISH_QUEUE_KEY) as PublishQueue | undefined;

  /** d-1, then d-2 published; then d-1 published again (Netlify's "Publish deploy": "Deploy restored"). */
  async function restored(): Promise<Site> {
    const s = site();
    s.reports.set('d-1', buildRecord({ 'husky-faqs': ['r1', 'husky'] }));
    s.reports.set('d-2', buildRecord({ 'husky-faqs': ['r2', 'husky'] }));
    await s.notify(succeeded('d-1', 0));
    await s.notify(succeeded('d-2', 10));
    expect(queueOf(s)?.live).toEqual({ deployId: 'd-2', since: T(12) });
    const answer = await s.notify(
      succeeded('d-1', 0, null, { updated_at: T(30), published_at: T(30) }),
    );
    expect(answer.status).toBe(200);
    expect(liveOf(s)).toEqual({ deployId: 'd-1', since: T(30) });
    expect(queueOf(s)?.live).toEqual({ deployId: 'd-1', since: T(30), restoredOver: 'd-2' });
    return s;
  }
  const hold = { deployId: 'd-1', since: T(30), restoredOver: 'd-2' };

  it('a publish is kept and waits, saying why; publish-retry and the freshness check start nothing; publishing the latest deploy again builds it', async () => {
    const s = await restored();
    const waiting = await s.queue.publish(publish('r3', 31));
    expect(waiting).toEqual({ outcome: 'restored', live: hold });
    expect(outcomeSentence(waiting)).toBe(
      'waiting: an earlier deploy was restored, so nothing builds until the latest deploy is published again or deploys are unlocked',
    );
    expect(outcomeSentence(waiting, true)).toMatch(/\(deploy d-1 restored over d-2\)$/);
    expect(await s.queue.retryWaiting()).toEqual({ outcome: 'restored', live: hold });
    expect(await s.queue.freshness('tenant records changed for 1 school (husky)')).toEqual({
      outcome: 'restored',
      live: hold,
    });
    expect(queueOf(s)).toMatchObject({ waiting: [{ id: 'husky-faqs', rev: 'r3' }] });
    expect(queueOf(s)?.fresh).toBeUndefined();
    expect(s.hookCalls).toEqual([]);

    // The way back: *Publish deploy* on d-2, the latest deploy.
    await s.notify(succeeded('d-2', 10, null, { updated_at: T(40), published_at: T(40) }));
    expect(queueOf(s)?.live).toEqual({ deployId: 'd-2', since: T(40) });
    expect(s.hookCalls.map((body) => body.documents.map((document) => document.rev))).toEqual([
      ['r3'],
    ]);
  });

  it('deploys unlocked after the restore end it too (the operator locked, then unlocked)', async () => {
    const s = await restored();
    // "Deploy locked": the restored deploy, locked.
    await s.notify(
      succeeded('d-1', 0, null, { locked: true, updated_at: T(31), published_at: T(30) }),
    );
    expect(queueOf(s)?.live).toEqual(hold);
    await s.queue.publish(publish('r3', 32));
    expect(s.hookCalls).toEqual([]);
    // "Deploy unlocked": what waited builds (and, auto publishing again, goes live).
    await s.notify(
      succeeded('d-1', 0, null, { locked: false, updated_at: T(35), published_at: T(30) }),
    );
    expect(queueOf(s)?.live).toEqual({ deployId: 'd-1', since: T(30) });
    expect(s.hookCalls).toHaveLength(1);
    // Locked again later: the restore it ended does not hold again.
    await s.notify(
      succeeded('d-1', 0, null, { locked: true, updated_at: T(50), published_at: T(30) }),
    );
    expect(queueOf(s)?.live).toEqual({ deployId: 'd-1', since: T(30) });
  });

  it("a deploy the operator starts that goes live (auto publishing: newer than all) ends it, as the restore's own repeated notification does not start it again", async () => {
    const s = await restored();
    await s.queue.publish(publish('r3', 31));
    s.reports.set('d-3', buildRecord({ 'husky-faqs': ['r2', 'husky'] }));
    await s.notify(succeeded('d-3', 45, 'Rebuild by hand [batch b-0000abcd]'));
    expect(queueOf(s)?.live).toEqual({ deployId: 'd-3', since: T(47) });
    expect(s.hookCalls).toHaveLength(1);
    await s.notify(succeeded('d-1', 0, null, { updated_at: T(30), published_at: T(30) }));
    expect(queueOf(s)?.live).toEqual({ deployId: 'd-3', since: T(47) });
  });

  it('notifications out of order: the restore arriving after the way back holds nothing', async () => {
    const s = site();
    s.reports.set('d-1', buildRecord({ 'husky-faqs': ['r1', 'husky'] }));
    s.reports.set('d-2', buildRecord({ 'husky-faqs': ['r2', 'husky'] }));
    await s.notify(succeeded('d-1', 0));
    await s.notify(succeeded('d-2', 10));
    await s.notify(succeeded('d-2', 10, null, { updated_at: T(40), published_at: T(40) }));
    await s.notify(succeeded('d-1', 0, null, { updated_at: T(30), published_at: T(30) }));
    expect(liveOf(s)).toEqual({ deployId: 'd-2', since: T(40) });
    expect(queueOf(s)?.live).toEqual({ deployId: 'd-2', since: T(40) });
    await s.queue.publish(publish('r3', 41));
    expect(s.hookCalls).toHaveLength(1);
  });
});

describe('keeping the last deploys', () => {
  it(`keeps the newest ${KEPT_DEPLOYS} production deploys (and the live one) in one blob, whatever the count`, async () => {
    const s = site();
    s.reports.set('d-0', buildRecord({ 'husky-faqs': ['r1', 'husky'] }));
    await s.notify(succeeded('d-0', 0));
    for (let i = 1; i <= KEPT_DEPLOYS + 4; i += 1) await s.notify(failed(`d-${i}`, i, null));
    const newest = Array.from({ length: KEPT_DEPLOYS }, (_, at) => `d-${KEPT_DEPLOYS + 4 - at}`);
    expect(history(s)?.deploys.map((entry) => entry.id)).toEqual([...newest, 'd-0']);
    expect(
      [...s.deploysStore.entries.keys()].filter((key) => !key.startsWith('live-index/')),
    ).toEqual([PRODUCTION_HISTORY_KEY]);
  });

  it(`deploy previews and branch deploys have their own history (${KEPT_OTHER_DEPLOYS}): any number of them leaves production's reasons in place`, async () => {
    const s = site();
    s.reports.set('d-0', buildRecord({ 'husky-faqs': ['r1', 'husky'] }));
    await s.notify(succeeded('d-0', 0));
    await s.notify(failed('d-1', 1, null));
    for (let i = 1; i <= 60; i += 1)
      await s.notify(
        deploy({
          id: `pr-${i}`,
          state: 'ready',
          context: 'deploy-preview',
          branch: `pr-${i}`,
          created_at: T(2 + (i % 50)),
          updated_at: T(3 + (i % 50)),
          published_at: null,
        }),
      );
    expect(
      history(s)
        ?.deploys.filter((entry) => entry.id === 'd-1' || entry.id === 'd-0')
        .map((entry) => [entry.id, entry.state]),
    ).toEqual([
      ['d-1', 'error'],
      ['d-0', 'ready'],
    ]);
    expect((s.deploysStore.value(OTHER_HISTORY_KEY) as OtherHistory).deploys).toHaveLength(
      KEPT_OTHER_DEPLOYS,
    );
  });
});

describe('times a notification carries', () => {
  it.each([
    [
      'no updated_at and no created_at',
      { updated_at: null, created_at: null },
      'the deploy has no readable updated_at or created_at',
    ],
    [
      'an updated_at that is no time',
      { updated_at: 'yesterday' },
      "the deploy's updated_at is not a time",
    ],
    [
      'a published_at far in the future',
      { published_at: '2099-01-01T00:00:00.000Z' },
      "the deploy's published_at lies in the future",
    ],
    [
      'an updated_at far in the future',
      { updated_at: '2099-01-01T00:00:00.000Z' },
      "the deploy's updated_at lies in the future",
    ],
  ])(
    '%s: refused with 400, nothing recorded, and a replay is refused the same',
    async (_name, times, reason) => {
      const s = site();
      s.reports.set('d-1', buildRecord({ 'husky-faqs': ['r1', 'husky'] }));
      for (let replay = 0; replay < 2; replay += 1) {
        const response = await s.notify(succeeded('d-1', 0, null, times));
        expect(response.status).toBe(400);
        expect(await response.json()).toEqual({ message: `${reason}: nothing recorded` });
      }
      expect(s.deploysStore.entries.size).toBe(0);
    },
  );

  it('a time a minute ahead (clocks differ a little) is recorded', async () => {
    const s = site();
    const ahead = new Date(Date.now() + 60_000).toISOString();
    s.reports.set('d-1', buildRecord({ 'husky-faqs': ['r1', 'husky'] }));
    expect(
      (
        await s.notify(
          deploy({
            id: 'd-1',
            state: 'ready',
            created_at: T(0),
            updated_at: ahead,
            published_at: ahead,
          }),
        )
      ).status,
    ).toBe(200);
    expect(liveOf(s)).toEqual({ deployId: 'd-1', since: ahead });
  });
});
