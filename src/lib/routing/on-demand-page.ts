/**
 * A page rendered on request (the editors' preview site) gets what its page shell's
 * getStaticPaths would have given it: Astro has matched the route and its params; the shell's own
 * paths function runs over the request's matrix, and the entry with those params is the page.
 * No second parse of the path, no second copy of the customer-type or giveaway rules.
 */
import type { CustomerType } from '../content/schemas.ts';
import {
  giveawayEntryPathsOf,
  planPathsOf,
  schoolPathsOf,
  type SchoolPageProps,
  type SiteMatrix,
} from './index.ts';

type PathsOf = (
  matrix: SiteMatrix,
) => Array<{ params: Record<string, string>; props: SchoolPageProps }>;

/** What a school page shell's getStaticPaths hands it: the school, plus a plan page's customer type or the entry page's event id. */
export type SchoolShellProps = SchoolPageProps & {
  customerType?: CustomerType;
  eventGUID?: string;
};

/**
 * The paths function of each school page shell whose getStaticPaths is not `schoolPaths`, by
 * Astro's route pattern (the file's path under src/pages). Every other page under /[school] is a
 * school page (tests/unit/routing/on-demand-page.test.ts holds this against the shells).
 */
export const PATHS_BY_ROUTE: Readonly<Record<string, PathsOf>> = {
  '/[school]/[plans]': planPathsOf,
  '/[school]/giveaway-entry/[guid]': giveawayEntryPathsOf,
};

/** Whether Astro's route pattern is a school page shell (rendered with a school's props). */
export function isSchoolRoute(routePattern: string): boolean {
  return routePattern === '/[school]' || routePattern.startsWith('/[school]/');
}

export function pathsOfRoute(routePattern: string): PathsOf | undefined {
  if (!isSchoolRoute(routePattern)) return undefined;
  return PATHS_BY_ROUTE[routePattern] ?? schoolPathsOf;
}

/** The props of the path `params` names among the route's paths over `matrix`; undefined: no such page. */
export function onDemandPageProps(
  matrix: SiteMatrix,
  routePattern: string,
  params: Readonly<Record<string, string | undefined>>,
): SchoolShellProps | undefined {
  const paths = pathsOfRoute(routePattern)?.(matrix) ?? [];
  const names = Object.keys(params);
  const entry = paths.find((path) => {
    const keys = Object.keys(path.params);
    return keys.length === names.length && keys.every((key) => path.params[key] === params[key]);
  });
  return entry?.props;
}
