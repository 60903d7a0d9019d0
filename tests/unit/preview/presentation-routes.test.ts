/**
 * Presentation's main documents and locations come from the route table and one mapping: every
 * route has a main document, every document type has pages, and a new route needs no second list.
 */
import { describe, expect, it } from 'vitest';
import { TENANT_DOCUMENT_TYPES } from '../../../src/lib/content/schemas.ts';
import {
  EVERY_PAGE,
  locationFields,
  mainDocumentRoutes,
  ROUTE_DOCUMENTS,
  routesShowing,
  schoolDocumentLocations,
  siteWideLocations,
  typesShown,
  type PresentationRoute,
  type RouteDocumentsTable,
} from '../../../src/lib/preview/presentation-routes.ts';
import { SCHOOL_ROUTES } from '../../../src/lib/route-table/routes.ts';

const ALL_TYPES = ['school', 'siteSettings', ...TENANT_DOCUMENT_TYPES];
const husky = {
  seoSlug: 'uw-husky-mobile',
  product: 'Husky Mobile',
  schoolName: 'University of Washington',
  status: 'live',
};
/** The fields that pick one of several documents of a type (a plan header's customer type, a banner's number). */
const PICKING_FIELDS = { customerType: 'student', bannerNumber: 1 };

describe('main documents', () => {
  const mains = mainDocumentRoutes();

  it('has one for every route of the route table, in its order', () => {
    expect(mains.map((main) => main.route)).toEqual(SCHOOL_ROUTES.map((route) => route.name));
  });

  it('matches each route at its address under the school', () => {
    const byRoute = Object.fromEntries(mains.map((main) => [main.route, main]));
    expect(byRoute.landing).toEqual({
      route: 'landing',
      pattern: '/:seoSlug',
      type: 'landingHeader',
      match: {},
    });
    expect(byRoute.student).toEqual({
      route: 'student',
      pattern: '/:seoSlug/student',
      type: 'planPageHeader',
      match: { customerType: 'student' },
    });
    expect(byRoute.fan?.match).toEqual({ customerType: 'fan' });
    expect(byRoute['giveaway-entry']?.pattern).toBe('/:seoSlug/giveaway-entry/:eventId');
    for (const route of SCHOOL_ROUTES)
      expect(byRoute[route.name]?.pattern).toBe(
        route.path
          ? `/:seoSlug/${route.path}` + (route.name === 'giveaway-entry' ? '/:eventId' : '')
          : '/:seoSlug',
      );
  });

  it('are document types the content has', () => {
    for (const main of mains) expect(ALL_TYPES).toContain(main.type);
  });
});

describe('locations', () => {
  it('every document type shows on some page', () => {
    expect([...typesShown()].sort()).toEqual([...ALL_TYPES].sort());
    for (const type of ALL_TYPES) {
      const state =
        type === 'siteSettings'
          ? siteWideLocations(type, [husky], 1)
          : schoolDocumentLocations(type, PICKING_FIELDS, husky);
      expect(state.locations.length, type).toBeGreaterThan(0);
      for (const location of state.locations)
        expect(location.href.startsWith('/uw-husky-mobile'), type).toBe(true);
    }
  });

  it("lists the pages of the document's school, titled from the route table", () => {
    expect(schoolDocumentLocations('whyHero', {}, husky)).toEqual({
      locations: [{ title: 'Why Husky Mobile?', href: '/uw-husky-mobile/why' }],
    });
    expect(schoolDocumentLocations('landingHeader', {}, husky).locations).toEqual([
      { title: 'Husky Mobile – Your School, Your Plan', href: '/uw-husky-mobile' },
    ]);
  });

  it('documents a school has several of show where their fields say', () => {
    expect(
      schoolDocumentLocations('planPageHeader', { customerType: 'faculty' }, husky).locations,
    ).toEqual([
      { title: 'Faculty & Staff Plans | Husky Mobile', href: '/uw-husky-mobile/faculty' },
    ]);
    expect(routesShowing('partnerBanner', { bannerNumber: 1 }).map((route) => route.name)).toEqual([
      'landing',
      'student',
      'faculty',
      'fan',
    ]);
    expect(routesShowing('partnerBanner', { bannerNumber: 2 }).map((route) => route.name)).toEqual([
      'why',
    ]);
    expect(locationFields('partnerBanner')).toEqual(['bannerNumber']);
    expect(locationFields('planCards')).toEqual(['customerType']);
    expect(locationFields('faqs')).toEqual([]);
  });

  it('documents on every page list every page with an address of their own', () => {
    for (const { type } of EVERY_PAGE) {
      const state = schoolDocumentLocations(type, {}, husky);
      expect(state.locations.map((location) => location.href)).toEqual(
        SCHOOL_ROUTES.filter((route) => route.name !== 'giveaway-entry').map((route) =>
          route.path ? `/uw-husky-mobile/${route.path}` : '/uw-husky-mobile',
        ),
      );
      // The entry page's address ends in the giveaway's id, which the Studio does not know: a note says where it is.
      expect(state.message).toContain('Husky Mobile');
      expect(state.message).toContain('giveaway event');
    }
  });

  it('says why a document shows nowhere', () => {
    expect(schoolDocumentLocations('faqs', {}, undefined)).toMatchObject({
      locations: [],
      tone: 'caution',
      message: expect.stringContaining('choose the school') as string,
    });
    expect(schoolDocumentLocations('faqs', {}, { ...husky, status: 'retired' })).toMatchObject({
      locations: [],
      message: expect.stringContaining('retired') as string,
    });
    expect(
      schoolDocumentLocations('faqs', {}, { ...husky, status: 'preparing' }).message,
    ).toContain('preview site only');
    expect(
      schoolDocumentLocations('planPageHeader', { customerType: 'nobody' }, husky),
    ).toMatchObject({ locations: [], message: 'Not shown on any page.' });
  });

  it("falls back to the school's address when its names are not given yet", () => {
    expect(schoolDocumentLocations('whyHero', {}, { seoSlug: 'falcon-mobile' }).locations).toEqual([
      { title: 'Why falcon-mobile?', href: '/falcon-mobile/why' },
    ]);
  });
});

describe('shared documents (not tied to one school)', () => {
  const schools = [
    husky,
    {
      seoSlug: 'beavs-mobile',
      product: 'Beaver Mobile',
      schoolName: 'Oregon State University',
      status: 'live',
    },
    {
      seoSlug: 'cubby-mobile',
      product: 'Cubby Mobile',
      schoolName: 'University of Arizona',
      status: 'live',
    },
  ];

  it("list a few schools' pages and say how many more", () => {
    const state = siteWideLocations('siteSettings', schools, 600);
    expect(state.locations.map((location) => location.href)).toEqual([
      '/uw-husky-mobile',
      '/uw-husky-mobile/coverage-map',
      '/beavs-mobile',
      '/beavs-mobile/coverage-map',
      '/cubby-mobile',
      '/cubby-mobile/coverage-map',
    ]);
    expect(state.locations[1]?.title).toBe('Coverage Map | Husky Mobile');
    expect(state.message).toBe(
      'Shown on the pages of every school: listed here for Husky Mobile, Beaver Mobile, Cubby Mobile, and 597 more.',
    );
  });

  it('list at most the number asked for, and no "more" when all are listed', () => {
    expect(siteWideLocations('siteSettings', schools, 3, { listed: 1 }).message).toContain(
      'Husky Mobile, and 2 more.',
    );
    expect(siteWideLocations('siteSettings', schools, 3).message).toBe(
      'Shown on the pages of every school (Husky Mobile, Beaver Mobile, Cubby Mobile).',
    );
    expect(siteWideLocations('siteSettings', [], 0)).toMatchObject({
      locations: [],
      tone: 'caution',
    });
  });
});

describe('a new route needs no second list', () => {
  const perks: PresentationRoute = {
    name: 'perks',
    path: 'perks',
    title: ({ product }) => `Perks | ${product}`,
  };
  const routes = [...SCHOOL_ROUTES, perks];

  it("with its documents in the mapping, it shows in main documents and in its documents' locations", () => {
    const table: RouteDocumentsTable = {
      ...ROUTE_DOCUMENTS,
      perks: { main: { type: 'landingPerks' }, also: [{ type: 'siteSettings' }] },
    };
    expect(mainDocumentRoutes(routes, table).at(-1)).toEqual({
      route: 'perks',
      pattern: '/:seoSlug/perks',
      type: 'landingPerks',
      match: {},
    });
    expect(schoolDocumentLocations('landingPerks', {}, husky, { routes, table }).locations).toEqual(
      [
        { title: 'Husky Mobile – Your School, Your Plan', href: '/uw-husky-mobile' },
        { title: 'Perks | Husky Mobile', href: '/uw-husky-mobile/perks' },
      ],
    );
    expect(
      siteWideLocations('siteSettings', [husky], 1, { routes, table }).locations.map(
        (location) => location.href,
      ),
    ).toEqual(['/uw-husky-mobile', '/uw-husky-mobile/coverage-map', '/uw-husky-mobile/perks']);
  });

  it('with no entry at all, its school is its main document and it lists under the documents on every page', () => {
    expect(mainDocumentRoutes(routes, ROUTE_DOCUMENTS).at(-1)).toEqual({
      route: 'perks',
      pattern: '/:seoSlug/perks',
      type: 'school',
      match: {},
    });
    for (const { type } of EVERY_PAGE) {
      expect(schoolDocumentLocations(type, {}, husky, { routes }).locations.at(-1)).toEqual({
        title: 'Perks | Husky Mobile',
        href: '/uw-husky-mobile/perks',
      });
    }
    expect(schoolDocumentLocations('landingPerks', {}, husky, { routes }).locations).toHaveLength(
      1,
    );
  });
});
