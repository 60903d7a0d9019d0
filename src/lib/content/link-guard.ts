/**
 * Links from content are checked once, at the door: a link field keeps its value only when it
 * is http(s), mailto, tel, a site path, an in-page anchor or a bare page path ("why").
 * Anything else (javascript:, data:, protocol-relative...) is removed and reported.
 */
import { safeHref } from '../links.ts';

/** Field names that hold a link or a page path. */
const LINK_FIELD = /(link|url|href|path|fragment)$/i;
const PAGE_PATH = /^[a-z0-9][a-z0-9\-/]*$/i;

export interface DroppedLink {
  field: string;
  value: string;
}

export function isAllowedLink(value: string): boolean {
  const trimmed = value.trim();
  return Boolean(safeHref(trimmed)) || PAGE_PATH.test(trimmed);
}

/** A copy of the document without unsafe link values, and the list of what was dropped. */
export function dropUnsafeLinks(doc: unknown, path = ''): { value: unknown; dropped: DroppedLink[] } {
  if (Array.isArray(doc)) {
    const dropped: DroppedLink[] = [];
    const value = doc.map((item, index) => {
      const result = dropUnsafeLinks(item, `${path}[${index}]`);
      dropped.push(...result.dropped);
      return result.value;
    });
    return { value, dropped };
  }
  if (doc && typeof doc === 'object') {
    const dropped: DroppedLink[] = [];
    const value: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(doc)) {
      const field = path ? `${path}.${key}` : key;
      if (typeof inner === 'string' && LINK_FIELD.test(key) && !key.startsWith('_') && !isAllowedLink(inner)) {
        dropped.push({ field, value: inner });
        continue;
      }
      const result = dropUnsafeLinks(inner, field);
      dropped.push(...result.dropped);
      value[key] = result.value;
    }
    return { value, dropped };
  }
  return { value: doc, dropped: [] };
}
