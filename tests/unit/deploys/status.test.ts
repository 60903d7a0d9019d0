/**
 * The publish status of a document, for each state and reason, as a visitor and as an editor get
 * it; made from records written by the real notification flow (fixtures.ts) and read back as the
 * functions read them. A visitor learns only what the public site shows: a document of a school
 * that is not on the site reads exactly as an id that never existed.
 */
import { describe, expect, it } from 'vitest';
import { type BuildRecord } from '../../../src/lib/publish-records/build-record.ts';
import { type ProductionHistory } from '../../../src/lib/publish-records/deploy-history.ts';
import { PRODUCTION_HISTORY_KEY } from '../../../src/lib/publish-records/names.ts';
import { type DocumentStatus } from '../../../src/lib/publish-records/status-answers.ts';
import {
  deploysSummary,
  documentStatus,
  parseStatusIds,
  REASONS,
  waitingToBuild,
  type StatusQuestion,
} from '../../../src/lib/deploys/status.ts';
import { createViewLoader } from '../../../src/lib/deploys/view.ts';
import { buildRecord, CONTENT_FAILURE, deploy, PLATFORM_FAILURE, site } from './fixtures.ts';

const T = (minute: number, second = 0) =>
  `2026-11-27T10:${String(minute).padStart(2, '0')}:${String(second).padStart(2, '0')}.000Z`;
const started = (id: string, minute: number, title: string | null = null) =>
  deploy({ id, state: 'building', title, created_at: T(minute), updated_at: T(minute, 1) });
const succeeded = (
  id: string,
  minute: number,
  title: string | null = null,
  extra: Record<string, unknown> = {},
) =>
  deploy({
    id,
    state: 'ready',
    title,
    created_at: T(minute),
    updated_at: T(minute + 2),
    published_at: T(minute + 2),
    deploy_time: 100,
    ...extra,
  });

type Site = ReturnType<typeof site>;

async function statusOf(
  s: Site,
  question: StatusQuestion,
): Promise<{ visitor: DocumentStatus; editor: DocumentStatus }> {
  const view = await createViewLoader({ deploys: s.deploysStore, queue: s.queueStore })({
    ids: [question.id],
  });
  return {
    visitor: documentStatus(question, view, 'visitor'),
    editor: documentStatus(question, view, 'editor'),
  };
}

/** A site whose live deploy d-1 carries `record`, published at T(2). */
async function liveWith(record: BuildRecord): Promise<Site> {
  const s = site();
  s.reports.set('d-1', record);
  await s.notify(succeeded('d-1', 0));
  return s;
}

const PREPARING = {
  key: 'newu',
  seoSlug: 'new-u-mobile',
  status: 'preparing',
  reasons: ['not launched yet (status preparing): only previews publish it'],
};
/** What a visitor gets for anything the site does not show: the words of an id no deploy ever carried. */
const NEVER_EXISTED = { state: 'unknown', reason: REASONS.noRecord };

describe('live', () => {
  it('a document the live deploy carries is live since that deploy was published, asked with or without its revision', async () => {
    const s = await liveWith(buildRecord({ 'husky-faqs': ['r1', 'husky'] }));
    expect(await statusOf(s, { id: 'husky-faqs' })).toEqual({
      visitor: { state: 'live', since: T(2) },
      editor: { state: 'live', since: T(2), deploy: 'd-1' },
    });
    expect((await statusOf(s, { id: 'husky-faqs', rev: 'r1' })).visitor).toEqual({
      state: 'live',
      since: T(2),
    });
  });

  it('a product document the live deploy carries is live (every school shows it): the badge says Live on the product document too', async () => {
    const s = await liveWith(
      buildRecord({ 'product-planCards-fan': ['p1', null], 'husky-faqs': ['r1', 'husky'] }),
    );
    expect(await statusOf(s, { id: 'product-planCards-fan', rev: 'p1' })).toEqual({
      visitor: { state: 'live', since: T(2) },
      editor: { state: 'live', since: T(2), deploy: 'd-1' },
    });
    // Its next publish: building, then live with the deploy that carries it.
    await s.queue.publish({
      id: 'product-planCards-fan',
      type: 'planCards',
      rev: 'p2',
      publishedAt: T(10),
    });
    expect((await statusOf(s, { id: 'product-planCards-fan', rev: 'p2' })).editor.state).toBe(
      'publishing',
    );
    s.reports.set('d-2', buildRecord({ 'product-planCards-fan': ['p2', null] }));
    await s.notify(succeeded('d-2', 20));
    expect((await statusOf(s, { id: 'product-planCards-fan', rev: 'p2' })).editor).toEqual({
      state: 'live',
      since: T(22),
      deploy: 'd-2',
    });
  });

  it('"since" is the first deploy that carried the revision, not the newest', async () => {
    const s = await liveWith(
      buildRecord({ 'husky-faqs': ['r1', 'husky'], 'husky-why': ['w1', 'husky'] }),
    );
    s.reports.set(
      'd-2',
      buildRecord({ 'husky-faqs': ['r1', 'husky'], 'husky-why': ['w2', 'husky'] }),
    );
    await s.notify(succeeded('d-2', 20));
    expect((await statusOf(s, { id: 'husky-faqs' })).editor).toEqual({
      state: 'live',
      since: T(2),
      deploy: 'd-2',
    });
    expect((await statusOf(s, { id: 'husky-why' })).editor).toEqual({
      state: 'live',
      since: T(22),
      deploy: 'd-2',
    });
  });
});

describe('publishing', () => {
  it('waiting behind a running build, then in the build that carries it, then live', async () => {
    const s = await liveWith(buildRecord({ 'husky-faqs': ['r1', 'husky'] }));
    await s.queue.publish({ id: 'husky-why', type: 'why', rev: 'w1', publishedAt: T(10) }); // starts b-00000001
    // A new document is no page of the site yet: a visitor learns nothing of it.
    expect(await statusOf(s, { id: 'husky-why', rev: 'w1' })).toEqual({
      editor: { state: 'publishing', startedAt: '2026-11-27T10:00:00.000Z' },
      visitor: NEVER_EXISTED,
    });
    await s.queue.publish({ id: 'husky-faqs', type: 'faqs', rev: 'r2', publishedAt: T(11) }); // waits
    expect(await statusOf(s, { id: 'husky-faqs', rev: 'r2' })).toEqual({
      editor: { state: 'publishing' },
      visitor: { state: 'publishing' },
    });
    // Without a revision the question is about the newest publish: r2, not the live r1.
    expect((await statusOf(s, { id: 'husky-faqs' })).visitor).toEqual({ state: 'publishing' });

    await s.notify(started('d-2', 12, 'Publish of 1 document (why) [batch b-00000001]'));
    expect((await statusOf(s, { id: 'husky-why', rev: 'w1' })).editor).toEqual({
      state: 'publishing',
      deploy: 'd-2',
      startedAt: T(12),
    });

    s.reports.set(
      'd-2',
      buildRecord({ 'husky-faqs': ['r1', 'husky'], 'husky-why': ['w1', 'husky'] }),
    );
    await s.notify(succeeded('d-2', 12, 'Publish of 1 document (why) [batch b-00000001]'));
    expect(await statusOf(s, { id: 'husky-why', rev: 'w1' })).toEqual({
      editor: { state: 'live', since: T(14), deploy: 'd-2' },
      visitor: { state: 'live', since: T(14) },
    });
    // The finished build started the waiting publish's batch.
    expect((await statusOf(s, { id: 'husky-faqs', rev: 'r2' })).visitor).toMatchObject({
      state: 'publishing',
    });
  });
});

describe('not live', () => {
  it('build-failed: the build that was to carry it failed in its build command, and so did its one try again; only an editor learns which deploy', async () => {
    const s = await liveWith(buildRecord({ 'husky-faqs': ['r1', 'husky'] }));
    await s.queue.publish({ id: 'husky-faqs', type: 'faqs', rev: 'r2', publishedAt: T(10) });
    await s.notify(
      deploy({
        id: 'd-2',
        state: 'error',
        title: 'Publish of 1 document (faqs) [batch b-00000001]',
        created_at: T(10),
        updated_at: T(11),
        error_message: CONTENT_FAILURE,
      }),
    );
    // Netlify's message cannot tell the content from a service the build reads: it is tried again once.
    expect((await statusOf(s, { id: 'husky-faqs', rev: 'r2' })).editor).toMatchObject({
      state: 'publishing',
      waiting: { cause: 'build-failed' },
    });
    s.advance(60_000);
    await s.queue.retryWaiting();
    await s.notify(
      deploy({
        id: 'd-3',
        state: 'error',
        title: 'Publish of 1 document (faqs) [batch b-00000002]',
        created_at: T(12),
        updated_at: T(13),
        error_message: CONTENT_FAILURE,
      }),
    );
    const { visitor, editor } = await statusOf(s, { id: 'husky-faqs', rev: 'r2' });
    expect(visitor).toEqual({
      state: 'not-live',
      code: 'build-failed',
      reason: REASONS.buildFailed,
    });
    expect(editor).toEqual({
      state: 'not-live',
      code: 'build-failed',
      reason:
        'The build that was to publish this change failed, so the previous version is still live.',
      deploy: 'd-3',
    });
    // Asked without a revision: the newest publish is the one that failed.
    expect((await statusOf(s, { id: 'husky-faqs' })).visitor).toMatchObject({
      code: 'build-failed',
    });
    // Failed twice: the site does not build it again by itself (the content waits for a fix).
    s.advance(60 * 60_000);
    expect(await s.queue.retryWaiting()).toEqual({ outcome: 'idle' });
    expect(s.hookCalls).toHaveLength(2);
  });

  it('a build that failed outside the content: publishing (waiting to build) while it is tried again once; not live once that failed too', async () => {
    const s = await liveWith(buildRecord({ 'husky-faqs': ['r1', 'husky'] }));
    await s.queue.publish({ id: 'husky-faqs', type: 'faqs', rev: 'r2', publishedAt: T(10) });
    await s.notify(
      deploy({
        id: 'd-2',
        state: 'error',
        title: 'Publish of 1 document (faqs) [batch b-00000001]',
        created_at: T(10),
        updated_at: T(11),
        error_message: PLATFORM_FAILURE,
      }),
    );
    const waiting = await statusOf(s, { id: 'husky-faqs', rev: 'r2' });
    expect(waiting.editor).toMatchObject({
      state: 'publishing',
      waiting: {
        cause: 'platform-failed',
        reason: 'the last build failed outside the content (on the build service)',
      },
    });
    expect(waiting.visitor).toEqual({ state: 'publishing' });
    s.advance(60_000);
    await s.queue.retryWaiting();
    expect(s.hookCalls.map((body) => body.batch)).toEqual(['b-00000001', 'b-00000002']);
    await s.notify(
      deploy({
        id: 'd-3',
        state: 'error',
        title: 'Publish of 1 document (faqs) [batch b-00000002]',
        created_at: T(12),
        updated_at: T(13),
        error_message: PLATFORM_FAILURE,
      }),
    );
    expect((await statusOf(s, { id: 'husky-faqs', rev: 'r2' })).editor).toEqual({
      state: 'not-live',
      code: 'build-failed',
      reason: REASONS.buildFailed,
      deploy: 'd-3',
    });
    s.advance(60 * 60_000);
    await s.queue.retryWaiting();
    expect(s.hookCalls).toHaveLength(2);
  });

  it('build-failed: a canceled build says so', async () => {
    const s = await liveWith(buildRecord({ 'husky-faqs': ['r1', 'husky'] }));
    await s.queue.publish({ id: 'husky-faqs', type: 'faqs', rev: 'r2', publishedAt: T(10) });
    await s.notify(
      deploy({
        id: 'd-2',
        state: 'canceled',
        title: 'Publish [batch b-00000001]',
        created_at: T(10),
        updated_at: T(11),
      }),
    );
    expect((await statusOf(s, { id: 'husky-faqs', rev: 'r2' })).visitor).toEqual({
      state: 'not-live',
      code: 'build-failed',
      reason: REASONS.buildCanceled,
    });
  });

  it('not-launched: an editor learns which school; a visitor gets what an id that never existed gets', async () => {
    const s = await liveWith(
      buildRecord({ 'newu-faqs': ['n1', 'newu'] }, { leftOut: [PREPARING] }),
    );
    const { visitor, editor } = await statusOf(s, { id: 'newu-faqs' });
    expect(editor).toEqual({
      state: 'not-live',
      code: 'not-launched',
      reason: REASONS.notLaunched,
      school: 'newu',
      deploy: 'd-1',
    });
    expect(visitor).toEqual(NEVER_EXISTED);
    expect(visitor).toEqual((await statusOf(s, { id: 'nosuch-faqs' })).visitor);
  });

  it('no-tenant: an editor learns the school has no tenant record; a visitor nothing', async () => {
    const s = await liveWith(
      buildRecord(
        { 'newu-faqs': ['n1', 'newu'] },
        {
          leftOut: [
            {
              key: 'newu',
              seoSlug: 'new-u-mobile',
              status: 'preparing',
              reasons: ['no tenant record: HTTP 404'],
            },
          ],
        },
      ),
    );
    const { visitor, editor } = await statusOf(s, { id: 'newu-faqs' });
    expect(editor).toEqual({
      state: 'not-live',
      code: 'no-tenant',
      reason: 'Its school was left out of the build: the school has no tenant record yet.',
      school: 'newu',
      deploy: 'd-1',
    });
    expect(visitor).toEqual(NEVER_EXISTED);
  });

  it("school-left-out: an editor gets the build's reasons; a visitor nothing", async () => {
    const s = await liveWith(
      buildRecord(
        { 'husky-faqs': ['r1', 'husky'] },
        {
          leftOut: [
            {
              key: 'husky',
              seoSlug: 'uw-husky-mobile',
              status: 'live',
              reasons: ['its school document is invalid (see problems)'],
            },
          ],
        },
      ),
    );
    const { visitor, editor } = await statusOf(s, { id: 'husky-faqs' });
    expect(editor).toEqual({
      state: 'not-live',
      code: 'school-left-out',
      reason:
        'Its school was left out of the build: its school document is invalid (see problems).',
      school: 'husky',
      deploy: 'd-1',
    });
    expect(visitor).toEqual(NEVER_EXISTED);
  });

  it('a retired school (not built, not left out): an editor learns its school is not published; a visitor nothing', async () => {
    const s = await liveWith(
      buildRecord({ 'wildcats-faqs': ['w1', 'wildcats'], 'husky-faqs': ['r1', 'husky'] }),
    );
    const { visitor, editor } = await statusOf(s, { id: 'wildcats-faqs' });
    expect(editor).toEqual({
      state: 'not-live',
      code: 'school-left-out',
      reason: REASONS.schoolNotBuilt,
      school: 'wildcats',
      deploy: 'd-1',
    });
    expect(visitor).toEqual(NEVER_EXISTED);
  });

  it('content-problem: an editor gets the field and the reason; a visitor no field name', async () => {
    const problem = {
      school: 'husky',
      documentType: 'faqs',
      documentId: 'husky-faqs',
      field: 'faqs[0].answer',
      reason: 'faqs[0].answer: Required',
    };
    const s = await liveWith(
      buildRecord({ 'husky-faqs': ['r1', 'husky'] }, { problems: [problem] }),
    );
    const { visitor, editor } = await statusOf(s, { id: 'husky-faqs' });
    expect(editor).toEqual({
      state: 'not-live',
      code: 'content-problem',
      reason:
        'The document has a content problem, so the page is built without it: faqs[0].answer: Required',
      school: 'husky',
      field: 'faqs[0].answer',
      deploy: 'd-1',
    });
    expect(visitor).toEqual({
      state: 'not-live',
      code: 'content-problem',
      reason: 'The document has a content problem, so the page is built without it.',
    });
    expect(JSON.stringify(visitor)).not.toContain('answer');
  });

  it('site-locked: built while the site is locked to an earlier deploy', async () => {
    const s = await liveWith(buildRecord({ 'husky-faqs': ['r1', 'husky'] }));
    await s.notify(succeeded('d-1', 0, null, { locked: true, updated_at: T(5) }));
    await s.queue.publish({ id: 'husky-faqs', type: 'faqs', rev: 'r2', publishedAt: T(10) });
    s.reports.set('d-2', buildRecord({ 'husky-faqs': ['r2', 'husky'] }));
    await s.notify(succeeded('d-2', 10, 'Publish [batch b-00000001]', { published_at: null }));
    expect((await statusOf(s, { id: 'husky-faqs', rev: 'r2' })).editor).toEqual({
      state: 'not-live',
      code: 'site-locked',
      reason: REASONS.siteLocked,
      deploy: 'd-2',
    });
  });

  it('rolled-back: an earlier deploy was restored, so the earlier version is live', async () => {
    const s = await liveWith(buildRecord({ 'husky-faqs': ['r1', 'husky'] }));
    s.reports.set('d-2', buildRecord({ 'husky-faqs': ['r2', 'husky'] }));
    await s.notify(succeeded('d-2', 10));
    await s.notify(succeeded('d-1', 0, null, { updated_at: T(30), published_at: T(30) })); // restored
    expect((await statusOf(s, { id: 'husky-faqs', rev: 'r2' })).visitor).toEqual({
      state: 'not-live',
      code: 'rolled-back',
      reason: REASONS.rolledBack,
    });
    expect((await statusOf(s, { id: 'husky-faqs' })).visitor).toMatchObject({
      code: 'rolled-back',
    });
    // The restored version is live, from the restore on.
    expect((await statusOf(s, { id: 'husky-faqs', rev: 'r1' })).editor).toEqual({
      state: 'live',
      since: T(30),
      deploy: 'd-1',
    });
  });

  it('a publish made after a restore waits, and says why (with no time: the operator ends it); the Deploys answer says it too; the latest deploy published again builds it', async () => {
    const s = await liveWith(buildRecord({ 'husky-faqs': ['r1', 'husky'] }));
    s.reports.set('d-2', buildRecord({ 'husky-faqs': ['r2', 'husky'] }));
    await s.notify(succeeded('d-2', 10));
    await s.notify(succeeded('d-1', 0, null, { updated_at: T(30), published_at: T(30) })); // restored
    await s.queue.publish({ id: 'husky-faqs', type: 'faqs', rev: 'r3', publishedAt: T(31) });
    const waiting = await statusOf(s, { id: 'husky-faqs', rev: 'r3' });
    expect(waiting.editor).toEqual({
      state: 'publishing',
      waiting: {
        reason:
          'an earlier deploy was restored, so nothing builds until the latest deploy is published again or deploys are unlocked',
        cause: 'restored',
      },
    });
    // A visitor of a document on the site learns only that it is being published.
    expect(waiting.visitor).toEqual({ state: 'publishing' });
    const view = await createViewLoader({ deploys: s.deploysStore, queue: s.queueStore })({});
    expect(waitingToBuild(view)).toEqual({
      waiting: 1,
      reason:
        'an earlier deploy was restored, so nothing builds until the latest deploy is published again or deploys are unlocked',
      cause: 'restored',
    });
    expect(s.hookCalls).toEqual([]);

    await s.notify(succeeded('d-2', 10, null, { updated_at: T(40), published_at: T(40) }));
    expect(s.hookCalls).toHaveLength(1);
    expect((await statusOf(s, { id: 'husky-faqs', rev: 'r3' })).editor).toEqual({
      state: 'publishing',
      startedAt: '2026-11-27T10:00:00.000Z',
    });
  });
});

describe('unknown: never live without a record', () => {
  it('no deploy recorded at all', async () => {
    const s = site();
    expect((await statusOf(s, { id: 'husky-faqs' })).visitor).toEqual({
      state: 'unknown',
      reason: 'No recorded deploy carried this document yet.',
    });
  });

  it('a document the live deploy did not carry', async () => {
    const s = await liveWith(buildRecord({ 'husky-faqs': ['r1', 'husky'] }));
    expect((await statusOf(s, { id: 'husky-press' })).visitor).toEqual({
      state: 'unknown',
      reason: REASONS.noRecord,
    });
  });

  it('a revision no deploy carried while another is live', async () => {
    const s = await liveWith(buildRecord({ 'husky-faqs': ['r1', 'husky'] }));
    expect((await statusOf(s, { id: 'husky-faqs', rev: 'r9' })).editor).toEqual({
      state: 'unknown',
      reason: REASONS.otherRevisionLive,
    });
    expect((await statusOf(s, { id: 'husky-faqs', rev: 'r9' })).visitor).toEqual(NEVER_EXISTED);
  });

  it('a live deploy whose build left no record', async () => {
    const s = site();
    await s.notify(succeeded('d-1', 0)); // no build record in its deploy store
    expect(await statusOf(s, { id: 'husky-faqs' })).toEqual({
      editor: { state: 'unknown', reason: REASONS.liveWithoutRecord },
      visitor: NEVER_EXISTED,
    });
  });
});

describe('the question', () => {
  it('takes up to 100 published ids, each optionally with a revision', () => {
    expect(parseStatusIds('husky-faqs,husky-why:abc123')).toEqual({
      ok: true,
      questions: [{ id: 'husky-faqs' }, { id: 'husky-why', rev: 'abc123' }],
    });
    expect(parseStatusIds(Array.from({ length: 100 }, (_, i) => `d${i}`).join(','))).toMatchObject({
      ok: true,
    });
  });

  it.each([
    [null, 'ids is missing: ask ?ids=<id>[:<rev>],…'],
    [
      Array.from({ length: 101 }, (_, i) => `d${i}`).join(','),
      'at most 100 ids at a time (asked 101)',
    ],
    [
      'ok,drafts.husky-faqs',
      'a draft has no publish status (ask its published id): "drafts.husky-faqs"',
    ],
    ['ok,<script>', 'not a Sanity document id: "<script>"'],
    ['a:b:c', 'not a Sanity document id: "a:b:c"'],
    [`${'x'.repeat(129)}`, `not a Sanity document id: "${'x'.repeat(129)}"`],
  ])('refuses %o, naming the bad id', (value, message) => {
    expect(parseStatusIds(value)).toEqual({ ok: false, message });
  });
});

describe('between the index and the pointer', () => {
  it('a deploy whose index is written but whose `live` pointer has not moved yet is already live (Netlify published it before notifying): never rolled back, publishing or unknown', async () => {
    const s = await liveWith(
      buildRecord({ 'husky-faqs': ['r1', 'husky'], 'husky-why': ['w1', 'husky'] }),
    );
    s.reports.set(
      'd-2',
      buildRecord({ 'husky-faqs': ['r2', 'husky'], 'husky-why': ['w1', 'husky'] }),
    );
    await s.notify(succeeded('d-2', 10));
    // The moment before the history names d-2 live: its record says published, its brought list is not written yet.
    const history = s.deploysStore.value(PRODUCTION_HISTORY_KEY) as ProductionHistory;
    await s.deploysStore.setJSON(PRODUCTION_HISTORY_KEY, {
      ...history,
      live: { deployId: 'd-1', since: T(2) },
      deploys: history.deploys.map((deploy) => ({ ...deploy, brought: null })),
    });
    expect((await statusOf(s, { id: 'husky-faqs', rev: 'r2' })).editor).toEqual({
      state: 'live',
      since: T(12),
      deploy: 'd-2',
    });
    expect((await statusOf(s, { id: 'husky-faqs' })).editor).toEqual({
      state: 'live',
      since: T(12),
      deploy: 'd-2',
    });
    expect((await statusOf(s, { id: 'husky-why', rev: 'w1' })).editor).toEqual({
      state: 'live',
      since: T(2),
      deploy: 'd-2',
    });
  });
});

describe('ids named after what every object has', () => {
  it.each(['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf'])(
    '%s: unknown while no deploy carried it, live only once one does',
    async (id) => {
      const s = await liveWith(buildRecord({ 'husky-faqs': ['r1', 'husky'] }));
      expect(await statusOf(s, { id })).toEqual({
        editor: { state: 'unknown', reason: REASONS.noRecord },
        visitor: NEVER_EXISTED,
      });
      s.reports.set('d-2', buildRecord({ [id]: ['x1', null] }));
      await s.notify(succeeded('d-2', 10));
      expect((await statusOf(s, { id })).editor).toEqual({
        state: 'live',
        since: T(12),
        deploy: 'd-2',
      });
    },
  );
});

describe('the deploys', () => {
  it('a visitor sees production deploys without ids, their live schools, and no school that is not launched; an editor all of it', async () => {
    const s = await liveWith(
      buildRecord({ 'husky-faqs': ['r1', 'husky'] }, { leftOut: [PREPARING] }),
    );
    s.reports.set('p-1', buildRecord({}));
    await s.notify(
      succeeded('p-1', 5, 'Deploy preview of feature-x', {
        context: 'deploy-preview',
        published_at: null,
      }),
    );
    await s.notify(
      deploy({
        id: 'd-2',
        state: 'error',
        title: 'Rebuild by hand [batch b-abcdef01]',
        created_at: T(10),
        updated_at: T(11),
        error_message: 'School newu (New U): no tenant',
      }),
    );
    const load = createViewLoader({ deploys: s.deploysStore, queue: s.queueStore });

    const visitor = deploysSummary(await load({}), 'visitor', 'https://site.example');
    expect(visitor).toHaveLength(2);
    expect(visitor[1]).toEqual({
      state: 'live',
      context: 'production',
      production: true,
      live: true,
      title: null,
      trigger: { kind: 'unknown', documents: 0 },
      createdAt: T(0),
      publishedAt: T(2),
      deployTimeSec: 100,
      schools: {
        built: [{ seoSlug: 'uw-husky-mobile', url: 'https://site.example/uw-husky-mobile' }],
        builtCount: 1,
        leftOut: [],
        leftOutMore: 0,
      },
    });
    expect(visitor[0]).toMatchObject({
      state: 'error',
      trigger: { kind: 'manual', documents: 0 },
      title: null,
    });
    expect(JSON.stringify(visitor)).not.toMatch(
      /newu|new-u|tenant|feature-x|d-1|d-2|b-abcdef01|not launched/,
    );

    const editor = deploysSummary(await load({ others: true }), 'editor', 'https://site.example');
    expect(editor.map((entry) => entry.id)).toEqual(['d-2', 'p-1', 'd-1']);
    expect(editor[0]).toMatchObject({
      title: 'Rebuild by hand [batch b-abcdef01]',
      errorMessage: 'School newu (New U): no tenant',
    });
    expect(editor[2]?.schools.leftOut).toEqual([
      { seoSlug: 'new-u-mobile', reason: 'not launched yet' },
    ]);
    expect(editor[1]).toMatchObject({
      context: 'deploy-preview',
      production: false,
      live: false,
      state: 'ready',
    });
  });
});
