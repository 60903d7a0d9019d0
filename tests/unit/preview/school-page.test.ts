import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createLocalSource } from '../../../src/lib/content/local.ts';
import type { ContentPerspective } from '../../../src/lib/content/perspective.ts';
import type { ContentSource } from '../../../src/lib/content/source.ts';
import { schoolPageRequest } from '../../../src/lib/preview/page-request.ts';
import { schoolPageProps } from '../../../src/lib/preview/school-page.ts';
import { createTenantClient, recordsTransport } from '../../../src/lib/tenants/index.ts';
import { DRAFT_ONLY_QUESTION, DRAFT_TITLE, PUBLISHED_TITLE_MARK, draftDocuments } from '../../fixtures/drafts/dataset.ts';

const DATASET = 'src/dataset';
const bundled = readFileSync(`${DATASET}/data.ndjson`, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);
const tenants = JSON.parse(readFileSync(`${DATASET}/tenants.json`, 'utf8')) as Array<Record<string, unknown>>;
const husky = bundled.find((doc) => doc._type === 'school' && doc.key === 'huskymobile')!;
// The drafts fixture (husky with a draft hero and a draft-only FAQ) beside every other bundled school.
const documents = [...draftDocuments(DATASET), ...bundled.filter((doc) => doc._type !== 'siteSettings' && doc._id !== husky._id && (doc.school as { _ref?: string } | undefined)?._ref !== husky._id)];

/** The local source, counting queries and keeping their parameters. */
function countingSource(perspective: ContentPerspective) {
  const inner = createLocalSource(DATASET, documents, perspective);
  const calls: Array<Record<string, unknown> | undefined> = [];
  const source: ContentSource = { ...inner, fetch: (query, params) => { calls.push(params); return inner.fetch(query, params); }, get queryCount() { return calls.length; } };
  return { source, calls };
}

function deps(perspective: ContentPerspective, activeGiveawayIds?: string[]) {
  const { source, calls } = countingSource(perspective);
  return { calls, deps: { source, loadTenant: createTenantClient(recordsTransport(tenants), { log: () => {} }), settings: { ACTIVE_GIVEAWAY_IDS: activeGiveawayIds, HIDDEN_ENTER_GIVEAWAY_IDS: undefined, MAIN_SITE_URL: undefined } } };
}

describe('path → school and route (the route table)', () => {
  it.each([
    ['/uw-husky-mobile', { seoSlug: 'uw-husky-mobile', route: 'landing' }],
    ['/uw-husky-mobile/', { seoSlug: 'uw-husky-mobile', route: 'landing' }],
    ['/uw-husky-mobile/student', { seoSlug: 'uw-husky-mobile', route: 'student', customerType: 'student' }],
    ['/uw-husky-mobile/fan', { seoSlug: 'uw-husky-mobile', route: 'fan', customerType: 'fan' }],
    ['/uw-husky-mobile/why', { seoSlug: 'uw-husky-mobile', route: 'why' }],
    ['/uw-husky-mobile/giveaway-closed', { seoSlug: 'uw-husky-mobile', route: 'giveaway-closed' }],
    ['/uw-husky-mobile/giveaway-entry/ABC-1', { seoSlug: 'uw-husky-mobile', route: 'giveaway-entry', guid: 'abc-1' }],
    ['/uw-husky-mobile/broadband-labels.csv', { seoSlug: 'uw-husky-mobile', route: 'broadband-labels' }],
  ])('%s', (path, expected) => {
    expect(schoolPageRequest(path)).toEqual(expected);
  });

  it.each(['/', '/uw-husky-mobile/nope', '/uw-husky-mobile/student/x', '/uw-husky-mobile/giveaway-entry', '/UW/student', '/%E0%A4%A/why', '/uw-husky-mobile/giveaway-entry/a/b'])('%s is no school page', (path) => {
    expect(schoolPageRequest(path)).toBeUndefined();
  });
});

describe('a school page\'s data for one request', () => {
  it('asks one query, with the school as its parameter, and gets that school only', async () => {
    const { calls, deps: d } = deps('published');
    const props = await schoolPageProps({ seoSlug: 'uw-husky-mobile', route: 'landing' }, 'published', d);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ seoSlug: 'uw-husky-mobile' });
    expect(props?.site.key).toBe('huskymobile');
    expect(props?.perspective).toBe('published');
    const ids = Object.values(props!.site.content.documents).flat().map((doc) => (doc as { school?: { _ref: string } }).school?._ref);
    expect(ids.length).toBeGreaterThan(20);
    expect(new Set(ids)).toEqual(new Set([husky._id]));
  });

  it('published: the published hero and no draft-only FAQ; drafts: the draft hero and the draft-only FAQ', async () => {
    const published = await schoolPageProps({ seoSlug: 'uw-husky-mobile', route: 'landing' }, 'published', deps('published').deps);
    expect(published?.site.content.documents.landingHeader[0]?.title).toContain(PUBLISHED_TITLE_MARK);
    expect(published?.site.content.documents.faqs).toEqual([]);
    const drafts = await schoolPageProps({ seoSlug: 'uw-husky-mobile', route: 'landing' }, 'drafts', deps('drafts').deps);
    expect(drafts?.site.content.documents.landingHeader[0]?.title).toBe(DRAFT_TITLE);
    expect(JSON.stringify(drafts?.site.content.documents.faqs)).toContain(DRAFT_ONLY_QUESTION);
    expect(drafts?.perspective).toBe('drafts');
  });

  it('an unknown school: nothing', async () => {
    expect(await schoolPageProps({ seoSlug: 'no-such-school', route: 'landing' }, 'published', deps('published').deps)).toBeUndefined();
  });

  it('the giveaway is open or closed by the same rule, decided per request', async () => {
    const event = String(tenants.find((tenant) => tenant.slug === 'huskymobile')!.ActiveGiveawayEvent);
    const open = await schoolPageProps({ seoSlug: 'uw-husky-mobile', route: 'giveaway-entry', guid: event.toLowerCase() }, 'published', deps('published', [event]).deps);
    expect(open?.site.giveaway.open).toBe(true);
    expect(open?.eventGUID).toBe(event);
    const closed = await schoolPageProps({ seoSlug: 'uw-husky-mobile', route: 'landing' }, 'published', deps('published', ['00000000-0000-4000-8000-000000000000']).deps);
    expect(closed?.site.giveaway.open).toBe(false);
    // The entry page of an event that is not open is no page.
    expect(await schoolPageProps({ seoSlug: 'uw-husky-mobile', route: 'giveaway-entry', guid: event.toLowerCase() }, 'published', deps('published', []).deps)).toBeUndefined();
    expect(await schoolPageProps({ seoSlug: 'uw-husky-mobile', route: 'giveaway-entry', guid: 'other' }, 'published', deps('published', [event]).deps)).toBeUndefined();
  });
});

describe('the preview\'s live export source', () => {
  it('answers the school page query exactly as a scan of the whole export does', async () => {
    const { mkdtempSync, rmSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const { createLiveLocalSource } = await import('../../../src/lib/content/live-export.ts');
    const { SCHOOL_PAGE_CONTENT_QUERY } = await import('../../../src/lib/content/queries.ts');
    const { TENANT_DOCUMENT_TYPES } = await import('../../../src/lib/content/schemas.ts');
    const dir = mkdtempSync(join(tmpdir(), 'live-export-'));
    try {
      writeFileSync(join(dir, 'data.ndjson'), documents.map((doc) => JSON.stringify(doc)).join('\n'));
      for (const perspective of ['published', 'drafts'] as const) {
        for (const seoSlug of ['uw-husky-mobile', 'osu-beavs-mobile', 'nope']) {
          const params = { seoSlug, types: TENANT_DOCUMENT_TYPES };
          const live = await createLiveLocalSource(dir, perspective).fetch(SCHOOL_PAGE_CONTENT_QUERY, params);
          const full = await createLocalSource(DATASET, documents, perspective).fetch(SCHOOL_PAGE_CONTENT_QUERY, params);
          expect(live, `${perspective} ${seoSlug}`).toEqual(full);
        }
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
