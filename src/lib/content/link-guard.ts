/**
 * Links from content are checked once, at the door, by the same classifier that renders them
 * (src/lib/links/classify.ts): a link field the classifier would drop (javascript:, data:, file:...,
 * unparsable) is removed from the document and reported with the reason. What stays is
 * rendered through the classifier again, so the door and the page cannot disagree.
 */
import { classifyLink, siteOrigin } from '../links/classify.ts';

/** Field names that hold a link or a page path. */
const LINK_FIELD = /(link|url|href|path|fragment)$/i;

export interface DroppedLink {
  field: string;
  value: string;
  reason: string;
}

/** Why the link would be dropped, or undefined when it is kept. */
export function linkProblem(value: string, origin = siteOrigin()): string | undefined {
  const verdict = classifyLink(value, origin);
  return verdict.kind === 'dropped' ? verdict.reason : undefined;
}

export function isAllowedLink(value: string, origin = siteOrigin()): boolean {
  return linkProblem(value, origin) === undefined;
}

type Segment = string | number;

/** "items[2].link" from the keys and indexes leading to a value: built only for dropped links. */
function fieldPath(trail: readonly Segment[]): string {
  let path = '';
  for (const segment of trail)
    path += typeof segment === 'number' ? `[${segment}]` : path ? `.${segment}` : segment;
  return path;
}

function guard(doc: unknown, trail: Segment[], dropped: DroppedLink[], origin: string): unknown {
  if (Array.isArray(doc)) {
    let copy: unknown[] | undefined;
    for (let index = 0; index < doc.length; index += 1) {
      trail.push(index);
      const next = guard(doc[index], trail, dropped, origin);
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
      const problem =
        typeof inner === 'string' && LINK_FIELD.test(key) && !key.startsWith('_')
          ? linkProblem(inner, origin)
          : undefined;
      if (problem !== undefined) {
        dropped.push({ field: fieldPath(trail), value: inner as string, reason: problem });
        copy ??= { ...record };
        delete copy[key];
      } else {
        const next = guard(inner, trail, dropped, origin);
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
  // The site's origin is read once per document, not once per link.
  const value = guard(doc, [], dropped, siteOrigin());
  return { value, dropped };
}
