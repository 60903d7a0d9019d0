/**
 * Links from content are checked once, at the door, by the same classifier that renders them
 * (src/lib/links.ts): a link field the classifier would drop (javascript:, data:, file:...,
 * unparsable) is removed from the document and reported with the reason. What stays is
 * rendered through the classifier again, so the door and the page cannot disagree.
 */
import { classifyLink, siteOrigin } from '../links.ts';

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
      const problem = typeof inner === 'string' && LINK_FIELD.test(key) && !key.startsWith('_') ? linkProblem(inner) : undefined;
      if (problem !== undefined) {
        dropped.push({ field, value: inner as string, reason: problem });
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
