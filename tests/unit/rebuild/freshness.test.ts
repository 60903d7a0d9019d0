/**
 * The freshness check's decision table (freshness.ts) and the function around it
 * (freshness-check.ts) over memory stores, a fake product API and a fake build hook: the same
 * digest builds nothing, a changed one builds (naming the schools), a live deploy without a digest
 * builds, inputs unreadable briefly build nothing and for longer than the stated time build, a live
 * deploy older than the setting builds, a restored older deploy stands the check down (it reads
 * nothing and asks for nothing, saying why), and on the preview site nothing is read or built.
 */
import { defineFunction } from '../../../src/lib/functions/define-function.ts';
import { describe, expect, it } from 'vitest';
import { memoryBlobStore } from '../../../src/lib/functions/blob-store.ts';
import {
  EMPTY_PRODUCTION_HISTORY,
  type DeployRecord,
  type LiveInputs,
  type ProductionHistory,
} from '../../../src/lib/publish-records/deploy-history.ts';
import {
  DEPLOYS_STORE,
  FRESHNESS_KEY,
  LIVE_INPUTS_KEY,
  PRODUCTION_HISTORY_KEY,
  PUBLISH_QUEUE_KEY,
} from '../../../src/lib/publish-records/names.ts';
import {
  type FreshnessState,
  type PublishQueue,
} from '../../../src/lib/publish-records/queue-record.ts';
import { freshnessCheck, readTenantDigests } from '../../../src/lib/rebuild/freshness-check.ts';
import {
  AFTER_FAILED_BUILD_MS,
  afterReading,
  beforeReading,
  dueNow,
  nextCheckAt,
  UNREADABLE_BUILD_MS,
  type FreshnessFacts,
} from '../../../src/lib/rebuild/freshness.ts';
import { EMPTY_QUEUE } from '../../../src/lib/rebuild/publish-queue.ts';
import { recordsTransport, type TenantTransport } from '../../../src/lib/tenants/client.ts';
import { inputsDigest, tenantDigest } from '../../../src/lib/tenants/digest.ts';
import { toTenant } from '../../../src/lib/tenants/schema.ts';

const NOW = new Date('2026-12-01T13:00:20.000Z');
const DAY = 24 * 60 * 60_000;
const LIVE = 'deploy-live-0001';

/** A tenant record as the product API answers it (its id made from the key: one per school). */
const record = (key: string, event: string | null) => ({
  id: [...key].reduce((sum, letter) => sum * 31 + letter.charCodeAt(0), 7) % 100_000,
  affiliateId: 7,
  slug: key,
  Name: `${key} Mobile`,
  PrimaryColor: '#4b2e83',
  ActiveGiveawayEvent: event,
});
const RECORDS = [
  record('huskymobile', 'aa11-open'),
  record('beavsmobile', null),
  record('cubbymobile', 'cc33'),
];
const digestOf = (records: ReturnType<typeof record>[]) =>
  Object.fromEntries(
    records.map((entry) => [entry.slug, tenantDigest(toTenant(entry, entry.slug, '7'))]),
  );

function liveInputs(
  records = RECORDS,
  deployId = LIVE,
  source: 'api' | 'file' = 'api',
): LiveInputs {
  const tenants = digestOf(records);
  return {
    source,
    digest: inputsDigest(tenants),
    tenants,
    deployId,
    publishedAt: '2026-11-30T09:00:00.000Z',
  };
}

function deploy(
  id: string,
  state: DeployRecord['state'],
  createdAt: string,
  extra: Partial<DeployRecord> = {},
): DeployRecord {
  return {
    version: 2,
    id,
    state,
    netlifyState: state,
    context: 'production',
    branch: 'main',
    production: true,
    title: null,
    batch: null,
    deployUrl: null,
    trigger: { kind: 'unknown' },
    carried: [],
    createdAt,
    updatedAt: createdAt,
    publishedAt: state === 'ready' ? createdAt : null,
    firstPublishedAt: null,
    deployTimeSec: null,
    errorMessage: null,
    report: null,
    brought: null,
    ...extra,
  };
}

const history = (
  since = '2026-11-30T09:00:00.000Z',
  extra: DeployRecord[] = [],
  locked = false,
): ProductionHistory => ({
  deploys: [...extra, deploy(LIVE, 'ready', since)],
  live: { deployId: LIVE, since },
  site: locked ? { locked: true, lockedDeployId: LIVE, updatedAt: since } : null,
});

const facts = (overrides: Partial<FreshnessFacts> = {}): FreshnessFacts => ({
  now: NOW,
  queue: EMPTY_QUEUE,
  history: history(),
  liveInputs: liveInputs(),
  state: undefined,
  maxAgeMs: 7 * DAY,
  ...overrides,
});

describe('when a run checks', () => {
  it('a scheduled run checks on the quarter hours the interval names (from midnight UTC); a run at any other time was started by hand and checks', () => {
    expect(dueNow(Date.parse('2026-12-01T13:00:03Z'), 60)).toBe('scheduled');
    expect(dueNow(Date.parse('2026-12-01T13:15:03Z'), 60)).toBe('not due');
    expect(dueNow(Date.parse('2026-12-01T13:15:03Z'), 15)).toBe('scheduled');
    expect(dueNow(Date.parse('2026-12-01T13:30:40Z'), 90)).toBe('scheduled');
    expect(dueNow(Date.parse('2026-12-01T00:00:10Z'), 1440)).toBe('scheduled');
    expect(dueNow(Date.parse('2026-12-01T12:00:10Z'), 1440)).toBe('not due');
    expect(dueNow(Date.parse('2026-12-01T13:07:41Z'), 60)).toBe('by hand');
    expect(new Date(nextCheckAt(Date.parse('2026-12-01T13:15:03Z'), 60)).toISOString()).toBe(
      '2026-12-01T14:00:00.000Z',
    );
  });
});

describe('the decision table', () => {
  const read = (records = RECORDS) => ({ ok: true as const, tenants: digestOf(records) });

  it('same digest: no build', () => {
    const verdict = beforeReading(facts());
    expect(verdict).toEqual({ action: 'read', live: liveInputs() });
    expect(afterReading(facts(), liveInputs(), read()).verdict).toEqual({
      action: 'none',
      outcome: 'no change since the live deploy',
    });
  });

  it('changed digest: a build, naming the schools that changed', () => {
    const now = [record('huskymobile', null), RECORDS[1]!, record('cubbymobile', 'dd44')];
    expect(afterReading(facts(), liveInputs(), read(now)).verdict).toEqual({
      action: 'build',
      reason: 'tenant records changed for 2 schools (cubbymobile, huskymobile)',
    });
    const many = Array.from({ length: 5 }, (_, at) => record(`school${at}`, 'x'));
    expect(
      afterReading(
        facts(),
        liveInputs(many),
        read(many.map((entry) => ({ ...entry, Name: 'renamed' }))),
      ).verdict,
    ).toEqual({
      action: 'build',
      reason: 'tenant records changed for 5 schools (school0, school1, school2 and 2 more)',
    });
  });

  it("no digest on the live deploy (none recorded, or only an older deploy's): a build", () => {
    expect(beforeReading(facts({ liveInputs: undefined }))).toEqual({
      action: 'build',
      reason: 'the live deploy recorded no digest of its inputs',
    });
    expect(beforeReading(facts({ liveInputs: liveInputs(RECORDS, 'deploy-older-0000') }))).toEqual({
      action: 'build',
      reason: 'the live deploy recorded no digest of its inputs',
    });
  });

  it('inputs unreadable briefly: no build, and the time counts from the first failure; for longer than the stated time: a build, and the count starts again', () => {
    const failed = {
      ok: false as const,
      error:
        'huskymobile: Tenant data failed to load.: HTTP 503 for /k1mobile/tenant/code/huskymobile',
    };
    const first = afterReading(facts(), liveInputs(), failed);
    expect(first.verdict).toMatchObject({
      action: 'none',
      outcome: expect.stringMatching(
        /^the tenant records could not be read \(huskymobile: .*HTTP 503.*\): no build yet, one starts if they cannot be read for 3 hours$/,
      ) as string,
    });
    expect(first.unreadableSince).toBe(NOW.toISOString());
    const since = new Date(NOW.getTime() - UNREADABLE_BUILD_MS + 60_000).toISOString();
    const state: FreshnessState = {
      checkedAt: since,
      outcome: '…',
      build: false,
      unreadableSince: since,
    };
    expect(afterReading(facts({ state }), liveInputs(), failed)).toMatchObject({
      verdict: { action: 'none' },
      unreadableSince: since,
    });
    const longer = {
      ...state,
      unreadableSince: new Date(NOW.getTime() - UNREADABLE_BUILD_MS).toISOString(),
    };
    expect(afterReading(facts({ state: longer }), liveInputs(), failed)).toEqual({
      verdict: { action: 'build', reason: 'the tenant records could not be read for 3 hours' },
      unreadableSince: NOW.toISOString(),
    });
    // Read again: the count is gone.
    expect(
      afterReading(facts({ state: longer }), liveInputs(), read()).unreadableSince,
    ).toBeUndefined();
  });

  it('the live deploy older than FRESHNESS_MAX_AGE_DAYS: a build, whatever the inputs', () => {
    expect(
      beforeReading(facts({ history: history(new Date(NOW.getTime() - 7 * DAY).toISOString()) })),
    ).toEqual({ action: 'build', reason: 'the live deploy is 7 days old' });
    expect(
      beforeReading(
        facts({
          history: history(new Date(NOW.getTime() - 6 * DAY).toISOString()),
          liveInputs: liveInputs(RECORDS, LIVE),
        }),
      ),
    ).toMatchObject({ action: 'read' });
  });

  it('no build while an earlier deploy restored by the operator holds, whatever else the facts say (a publish waiting, records changed, the live deploy old)', () => {
    const restored: PublishQueue = {
      ...EMPTY_QUEUE,
      waiting: [{ id: 'husky-faqs', type: 'faqs', rev: 'r1', publishedAt: NOW.toISOString() }],
      live: { deployId: LIVE, since: '2026-11-30T09:00:00.000Z', restoredOver: 'deploy-new-0009' },
    };
    const standsDown = {
      action: 'none',
      outcome: `an earlier deploy was restored (deploy ${LIVE}): no build until the latest deploy is published again or deploys are unlocked`,
    };
    expect(beforeReading(facts({ queue: restored }))).toEqual(standsDown);
    expect(
      beforeReading(facts({ queue: restored, now: new Date(NOW.getTime() + 30 * DAY) })),
    ).toEqual(standsDown);
    // Once it ended (the latest deploy live again, or deploys unlocked), the check goes on.
    const ended: PublishQueue = {
      ...EMPTY_QUEUE,
      live: { deployId: LIVE, since: '2026-11-30T09:00:00.000Z' },
    };
    expect(beforeReading(facts({ queue: ended }))).toMatchObject({ action: 'read' });
  });

  it('no build when one is under way or waiting, no live deploy is recorded, the deploys are locked, a deploy is being built, the last one failed in its build command less than 3 hours ago, or the records came from a file', () => {
    const waiting: PublishQueue = {
      ...EMPTY_QUEUE,
      waiting: [{ id: 'husky-faqs', type: 'faqs', rev: 'r1', publishedAt: NOW.toISOString() }],
    };
    const building = deploy('deploy-new-0002', 'building', '2026-12-01T12:58:00.000Z');
    const failed = deploy('deploy-new-0003', 'error', '2026-12-01T12:40:00.000Z', {
      errorMessage:
        "Failed during stage 'building site': Build script returned non-zero exit code: 2",
    });
    const platform = deploy('deploy-new-0004', 'error', '2026-12-01T12:40:00.000Z', {
      errorMessage: "Failed during stage 'Install dependencies'",
    });
    const outcomes = [
      beforeReading(facts({ queue: waiting })),
      beforeReading(
        facts({ queue: { ...EMPTY_QUEUE, fresh: { reason: 'x', at: NOW.toISOString() } } }),
      ),
      beforeReading(facts({ history: EMPTY_PRODUCTION_HISTORY })),
      beforeReading(facts({ history: history(undefined, [], true) })),
      beforeReading(facts({ history: history(undefined, [building]) })),
      beforeReading(facts({ history: history(undefined, [failed]) })),
      beforeReading(facts({ liveInputs: liveInputs(RECORDS, LIVE, 'file') })),
    ];
    expect(outcomes).toEqual([
      {
        action: 'none',
        outcome: 'a build is under way or waiting: it reads the tenant records itself',
      },
      {
        action: 'none',
        outcome: 'a build is under way or waiting: it reads the tenant records itself',
      },
      {
        action: 'none',
        outcome: 'no live deploy is recorded yet (deploy notifications): nothing to compare with',
      },
      { action: 'none', outcome: "the site's deploys are locked in Netlify: no build" },
      { action: 'none', outcome: 'a deploy is being built: the next check compares with it' },
      {
        action: 'none',
        outcome:
          'the last build failed in its build command: no build until a publish fixes it (that build reads the tenant records too), or for 3 hours after it (a service the build reads may have been down)',
      },
      {
        action: 'none',
        outcome: 'the live deploy read its tenant records from a file: nothing to check',
      },
    ]);
    // A build that failed outside the content, or one heard building long ago (its end never heard), stops nothing.
    expect(beforeReading(facts({ history: history(undefined, [platform]) }))).toMatchObject({
      action: 'read',
    });
    // Nor one that failed in its build command 3 hours ago: a service it reads may have been down, and be back.
    const longAgo = new Date(NOW.getTime() - AFTER_FAILED_BUILD_MS).toISOString();
    expect(
      beforeReading(
        facts({
          history: history(undefined, [
            deploy('deploy-new-0006', 'error', longAgo, { errorMessage: failed.errorMessage }),
          ]),
        }),
      ),
    ).toMatchObject({ action: 'read' });
    expect(
      beforeReading(
        facts({
          history: history(undefined, [
            deploy('deploy-new-0005', 'building', '2026-12-01T11:00:00.000Z'),
          ]),
        }),
      ),
    ).toMatchObject({ action: 'read' });
  });
});

describe('the freshness-check function', () => {
  function world(
    options: {
      records?: ReturnType<typeof record>[];
      live?: LiveInputs | undefined;
      site?: Record<string, string>;
      transport?: TenantTransport;
      now?: Date;
      state?: FreshnessState;
      queue?: PublishQueue;
    } = {},
  ) {
    const queueStore = memoryBlobStore();
    const deploysStore = memoryBlobStore();
    if (options.queue) void queueStore.setJSON(PUBLISH_QUEUE_KEY, options.queue);
    void deploysStore.setJSON(PRODUCTION_HISTORY_KEY, history());
    if (options.live !== undefined) void deploysStore.setJSON(LIVE_INPUTS_KEY, options.live);
    if (options.state) void queueStore.setJSON(FRESHNESS_KEY, options.state);
    const hookCalls: URL[] = [];
    const apiCalls: string[] = [];
    const api = recordsTransport(options.records ?? RECORDS);
    const logged: string[] = [];
    const check = defineFunction(freshnessCheck, {
      openStores: { queue: () => queueStore, deploys: () => deploysStore },
      readSettings: () => ({
        NETLIFY_BUILD_HOOK_URL: 'https://api.netlify.example/build_hooks/f',
        PUBLISH_RETRY_BASE_SECONDS: undefined,
        DEPLOY_BUDGET_PER_HOUR: undefined,
        PUBLIC_API_BASE: 'https://api.example',
        FRESHNESS_CHECK_MINUTES: 60,
        FRESHNESS_MAX_AGE_DAYS: 7,
        CONTEXT: 'production',
      }),
      site: options.site ?? {},
      log: (line) => logged.push(line),
      now: () => options.now ?? NOW,
      fetch: (url) => {
        hookCalls.push(url);
        return Promise.resolve(new Response(null, { status: 200 }));
      },
      deps: {
        transport: () =>
          options.transport ??
          ((path) => {
            apiCalls.push(path);
            return Promise.resolve(api(path));
          }),
      },
    });
    const run = async () => {
      const response = await check(
        new Request('https://site.example/.netlify/functions/freshness-check', {
          method: 'POST',
          body: '{"next_run":"2026-12-01T13:15:00.000Z"}',
        }),
        { deploy: { context: 'production' } },
      );
      return {
        status: response.status,
        message: ((await response.json()) as { message: string }).message,
      };
    };
    return {
      run,
      hookCalls,
      apiCalls,
      logged,
      queue: () => queueStore.value(PUBLISH_QUEUE_KEY) as PublishQueue | undefined,
      state: () => queueStore.value(FRESHNESS_KEY) as FreshnessState | undefined,
    };
  }

  it('same digest: reads 2 records a school, builds nothing, and says so in its answer, its log and its record', async () => {
    const w = world({ live: liveInputs() });
    expect(await w.run()).toEqual({ status: 200, message: 'no change since the live deploy' });
    expect(w.apiCalls).toHaveLength(2 * RECORDS.length);
    expect(w.hookCalls).toEqual([]);
    expect(w.logged).toEqual(['[freshness-check] no change since the live deploy']);
    expect(w.state()).toEqual({
      version: 2,
      checkedAt: NOW.toISOString(),
      outcome: 'no change since the live deploy',
      build: false,
    });
  });

  it('a giveaway closed in the product API: a build through the publish queue, its deploy message saying why', async () => {
    const w = world({
      live: liveInputs(),
      records: [record('huskymobile', null), RECORDS[1]!, RECORDS[2]!],
    });
    expect(await w.run()).toEqual({
      status: 200,
      message: 'tenant records changed for 1 school (huskymobile): build started',
    });
    expect(w.hookCalls).toHaveLength(1);
    expect(w.hookCalls[0]!.searchParams.get('trigger_title')).toMatch(
      /^Freshness check: tenant records changed for 1 school \(huskymobile\) \[batch b-[0-9a-f]{8}\]$/,
    );
    expect(w.queue()?.inFlight?.freshness).toMatchObject({
      reason: 'tenant records changed for 1 school (huskymobile)',
    });
    expect(w.logged[0]).toMatch(
      /^\[freshness-check\] tenant records changed for 1 school \(huskymobile\): build started: Freshness check: /,
    );
  });

  it('a restored older deploy: the records changed, yet nothing is read or built, and its answer, log and record say why', async () => {
    const restored: PublishQueue = {
      ...EMPTY_QUEUE,
      live: { deployId: LIVE, since: '2026-11-30T09:00:00.000Z', restoredOver: 'deploy-new-0009' },
    };
    const w = world({
      live: liveInputs(),
      records: [record('huskymobile', null), RECORDS[1]!, RECORDS[2]!],
      queue: restored,
    });
    const why = `an earlier deploy was restored (deploy ${LIVE}): no build until the latest deploy is published again or deploys are unlocked`;
    expect(await w.run()).toEqual({ status: 200, message: why });
    expect(w.apiCalls).toEqual([]);
    expect(w.hookCalls).toEqual([]);
    expect(w.logged).toEqual([`[freshness-check] ${why}`]);
    expect(w.state()).toMatchObject({ outcome: why, build: false });
    expect(w.queue()).toMatchObject({ live: restored.live });
    expect(w.queue()?.fresh).toBeUndefined();
  });

  it('no digest on the live deploy: a build without asking the product API', async () => {
    const w = world({ live: undefined });
    expect(await w.run()).toEqual({
      status: 200,
      message: 'the live deploy recorded no digest of its inputs: build started',
    });
    expect(w.apiCalls).toEqual([]);
  });

  it('the product API failing: no build, its record counting since when; past the stated time, a build', async () => {
    const failing: TenantTransport = (path) => Promise.reject(new Error(`HTTP 503 for ${path}`));
    const w = world({ live: liveInputs(), transport: failing });
    expect((await w.run()).message).toMatch(
      /^the tenant records could not be read \(.*HTTP 503.*\): no build yet/,
    );
    expect(w.state()).toMatchObject({ build: false, unreadableSince: NOW.toISOString() });
    expect(w.hookCalls).toEqual([]);
    const since = new Date(NOW.getTime() - UNREADABLE_BUILD_MS - 60_000).toISOString();
    const later = world({
      live: liveInputs(),
      transport: failing,
      state: { checkedAt: since, outcome: 'x', build: false, unreadableSince: since },
    });
    expect((await later.run()).message).toBe(
      'the tenant records could not be read for 3 hours: build started',
    );
    expect(later.hookCalls).toHaveLength(1);
  });

  it('an API that never answers is given up after the deadline, as unreadable', async () => {
    const read = await readTenantDigests(['huskymobile'], () => new Promise(() => {}), 50);
    expect(read).toEqual({
      ok: false,
      error: 'the product API did not answer for every school within 0.05 s',
    });
  });

  it('not due on a quarter hour the interval does not name: nothing read, nothing built', async () => {
    const w = world({ live: liveInputs(), now: new Date('2026-12-01T13:15:04.000Z') });
    expect(await w.run()).toEqual({
      status: 200,
      message: 'not due: the next check is at 2026-12-01T14:00:00.000Z',
    });
    expect(w.apiCalls).toEqual([]);
    expect(w.state()).toBeUndefined();
  });

  it('on the preview site: 200, nothing read, nothing built', async () => {
    const w = world({ live: undefined, site: { SITE_MODE: 'preview' } });
    expect(await w.run()).toEqual({
      status: 200,
      message: 'not on the preview site: the public site checks its own freshness',
    });
    expect(w.hookCalls).toEqual([]);
    expect(w.apiCalls).toEqual([]);
    expect(w.state()).toBeUndefined();
  });
});

describe('what the store keys are', () => {
  it("the function reads its record from the publish queue's store and the inputs from the deploys store", () => {
    expect([FRESHNESS_KEY, LIVE_INPUTS_KEY, DEPLOYS_STORE]).toEqual([
      'freshness',
      'live-inputs',
      'deploys',
    ]);
  });
});
