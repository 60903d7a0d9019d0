/**
 * Links from content, made safe and resolved. A link is kept only when it is http(s),
 * mailto, tel, a site path or an in-page anchor; anything else (javascript:, data:...) is dropped.
 */
import { schoolPath } from './routing/routes.ts';

export type LinkKind = 'internal' | 'external' | 'anchor' | 'plain';

export interface ResolvedLink {
  href: string;
  kind: LinkKind;
}

const SAFE_ABSOLUTE = /^(https?:\/\/|mailto:|tel:)/i;

/** The href if it is one of the allowed kinds, else undefined. */
export function safeHref(value: string | undefined | null): string | undefined {
  const href = value?.trim();
  if (!href) return undefined;
  if (href.startsWith('#') || (href.startsWith('/') && !href.startsWith('//'))) return href;
  if (SAFE_ABSOLUTE.test(href)) {
    if (/^https?:\/\//i.test(href)) {
      try {
        new URL(href);
      } catch {
        return undefined;
      }
    }
    return href;
  }
  return undefined;
}

/** A page path from content (e.g. "why", "#faqs", "/uw-husky-mobile/why" or a full URL) as a link under the school. */
export function schoolLink(seoSlug: string, pagePath: string | undefined): ResolvedLink | undefined {
  const path = pagePath?.trim();
  if (!path) return undefined;
  if (path.startsWith('#')) return safeHref(path) ? { href: path, kind: 'anchor' } : undefined;
  if (/^[a-z][a-z0-9+.-]*:/i.test(path) || path.startsWith('//')) {
    const href = safeHref(path);
    return href ? { href, kind: /^https?:/i.test(href) ? 'external' : 'plain' } : undefined;
  }
  if (path.startsWith('/')) return { href: path, kind: 'internal' };
  return { href: schoolPath(seoSlug, path), kind: 'internal' };
}

export function externalLink(url: string | undefined): ResolvedLink | undefined {
  const href = safeHref(url);
  if (!href) return undefined;
  return { href, kind: /^https?:/i.test(href) ? 'external' : 'plain' };
}

/** Header links: `externalUrl` opens in a new tab; `pagePath` is an anchor or a page under the school. */
export function navLink(seoSlug: string, link: { pagePath?: string | undefined; externalUrl?: string | undefined }): ResolvedLink | undefined {
  return link.externalUrl ? externalLink(link.externalUrl) : schoolLink(seoSlug, link.pagePath);
}

/** Footer links: internal (under the school), external (new tab) or plain (used as is). */
export function footerLink(
  seoSlug: string,
  link: { internalPagePath?: string | undefined; externalPagePath?: string | undefined; pagePath?: string | undefined },
): ResolvedLink | undefined {
  if (link.internalPagePath) return schoolLink(seoSlug, link.internalPagePath);
  if (link.externalPagePath) return externalLink(link.externalPagePath);
  const href = safeHref(link.pagePath);
  return href ? { href, kind: 'plain' } : undefined;
}

/** Attributes for an anchor element of the given kind: external links open in a new tab. */
export function linkAttributes(link: ResolvedLink): { href: string; target?: string; rel?: string } {
  return link.kind === 'external' ? { href: link.href, target: '_blank', rel: 'noopener' } : { href: link.href };
}
