/**
 * Which school page a request asks for, from its path and the route table: the first segment is
 * the school's address (its seo slug), the rest one of the school routes. Pure: the school itself
 * is looked up afterwards (school-page.ts).
 */
import { CUSTOMER_TYPES, type CustomerType } from '../content/schemas.ts';
import { SCHOOL_ROUTES, type SchoolRouteName } from '../route-table/routes.ts';

export interface SchoolPageRequest {
  seoSlug: string;
  route: SchoolRouteName | 'broadband-labels';
  /** Plan pages: the customer type (the route's own name). */
  customerType?: CustomerType;
  /** The giveaway entry page: the event id in the path (lower case, as the page lives). */
  guid?: string;
}

const SLUG = /^[a-z0-9][a-z0-9-]*$/;
const BY_PATH = new Map(SCHOOL_ROUTES.filter((route) => route.name !== 'giveaway-entry').map((route) => [route.path, route.name]));

/** Undefined for a path that is no school page (the site's own pages, assets, unknown sub-paths). */
export function schoolPageRequest(pathname: string): SchoolPageRequest | undefined {
  const segments = pathname.replace(/\/+$/, '').split('/').slice(1);
  let decoded: string[];
  try {
    decoded = segments.map((segment) => decodeURIComponent(segment));
  } catch {
    return undefined;
  }
  const [seoSlug, page = '', guid, ...rest] = decoded;
  if (!seoSlug || !SLUG.test(seoSlug) || rest.length > 0) return undefined;
  if (page === 'giveaway-entry') return guid ? { seoSlug, route: 'giveaway-entry', guid: guid.toLowerCase() } : undefined;
  if (guid !== undefined) return undefined;
  if (page === 'broadband-labels.csv') return { seoSlug, route: 'broadband-labels' };
  const route = BY_PATH.get(page);
  if (!route) return undefined;
  const customerType = (CUSTOMER_TYPES as readonly string[]).includes(route) ? (route as CustomerType) : undefined;
  return customerType ? { seoSlug, route, customerType } : { seoSlug, route };
}
