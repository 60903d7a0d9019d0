/**
 * The site's Content-Security-Policy, sent as a response header (dist/_headers, written by the
 * build): a header can carry frame-ancestors, which a meta tag cannot, and the build hashes each
 * distinct inline script and style once instead of once per page.
 */
export const SANITY_IMAGE_HOST = 'https://cdn.sanity.io';
export const SEGMENT_HOSTS = ['https://cdn.segment.com', 'https://api.segment.io'] as const;

export interface CspSources {
  /** `{api}`: the product API the giveaway form posts to. */
  apiBase: string;
  /** Analytics endpoints, only when analytics is configured. */
  analyticsHosts: readonly string[];
}

/** The inline blocks a page (or a group of pages) carries, as CSP hash sources. */
export interface InlineHashes {
  scripts: readonly string[];
  styles: readonly string[];
}

function origin(url: string): string {
  return new URL(url).origin;
}

const sources = (keyword: string, hashes: readonly string[]) =>
  [keyword, ...[...new Set(hashes)].sort().map((hash) => `'${hash}'`)].join(' ');

/**
 * The whole policy of a page: scripts and styles from the site or by hash only (no
 * 'unsafe-inline', no 'unsafe-eval'; inline style="" attributes stay blocked), connections only
 * to the site, the product API and the configured analytics hosts, and frames only on the pages
 * that embed one (`frameUrls`, the coverage maps content names).
 */
export function cspHeaderValue(
  config: CspSources,
  inline: InlineHashes,
  frameUrls: string | readonly string[] | undefined = [],
): string {
  const frames = [
    ...new Set((typeof frameUrls === 'string' ? [frameUrls] : (frameUrls ?? [])).map(origin)),
  ].sort();
  const connect = [
    ...new Set(["'self'", origin(config.apiBase), ...config.analyticsHosts.map(origin)]),
  ];
  return [
    "default-src 'self'",
    `script-src ${sources("'self'", inline.scripts)}`,
    `style-src ${sources("'self'", inline.styles)}`,
    `img-src 'self' ${SANITY_IMAGE_HOST}`,
    "font-src 'self'",
    `connect-src ${connect.join(' ')}`,
    ...(frames.length > 0 ? [`frame-src ${frames.join(' ')}`] : []),
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
