/**
 * Presentation's wiring, run over the bundled dataset with GROQ: every page of every school opens
 * its main document, every document of every Studio type lists the pages that show it, and each of
 * those pages opens a main document again. Plus the preview address and the new school's intent.
 */
import { readFileSync } from 'node:fs';
import { evaluate, parse } from 'groq-js';
import { describe, expect, it } from 'vitest';
import { applyPerspective } from '../../src/lib/content/perspective.ts';
import { isProductId } from '../../src/lib/content/inheritance/index.ts';
import {
  locationFields,
  productDocumentLocations,
  routesShowing,
  schoolDocumentLocations,
  siteWideLocations,
  typesShown,
  type SchoolNames,
} from '../../src/lib/preview/presentation-routes.ts';
import { SCHOOL_ROUTES, schoolPath } from '../../src/lib/route-table/routes.ts';
import {
  DEFAULT_PREVIEW_URL,
  documentLocationQuery,
  mainDocuments,
  presentationOptions,
  previewOrigin,
  PREVIEW_MODE,
  productLocationQuery,
  schoolPresentationIntent,
  SITE_WIDE_SCHOOLS_QUERY,
} from '../presentation.ts';
import { schemaTypes } from '../schemaTypes/index.ts';

type Doc = Record<string, unknown> & { _id: string; _type: string };
// The published documents (the dataset also holds a scheduled draft).
const dataset = applyPerspective(
  readFileSync(new URL('../../src/dataset/data.ndjson', import.meta.url), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Doc),
  'published',
) as Doc[];
// School documents carry an address, a status and a name (the Studio's school schema).
const schools = dataset.filter((doc) => doc._type === 'school') as Array<
  Doc & { seoSlug: string; status?: string; baseName?: string }
>;
/** Schools with pages (a retired school has none), live ones first, then by service name: how the site settings list them. */
const withPages = schools
  .filter((school) => school.status !== 'retired')
  .sort(
    (a, b) =>
      Number(b.status !== 'preparing') - Number(a.status !== 'preparing') ||
      String(a.baseName).localeCompare(String(b.baseName)),
  );

async function query<T>(groq: string, params: Record<string, unknown> = {}): Promise<T> {
  return (await evaluate(parse(groq, { params }), { dataset, params })).get() as Promise<T>;
}

/**
 * What Presentation does with a preview path: the first main-document route that matches, its
 * filter run with the path's params. Presentation matches with URLPattern (since Sanity 6.10), case
 * insensitive and with an optional trailing slash, and decodes each param.
 */
async function mainDocumentOf(pathname: string): Promise<Doc | null | undefined> {
  for (const resolver of mainDocuments) {
    const found = new URLPattern(
      { pathname: `${resolver.route as string}{/}?` },
      { ignoreCase: true },
    ).exec({ pathname });
    if (found) {
      const params = Object.fromEntries(
        Object.entries(found.pathname.groups).map(([name, value]) => [
          name,
          decodeURIComponent(value ?? ''),
        ]),
      );
      return query<Doc | null>(`*[${resolver.filter as string}][0]`, params);
    }
  }
  return undefined;
}

describe('main documents', () => {
  it('every page of every school opens a document of that school', async () => {
    for (const school of withPages) {
      for (const route of SCHOOL_ROUTES) {
        const path = schoolPath(
          String(school.seoSlug),
          route.name === 'giveaway-entry' ? `${route.path}/8d1f3c2a` : route.path,
        );
        const main = await mainDocumentOf(path);
        expect(main, path).toBeTruthy();
        const owner =
          main!._type === 'school' ? main!._id : (main!.school as { _ref: string })._ref;
        expect(owner, path).toBe(school._id);
      }
    }
  });

  it('the plan pages open the header of their own customer type', async () => {
    expect(await mainDocumentOf('/uw-husky-mobile/faculty')).toMatchObject({
      _type: 'planPageHeader',
      customerType: 'faculty',
    });
    expect(await mainDocumentOf('/uw-husky-mobile')).toMatchObject({ _type: 'landingHeader' });
    expect(await mainDocumentOf('/uw-husky-mobile/broadband-labels.csv')).toBeUndefined();
    expect(await mainDocumentOf('/no-such-school/why')).toBeNull();
  });
});

describe('locations', () => {
  it('every document type of the Studio schema shows on some page', () => {
    const documentTypes = schemaTypes
      .filter((type) => type.type === 'document')
      .map((type) => type.name);
    expect([...typesShown()].sort()).toEqual([...documentTypes].sort());
  });

  it('every document of every school lists pages of its school, and each of them opens a main document', async () => {
    const pages = new Set<string>();
    for (const doc of dataset.filter(
      (candidate) => candidate._type !== 'siteSettings' && !isProductId(candidate._id),
    )) {
      const answer = await query<Record<string, unknown> & { school?: SchoolNames | null }>(
        documentLocationQuery(doc._type),
        { id: doc._id },
      );
      const state = schoolDocumentLocations(doc._type, answer, answer.school);
      const schoolId = doc._type === 'school' ? doc._id : (doc.school as { _ref: string })._ref;
      const school = schools.find((candidate) => candidate._id === schoolId)!;
      if (school.status === 'retired') {
        expect(state, doc._id).toMatchObject({
          locations: [],
          message: expect.stringContaining('retired') as string,
        });
        continue;
      }
      const seoSlug = school.seoSlug;
      expect(state.locations.length, doc._id).toBeGreaterThan(0);
      for (const location of state.locations) {
        expect(
          location.href === `/${seoSlug}` || location.href.startsWith(`/${seoSlug}/`),
          doc._id,
        ).toBe(true);
        expect(location.title, doc._id).not.toContain('undefined');
        pages.add(location.href);
      }
    }
    for (const page of pages) expect(await mainDocumentOf(page), page).toBeTruthy();
  });

  it('a product document lists its pages at three schools that inherit it, and how many more', async () => {
    const products = dataset.filter((doc) => isProductId(doc._id));
    expect(products).toHaveLength(40);
    for (const doc of products) {
      const answer = await query<{
        document: Record<string, unknown>;
        schools: SchoolNames[];
        total: number;
      }>(productLocationQuery(doc._type), { id: doc._id });
      const state = productDocumentLocations(
        doc._type,
        answer.document,
        answer.schools,
        answer.total,
      );
      expect(state.message, doc._id).toBe(
        `Inherited by every school where it is not overridden: listed here for ${withPages
          .slice(0, 3)
          .map((school) => school.baseName)
          .join(', ')}, and ${withPages.length - 3} more.`,
      );
      expect(state.locations.length, doc._id).toBeGreaterThanOrEqual(3);
      const mine = Object.fromEntries(
        locationFields(doc._type).map((field) => [field, doc[field]]),
      );
      for (const location of state.locations)
        expect(await mainDocumentOf(location.href), location.href).toBeTruthy();
      // The pages of its type and variant (a plan page's audience), as a school's own document's.
      const own = routesShowing(doc._type, mine).map((route) => route.path);
      for (const location of state.locations)
        expect(own, `${doc._id} ${location.href}`).toContain(
          location.href.split('/').slice(2).join('/'),
        );
    }
  });

  it("the site settings list three schools' pages and how many more", async () => {
    const answer = await query<{ schools: SchoolNames[]; total: number }>(SITE_WIDE_SCHOOLS_QUERY);
    expect(answer.total).toBe(withPages.length);
    expect(answer.schools.map((school) => school.product)).toEqual(
      withPages.slice(0, 3).map((school) => school.baseName),
    );
    const state = siteWideLocations('siteSettings', answer.schools, answer.total);
    expect(state.locations.map((location) => location.href)).toEqual(
      withPages
        .slice(0, 3)
        .flatMap((school) => [`/${school.seoSlug}`, `/${school.seoSlug}/coverage-map`]),
    );
    expect(state.message).toContain(`and ${withPages.length - 3} more.`);
  });

  it('retired schools are not counted, and live schools are listed before preparing ones', async () => {
    const statuses = {
      'school-bearsmobile': 'retired',
      'school-beavsmobile': 'preparing',
    } as Record<string, string>;
    const changed = dataset.map((doc) =>
      statuses[doc._id] ? { ...doc, status: statuses[doc._id] } : doc,
    );
    const answer = (await (
      await evaluate(parse(SITE_WIDE_SCHOOLS_QUERY), { dataset: changed })
    ).get()) as { schools: SchoolNames[]; total: number };
    expect(answer.total).toBe(withPages.filter((school) => !statuses[school._id]).length + 1);
    const listed = answer.schools.map((school) => school.product);
    expect(listed).not.toContain('Bears Mobile');
    expect(listed).not.toContain('Beavs Mobile');
    expect(listed).toEqual(
      withPages
        .filter((school) => !statuses[school._id])
        .slice(0, 3)
        .map((school) => school.baseName),
    );
  });
});

describe('the preview site and the new school', () => {
  it('frames the preview site from SANITY_STUDIO_PREVIEW_URL, the local preview server by default', () => {
    expect(previewOrigin(undefined)).toBe('http://localhost:4322');
    expect(previewOrigin(' ')).toBe(DEFAULT_PREVIEW_URL);
    expect(previewOrigin('https://preview.example.org/some/path')).toBe(
      'https://preview.example.org',
    );
    expect(() => previewOrigin('preview.example.org')).toThrow(/not an address/);
    expect(() => previewOrigin('javascript:alert(1)')).toThrow(/http/);
    expect(presentationOptions('https://preview.example.org').previewUrl).toEqual({
      initial: 'https://preview.example.org',
      previewMode: { enable: '/api/preview/enable', disable: '/api/preview/disable' },
    });
    expect(PREVIEW_MODE.enable).toBe('/api/preview/enable');
  });

  it('a new school opens at its landing page in Presentation, beside its school document', () => {
    expect(
      schoolPresentationIntent({ _id: 'school-falconmobile', seoSlug: 'falcon-mobile' }),
    ).toEqual({
      id: 'school-falconmobile',
      type: 'school',
      mode: 'presentation',
      presentation: 'presentation',
      preview: '/falcon-mobile',
    });
  });
});
