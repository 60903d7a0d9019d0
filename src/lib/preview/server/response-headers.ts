/**
 * The headers every response of the editors' preview site carries, whatever made it: a page, the
 * draft-mode routes, a 404, an error, or a redirect Astro answers before the middleware runs
 * (function-entry.ts puts them on each response of the page function). Netlify applies no header
 * rule to a function's response, so nothing else would.
 *
 * Pure and small on purpose: the function's wrapper is bundled with this file and the two small
 * security modules it imports.
 */
import { SITE_SECURITY_HEADERS } from '../../security/site-headers.ts';
import { studioOrigins } from '../../security/studio-origins.ts';

/** The Studio origins of SANITY_STUDIO_URL (one module for the preview site and the public site's functions). */
export { studioOrigins };

/** Never cached (by the browser or any CDN, Netlify's included), never indexed. */
export const NO_STORE_HEADERS: Readonly<Record<string, string>> = {
  'Cache-Control': 'private, no-store',
  'CDN-Cache-Control': 'no-store',
  'Netlify-CDN-Cache-Control': 'no-store',
  'X-Robots-Tag': 'noindex',
};

/**
 * The public site's security headers, but the opener policy: Presentation can open the preview in a
 * window of its own and talks to it through `window.opener`, which `same-origin` would cut (the
 * Studio is another site). Framed, the policy plays no part.
 */
export const PREVIEW_RESPONSE_HEADERS: Readonly<Record<string, string>> = {
  ...SITE_SECURITY_HEADERS,
  'Cross-Origin-Opener-Policy': 'unsafe-none',
  ...NO_STORE_HEADERS,
};

/** `frame-ancestors` for the preview: the Studio's origins only. */
export function frameAncestors(studioUrl: string | undefined): string {
  const ancestors = studioOrigins(studioUrl);
  return `frame-ancestors ${ancestors.length ? ancestors.join(' ') : "'none'"}`;
}

/** The policy of a response that is no page (a redirect, an error text): it loads and runs nothing. */
export function bareCsp(studioUrl: string | undefined): string {
  return [
    "default-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    frameAncestors(studioUrl),
  ].join('; ');
}

/**
 * The response with the preview's headers set (its others kept). `csp`: the page's own policy;
 * without one, a policy the response already has is kept, else the bare one.
 */
export function withPreviewHeaders(
  response: Response,
  csp: string | undefined,
  studioUrl?: string,
): Response {
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(PREVIEW_RESPONSE_HEADERS)) headers.set(name, value);
  if (csp) headers.set('Content-Security-Policy', csp);
  else if (!headers.has('Content-Security-Policy'))
    headers.set('Content-Security-Policy', bareCsp(studioUrl));
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}
