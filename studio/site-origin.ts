/**
 * The origin of a site the Studio talks to, from its setting (an http(s) address; a path is
 * ignored): the editors' preview site (SANITY_STUDIO_PREVIEW_URL) and the public site
 * (SANITY_STUDIO_PUBLIC_SITE_URL). Unset: the local stack's address. Anything else stops the build.
 */
export function siteOrigin(setting: string, value: string | undefined, fallback: string): string {
  const given = value?.trim();
  if (!given) return fallback;
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    throw new Error(`${setting} is not an address: ${JSON.stringify(given)}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(`${setting} must be http(s): ${JSON.stringify(given)}`);
  return url.origin;
}
