/**
 * The pages the tests walk, taken from the route table: the dist tests, the launch review and the
 * redirect rules' tests all read this one list, so a new route is checked everywhere without a test
 * being edited. Plain module (no DOM, no vitest, no Playwright): both test runners import it.
 *
 * A route whose path takes a parameter (the giveaway entry's event id) needs a line in
 * PARAMETER_PAGES saying where a school's page is. A new one without that line is taken as a
 * plain path, and the dist tests then fail on the missing `{school}/{path}.html`: nothing is
 * skipped quietly.
 */
// The one import of the route table in the tests: when the table moves, only this line changes.
import { SCHOOL_ROUTES, schoolPath, type SchoolRouteName } from '../src/lib/route-table/routes.ts';

export { SCHOOL_ROUTES, type SchoolRouteName };

/** A school as the tests know it from the build report. */
export interface BuiltSchool {
  seoSlug: string;
  /** The school's giveaway route: its entry page while the giveaway is open, else the closed page. */
  giveaway: string;
}

export interface SchoolPage {
  route: SchoolRouteName;
  path: string;
}

/** Where a school's page of a route with a parameter is; null when the school has none. */
const PARAMETER_PAGES: Partial<Record<SchoolRouteName, (school: BuiltSchool) => string | null>> = {
  // Built only while the school's giveaway is open, at the event id of the school's giveaway route.
  'giveaway-entry': (school) =>
    school.giveaway.includes('/giveaway-entry/') ? school.giveaway : null,
};

/** The routes with a fixed path: every school has each of these pages. */
export const FIXED_ROUTES = SCHOOL_ROUTES.filter((route) => !(route.name in PARAMETER_PAGES));

/** The routes whose page depends on the school's data (and may be absent for a school). */
export const PARAMETER_ROUTE_NAMES = SCHOOL_ROUTES.map((route) => route.name).filter(
  (name) => name in PARAMETER_PAGES,
);

/** A school's pages of the fixed routes, e.g. `/cubbymobile`, `/cubbymobile/student`. */
export function fixedSchoolPages(seoSlug: string): SchoolPage[] {
  return FIXED_ROUTES.map((route) => ({
    route: route.name,
    path: schoolPath(seoSlug, route.path),
  }));
}

/** Every page a built school has, in route-table order: the fixed routes and, where it has one, each parameter page. */
export function schoolPages(school: BuiltSchool): SchoolPage[] {
  return SCHOOL_ROUTES.flatMap((route) => {
    const locate = PARAMETER_PAGES[route.name];
    if (!locate) return [{ route: route.name, path: schoolPath(school.seoSlug, route.path) }];
    const path = locate(school);
    return path ? [{ route: route.name, path }] : [];
  });
}

/**
 * The route a path below a school belongs to ('' is the landing page), or undefined when no route
 * of the table has that path: `student` → student, `giveaway-entry/{id}` → giveaway-entry.
 */
export function routeOfSchoolPath(pathBelowSchool: string): SchoolRouteName | undefined {
  const first = pathBelowSchool.replace(/^\/+|\/+$/g, '').split('/')[0] ?? '';
  return SCHOOL_ROUTES.find((route) => route.path === first)?.name;
}

/** The pages of no school (not in the route table), by the name tests give their page type. */
export const BARE_PAGES = {
  index: '/',
  default: '/default',
  search: '/search',
  '404': '/404',
  // One page of the search's list by state (every state has one: /search/{state}); the bundled
  // content's Washington schools stand for them all.
  'search-group': '/search/washington',
} as const;
export type BarePageName = keyof typeof BARE_PAGES;
/** The bare pages a visitor reaches by address (the 404 page is what a missing file answers with). */
export const ADDRESSED_BARE_PAGES: readonly string[] = [
  BARE_PAGES.index,
  BARE_PAGES.default,
  BARE_PAGES.search,
  BARE_PAGES['search-group'],
];
