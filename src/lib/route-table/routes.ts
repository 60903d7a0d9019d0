/**
 * The school route table of docs/behaviour.md §2: path under /{seoSlug}, the analytics page-name
 * label of docs/behaviour.md §7, and the page's title and description (docs/behaviour.md §1).
 */
export type SchoolRouteName =
  | 'landing'
  | 'student'
  | 'faculty'
  | 'fan'
  | 'why'
  | 'coverage-map'
  | 'newsroom'
  | 'international-dialing'
  | 'giveaway-entry'
  | 'giveaway-confirmation'
  | 'giveaway-closed';

interface RouteNames {
  /** The brand of the school's phone service (the tenant Name). */
  product: string;
  /** The university, e.g. "University of Washington". */
  schoolName: string;
}

export interface SchoolRoute {
  name: SchoolRouteName;
  /** Path below /{seoSlug}; '' is the school's home. `giveaway-entry` takes the event id after it. */
  path: string;
  pageName: string;
  /** Kept out of search engines and the sitemap. */
  noindex: boolean;
  title(names: RouteNames): string;
  description(names: RouteNames): string;
}

export const DEFAULT_DESCRIPTION = 'Affordable 5G phone plans that support your university.';
export const defaultTitle = (product: string) => `${product} – Your School, Your Plan`;

const route = (
  name: SchoolRouteName,
  path: string,
  pageName: string,
  title: SchoolRoute['title'],
  description: SchoolRoute['description'],
  noindex = false,
): SchoolRoute => ({ name, path, pageName, noindex, title, description });

export const SCHOOL_ROUTES: readonly SchoolRoute[] = [
  route(
    'landing',
    '',
    'Landing page',
    ({ product }) => defaultTitle(product),
    ({ product, schoolName }) =>
      `${product}: affordable 5G phone plans that support ${schoolName}.`,
  ),
  route(
    'student',
    'student',
    'Student Plans',
    ({ product }) => `Student Plans | ${product}`,
    ({ product, schoolName }) =>
      `${product} student phone plans on a 5G network, with part of every bill going back to ${schoolName}.`,
  ),
  route(
    'faculty',
    'faculty',
    'Faculty Plans',
    ({ product }) => `Faculty & Staff Plans | ${product}`,
    ({ product, schoolName }) =>
      `Discounted ${product} 5G phone plans for ${schoolName} faculty and staff.`,
  ),
  route(
    'fan',
    'fan',
    'Fan Plans',
    ({ product }) => `Alumni & Fan Plans | ${product}`,
    ({ product, schoolName }) =>
      `${product} 5G phone plans for alumni and fans that give back to ${schoolName}.`,
  ),
  route(
    'why',
    'why',
    'Why Us',
    ({ product }) => `Why ${product}?`,
    ({ product, schoolName }) =>
      `How ${product} works, and how part of every bill supports ${schoolName}.`,
  ),
  route(
    'coverage-map',
    'coverage-map',
    'Coverage Map',
    ({ product }) => `Coverage Map | ${product}`,
    ({ product }) =>
      `Check ${product} 5G coverage by zip code and see whether your phone is ready for eSIM.`,
  ),
  route(
    'newsroom',
    'newsroom',
    'Generic Page',
    ({ product }) => `Newsroom | ${product}`,
    ({ product }) => `News and press releases from ${product}.`,
  ),
  route(
    'international-dialing',
    'international-dialing',
    'International Dialing',
    ({ product }) => `International Dialing | ${product}`,
    ({ product }) =>
      `Call 200+ countries with ${product}: international dialing features and rates.`,
  ),
  route(
    'giveaway-entry',
    'giveaway-entry',
    'Generic Page',
    ({ product }) => product,
    ({ product, schoolName }) =>
      `Enter the ${product} giveaway for a chance to win game-day experiences with ${schoolName}.`,
  ),
  route(
    'giveaway-confirmation',
    'giveaway-confirmation',
    'Giveaway Confirmation',
    ({ product }) => `Giveaway Entry | ${product}`,
    ({ product }) => `Your ${product} giveaway entry.`,
    true,
  ),
  route(
    'giveaway-closed',
    'giveaway-closed',
    'Generic Page',
    ({ product }) => `Giveaway Closed | ${product}`,
    ({ product }) => `The ${product} giveaway has ended.`,
    true,
  ),
];

export function schoolRoute(name: SchoolRouteName): SchoolRoute {
  const found = SCHOOL_ROUTES.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`Unknown route ${name}`);
  return found;
}

/** `/{seoSlug}/{path}` with no trailing slash. */
export function schoolPath(seoSlug: string, path = ''): string {
  const clean = path.replace(/^\/+|\/+$/g, '');
  return clean ? `/${seoSlug}/${clean}` : `/${seoSlug}`;
}
