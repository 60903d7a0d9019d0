// @vitest-environment jsdom
/**
 * The page's loaders node (loaders.ts) with a stand-in node, the page's query (live-query.ts), and
 * draws taking turns with the last one winning (page-draw.ts `latestWins`). The protocol against
 * Sanity's own comlink: tests/service/preview/presentation-loaders.test.ts.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { OFFLINE_PROJECT_ID } from '../../../src/lib/config/studio-project.ts';
import { SCHOOL_PAGE_CONTENT_QUERY } from '../../../src/lib/content/queries.ts';
import { TENANT_DOCUMENT_TYPES } from '../../../src/lib/content/schemas.ts';
import {
  LISTEN_HEARTBEAT_MS,
  LOCAL_PROJECT_ID,
  isPageQuery,
  liveQueryElement,
  readLiveQuery,
  type LiveQuery,
} from '../../../src/lib/preview/live-query.ts';
import { connectLoaders, type LoadersNode } from '../../../src/lib/preview/browser/loaders.ts';
import { refreshPage } from '../../../src/lib/preview/browser/overlay-options.ts';
import { pageLiveQuery } from '../../../src/lib/preview/server/page-live-query.ts';
import { latestWins } from '../../../src/lib/preview/browser/page-draw.ts';

const LIVE: LiveQuery = pageLiveQuery(
  { SANITY_PROJECT_ID: undefined, SANITY_DATASET: 'production' },
  'uw-husky-mobile',
  { perspective: 'drafts' },
);
const PROJECT = { projectId: 'offline0', dataset: 'production' };

function fakeNode() {
  const handlers = new Map<string, (data: unknown) => void>();
  let status: (value: string) => void = () => {};
  const posted: Array<{ type: string; data: unknown }> = [];
  const node = {
    on: (type: string, handler: (data: unknown) => void) => {
      handlers.set(type, handler);
      return () => handlers.delete(type);
    },
    post: (type: string, data: unknown) => posted.push({ type, data }),
    onStatus: (handler: (value: string) => void) => {
      status = handler;
      return () => {};
    },
    start: vi.fn(() => vi.fn()),
  };
  return {
    node: node as unknown as LoadersNode,
    posted,
    listens: () =>
      posted
        .filter((message) => message.type === 'loader/query-listen')
        .map((message) => message.data),
    status: (value: string) => status(value),
    receive: (type: string, data: unknown) => handlers.get(type)!(data),
  };
}

const timers = () => ({ setInterval: vi.fn(() => 1 as never), clearInterval: vi.fn() });
const change = (fields: Record<string, unknown> = {}) => ({
  ...PROJECT,
  perspective: 'drafts',
  query: LIVE.query,
  params: LIVE.params,
  result: { school: {} },
  resultSourceMap: { documents: [{ _id: 'a' }] },
  ...fields,
});

describe("the page's live query", () => {
  it("names SCHOOL_PAGE_CONTENT_QUERY with the school's params; with the bundled content, the Studio's placeholder project", () => {
    expect(LIVE).toEqual({
      projectId: LOCAL_PROJECT_ID,
      dataset: 'production',
      query: SCHOOL_PAGE_CONTENT_QUERY,
      params: { seoSlug: 'uw-husky-mobile', types: TENANT_DOCUMENT_TYPES },
      perspective: 'drafts',
    });
    expect(LOCAL_PROJECT_ID).toBe(OFFLINE_PROJECT_ID);
    expect(
      pageLiveQuery({ SANITY_PROJECT_ID: 'abc123', SANITY_DATASET: 'staging' }, 'x', {
        perspective: { releases: ['rA'] },
      }),
    ).toMatchObject({ projectId: 'abc123', dataset: 'staging', perspective: 'rA,drafts' });
  });

  it('is written as data no value can break out of, and read back', () => {
    const hostile = {
      ...LIVE,
      params: { seoSlug: '</script><script>alert(1)</script>', types: [] },
    };
    const element = liveQueryElement(hostile);
    expect(element.match(/<\/script>/g)).toHaveLength(1);
    document.body.innerHTML = element;
    expect(readLiveQuery(document)).toEqual(hostile);
    document.body.innerHTML = '<p>no query</p>';
    expect(readLiveQuery(document)).toBeNull();
  });

  it('matches a change for the same project, dataset, query and params, whatever the order of its keys', () => {
    expect(
      isPageQuery(LIVE, {
        ...PROJECT,
        query: LIVE.query,
        params: { types: TENANT_DOCUMENT_TYPES, seoSlug: 'uw-husky-mobile' },
      }),
    ).toBe(true);
    expect(
      isPageQuery(LIVE, {
        ...PROJECT,
        query: LIVE.query,
        params: { seoSlug: 'osu-beavs-mobile', types: TENANT_DOCUMENT_TYPES },
      }),
    ).toBe(false);
    expect(
      isPageQuery(LIVE, { ...PROJECT, dataset: 'staging', query: LIVE.query, params: LIVE.params }),
    ).toBe(false);
    expect(isPageQuery(LIVE, { ...PROJECT, query: `${LIVE.query} `, params: LIVE.params })).toBe(
      false,
    );
  });
});

describe('the loaders node', () => {
  it('listens at start, on connecting and on each heartbeat, with a heartbeat of at least a second', () => {
    const fake = fakeNode();
    const clock = timers();
    connectLoaders({ node: fake.node, live: LIVE, draw: vi.fn(), timers: clock });
    expect(fake.listens()).toEqual([
      {
        ...PROJECT,
        perspective: 'drafts',
        query: LIVE.query,
        params: LIVE.params,
        heartbeat: LISTEN_HEARTBEAT_MS,
      },
    ]);
    expect(LISTEN_HEARTBEAT_MS).toBeGreaterThanOrEqual(1_000);
    expect(clock.setInterval).toHaveBeenCalledWith(expect.any(Function), LISTEN_HEARTBEAT_MS);
    fake.status('connected');
    expect(fake.listens()).toHaveLength(2);
  });

  it('draws a change for its query in the perspective wanted, and reports the documents', () => {
    const fake = fakeNode();
    const draw = vi.fn(() => Promise.resolve());
    connectLoaders({ node: fake.node, live: LIVE, draw, timers: timers() });
    fake.receive('loader/query-change', change());
    expect(draw).toHaveBeenCalledWith({
      query: LIVE.query,
      params: LIVE.params,
      perspective: 'drafts',
      perspectiveSetting: 'drafts',
      result: { school: {} },
    });
    expect(fake.posted.at(-1)).toEqual({
      type: 'loader/documents',
      data: { ...PROJECT, perspective: 'drafts', documents: [{ _id: 'a' }] },
    });
    // Another query, params, project or perspective: dropped.
    fake.receive('loader/query-change', change({ query: '*' }));
    fake.receive(
      'loader/query-change',
      change({ params: { seoSlug: 'other', types: TENANT_DOCUMENT_TYPES } }),
    );
    fake.receive('loader/query-change', change({ projectId: 'other' }));
    fake.receive('loader/query-change', change({ perspective: 'published' }));
    expect(draw).toHaveBeenCalledTimes(1);
  });

  it('listens again when the Studio names another perspective, then draws only that one', () => {
    const fake = fakeNode();
    const draw = vi.fn(() => Promise.resolve());
    connectLoaders({ node: fake.node, live: LIVE, draw, timers: timers() });
    fake.receive('loader/perspective', { ...PROJECT, perspective: ['rLaunch', 'drafts'] });
    expect(fake.listens().at(-1)).toMatchObject({ perspective: ['rLaunch', 'drafts'] });
    fake.receive('loader/query-change', change());
    expect(draw).not.toHaveBeenCalled();
    fake.receive('loader/query-change', change({ perspective: ['rLaunch', 'drafts'] }));
    expect(draw).toHaveBeenCalledWith(
      expect.objectContaining({
        perspective: ['rLaunch', 'drafts'],
        perspectiveSetting: 'rLaunch,drafts',
      }),
    );
  });

  it("is live only while connected to a Studio of the page's project and dataset", () => {
    const fake = fakeNode();
    const warn = vi.fn();
    const loaders = connectLoaders({
      node: fake.node,
      live: LIVE,
      draw: vi.fn(),
      timers: timers(),
      warn,
    });
    expect(loaders.isLive()).toBe(false);
    fake.status('connected');
    expect(loaders.isLive()).toBe(false);
    fake.receive('loader/perspective', { ...PROJECT, perspective: 'drafts' });
    expect(loaders.isLive()).toBe(true);
    fake.receive('loader/perspective', {
      projectId: 'another',
      dataset: 'production',
      perspective: 'drafts',
    });
    expect(loaders.isLive()).toBe(false);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('another/production'));
    fake.receive('loader/perspective', { ...PROJECT, perspective: 'drafts' });
    fake.status('handshaking');
    expect(loaders.isLive()).toBe(false);
  });

  it('stops its heartbeat and the node', () => {
    const fake = fakeNode();
    const clock = timers();
    connectLoaders({ node: fake.node, live: LIVE, draw: vi.fn(), timers: clock }).stop();
    expect(clock.clearInterval).toHaveBeenCalled();
  });
});

describe('refreshes with a live loaders node', () => {
  it('a saved edit draws nothing while live; the refresh button always draws; without loaders both draw', () => {
    const redraw = vi.fn(() => Promise.resolve());
    let live = true;
    const refresh = refreshPage(redraw, () => live);
    expect(refresh({ source: 'mutation' })).toBe(false);
    expect(redraw).not.toHaveBeenCalled();
    expect(refresh({ source: 'manual' })).toBeInstanceOf(Promise);
    live = false;
    expect(refresh({ source: 'mutation' })).toBeInstanceOf(Promise);
    expect(redraw).toHaveBeenCalledTimes(2);
  });
});

describe('draws take turns, the last asked for wins', () => {
  it('runs the newest waiting job after the one running, dropping those it replaced', async () => {
    const ran: number[] = [];
    const finish: Array<() => void> = [];
    const draw = latestWins<number>(
      (job) =>
        new Promise<void>((resolve) => {
          ran.push(job);
          finish.push(resolve);
        }),
    );
    const calls = [1, 2, 3, 4].map((job) => draw(job));
    expect(ran).toEqual([1]);
    finish[0]!();
    await calls[0];
    await vi.waitFor(() => expect(ran).toEqual([1, 4]), { timeout: 10_000 });
    finish[1]!();
    await Promise.all(calls);
    expect(ran).toEqual([1, 4]);
  });
});

describe("a school's answer fits the posted content limit", () => {
  it('the largest school of the bundled content is far below it', async () => {
    const { MAX_POSTED_CONTENT_BYTES } =
      await import('../../../src/lib/preview/server/posted-content.ts');
    const lines = readFileSync('src/dataset/data.ndjson', 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { _id: string; _type: string; school?: { _ref: string } });
    const bySchool = new Map<string, number>();
    for (const doc of lines)
      if (doc.school?._ref)
        bySchool.set(
          doc.school._ref,
          (bySchool.get(doc.school._ref) ?? 0) + JSON.stringify(doc).length,
        );
    const settings = JSON.stringify(lines.find((doc) => doc._type === 'siteSettings')).length;
    // Every answer carries the product documents its school inherits from.
    const products = lines
      .filter((doc) => doc._id.startsWith('product-'))
      .reduce((sum, doc) => sum + JSON.stringify(doc).length, 0);
    expect(products).toBeGreaterThan(0);
    const largest = Math.max(...bySchool.values()) + products + settings + 2_000;
    console.log(
      `[posted-content] largest school's answer ≈ ${Math.round(largest / 1024)} KB; limit ${MAX_POSTED_CONTENT_BYTES / 1024} KB`,
    );
    expect(largest * 8).toBeLessThan(MAX_POSTED_CONTENT_BYTES);
  });
});
