/**
 * The page Content-Security-Policy directives beyond script-src/style-src (Astro adds those
 * with hashes of its inline scripts and styles). Written into each page's CSP meta tag.
 * frame-ancestors cannot live in a meta tag: netlify.toml sends it as a header.
 */
export const SANITY_IMAGE_HOST = 'https://cdn.sanity.io';
export const SEGMENT_HOSTS = ['https://cdn.segment.com', 'https://api.segment.io'] as const;

export interface CspSources {
  /** `{api}`: the product API the giveaway form posts to. */
  apiBase: string;
  /** Analytics endpoints, only when analytics is configured. */
  analyticsHosts: readonly string[];
}

function origin(url: string): string {
  return new URL(url).origin;
}

type Directive = `${'default-src' | 'img-src' | 'font-src' | 'connect-src' | 'object-src' | 'form-action' | 'base-uri'}${string}`;

export function pageCspDirectives(sources: CspSources): Directive[] {
  const connect = ["'self'", origin(sources.apiBase), ...sources.analyticsHosts.map(origin)];
  return [
    "default-src 'self'",
    `img-src 'self' ${SANITY_IMAGE_HOST}`,
    "font-src 'self'",
    `connect-src ${[...new Set(connect)].join(' ')}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ];
}

/** Frames fall back to default-src 'self'; the coverage-map page adds its map frame's host. */
export function frameSrcDirective(frameUrl: string): `frame-src ${string}` {
  return `frame-src ${origin(frameUrl)}`;
}
