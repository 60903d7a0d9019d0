/**
 * Field paths in a document, as Sanity writes them (`faqs[_key=="a1"].answer`, `bodyParagraphs[2]`),
 * and the lists a school owns whole. Dependency-free: the Studio bundles it.
 */
import { OWNED_LISTS_FIELD } from './product-documents.ts';
import { isRecord } from './values.ts';

/** One step of a field path: a field name, an array item by its `_key`, or by index. */
export type PathSegment = string | number | { _key: string };
export type FieldPath = readonly PathSegment[];

/** A path as Sanity's `PathUtils.toString` writes it: `plans[_key=="p1"].planBullets`. */
export function pathString(path: FieldPath): string {
  let text = '';
  for (const segment of path) {
    if (typeof segment === 'number') text += `[${segment}]`;
    else if (typeof segment === 'string') text += text ? `.${segment}` : segment;
    else text += `[_key==${JSON.stringify(segment._key)}]`;
  }
  return text;
}

/** The value at a path: fields by name, items by `_key` (or index). */
export function valueAtPath(doc: unknown, path: FieldPath): unknown {
  let value: unknown = doc;
  for (const segment of path) {
    if (typeof segment === 'string') value = isRecord(value) ? value[segment] : undefined;
    else if (typeof segment === 'number') value = Array.isArray(value) ? value[segment] : undefined;
    else
      value = Array.isArray(value)
        ? value.find((item) => isRecord(item) && item._key === segment._key)
        : undefined;
    if (value === undefined) return undefined;
  }
  return value;
}

/**
 * The lists a school's document owns whole (`ownedLists`: their paths, e.g. `faqs`,
 * `plans[_key=="p1"].planBullets`): such a list is the school's own, item for item, and the
 * product's items are not shown. Any other list of keyed items is the product's, each item
 * merged with the school's item of the same `_key`.
 */
export function ownedListsOf(doc: unknown): ReadonlySet<string> {
  const value =
    doc && typeof doc === 'object'
      ? (doc as Record<string, unknown>)[OWNED_LISTS_FIELD]
      : undefined;
  return new Set(Array.isArray(value) ? value.filter((item) => typeof item === 'string') : []);
}

const isSegment = (segment: unknown): segment is PathSegment =>
  typeof segment === 'string' ||
  typeof segment === 'number' ||
  (typeof segment === 'object' &&
    segment !== null &&
    typeof (segment as { _key?: unknown })._key === 'string');

/**
 * Whether `path` is inside (or is) a list named in `owned`: an item of it, or a field of an item.
 * Any path will do (the Studio's validation context gives its own kind).
 */
export function isInOwnedList(owned: ReadonlySet<string>, path: readonly unknown[]): boolean {
  if (owned.size === 0) return false;
  for (let end = 1; end <= path.length; end += 1) {
    const prefix = path.slice(0, end);
    if (!prefix.every(isSegment)) return false;
    if (typeof path[end - 1] === 'string' && owned.has(pathString(prefix))) return true;
  }
  return false;
}
