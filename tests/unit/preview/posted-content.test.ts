/**
 * A post to a school page's address costs what its page costs: what the page at hand may not carry
 * (another school, a second site settings, another type, another school's reference, a type named
 * `constructor` or `__proto__`, a body nested 20,000 deep, too many documents) is refused with a
 * 4xx and its reason before any lookup: no tenant record, no release list, no query. A post the
 * Studio would send costs one tenant lookup, the page's own, and no query.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLocalSource } from '../../../src/lib/content/local.ts';
import { SCHOOL_PAGE_CONTENT_QUERY } from '../../../src/lib/content/queries.ts';
import { TENANT_DOCUMENT_TYPES } from '../../../src/lib/content/schemas.ts';
import type { ContentSource } from '../../../src/lib/content/source.ts';
import type { DraftModeState } from '../../../src/lib/preview/server/draft-mode.ts';
import { MAX_POSTED_CONTENT_BYTES } from '../../../src/lib/preview/server/posted-content.ts';
import {
  documentRefusal,
  MAX_POSTED_DEPTH,
  MAX_POSTED_DOCUMENTS,
} from '../../../src/lib/preview/server/posted-result.ts';
import { schoolPageRequest } from '../../../src/lib/preview/server/school-page-request.ts';
import { createTenantClient, recordsTransport } from '../../../src/lib/tenants/index.ts';

const DATASET = 'src/dataset';
const SITE = 'http://preview.test';
const SLUG = 'uw-husky-mobile';
const ROUTE = { pattern: '/[school]', params: { school: SLUG } };
const PARAMS = { seoSlug: SLUG, types: TENANT_DOCUMENT_TYPES };
const tenants = JSON.parse(readFileSync(`${DATASET}/tenants.json`, 'utf8')) as Array<
  Record<string, unknown>
>;

type Doc = Record<string, unknown> & { _id: string; _type: string };
interface Answer {
  school: Doc;
  settings: Doc;
  documents: Doc[];
}

/** The page's query answer in drafts, as the Studio posts it; and another school's, for the mixes. */
let husky: Answer;
let beavs: Answer;
beforeAll(async () => {
  const source = createLocalSource(DATASET, undefined, 'drafts');
  husky = await source.fetch<Answer>(SCHOOL_PAGE_CONTENT_QUERY, PARAMS);
  beavs = await source.fetch<Answer>(SCHOOL_PAGE_CONTENT_QUERY, {
    ...PARAMS,
    seoSlug: 'osu-beavs-mobile',
  });
});

/** Every lookup the page could make, counted: tenant records, release lists, queries. */
function lookups() {
  const counted = { loadTenant: 0, releases: 0, queries: 0, draftMode: 0 };
  const tenant = createTenantClient(recordsTransport(tenants), { log: () => {} });
  const source = {
    fetch: () => {
      counted.queries += 1;
      return Promise.reject(new Error('a posted page makes no query'));
    },
  } as unknown as ContentSource;
  return {
    counted,
    deps: {
      source,
      loadTenant: (slug: string) => {
        counted.loadTenant += 1;
        return tenant(slug);
      },
      releases: () => {
        counted.releases += 1;
        return Promise.resolve(new Map());
      },
      settings: {
        ACTIVE_GIVEAWAY_IDS: undefined,
        HIDDEN_ENTER_GIVEAWAY_IDS: undefined,
        MAIN_SITE_URL: undefined,
      },
    },
    access: (state: DraftModeState) => () => {
      counted.draftMode += 1;
      return Promise.resolve(state);
    },
  };
}

const EDITOR: DraftModeState = { draftMode: true, perspective: 'drafts' };
const OWN_PAGE = {
  origin: SITE,
  'sec-fetch-site': 'same-origin',
  'content-type': 'application/json',
};

/** The Studio's post for the page, its result changed by `change` (a copy). */
function studioPost(change: (result: Answer) => void = () => {}): string {
  const result = structuredClone(husky);
  change(result);
  return JSON.stringify({
    query: SCHOOL_PAGE_CONTENT_QUERY,
    params: PARAMS,
    perspective: 'drafts',
    result,
  });
}

async function send(
  body: string,
  {
    headers = OWN_PAGE,
    state = EDITOR,
  }: { headers?: Record<string, string>; state?: DraftModeState } = {},
) {
  const { counted, deps, access } = lookups();
  const request = new Request(`${SITE}/${SLUG}`, { method: 'POST', headers, body });
  const read = await schoolPageRequest(request, ROUTE, access(state), deps);
  const refusal = read.ok
    ? undefined
    : {
        status: read.response.status,
        message: ((await read.response.json()) as { message: string }).message,
      };
  return { read, refusal, counted };
}

const deep = (depth: number, leaf = '1') => `${'['.repeat(depth)}${leaf}${']'.repeat(depth)}`;
/** Husky Mobile's landing hero: its heading is its own (an override), so an edit there shows on its page. */
const hero = (result: Answer) =>
  result.documents.find((doc) => doc._id === 'huskymobile-landingHeader')!;

describe("a post to a page's address", () => {
  it("the Studio's own result: drawn, at the cost of its page (one tenant lookup, no query)", async () => {
    const { read, counted } = await send(
      studioPost((result) => {
        hero(result).title = 'Typed, not saved';
      }),
    );
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.props?.site.key).toBe('huskymobile');
    expect(read.props?.site.content.documents.landingHeader[0]?.title).toBe('Typed, not saved');
    expect(counted).toEqual({ loadTenant: 1, releases: 0, queries: 0, draftMode: 1 });
  });

  const schoolsOfOthers = (count: number) =>
    studioPost((result) => {
      const other = beavs.school;
      result.documents.push(
        ...Array.from({ length: count }, (_, at) => ({
          ...other,
          _id: `school-copy-${at}`,
          key: `copy${at}`,
          seoSlug: `copy-${at}`,
        })),
      );
    });

  // Finding 3: each of these made a lookup per school, or read more than the page's own.
  // Finding 4: each of these answered 500 (a TypeError or a RangeError).
  const refused: Array<[string, number, RegExp, () => string]> = [
    [
      '1,000 school documents among the documents (finding 3: a tenant lookup each)',
      422,
      /the result carries 1,?0\d\d documents, more than a school page's 400/,
      () => schoolsOfOthers(1_000),
    ],
    [
      '300 school documents among the documents (finding 3, within the count)',
      422,
      /document "school-copy-0" has a type no school page carries \("school"\)/,
      () => schoolsOfOthers(300),
    ],
    [
      "another school's school document as the result's school",
      422,
      /the result's school is not this page's school/,
      () =>
        studioPost((result) => {
          result.school = beavs.school;
        }),
    ],
    [
      'a second site settings document',
      422,
      /document "siteSettings-2" has a type no school page carries \("siteSettings"\)/,
      () =>
        studioPost((result) => {
          result.documents.push({ ...result.settings, _id: 'siteSettings-2' });
        }),
    ],
    [
      'a site settings that is a school document',
      422,
      /the result's settings are not the site settings document/,
      () =>
        studioPost((result) => {
          result.settings = beavs.school;
        }),
    ],
    [
      'another type (a release document)',
      422,
      /has a type no school page carries \("system.release"\)/,
      () =>
        studioPost((result) => {
          result.documents.push({ _id: '_.releases.rX', _type: 'system.release' });
        }),
    ],
    [
      "another school's documents",
      422,
      /has a school reference that is not this page's school/,
      () =>
        studioPost((result) => {
          result.documents.push(...beavs.documents);
        }),
    ],
    [
      'a document with no school reference that is no product document',
      422,
      /document "orphan-hero" has no school reference and is no product document/,
      () =>
        studioPost((result) => {
          const orphan: Doc = { ...hero(result), _id: 'orphan-hero' };
          delete orphan.school;
          result.documents.push(orphan);
        }),
    ],
    [
      `more than ${MAX_POSTED_DOCUMENTS} documents`,
      422,
      new RegExp(`more than a school page's ${MAX_POSTED_DOCUMENTS}`),
      () =>
        studioPost((result) => {
          const faq = result.documents.find((doc) => doc._type === 'faqs')!;
          result.documents.push(
            ...Array.from({ length: MAX_POSTED_DOCUMENTS }, (_, at) => ({
              _id: `faq-${at}`,
              _type: 'faqs',
              school: faq.school,
            })),
          );
        }),
    ],
    [
      "_type constructor on this school's document (finding 4)",
      422,
      /has a type no school page carries \("constructor"\)/,
      () =>
        studioPost((result) => {
          hero(result)._type = 'constructor';
        }),
    ],
    [
      "_type __proto__ on this school's document (finding 4)",
      422,
      /has a type no school page carries \("__proto__"\)/,
      () =>
        studioPost((result) => {
          hero(result)._type = '__proto__';
        }),
    ],
    [
      "an unknown _type on this school's document (finding 4)",
      422,
      /has a type no school page carries \("widget"\)/,
      () =>
        studioPost((result) => {
          hero(result)._type = 'widget';
        }),
    ],
    [
      'a field named __proto__',
      422,
      /a field named __proto__/,
      () =>
        studioPost().replace('"title":', '"__proto__":{"title":"javascript:alert(1)"},"title":'),
    ],
    [
      'params nested 20,000 deep (finding 4: RangeError)',
      422,
      new RegExp(`nests deeper than ${MAX_POSTED_DEPTH} levels`),
      () =>
        JSON.stringify({
          query: SCHOOL_PAGE_CONTENT_QUERY,
          params: 0,
          perspective: 'drafts',
          result: 0,
        }).replace('"params":0', `"params":${deep(20_000)}`),
    ],
    [
      "a field of this school's document nested 20,000 deep (finding 4: RangeError)",
      422,
      new RegExp(`nests deeper than ${MAX_POSTED_DEPTH} levels`),
      () => studioPost().replace('"title":', `"deep":${deep(20_000)},"title":`),
    ],
    [
      'a document that is no object',
      422,
      /is not a document/,
      () =>
        studioPost((result) => {
          (result.documents as unknown[]).push(null);
        }),
    ],
    [
      'documents that are no list',
      422,
      /the result's documents are not a list/,
      () =>
        studioPost((result) => {
          (result as unknown as { documents: unknown }).documents = { 0: hero(result) };
        }),
    ],
    [
      'a result field the query does not give',
      422,
      /a field the page's query does not give \("schools"\)/,
      () =>
        studioPost((result) => {
          (result as unknown as Record<string, unknown>).schools = [beavs.school];
        }),
    ],
    [
      'a result that is a list',
      422,
      /names no school/,
      () =>
        JSON.stringify({
          query: SCHOOL_PAGE_CONTENT_QUERY,
          params: PARAMS,
          perspective: 'drafts',
          result: [],
        }),
    ],
    [
      "another query's result",
      422,
      /another query/,
      () => studioPost().replace(JSON.stringify(SCHOOL_PAGE_CONTENT_QUERY), '"*"'),
    ],
    [
      'another perspective',
      409,
      /another perspective/,
      () => studioPost().replace('"perspective":"drafts"', '"perspective":"published"'),
    ],
  ];

  it.each(refused)(
    '%s: %i with its reason, no lookup made',
    async (_name, status, reason, body) => {
      const text = body();
      expect(Buffer.byteLength(text)).toBeLessThanOrEqual(MAX_POSTED_CONTENT_BYTES);
      const { refusal, counted } = await send(text);
      expect(refusal).toEqual({ status, message: expect.stringMatching(reason) as string });
      expect(counted).toEqual({ loadTenant: 0, releases: 0, queries: 0, draftMode: 1 });
    },
  );

  it('refused by the guard of every draft-mode post: no lookup, and draft mode read only once the origin passed', async () => {
    const crossSite = await send(studioPost(), {
      headers: { ...OWN_PAGE, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.refusal?.status).toBe(403);
    expect(crossSite.counted).toEqual({ loadTenant: 0, releases: 0, queries: 0, draftMode: 0 });
    const visitor = await send(studioPost(), {
      state: { draftMode: false, perspective: 'published' },
    });
    expect(visitor.refusal?.status).toBe(401);
    expect(visitor.counted).toEqual({ loadTenant: 0, releases: 0, queries: 0, draftMode: 1 });
  });
});

describe('the one rule of what a school page may carry (documentRefusal)', () => {
  const SCHOOL_ID = 'school-huskymobile';
  const own = { school: { _type: 'reference', _ref: SCHOOL_ID } };

  it("this school's documents of its own types, in any layer of its reference", () => {
    for (const type of TENANT_DOCUMENT_TYPES)
      expect(documentRefusal({ _id: `x-${type}`, _type: type, ...own }, SCHOOL_ID)).toBeUndefined();
    expect(
      documentRefusal(
        { _id: 'drafts.x', _type: 'faqs', school: { _ref: `drafts.${SCHOOL_ID}` } },
        SCHOOL_ID,
      ),
    ).toBeUndefined();
  });

  it('the product documents every school inherits from: an id product-…, in any layer, as the query reads them', () => {
    for (const [id, type] of [
      ['product-faqs', 'faqs'],
      ['product-planCards-fan', 'planCards'],
      ['product-broadbandFacts-4', 'broadbandFacts'],
      ['drafts.product-faqs', 'faqs'],
      ['versions.rLaunch.product-footer', 'footer'],
    ])
      expect(documentRefusal({ _id: id, _type: type }, SCHOOL_ID), id).toBeUndefined();
    // The query takes an id product-… whatever the document's school reference.
    expect(
      documentRefusal(
        { _id: 'product-faqs', _type: 'faqs', school: { _ref: 'school-osu' } },
        SCHOOL_ID,
      ),
    ).toBeUndefined();
    // Not a product document: another prefix, or a type no school page carries.
    for (const [id, type] of [
      ['productfaqs', 'faqs'],
      ['faqs-product-1', 'faqs'],
      ['product-school', 'school'],
      ['product-siteSettings', 'siteSettings'],
    ])
      expect(documentRefusal({ _id: id, _type: type }, SCHOOL_ID), id).toBeDefined();
  });

  it("nothing else: another school's reference, another type, a prototype's name, no id", () => {
    expect(
      documentRefusal({ _id: 'a', _type: 'faqs', school: { _ref: 'school-osu' } }, SCHOOL_ID),
    ).toMatch(/not this page's school/);
    expect(
      documentRefusal({ _id: 'a', _type: 'faqs', school: 'school-huskymobile' }, SCHOOL_ID),
    ).toMatch(/not this page's school/);
    for (const type of ['school', 'siteSettings', 'constructor', '__proto__', 'toString', 'x', 42])
      expect(documentRefusal({ _id: 'a', _type: type, ...own }, SCHOOL_ID)).toMatch(
        /has a type no school page carries/,
      );
    expect(documentRefusal({ _type: 'faqs', ...own }, SCHOOL_ID)).toBe('has no id');
    expect(documentRefusal([], SCHOOL_ID)).toBe('is not a document');
  });
});
