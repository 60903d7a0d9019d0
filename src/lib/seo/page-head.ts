/** Head data per page: title, description, canonical URL, social image and Organization JSON-LD. */
import { schoolPath, schoolRoute, type SchoolRouteName } from '../route-table/routes.ts';

export interface PageHead {
  title: string;
  description: string;
  canonical: string;
  noindex: boolean;
  image?: string | undefined;
  jsonLd: Record<string, unknown>;
}

/** Absolute URL on the site, never with a trailing slash (the root is the bare origin). */
export function absoluteUrl(siteUrl: string, path: string): string {
  const base = siteUrl.replace(/\/+$/, '');
  if (/^https?:\/\//i.test(path)) return path;
  const clean = path.replace(/\/+$/, '');
  return clean ? `${base}${clean.startsWith('/') ? '' : '/'}${clean}` : base;
}

export function organizationJsonLd(options: {
  name: string;
  url: string;
  logo?: string | undefined;
  operator: string;
  operatorUrl: string;
  schoolName?: string;
}) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: options.name,
    url: options.url,
    ...(options.logo ? { logo: options.logo } : {}),
    ...(options.schoolName
      ? {
          description: `${options.name} is a phone service from ${options.operator} that supports ${options.schoolName}.`,
        }
      : {}),
    parentOrganization: {
      '@type': 'Organization',
      name: options.operator,
      url: options.operatorUrl,
    },
  };
}

/** Who runs the phone service: the organisation's parent in the JSON-LD. */
export interface Operator {
  productName: string;
  mainSiteUrl: string;
}

export function schoolPageHead(options: {
  /** The school's phone service brand (the tenant Name), the university's name and its URL slug. */
  school: { product: string; schoolName: string; seoSlug: string };
  operator: Operator;
  route: SchoolRouteName;
  siteUrl: string;
  path: string;
  logoUrl?: string | undefined;
  imageUrl?: string | undefined;
}): PageHead {
  const { school, operator } = options;
  const route = schoolRoute(options.route);
  const names = { product: school.product, schoolName: school.schoolName };
  return {
    title: route.title(names),
    description: route.description(names),
    canonical: absoluteUrl(options.siteUrl, options.path),
    noindex: route.noindex,
    image: options.imageUrl ? absoluteUrl(options.siteUrl, options.imageUrl) : undefined,
    jsonLd: organizationJsonLd({
      name: school.product,
      url: absoluteUrl(options.siteUrl, schoolPath(school.seoSlug)),
      logo: options.logoUrl ? absoluteUrl(options.siteUrl, options.logoUrl) : undefined,
      operator: operator.productName,
      operatorUrl: operator.mainSiteUrl,
      schoolName: school.schoolName,
    }),
  };
}

const NOT_IN_SITEMAP = /\/(giveaway-confirmation|giveaway-closed)$/;

/** Sitemap filter: every school page but the confirmation and closed pages. */
export function includeInSitemap(page: string): boolean {
  return !NOT_IN_SITEMAP.test(page.replace(/\/+$/, ''));
}

/** `</script>` can never close the JSON-LD block early. */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

/** The bar on every page of a draft preview build. */
export const PREVIEW_NOTICE = 'Preview — includes unpublished changes';

export const COMING_SOON_TITLE = 'Support Your University Just by Paying Your Phone Bill';

/** Head for the pages that belong to no school (coming-soon, search): the operator is the organisation. */
export function barePageHead(options: {
  settings: Pick<Operator, 'productName'>;
  siteUrl: string;
  path: string;
  title: string;
  description: string;
}): PageHead {
  return {
    title: options.title,
    description: options.description,
    canonical: absoluteUrl(options.siteUrl, options.path),
    noindex: false,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: options.settings.productName,
      url: absoluteUrl(options.siteUrl, '/'),
    },
  };
}
