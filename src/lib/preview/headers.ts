/**
 * What every response of the editors' preview site carries: never cached (by the browser or any
 * CDN, Netlify's included), never indexed, and framed only by the Studio. Its Content-Security-
 * Policy is the public site's with three changes: the page's own inline scripts hashed as it is
 * served, inline styles allowed (Presentation's overlays inject `<style>`), and `frame-ancestors`
 * = the Studio's origins.
 */
import { publicApiBase, type Env } from '../config/env.ts';
import { cspHeaderValue, SEGMENT_HOSTS, type CspSources } from '../security/csp.ts';
import { inlineHashes } from '../security/inline-hashes.ts';

export const PREVIEW_ROBOTS_TXT = 'User-agent: *\nDisallow: /\n';

/** The Studio origins of SANITY_STUDIO_URL (comma-separated URLs); an unparsable entry is left out. */
export function studioOrigins(setting: string): string[] {
  const origins = setting.split(',').map((entry) => entry.trim()).filter(Boolean).flatMap((entry) => {
    try {
      const url = new URL(entry);
      return url.protocol === 'http:' || url.protocol === 'https:' ? [url.origin] : [];
    } catch {
      return [];
    }
  });
  return [...new Set(origins)];
}

export const NO_STORE_HEADERS: Readonly<Record<string, string>> = {
  'Cache-Control': 'private, no-store',
  'CDN-Cache-Control': 'no-store',
  'Netlify-CDN-Cache-Control': 'no-store',
  'X-Robots-Tag': 'noindex',
};

type CspSettings = Pick<Env, 'SANITY_STUDIO_URL' | 'PUBLIC_API_BASE' | 'PUBLIC_SEGMENT_WRITE_KEY' | 'PUBLIC_SEGMENT_API_HOST' | 'SITE_URL' | 'NETLIFY' | 'CONTEXT'>;

/** What pages may connect to, as on the public site: the product API, analytics only with a write key. */
function cspSources(settings: CspSettings): CspSources {
  const analytics = settings.PUBLIC_SEGMENT_WRITE_KEY
    ? [...SEGMENT_HOSTS, ...(settings.PUBLIC_SEGMENT_API_HOST ? [settings.PUBLIC_SEGMENT_API_HOST] : [])]
    : [];
  return { apiBase: publicApiBase(settings as Env), analyticsHosts: analytics };
}

/** The preview policy for a page whose HTML is `html` (null: not a page, no inline code allowed). */
export function previewCsp(settings: CspSettings, html: string | null, frameUrl?: string): string {
  const scripts = html === null ? [] : inlineHashes(html).scripts;
  const policy = cspHeaderValue(cspSources(settings), { scripts, styles: [] }, frameUrl);
  const ancestors = studioOrigins(settings.SANITY_STUDIO_URL);
  return policy.split('; ').map((directive) => {
    if (directive.startsWith('style-src ')) return "style-src 'self' 'unsafe-inline'";
    if (directive.startsWith('frame-ancestors ')) return `frame-ancestors ${ancestors.length ? ancestors.join(' ') : "'none'"}`;
    return directive;
  }).join('; ');
}

/** Sets the preview's headers on a response (its own headers otherwise kept). */
export function withPreviewHeaders(response: Response, csp: string): Response {
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(NO_STORE_HEADERS)) headers.set(name, value);
  headers.set('Content-Security-Policy', csp);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
