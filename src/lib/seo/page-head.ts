/** Head data per page: title, description, canonical URL, social image and Organization JSON-LD. */
import type { SiteSettings } from '../content/schemas.ts';
import type { SchoolSite } from '../routing/matrix.ts';
import { schoolRoute, type SchoolRouteName } from '../routing/routes.ts';

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

export function organizationJsonLd(options: { name: string; url: string; logo?: string | undefined; operator: string; operatorUrl: string; schoolName?: string }) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: options.name,
    url: options.url,
    ...(options.logo ? { logo: options.logo } : {}),
    ...(options.schoolName ? { description: `${options.name} is a phone service from ${options.operator} that supports ${options.schoolName}.` } : {}),
    parentOrganization: { '@type': 'Organization', name: options.operator, url: options.operatorUrl },
  };
}

export function schoolPageHead(options: {
  site: SchoolSite; settings: SiteSettings; route: SchoolRouteName; siteUrl: string; path: string;
  logoUrl?: string | undefined; imageUrl?: string | undefined;
}): PageHead {
  const { site, settings } = options;
  const route = schoolRoute(options.route);
  const names = { product: site.tenant.name, schoolName: site.content.school.schoolName };
  return {
    title: route.title(names),
    description: route.description(names),
    canonical: absoluteUrl(options.siteUrl, options.path),
    noindex: route.noindex,
    image: options.imageUrl ? absoluteUrl(options.siteUrl, options.imageUrl) : undefined,
    jsonLd: organizationJsonLd({
      name: site.tenant.name,
      url: absoluteUrl(options.siteUrl, `/${site.seoSlug}`),
      logo: options.logoUrl ? absoluteUrl(options.siteUrl, options.logoUrl) : undefined,
      operator: settings.productName,
      operatorUrl: settings.mainSiteUrl,
      schoolName: site.content.school.schoolName,
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
export function barePageHead(options: { settings: SiteSettings; siteUrl: string; path: string; title: string; description: string }): PageHead {
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
