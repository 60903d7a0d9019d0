/** Small, serialisable props for the coverage page: the checks island and the map frame. */
import type { SiteSettings } from '../content/schemas.ts';
import { externalLink } from '../links.ts';

export interface CoverageChecksProps {
  brand: string;
}

export function coverageChecksProps(site: { tenant: { name: string } }): CoverageChecksProps {
  return { brand: site.tenant.name };
}

/** The map frame's address: only an absolute https URL is embedded (the CSP's frame-src must allow its host). */
export function coverageMapUrl(settings: Pick<SiteSettings, 'coverageMapUrl'>): string | undefined {
  const link = externalLink(settings.coverageMapUrl);
  return link?.kind === 'external' && link.href.startsWith('https://') ? link.href : undefined;
}

/** The frame's accessible title: the content's map title, else one naming the service. */
export function coverageMapTitle(brand: string, mapTitle: string | undefined): string {
  return mapTitle?.trim() || `${brand} coverage map`;
}
