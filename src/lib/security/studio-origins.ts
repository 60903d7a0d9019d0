/**
 * The Studio's origins, from SANITY_STUDIO_URL (its address or addresses, comma-separated): the
 * preview site lets only them frame it, the public site's status functions answer only them
 * (CORS). Dependency-free, so both the preview function and the public site's functions import it.
 */

/** The origins of a comma-separated list of URLs; an unparsable or non-http(s) entry is left out. */
export function studioOrigins(setting: string | undefined): string[] {
  const origins = (setting ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .flatMap((entry) => {
      try {
        const url = new URL(entry);
        return url.protocol === 'http:' || url.protocol === 'https:' ? [url.origin] : [];
      } catch {
        return [];
      }
    });
  return [...new Set(origins)];
}
