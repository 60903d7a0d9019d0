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

type Segment = string | number;

/** "items[2].link" from the keys and indexes leading to a value: built only for dropped links. */
function fieldPath(trail: readonly Segment[]): string {
  let path = '';
  for (const segment of trail) path += typeof segment === 'number' ? `[${segment}]` : path ? `.${segment}` : segment;
  return path;
}

function guard(doc: unknown, trail: Segment[], dropped: DroppedLink[]): unknown {
  if (Array.isArray(doc)) {
    let copy: unknown[] | undefined;
    for (let index = 0; index < doc.length; index += 1) {
      trail.push(index);
      const next = guard(doc[index], trail, dropped);
      trail.pop();
      if (next !== doc[index]) (copy ??= doc.slice())[index] = next;
    }
    return copy ?? doc;
  }
  if (doc && typeof doc === 'object') {
    const record = doc as Record<string, unknown>;
    let copy: Record<string, unknown> | undefined;
    for (const key of Object.keys(record)) {
      const inner = record[key];
      trail.push(key);
      if (typeof inner === 'string' && LINK_FIELD.test(key) && !key.startsWith('_') && !isAllowedLink(inner)) {
        dropped.push({ field: fieldPath(trail), value: inner });
        copy ??= { ...record };
        delete copy[key];
      } else {
        const next = guard(inner, trail, dropped);
        if (next !== inner) (copy ??= { ...record })[key] = next;
      }
      trail.pop();
    }
    return copy ?? doc;
  }
  return doc;
}

/**
 * The document without unsafe link values, and the list of what was dropped. Parts with nothing
 * to drop are the document's own objects (no copy); the input is never changed.
 */
export function dropUnsafeLinks(doc: unknown): { value: unknown; dropped: DroppedLink[] } {
  const dropped: DroppedLink[] = [];
  const value = guard(doc, [], dropped);
  return { value, dropped };
}
