import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLiveLocalSource } from '../../../src/lib/content/live-export.ts';
import { createLocalSource, readNdjson } from '../../../src/lib/content/local.ts';
import type { ContentPerspective } from '../../../src/lib/content/perspective.ts';
import type { ReleaseInfo } from '../../../src/lib/content/releases.ts';
import { SCHOOL_PAGE_CONTENT_QUERY } from '../../../src/lib/content/queries.ts';
import { TENANT_DOCUMENT_TYPES } from '../../../src/lib/content/schemas.ts';
import type { ContentSource } from '../../../src/lib/content/source.ts';
import {
  heldLookups,
  PREVIEW_LOOKUP_TTL_MS,
} from '../../../src/lib/preview/server/held-lookups.ts';
import { schoolPageProps } from '../../../src/lib/preview/server/school-page.ts';
import { createTenantClient, recordsTransport } from '../../../src/lib/tenants/index.ts';
import {
  DRAFT_ONLY_QUESTION,
  DRAFT_TITLE,
  PUBLISHED_TITLE_MARK,
  draftDocuments,
} from '../../fixtures/drafts/dataset.ts';

const DATASET = 'src/dataset';
const bundled = readFileSync(`${DATASET}/data.ndjson`, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as Record<string, unknown>);
const tenants = JSON.parse(readFileSync(`${DATASET}/tenants.json`, 'utf8')) as Array<
  Record<string, unknown>
>;
const husky = bundled.find((doc) => doc._type === 'school' && doc.key === 'huskymobile')!;
// The drafts fixture (husky with a draft hero and a draft-only FAQ) beside every other bundled school.
const documents = [
  ...draftDocuments(DATASET),
  ...bundled.filter(
    (doc) =>
      doc._type !== 'siteSettings' &&
      doc._id !== husky._id &&
      (doc.school as { _ref?: string } | undefined)?._ref !== husky._id,
  ),
];

/** The local source, counting queries and keeping their parameters. */
function countingSource(perspective: ContentPerspective, docs = documents) {
  const inner = createLocalSource(DATASET, docs, perspective);
  const calls: Array<Record<string, unknown> | undefined> = [];
  const source: ContentSource = {
    ...inner,
    fetch: (query, params) => {
      calls.push(params);
      return inner.fetch(query, params);
    },
    get queryCount() {
      return calls.length;
    },
  };
  return { source, calls };
}

/** A release the stand-in knows (the release documents are read apart from the page's query). */
const LAUNCH: ReleaseInfo = {
  name: 'rLaunch01',
  title: 'Launch day',
  scheduledDraft: true,
  publishAt: new Date('2027-03-01T09:00:00Z'),
  state: 'scheduled',
};

function deps(perspective: ContentPerspective, activeGiveawayIds?: string[], docs = documents) {
  const { source, calls } = countingSource(perspective, docs);
  const releaseCalls: Array<readonly string[]> = [];
  const releases = (names: readonly string[]) => {
    releaseCalls.push(names);
    return Promise.resolve(
      new Map(names.filter((name) => name === LAUNCH.name).map((name) => [name, LAUNCH])),
    );
  };
  return {
    calls,
    releaseCalls,
    deps: {
      source,
      releases,
      loadTenant: createTenantClient(recordsTransport(tenants), { log: () => {} }),
      settings: {
        ACTIVE_GIVEAWAY_IDS: activeGiveawayIds,
        HIDDEN_ENTER_GIVEAWAY_IDS: undefined,
        MAIN_SITE_URL: undefined,
      },
    },
  };
}

/** The page Astro matched: a school shell's route pattern and its params. */
const landing = (school: string) => ({ pattern: '/[school]', params: { school } });
const entryPage = (guid: string) => ({
  pattern: '/[school]/giveaway-entry/[guid]',
  params: { school: 'uw-husky-mobile', guid },
});
const visitor = { draftMode: false, perspective: 'published' } as const;
const editor = (perspective: ContentPerspective) => ({ draftMode: true, perspective });

describe("a school page's data for one request", () => {
  it('asks one query, with the school as its parameter, and gets that school only', async () => {
    const { calls, releaseCalls, deps: d } = deps('published');
    const props = await schoolPageProps(landing('uw-husky-mobile'), visitor, d);
    expect(calls).toHaveLength(1);
    expect(releaseCalls).toHaveLength(0);
    expect(calls[0]).toMatchObject({ seoSlug: 'uw-husky-mobile' });
    expect(props?.site.key).toBe('huskymobile');
    expect(props?.shown).toEqual({ perspective: 'published' });
    const ids = Object.values(props!.site.content.documents)
      .flat()
      .map((doc) => (doc as { school?: { _ref: string } }).school?._ref);
    expect(ids.length).toBeGreaterThan(20);
    expect(new Set(ids)).toEqual(new Set([husky._id]));
  });

  it('published: the published hero and no draft-only FAQ; drafts: the draft hero and the draft-only FAQ', async () => {
    const published = await schoolPageProps(
      landing('uw-husky-mobile'),
      visitor,
      deps('published').deps,
    );
    expect(published?.site.content.documents.landingHeader[0]?.title).toContain(
      PUBLISHED_TITLE_MARK,
    );
    // The product's questions: the draft-only list is not published.
    const publishedFaqs = JSON.stringify(published?.site.content.documents.faqs);
    expect(publishedFaqs).toContain('Can I keep my phone number?');
    expect(publishedFaqs).not.toContain(DRAFT_ONLY_QUESTION);
    const drafts = await schoolPageProps(
      landing('uw-husky-mobile'),
      editor('drafts'),
      deps('drafts').deps,
    );
    expect(drafts?.site.content.documents.landingHeader[0]?.title).toBe(DRAFT_TITLE);
    expect(JSON.stringify(drafts?.site.content.documents.faqs)).toContain(DRAFT_ONLY_QUESTION);
    expect(drafts?.shown).toEqual({ perspective: 'drafts' });
  });

  it('a release stack: the page names its releases, read in one more query; an unreadable perspective is said to be so', async () => {
    const stack: ContentPerspective = { releases: [LAUNCH.name, 'rGone0001'] };
    const { calls, releaseCalls, deps: d } = deps(stack);
    const props = await schoolPageProps(landing('uw-husky-mobile'), editor(stack), d);
    expect(calls).toHaveLength(1);
    expect(releaseCalls).toEqual([[LAUNCH.name, 'rGone0001']]);
    expect(props?.shown).toEqual({
      perspective: stack,
      releases: new Map([[LAUNCH.name, LAUNCH]]),
    });
    const unreadable = await schoolPageProps(
      landing('uw-husky-mobile'),
      { draftMode: true, perspective: 'drafts', unreadable: true },
      deps('drafts').deps,
    );
    expect(unreadable?.shown).toEqual({ perspective: 'drafts', unreadable: true });
  });

  it('a burst of keystrokes asks the product API and the releases once: again only after PREVIEW_LOOKUP_TTL_MS, and never keeps a failure', async () => {
    const stats = { requests: 0, retries: 0 };
    const stack: ContentPerspective = { releases: [LAUNCH.name] };
    const { releaseCalls, deps: d } = deps(stack);
    let now = 1_000;
    let failing = false;
    const counted = createTenantClient(recordsTransport(tenants, stats), { log: () => {} });
    const held = heldLookups(
      {
        loadTenant: (slug) =>
          failing ? Promise.reject(new Error('the product API is down')) : counted(slug),
        releases: d.releases,
      },
      { now: () => now },
    );
    const render = () =>
      schoolPageProps(landing('uw-husky-mobile'), editor(stack), { ...d, ...held });
    expect((await render())?.site.key).toBe('huskymobile');
    expect([stats.requests, releaseCalls.length]).toEqual([2, 1]);
    now += PREVIEW_LOOKUP_TTL_MS - 1;
    const again = await render();
    expect(again?.shown.releases).toEqual(new Map([[LAUNCH.name, LAUNCH]]));
    expect([stats.requests, releaseCalls.length]).toEqual([2, 1]);
    now += 2;
    await render();
    expect([stats.requests, releaseCalls.length]).toEqual([4, 2]);
    // A failed lookup throws for this request and is asked again by the next.
    now += PREVIEW_LOOKUP_TTL_MS + 1;
    failing = true;
    await expect(render()).rejects.toThrow('the product API is down');
    failing = false;
    await render();
    expect(stats.requests).toBe(6);
  });

  it('an unknown school: nothing', async () => {
    expect(
      await schoolPageProps(landing('no-such-school'), visitor, deps('published').deps),
    ).toBeUndefined();
  });

  it('the giveaway is open or closed by the same rule, decided per request', async () => {
    const event = String(
      tenants.find((tenant) => tenant.slug === 'huskymobile')!.ActiveGiveawayEvent,
    );
    const open = await schoolPageProps(
      entryPage(event.toLowerCase()),
      visitor,
      deps('published', [event]).deps,
    );
    expect(open?.site.giveaway.open).toBe(true);
    expect(open?.eventGUID).toBe(event);
    const closed = await schoolPageProps(
      landing('uw-husky-mobile'),
      visitor,
      deps('published', ['00000000-0000-4000-8000-000000000000']).deps,
    );
    expect(closed?.site.giveaway.open).toBe(false);
    // The entry page of an event that is not open is no page.
    expect(
      await schoolPageProps(entryPage(event.toLowerCase()), visitor, deps('published', []).deps),
    ).toBeUndefined();
    expect(
      await schoolPageProps(entryPage('other'), visitor, deps('published', [event]).deps),
    ).toBeUndefined();
  });
});

describe('the product layer on a page rendered on request', () => {
  const footer = documents.find((doc) => doc._id === 'product-footer')!;
  const beavsFooter = documents.find((doc) => doc._id === 'beavsmobile-footer')!;
  /** The product's plan column title in a draft and in a release, and Beavs overriding it in a draft of its own. */
  const withProductEdits = [
    ...documents,
    { ...footer, _id: 'drafts.product-footer', pageColumnTitle: 'Plans for {baseName} fans' },
    { ...footer, _id: `versions.${LAUNCH.name}.product-footer`, pageColumnTitle: 'Launch plans' },
    { ...beavsFooter, _id: 'drafts.beavsmobile-footer', pageColumnTitle: 'Beaver plans' },
  ];
  const columnTitle = async (school: string, perspective: ContentPerspective) =>
    (
      await schoolPageProps(
        landing(school),
        editor(perspective),
        deps(perspective, undefined, withProductEdits).deps,
      )
    )?.site.content.documents.footer[0]?.pageColumnTitle;

  it("a draft of a product document shows on every school that inherits the field, with each school's words; an override stays", async () => {
    expect(await columnTitle('uw-husky-mobile', 'drafts')).toBe('Plans for Husky Mobile fans');
    expect(await columnTitle('cal-bears-mobile', 'drafts')).toBe('Plans for Bears Mobile fans');
    expect(await columnTitle('osu-beavs-mobile', 'drafts')).toBe('Beaver plans');
    // Published: the product's published value, on every school.
    expect(await columnTitle('uw-husky-mobile', 'published')).toBe('Plans');
    expect(await columnTitle('osu-beavs-mobile', 'published')).toBe('Plans');
  });

  it('a product document in a release previews on every school that inherits the field, in that release’s stack', async () => {
    const stack: ContentPerspective = { releases: [LAUNCH.name] };
    expect(await columnTitle('uw-husky-mobile', stack)).toBe('Launch plans');
    expect(await columnTitle('cal-bears-mobile', stack)).toBe('Launch plans');
    // The stack ends in drafts: Beavs' draft override still wins over the product's release.
    expect(await columnTitle('osu-beavs-mobile', stack)).toBe('Beaver plans');
  });

  it("the Studio's posted result of a keystroke in a product document draws the school's page through the same resolution", async () => {
    const { postedContent } = await import('../../../src/lib/preview/server/posted-content.ts');
    const { source } = countingSource('drafts', withProductEdits);
    const params = { seoSlug: 'uw-husky-mobile', types: TENANT_DOCUMENT_TYPES };
    const result = await source.fetch<{ documents: Array<Record<string, unknown>> }>(
      SCHOOL_PAGE_CONTENT_QUERY,
      params,
    );
    // The editor's unsaved value, merged in by the Studio.
    const typed = {
      ...result,
      documents: result.documents.map((doc) =>
        doc._id === 'product-footer' ? { ...doc, pageColumnTitle: 'Every {baseName} plan' } : doc,
      ),
    };
    const origin = 'https://preview.example';
    const request = new Request(`${origin}/uw-husky-mobile`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', origin },
      body: JSON.stringify({
        query: SCHOOL_PAGE_CONTENT_QUERY,
        params,
        perspective: 'drafts',
        result: typed,
      }),
    });
    const posted = await postedContent(request, 'uw-husky-mobile', () =>
      Promise.resolve({ draftMode: true, perspective: 'drafts' }),
    );
    expect(posted.ok).toBe(true);
    const husky = posted.ok ? posted.content.schools[0] : undefined;
    expect(husky?.school.key).toBe('huskymobile');
    expect(husky?.documents.footer[0]?.pageColumnTitle).toBe('Every Husky Mobile plan');
  });
});

describe('who may see a school being prepared', () => {
  // Husky, prepared for launch: its school document says so.
  const preparing = documents.map((doc) =>
    doc._id === husky._id ? { ...doc, status: 'preparing' } : doc,
  );

  it('outside draft mode it is no page, as on the public site', async () => {
    expect(
      await schoolPageProps(
        landing('uw-husky-mobile'),
        visitor,
        deps('published', undefined, preparing).deps,
      ),
    ).toBeUndefined();
  });

  it('in draft mode an editor sees it, in either perspective', async () => {
    for (const perspective of ['published', 'drafts'] as const) {
      const props = await schoolPageProps(
        landing('uw-husky-mobile'),
        editor(perspective),
        deps(perspective, undefined, preparing).deps,
      );
      expect(props?.site.status).toBe('preparing');
    }
  });

  it('a live school is a page for everyone', async () => {
    expect(
      (
        await schoolPageProps(
          landing('osu-beavs-mobile'),
          visitor,
          deps('published', undefined, preparing).deps,
        )
      )?.site.status,
    ).toBe('live');
  });
});

describe("the preview's live export source", () => {
  const perspectives = ['published', 'drafts'] as const;

  /** The school page query through the live source and over the whole export, for each address. */
  async function expectSameAsFullScan(dir: string, slugs: string[]) {
    const file = join(dir, 'data.ndjson');
    const all = readNdjson(readFileSync(file), file);
    for (const perspective of perspectives) {
      for (const seoSlug of slugs) {
        const params = { seoSlug, types: TENANT_DOCUMENT_TYPES };
        const live = await createLiveLocalSource(dir, perspective).fetch(
          SCHOOL_PAGE_CONTENT_QUERY,
          params,
        );
        const full = await createLocalSource(dir, all, perspective).fetch(
          SCHOOL_PAGE_CONTENT_QUERY,
          params,
        );
        expect(live, `${perspective} ${seoSlug}`).toEqual(full);
      }
    }
  }

  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'live-export-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers the school page query exactly as a scan of the whole export does', async () => {
    writeFileSync(join(dir, 'data.ndjson'), documents.map((doc) => JSON.stringify(doc)).join('\n'));
    await expectSameAsFullScan(dir, ['uw-husky-mobile', 'osu-beavs-mobile', 'nope']);
    // Again, from the export held since.
    await expectSameAsFullScan(dir, ['uw-husky-mobile', 'osu-beavs-mobile']);
  });

  it('the same answer for exports written in every way JSON allows, and drafts that move a document or rename a school', async () => {
    const ref = (id: string) => ({ _type: 'reference', _ref: id });
    const lines = [
      // Settings, then a draft of them.
      JSON.stringify({ _id: 'siteSettings', _type: 'siteSettings', productName: 'Published' }),
      JSON.stringify({ _id: 'drafts.siteSettings', _type: 'siteSettings', productName: 'Draft' }),
      // Schools: whitespace and key order of any kind; an escaped key and value; a draft that renames a school.
      '{ "seoSlug" : "alpha" , "_type" : "school", "key": "a", "_id" : "school-a" }',
      '{"_type":"school","\u005fid":"school-b","seoSlug":"be\u0074a","key":"b"}',
      JSON.stringify({ _id: 'school-c', _type: 'school', seoSlug: 'gamma', key: 'c' }),
      JSON.stringify({ _id: 'drafts.school-c', _type: 'school', seoSlug: 'gamma-new', key: 'c' }),
      // A school only in a draft; a school whose address is not a string; two schools with one address.
      JSON.stringify({ _id: 'drafts.school-d', _type: 'school', seoSlug: 'delta', key: 'd' }),
      JSON.stringify({ _id: 'school-e', _type: 'school', seoSlug: 42, key: 'e' }),
      JSON.stringify({ _id: 'school-f', _type: 'school', seoSlug: 'alpha', key: 'f' }),
      '',
      // Documents: a draft that moves one to another school; decoys (nested _id/_ref/seoSlug, text that looks like a key).
      JSON.stringify({
        _id: 'hero-a',
        _type: 'landingHeader',
        school: ref('school-a'),
        title: 'A',
      }),
      JSON.stringify({
        _type: 'landingHeader',
        cta: { _id: 'decoy' },
        _id: 'drafts.hero-a',
        school: ref('school-c'),
        title: 'A moved to C',
      }),
      JSON.stringify({
        _type: 'whyHero',
        note: { _id: 'versions.spring.x' },
        school: ref('school-a'),
        _id: 'why-a',
      }),
      JSON.stringify({
        _id: 'faq-b',
        _type: 'faqs',
        faqs: [
          {
            _key: 'k',
            _id: 'school-a',
            question: '"_ref":"school-a" "seoSlug":"alpha"',
            answer: 'x',
          },
        ],
        school: ref('school-b'),
      }),
      `${JSON.stringify({ _id: 'why-c', _type: 'whyHero', school: ref('school-c'), title: 'C' })}\r`,
      JSON.stringify({
        _id: 'why-d',
        _type: 'whyHero',
        school: ref('school-d'),
        title: 'D',
        related: ref('school-a'),
      }),
      // Another reference before the school's, and a nested _id before the document's own.
      JSON.stringify({
        _type: 'howItWorks',
        cta: ref('school-b'),
        school: ref('school-a'),
        title: 'Fan A',
        _id: 'fan-a',
      }),
      JSON.stringify({
        _type: 'faqs',
        faqs: [{ _key: 'k', _id: 'hero-a', seoSlug: 'beta' }],
        school: ref('school-b'),
        _id: 'faq-b2',
      }),
      // A repeated key: JSON keeps the last one.
      '{"_id":"perk-x","_type":"landingPerks","school":{"_ref":"school-a","_type":"reference"},"school":{"_ref":"school-b","_type":"reference"}}',
      // An escaped reference; a release version; a draft-only document; a document of no school.
      '{"_id":"studentHero-a","_type":"planPageHeader","school":{"_type":"reference","_ref":"school-\u0061"},"title":"\u00e9"}',
      JSON.stringify({
        _id: 'versions.spring.hero-a',
        _type: 'landingHeader',
        school: ref('school-a'),
        title: 'Release',
      }),
      JSON.stringify({
        _id: 'drafts.new-a',
        _type: 'footer',
        school: ref('school-a'),
        title: 'New',
      }),
      JSON.stringify({ _id: 'orphan', _type: 'faqs', faqs: [] }),
    ];
    writeFileSync(join(dir, 'data.ndjson'), `${lines.join('\n')}\n`);
    await expectSameAsFullScan(dir, ['alpha', 'beta', 'gamma', 'gamma-new', 'delta', '42', 'nope']);
  });

  it('the export rewritten on disk: the next query answers from the new file', async () => {
    const file = join(dir, 'data.ndjson');
    const text = documents.map((doc) => JSON.stringify(doc)).join('\n');
    writeFileSync(file, text);
    const source = createLiveLocalSource(dir, 'drafts');
    const heroTitles = async () => {
      const answer = await source.fetch<{
        documents: Array<{ _id: string; _type: string; title?: string }>;
      }>(SCHOOL_PAGE_CONTENT_QUERY, { seoSlug: 'uw-husky-mobile', types: TENANT_DOCUMENT_TYPES });
      // The school's own hero (the product's is in the answer too, for the school to inherit from).
      return answer.documents
        .filter((doc) => doc._type === 'landingHeader' && !doc._id.startsWith('product-'))
        .map((doc) => doc.title);
    };
    expect(await heroTitles()).toEqual([DRAFT_TITLE]);
    writeFileSync(file, text.replace(DRAFT_TITLE, 'Rewritten draft'));
    expect(await heroTitles()).toEqual(['Rewritten draft']);
    await expectSameAsFullScan(dir, ['uw-husky-mobile', 'osu-beavs-mobile']);
  });

  it('an export with a line that is not JSON: the error a whole read gives', async () => {
    writeFileSync(join(dir, 'data.ndjson'), `${JSON.stringify(documents[0])}\n{"_id":"x\\u00",\n`);
    await expect(
      createLiveLocalSource(dir, 'published').fetch(SCHOOL_PAGE_CONTENT_QUERY, {
        seoSlug: 'uw-husky-mobile',
        types: TENANT_DOCUMENT_TYPES,
      }),
    ).rejects.toThrow(/line 2 is not valid JSON/);
  });
});
