/**
 * Where the public site is: the Studio asks it whether a published change is live
 * (`/api/publish-status`) and which deploys ran (`/api/deploys`). Set by
 * SANITY_STUDIO_PUBLIC_SITE_URL; unset, the local stack (`npm start`).
 */
import { LOCAL_SITE_URL } from '../../src/lib/config/local-addresses.ts';
import { schoolPath } from '../../src/lib/route-table/routes.ts';
import { siteOrigin } from '../site-origin.ts';

export const DEFAULT_PUBLIC_SITE_URL = LOCAL_SITE_URL;

/** The public site's origin from SANITY_STUDIO_PUBLIC_SITE_URL (an http(s) address; a path is ignored). */
export function publicSiteOrigin(value: string | undefined): string {
  return siteOrigin('SANITY_STUDIO_PUBLIC_SITE_URL', value, DEFAULT_PUBLIC_SITE_URL);
}

/** A school's live page on the public site. */
export function schoolPageUrl(origin: string, seoSlug: string): string {
  return `${origin}${schoolPath(seoSlug)}`;
}
