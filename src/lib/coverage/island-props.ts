/** Small, serialisable props for the coverage page: the checks island and the map frame. */
import type { SiteSettings, TenantDocuments } from '../content/schemas.ts';
import { externalLink } from '../links/classify.ts';

export interface CoverageChecksProps {
  brand: string;
}

export function coverageChecksProps(site: { tenant: { name: string } }): CoverageChecksProps {
  return { brand: site.tenant.name };
}

export interface CoverageMapSources {
  /** The carrier map to embed, on request, inside the page's own map panel. */
  embedUrl: string | undefined;
  /** The carrier's full map, opened in a new tab. */
  linkUrl: string | undefined;
}

/** Only an absolute https address on another host can be embedded (the CSP's frame-src must allow it) or linked as the carrier's map. */
const httpsOnly = (value: string | undefined) => {
  const link = externalLink(value);
  return link?.kind === 'external' && link.href.startsWith('https://') ? link.href : undefined;
};

/** The map's addresses: the school's coverage page document first, then the site settings (https only). */
export function coverageMapSources(
  settings: Pick<SiteSettings, 'coverageMapUrl' | 'coverageMapLink'>,
  page?: Pick<TenantDocuments['coverageMapPage'], 'coverageMapUrl' | 'coverageMapLink'>,
): CoverageMapSources {
  return {
    embedUrl: httpsOnly(page?.coverageMapUrl) ?? httpsOnly(settings.coverageMapUrl),
    linkUrl: httpsOnly(page?.coverageMapLink) ?? httpsOnly(settings.coverageMapLink),
  };
}

/** The frame's accessible title: the content's map title, else one naming the service. */
export function coverageMapTitle(brand: string, mapTitle: string | undefined): string {
  return mapTitle?.trim() || `${brand} coverage map`;
}
