/**
 * Every link from content goes through one classifier. The link is parsed with the WHATWG URL
 * parser (the one browsers use) against the site's origin, so what we decide is what a browser
 * will do: `/\evil.example`, `/<TAB>/evil.example` or `//evil.example` resolve to another host and
 * are never taken for site paths.
 *   internal  resolves to the site's own origin: rendered as a root-relative path
 *   anchor    an in-page fragment (`#faqs`)
 *   external  another origin with http(s), or mailto:/tel: — opens in a new tab, rel="noopener noreferrer"
 *   dropped   any other scheme (javascript:, data:, vbscript:, file:...) or an unparsable value
 * The href of a kept link is always the parser's own serialisation, never the raw text.
 */
import { LOCAL_SITE_URL } from '../config/local-addresses.ts';
import { schoolPath } from '../route-table/routes.ts';

export type LinkKind = 'internal' | 'external' | 'anchor';

export interface ResolvedLink {
  href: string;
  kind: LinkKind;
}

export type LinkVerdict = ResolvedLink | { kind: 'dropped'; reason: string };

export const EXTERNAL_SCHEMES: ReadonlySet<string> = new Set([
  'http:',
  'https:',
  'mailto:',
  'tel:',
]);
export const EXTERNAL_REL = 'noopener noreferrer';

/** What the URL parser ignores before it reads a link: leading/trailing C0 controls and spaces, and every tab or newline. */
function asTheParserReadsIt(raw: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what this pattern is about
  return raw.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '');
}

/**
 * Classifies one link value from content. `base` is the page path relative links are read
 * against (a school's home, so a bare "why" is that school's Why page); `origin` is the site's.
 */
export function classifyLink(raw: string, origin: string, base = '/'): LinkVerdict {
  // A school's header and footer links are the same on each of its pages: each is parsed once.
  const key = `${origin}\n${base}\n${raw}`;
  let verdict = verdicts.get(key);
  if (!verdict) {
    if (verdicts.size >= MAX_REMEMBERED) verdicts.clear();
    verdict = Object.freeze(classifyOnce(raw, origin, base));
    verdicts.set(key, verdict);
  }
  return verdict;
}

const verdicts = new Map<string, LinkVerdict>();
const MAX_REMEMBERED = 50_000;

function classifyOnce(raw: string, origin: string, base: string): LinkVerdict {
  const seen = asTheParserReadsIt(raw);
  if (seen === '') return { kind: 'dropped', reason: 'empty link' };
  const site = new URL(origin);
  const url = URL.parse(seen, new URL(base, site));
  if (url === null) return { kind: 'dropped', reason: 'not a valid URL' };
  // Compared by scheme and host, not url.origin: a blob: URL carries the origin of the URL inside it.
  if (url.protocol === site.protocol && url.host === site.host) {
    if (seen.startsWith('#')) return { kind: 'anchor', href: url.hash || '#' };
    // A path starting with // would be read back as another host; trailing slashes are not the site's style.
    const path = `/${url.pathname.replace(/^\/+/, '').replace(/\/+$/, '')}`;
    return { kind: 'internal', href: `${path}${url.search}${url.hash}` };
  }
  if (EXTERNAL_SCHEMES.has(url.protocol)) return { kind: 'external', href: url.href };
  return { kind: 'dropped', reason: `scheme ${url.protocol} is not allowed` };
}

/**
 * The site's origin: Astro's `site` (set from SITE_URL) where Astro builds the code; SITE_URL or
 * its default in plain Node (scripts, tests). Not read through config/env.ts: this module also
 * reaches islands, which must not carry the settings schema.
 */
export function siteOrigin(): string {
  const site = import.meta.env?.SITE || globalThis.process?.env?.['SITE_URL'] || LOCAL_SITE_URL;
  // Asked for every link of every page: the address is parsed again only when it changes.
  if (site !== lastSite) {
    lastOrigin = new URL(site).origin;
    lastSite = site;
  }
  return lastOrigin;
}
let lastSite: string | undefined;
let lastOrigin = '';

function kept(verdict: LinkVerdict): ResolvedLink | undefined {
  return verdict.kind === 'dropped' ? undefined : verdict;
}

/** A page path from content ("why", "#faqs", "/uw-husky-mobile/why" or a full URL), read from the school's home. */
export function schoolLink(
  seoSlug: string,
  pagePath: string | undefined,
  origin = siteOrigin(),
): ResolvedLink | undefined {
  if (!pagePath) return undefined;
  return kept(classifyLink(pagePath, origin, `${schoolPath(seoSlug)}/`));
}

/** A link field holding a full URL (or a site path). */
export function externalLink(
  url: string | undefined,
  origin = siteOrigin(),
): ResolvedLink | undefined {
  if (!url) return undefined;
  return kept(classifyLink(url, origin));
}

/** Header links: `externalUrl` when given, else `pagePath` under the school. */
export function navLink(
  seoSlug: string,
  link: { pagePath?: string | undefined; externalUrl?: string | undefined },
  origin = siteOrigin(),
): ResolvedLink | undefined {
  return link.externalUrl
    ? externalLink(link.externalUrl, origin)
    : schoolLink(seoSlug, link.pagePath, origin);
}

/** Footer links: the first of `internalPagePath`, `externalPagePath` and `pagePath` that is set. */
export function footerLink(
  seoSlug: string,
  link: {
    internalPagePath?: string | undefined;
    externalPagePath?: string | undefined;
    pagePath?: string | undefined;
  },
  origin = siteOrigin(),
): ResolvedLink | undefined {
  if (link.internalPagePath) return schoolLink(seoSlug, link.internalPagePath, origin);
  if (link.externalPagePath) return externalLink(link.externalPagePath, origin);
  return externalLink(link.pagePath, origin);
}

/** Attributes for an anchor element of the given kind: external links open in a new tab without opener or referrer. */
export function linkAttributes(link: ResolvedLink): {
  href: string;
  target?: string;
  rel?: string;
} {
  return link.kind === 'external'
    ? { href: link.href, target: '_blank', rel: EXTERNAL_REL }
    : { href: link.href };
}
