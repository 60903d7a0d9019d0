/**
 * Netlify serves `x.html` at `/x/` too, and redirect rules cannot tell the two apart (see
 * redirects.ts): the canonical URL is `/x`, and so is the address bar (no reload).
 */
export function dropTrailingSlashFromAddressBar(): void {
  const { pathname, search, hash } = window.location;
  if (pathname.length > 1 && pathname.endsWith('/')) {
    window.history.replaceState(
      window.history.state,
      '',
      pathname.replace(/\/+$/, '') + search + hash,
    );
  }
}
