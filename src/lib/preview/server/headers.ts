/**
 * The Content-Security-Policy of the editors' preview site's pages. It is the public site's with
 * three changes: the page's own inline scripts hashed as it is served, inline styles allowed
 * (Presentation's overlays inject `<style>`), and `frame-ancestors` = the Studio's origins.
 */
import { publicApiBase, type Env } from '../../config/env.ts';
import { cspHeaderValue, SEGMENT_HOSTS, type CspSources } from '../../security/csp.ts';
import { inlineHashes } from '../../security/inline-hashes.ts';
import { frameAncestors } from './response-headers.ts';

// What every response carries lives beside the function's wrapper (response-headers.ts).
export { NO_STORE_HEADERS, studioOrigins, withPreviewHeaders } from './response-headers.ts';

export const PREVIEW_ROBOTS_TXT = 'User-agent: *\nDisallow: /\n';

type CspSettings = Pick<
  Env,
  | 'SANITY_STUDIO_URL'
  | 'PUBLIC_API_BASE'
  | 'PUBLIC_SEGMENT_WRITE_KEY'
  | 'PUBLIC_SEGMENT_API_HOST'
  | 'SITE_URL'
  | 'NETLIFY'
  | 'CONTEXT'
>;

/** What pages may connect to, as on the public site: the product API, analytics only with a write key. */
function cspSources(settings: CspSettings): CspSources {
  const analytics = settings.PUBLIC_SEGMENT_WRITE_KEY
    ? [
        ...SEGMENT_HOSTS,
        ...(settings.PUBLIC_SEGMENT_API_HOST ? [settings.PUBLIC_SEGMENT_API_HOST] : []),
      ]
    : [];
  return { apiBase: publicApiBase(settings as Env), analyticsHosts: analytics };
}

/** The preview policy for a page whose HTML is `html` (null: not a page, no inline code allowed). */
export function previewCsp(settings: CspSettings, html: string | null, frameUrl?: string): string {
  const scripts = html === null ? [] : inlineHashes(html).scripts;
  const policy = cspHeaderValue(cspSources(settings), { scripts, styles: [] }, frameUrl);
  return policy
    .split('; ')
    .map((directive) => {
      if (directive.startsWith('style-src ')) return "style-src 'self' 'unsafe-inline'";
      if (directive.startsWith('frame-ancestors '))
        return frameAncestors(settings.SANITY_STUDIO_URL);
      return directive;
    })
    .join('; ');
}
