/**
 * What a value is, for inheritance: the units a school overrides. Dependency-free.
 * - text, numbers, yes/no, and a list of plain values (text lines): one value each;
 * - an object: field by field;
 * - an image: its picture (the asset with the crop and hotspot made for it) is one value, its
 *   other fields (alt text) field by field;
 * - a list of keyed items (`_key` on every item): item by item, by `_key`, each item field by field,
 *   unless the school owns the list (paths.ts); a list of objects without keys: one value;
 * - an object of another `_type` than the product's (a press release section of another kind):
 *   one value.
 */

export type Doc = Record<string, unknown>;

export const isRecord = (value: unknown): value is Doc =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Inherits: the school has no value here. Everything else, an empty text or list included, is a value. */
export const isUnset = (value: unknown): value is undefined | null =>
  value === undefined || value === null;

/** Sanity's own fields (`_type`, `_key`, asset ids): not text an editor writes. */
export const isSystemField = (key: string): boolean => key.startsWith('_');

/** The parts of an image that are one picture: taken together from whichever side has an asset. */
export const PICTURE_PARTS = ['_sanityAsset', 'asset', 'crop', 'hotspot', 'media'] as const;
const PICTURE = new Set<string>(PICTURE_PARTS);
export const isPicturePart = (key: string): boolean => PICTURE.has(key);

export const isImage = (value: Doc): boolean =>
  value._type === 'image' || '_sanityAsset' in value || 'asset' in value;

export const hasPicture = (value: Doc): boolean =>
  !isUnset(value._sanityAsset) || !isUnset(value.asset);

const keyOf = (item: unknown): string | undefined =>
  isRecord(item) && typeof item._key === 'string' && item._key ? item._key : undefined;
export { keyOf as itemKey };

/** Both lists are of keyed items (an empty list is either kind): merged item by item. */
export function areKeyedLists(a: readonly unknown[], b: readonly unknown[]): boolean {
  return (
    a.every((item) => keyOf(item) !== undefined) && b.every((item) => keyOf(item) !== undefined)
  );
}

/** Objects of two kinds (both name a `_type`, and not the same): the school's replaces the product's. */
export const differentKinds = (a: Doc, b: Doc): boolean =>
  typeof a._type === 'string' && typeof b._type === 'string' && a._type !== b._type;

/** Plain JSON equality (key order ignored). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, index) => sameValue(item, b[index]));
  }
  if (isRecord(a)) {
    if (!isRecord(b)) return false;
    const keys = Object.keys(a).filter((key) => a[key] !== undefined);
    if (keys.length !== Object.keys(b).filter((key) => b[key] !== undefined).length) return false;
    return keys.every((key) => sameValue(a[key], b[key]));
  }
  return false;
}
