/**
 * What the Studio's Presentation tool (a page beside its documents) needs from the route table:
 * for each page, the document it opens beside it (main documents), and for each document, the
 * pages that show it (locations). Both are derived from SCHOOL_ROUTES and one mapping,
 * ROUTE_DOCUMENTS (which documents each page shows, as src/lib/views picks them), so a new page
 * type is one route in routes.ts and one entry here, never a second list. A route without an entry
 * still gets the school as its main document and lists under the documents on every page.
 *
 * Pure (no Sanity imports): studio/presentation.ts turns it into presentationTool's options.
 */
import type { TenantDocumentType } from '../content/schemas.ts';
import {
  SCHOOL_ROUTES,
  schoolPath,
  type SchoolRoute,
  type SchoolRouteName,
} from '../route-table/routes.ts';

export type ContentDocumentType = TenantDocumentType | 'school' | 'siteSettings';

/** A document a page shows: its type and, for types a school has several of, which one (field values). */
export interface ShownDocument {
  type: ContentDocumentType;
  match?: Readonly<Record<string, string | number>>;
}

export interface RouteDocuments {
  /** Opened beside the page in Presentation: the document of the page's first section. */
  main: ShownDocument;
  /** The page's other documents (besides EVERY_PAGE ones), in the order the page shows them. */
  also?: readonly ShownDocument[];
  /**
   * The page's address ends in an id only the product API knows (`giveaway-entry/{event id}`):
   * Presentation matches any value as `:{param}`; no location links to it, a note says where it is.
   */
  idInAddress?: { param: string; note: string };
}

/** What a route needs here: its name, path below /{seoSlug} and title (SchoolRoute has them). */
export type PresentationRoute = Pick<SchoolRoute, 'path' | 'title'> & { name: string };
export type RouteDocumentsTable = Readonly<Record<string, RouteDocuments>>;

const doc = (type: ContentDocumentType, match?: ShownDocument['match']): ShownDocument =>
  match ? { type, match } : { type };

/** The plan pages (src/lib/views/plans.ts): the route's name is the customer type of its header and cards. */
const planPage = (customerType: 'student' | 'faculty' | 'fan'): RouteDocuments => ({
  main: doc('planPageHeader', { customerType }),
  also: [
    doc('planCards', { customerType }),
    doc('broadbandFacts'),
    doc('partnerBanner', { bannerNumber: 1 }),
    doc('perkSection'),
    doc('giveawaysBanner'),
    doc('switchSection'),
  ],
});

/** Which documents each page shows, read from its view in src/lib/views (the one mapping). */
export const ROUTE_DOCUMENTS: Readonly<Record<SchoolRouteName, RouteDocuments>> = {
  landing: {
    main: doc('landingHeader'),
    also: [
      doc('partnerBanner', { bannerNumber: 1 }),
      doc('landingPerks'),
      doc('howItWorks'),
      doc('choosePlans'),
      doc('missionRows'),
      doc('faqs'),
      doc('siteSettings'),
    ],
  },
  student: planPage('student'),
  faculty: planPage('faculty'),
  fan: planPage('fan'),
  why: {
    main: doc('whyHero'),
    also: [
      doc('partnerBanner', { bannerNumber: 2 }),
      doc('givebackFunds'),
      doc('howItWorksMath'),
      doc('whyPerks'),
      doc('whyPlans'),
    ],
  },
  'coverage-map': { main: doc('coverageMapPage'), also: [doc('siteSettings')] },
  newsroom: { main: doc('pressRelease') },
  'international-dialing': { main: doc('internationalDialing') },
  'giveaway-entry': {
    main: doc('giveawayForm'),
    idInAddress: {
      param: 'eventId',
      note: "the current giveaway event's id: open it from the giveaway banner of a plan page",
    },
  },
  'giveaway-confirmation': {
    main: doc('giveawayConfirmation'),
    also: [doc('giveawaysBanner'), doc('giveawayForm'), doc('giveawayClosed')],
  },
  'giveaway-closed': { main: doc('giveawayClosed'), also: [doc('giveawayConfirmation')] },
};

/** On every page of a school: its registry entry (names, logo, colours), header, sign-in dialog and footer. */
export const EVERY_PAGE: readonly ShownDocument[] = [
  doc('school'),
  doc('headerNav'),
  doc('loginModal'),
  doc('footer'),
];

/** Documents not tied to one school: shown on the pages of every school. */
export const SITE_WIDE_TYPES: readonly ContentDocumentType[] = ['siteSettings'];
export const isSiteWide = (type: string) => (SITE_WIDE_TYPES as readonly string[]).includes(type);

/** How many schools a site-wide document's locations list before "and N more". */
export const SITE_WIDE_SCHOOLS_LISTED = 3;

/** A route's documents; a route with no entry shows its school (every page does). */
function documentsOf(route: PresentationRoute, table: RouteDocumentsTable): RouteDocuments {
  return table[route.name] ?? { main: doc('school') };
}

function shownOn(route: PresentationRoute, table: RouteDocumentsTable): ShownDocument[] {
  const { main, also = [] } = documentsOf(route, table);
  return [main, ...also, ...EVERY_PAGE];
}

// ---------------------------------------------------------------------------------------------
// Main documents: one per route.

export interface MainDocumentRoute {
  route: string;
  /** Presentation's route pattern (path-to-regexp): the school's address is `:seoSlug`. */
  pattern: string;
  type: ContentDocumentType;
  /** Field values that pick the one document of a type a school has several of. */
  match: Readonly<Record<string, string | number>>;
}

export const SEO_SLUG_PARAM = 'seoSlug';

export function mainDocumentRoutes(
  routes: readonly PresentationRoute[] = SCHOOL_ROUTES,
  table: RouteDocumentsTable = ROUTE_DOCUMENTS,
): MainDocumentRoute[] {
  return routes.map((route) => {
    const { main, idInAddress } = documentsOf(route, table);
    const pattern = schoolPath(`:${SEO_SLUG_PARAM}`, route.path);
    return {
      route: route.name,
      pattern: idInAddress ? `${pattern}/:${idInAddress.param}` : pattern,
      type: main.type,
      match: main.match ?? {},
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Locations: for each document, the pages that show it.

/** What a location needs of a school: its address and the names the route table's titles take. */
export interface SchoolNames {
  seoSlug?: string | null;
  /** The service name (school.baseName), e.g. "Husky Mobile". */
  product?: string | null;
  schoolName?: string | null;
  status?: string | null;
}

export interface PageLocation {
  title: string;
  href: string;
}

export interface LocationsState {
  locations: PageLocation[];
  message?: string;
  tone?: 'positive' | 'caution' | 'critical';
}

function matches(
  shown: ShownDocument,
  type: string,
  fields: Readonly<Record<string, unknown>>,
): boolean {
  return (
    shown.type === type &&
    Object.entries(shown.match ?? {}).every(([name, value]) => fields[name] === value)
  );
}

/** The routes that show a document of `type` with these field values, in the route table's order. */
export function routesShowing(
  type: string,
  fields: Readonly<Record<string, unknown>> = {},
  routes: readonly PresentationRoute[] = SCHOOL_ROUTES,
  table: RouteDocumentsTable = ROUTE_DOCUMENTS,
): PresentationRoute[] {
  return routes.filter((route) =>
    shownOn(route, table).some((shown) => matches(shown, type, fields)),
  );
}

/** The fields of a type that decide its pages (e.g. a plan header's customer type), for the Studio to read. */
export function locationFields(
  type: string,
  routes: readonly PresentationRoute[] = SCHOOL_ROUTES,
  table: RouteDocumentsTable = ROUTE_DOCUMENTS,
): string[] {
  const names = routes.flatMap((route) =>
    shownOn(route, table)
      .filter((shown) => shown.type === type)
      .flatMap((shown) => Object.keys(shown.match ?? {})),
  );
  return [...new Set(names)].sort();
}

/** Every document type some page shows. */
export function typesShown(
  routes: readonly PresentationRoute[] = SCHOOL_ROUTES,
  table: RouteDocumentsTable = ROUTE_DOCUMENTS,
): ContentDocumentType[] {
  return [...new Set(routes.flatMap((route) => shownOn(route, table).map((shown) => shown.type)))];
}

const text = (value: string | null | undefined) =>
  value && value.trim() ? value.trim() : undefined;

function pagesOf(
  pages: readonly PresentationRoute[],
  school: SchoolNames,
  seoSlug: string,
  table: RouteDocumentsTable,
): { locations: PageLocation[]; notes: string[] } {
  const product = text(school.product) ?? seoSlug;
  const names = { product, schoolName: text(school.schoolName) ?? product };
  const locations: PageLocation[] = [];
  const notes: string[] = [];
  for (const route of pages) {
    const idInAddress = table[route.name]?.idInAddress;
    if (idInAddress)
      notes.push(`Also on "${route.title(names)}", whose address ends in ${idInAddress.note}.`);
    else locations.push({ title: route.title(names), href: schoolPath(seoSlug, route.path) });
  }
  return { locations, notes };
}

export interface LocationOptions {
  routes?: readonly PresentationRoute[];
  table?: RouteDocumentsTable;
}

/** A school's document (or the school itself): the pages of its school that show it. */
export function schoolDocumentLocations(
  type: string,
  fields: Readonly<Record<string, unknown>>,
  school: SchoolNames | null | undefined,
  { routes = SCHOOL_ROUTES, table = ROUTE_DOCUMENTS }: LocationOptions = {},
): LocationsState {
  const pages = routesShowing(type, fields, routes, table);
  if (pages.length === 0)
    return { locations: [], message: 'Not shown on any page.', tone: 'caution' };
  const seoSlug = text(school?.seoSlug);
  if (!school || !seoSlug) {
    return {
      locations: [],
      message:
        type === 'school'
          ? 'Give the school its address on the site to see its pages.'
          : 'Not on any page yet: choose the school it belongs to.',
      tone: 'caution',
    };
  }
  if (school.status === 'retired') {
    return {
      locations: [],
      message: 'This school is retired: it has no pages, and its addresses redirect.',
      tone: 'caution',
    };
  }
  const { locations, notes } = pagesOf(pages, school, seoSlug, table);
  const preparing =
    school.status === 'preparing'
      ? ['The school is being prepared: its pages show on the preview site only.']
      : [];
  const message = [...preparing, ...notes].join(' ');
  return message ? { locations, message } : { locations };
}

/**
 * A site-wide document: its pages at the first few schools (`schools`, already in the order to
 * list them), and how many more schools show it (`total` is how many schools have pages).
 */
export function siteWideLocations(
  type: string,
  schools: readonly SchoolNames[],
  total: number,
  options: LocationOptions & { listed?: number } = {},
): LocationsState {
  return everySchoolLocations(type, {}, schools, total, options, (names, more) =>
    more > 0
      ? `Shown on the pages of every school: listed here for ${names}, and ${more} more.`
      : `Shown on the pages of every school (${names}).`,
  );
}

/**
 * A product document (src/lib/content/inheritance/): the pages that show it (by its fields, e.g. a
 * plan page's audience) at the first few schools, as for a site-wide document; every school shows
 * it where its own document does not override a field.
 */
export function productDocumentLocations(
  type: string,
  fields: Readonly<Record<string, unknown>>,
  schools: readonly SchoolNames[],
  total: number,
  options: LocationOptions & { listed?: number } = {},
): LocationsState {
  return everySchoolLocations(type, fields, schools, total, options, (names, more) =>
    more > 0
      ? `Inherited by every school where it is not overridden: listed here for ${names}, and ${more} more.`
      : `Inherited by every school where it is not overridden (${names}).`,
  );
}

function everySchoolLocations(
  type: string,
  fields: Readonly<Record<string, unknown>>,
  schools: readonly SchoolNames[],
  total: number,
  {
    routes = SCHOOL_ROUTES,
    table = ROUTE_DOCUMENTS,
    listed = SITE_WIDE_SCHOOLS_LISTED,
  }: LocationOptions & { listed?: number },
  say: (names: string, more: number) => string,
): LocationsState {
  const pages = routesShowing(type, fields, routes, table);
  if (pages.length === 0)
    return { locations: [], message: 'Not shown on any page.', tone: 'caution' };
  const shown = schools
    .filter((school) => text(school.seoSlug) && school.status !== 'retired')
    .slice(0, listed);
  if (shown.length === 0)
    return {
      locations: [],
      message: "Shown on every school's pages; no school has pages yet.",
      tone: 'caution',
    };
  const locations = shown.flatMap(
    (school) => pagesOf(pages, school, text(school.seoSlug)!, table).locations,
  );
  const more = Math.max(0, total - shown.length);
  const names = shown.map((school) => text(school.product) ?? text(school.seoSlug)).join(', ');
  return { locations, message: say(names, more) };
}
