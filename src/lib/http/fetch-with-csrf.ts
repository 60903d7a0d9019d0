/**
 * `fetch` that adds the cross-site request forgery token (docs/behaviour.md §7): on every non-GET
 * request to a relative URL, the XSRF-TOKEN cookie's value goes in the X-XSRF-TOKEN
 * header, as the order service expects. Absolute URLs (other hosts) never get the token.
 * Dependency-free so islands can use it; `fetch` and the cookie string can be injected in tests.
 * The local stack's order-service stand-in checks the same cookie and header names.
 */

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

const SAFE_METHODS = new Set(['GET', 'HEAD']);

/** A cookie's value from a `document.cookie`-style string, decoded; undefined when absent. */
export function readCookie(cookies: string, name: string): string | undefined {
  for (const part of cookies.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() !== name) continue;
    const raw = part.slice(index + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}

/** Relative to the page: no scheme (`https:`, `mailto:`...) and not protocol-relative (`//host`). */
export function isRelativeUrl(url: string): boolean {
  return !/^[a-z][a-z0-9+.-]*:/i.test(url) && !url.startsWith('//');
}

export function needsCsrfToken(method: string | undefined, url: string): boolean {
  return !SAFE_METHODS.has((method ?? 'GET').toUpperCase()) && isRelativeUrl(url);
}

export interface CsrfFetchDeps {
  fetch: typeof fetch;
  cookies: () => string;
}

const browserDeps = (): CsrfFetchDeps => ({
  fetch: (...args) => globalThis.fetch(...args),
  cookies: () => (typeof document === 'undefined' ? '' : document.cookie),
});

export function fetchWithCsrf(
  url: string,
  init: RequestInit = {},
  deps: CsrfFetchDeps = browserDeps(),
): Promise<Response> {
  if (!needsCsrfToken(init.method, url)) return deps.fetch(url, init);
  const token = readCookie(deps.cookies(), XSRF_COOKIE);
  if (token === undefined) return deps.fetch(url, init);
  const headers = new Headers(init.headers);
  // A header set by the caller wins, as with Angular's interceptor.
  if (!headers.has(XSRF_HEADER)) headers.set(XSRF_HEADER, token);
  return deps.fetch(url, { ...init, headers });
}
