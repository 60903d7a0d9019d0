/**
 * What the deploy notifications keep for the freshness check and the Deploys view: the live
 * deploy's build inputs (`live-inputs`, copied from its build record, never replaced by an older
 * deploy's) and the month's count of production deploys that succeeded (a restore, a failure, a
 * deploy preview count nothing); and the editors' deploys answer that shows them.
 */
import { describe, expect, it } from 'vitest';
import { spendAfter } from '../../../src/lib/deploys/deploy-store.ts';
import { deploysAnswer, spendSummary, type View } from '../../../src/lib/deploys/status.ts';
import {
  EMPTY_PRODUCTION_HISTORY,
  type DeployRecord,
  type LiveInputs,
  type ProductionHistory,
} from '../../../src/lib/publish-records/deploy-history.ts';
import { LIVE_INPUTS_KEY, PRODUCTION_HISTORY_KEY } from '../../../src/lib/publish-records/names.ts';
import { EMPTY_QUEUE } from '../../../src/lib/rebuild/publish-queue.ts';
import { buildRecord, deploy, site } from './fixtures.ts';

const inputs = (digest: string) => ({
  source: 'api' as const,
  digest,
  tenants: { husky: digest.slice(0, 16) },
});
const ready = (id: string, day: number, extra: Record<string, unknown> = {}) =>
  deploy({
    id,
    state: 'ready',
    created_at: `2026-11-${day}T10:00:00.000Z`,
    updated_at: `2026-11-${day}T10:02:00.000Z`,
    published_at: `2026-11-${day}T10:02:00.000Z`,
    ...extra,
  });

describe("the live deploy's inputs", () => {
  it("a published production deploy's build inputs are written for the freshness check; an older deploy's never replace them", async () => {
    const s = site();
    s.reports.set(
      'd-2',
      buildRecord({ 'husky-faqs': ['r2', 'husky'] }, { inputs: inputs('b'.repeat(64)) }),
    );
    s.reports.set(
      'd-1',
      buildRecord({ 'husky-faqs': ['r1', 'husky'] }, { inputs: inputs('a'.repeat(64)) }),
    );
    await s.notify(ready('d-2', 20));
    // As stored: the record's fields and the version this code writes (record-kind.ts).
    expect(s.deploysStore.value(LIVE_INPUTS_KEY)).toEqual({
      version: 2,
      ...({
        ...inputs('b'.repeat(64)),
        deployId: 'd-2',
        publishedAt: '2026-11-20T10:02:00.000Z',
      } satisfies LiveInputs),
    });
    // A late notification of an older deploy: neither live nor its inputs.
    await s.notify(ready('d-1', 19));
    expect((s.deploysStore.value(LIVE_INPUTS_KEY) as LiveInputs).deployId).toBe('d-2');
  });

  it('a build record without inputs (a build from before the freshness check) writes none: the live deploy has no digest', async () => {
    const s = site();
    s.reports.set('d-1', buildRecord({ 'husky-faqs': ['r1', 'husky'] }));
    await s.notify(ready('d-1', 20));
    expect(s.deploysStore.value(LIVE_INPUTS_KEY)).toBeUndefined();
  });
});

describe("the month's count of production deploys", () => {
  const record = (state: DeployRecord['state'], updatedAt: string, production = true) =>
    ({ state, updatedAt, publishedAt: null, createdAt: updatedAt, production }) as DeployRecord;

  it('one more on the day a production deploy succeeds; a restore (already ready), a failure, a preview add nothing; a new month starts again', () => {
    const first = spendAfter(
      undefined,
      record('building', '2026-11-03T09:00:00Z'),
      record('ready', '2026-11-03T09:02:00Z'),
    );
    expect(first).toEqual({ month: '2026-11', days: [0, 0, 1] });
    const second = spendAfter(first, undefined, record('ready', '2026-11-03T18:00:00Z'));
    expect(second).toEqual({ month: '2026-11', days: [0, 0, 2] });
    expect(
      spendAfter(
        second,
        record('ready', '2026-11-01T09:00:00Z'),
        record('ready', '2026-11-04T09:00:00Z'),
      ),
    ).toBe(second);
    expect(
      spendAfter(
        second,
        record('building', '2026-11-04T09:00:00Z'),
        record('error', '2026-11-04T09:02:00Z'),
      ),
    ).toBe(second);
    expect(spendAfter(second, undefined, record('ready', '2026-11-04T09:02:00Z', false))).toBe(
      second,
    );
    expect(spendAfter(second, undefined, record('ready', '2026-10-31T23:00:00Z'))).toBe(second);
    expect(spendAfter(second, undefined, record('ready', '2026-12-01T00:10:00Z'))).toEqual({
      month: '2026-12',
      days: [1],
    });
  });

  it('the notifications count them in the production history, as they come', async () => {
    const s = site();
    await s.notify(ready('d-1', 20));
    await s.notify(ready('d-1', 20));
    await s.notify(ready('d-2', 21));
    await s.notify(
      deploy({
        id: 'd-3',
        state: 'error',
        created_at: '2026-11-21T11:00:00.000Z',
        updated_at: '2026-11-21T11:01:00.000Z',
        error_message: 'Build script returned non-zero exit code: 2',
      }),
    );
    await s.notify(ready('p-1', 21, { context: 'deploy-preview' }));
    const history = s.deploysStore.value(PRODUCTION_HISTORY_KEY) as ProductionHistory;
    expect(history.spend?.days.slice(19)).toEqual([1, 1]);
    expect(spendSummary(history, new Date('2026-11-21T20:00:00Z'), 6)).toEqual({
      today: 1,
      month: 2,
      day: '2026-11-21',
      budgetPerHour: 6,
    });
    expect(spendSummary(history, new Date('2026-12-01T01:00:00Z'))).toEqual({
      today: 0,
      month: 0,
      day: '2026-12-01',
    });
  });
});

describe("the editors' deploys answer", () => {
  const view: View = {
    queue: EMPTY_QUEUE,
    history: { ...EMPTY_PRODUCTION_HISTORY, spend: { month: '2026-12', days: [3] } },
    live: null,
    other: [],
    documents: new Map(),
    indexed: () => false,
    contentReadAt: undefined,
    freshness: {
      checkedAt: '2026-12-01T13:00:02.000Z',
      outcome: 'no change since the live deploy',
      build: false,
      unreadableSince: '2026-12-01T12:00:00.000Z',
    },
  };
  const now = new Date('2026-12-01T13:05:00.000Z');

  it("says the deploys today and this month, the budget and the freshness check's last outcome", () => {
    expect(deploysAnswer(view, 'editor', 'https://site.example', now, 6)).toMatchObject({
      spend: { today: 3, month: 3, day: '2026-12-01', budgetPerHour: 6 },
      freshness: {
        checkedAt: '2026-12-01T13:00:02.000Z',
        outcome: 'no change since the live deploy',
        build: false,
      },
    });
  });

  it('a visitor learns none of it', () => {
    const answer = deploysAnswer(view, 'visitor', 'https://site.example', now, 6);
    expect(Object.keys(answer).sort()).toEqual(['checkedAt', 'deploys', 'site']);
  });
});
