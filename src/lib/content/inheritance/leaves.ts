/**
 * What a school's document overrides, value by value (values.ts says what one value is): for the
 * overview of which schools override which field of a product document, and for the content
 * check's list of overrides equal to the value they would inherit (such an override silently
 * stops later product changes from reaching the school). Dependency-free.
 */
import { resolveDocument } from './resolve.ts';
import type { SchoolWords } from './placeholders.ts';
import { ownedListsOf, pathString, type FieldPath } from './paths.ts';
import { OWNED_LISTS_FIELD, variantField } from './product-documents.ts';
import {
  areKeyedLists,
  differentKinds,
  hasPicture,
  isImage,
  isPicturePart,
  isRecord,
  isSystemField,
  isUnset,
  itemKey,
  sameValue,
  type Doc,
} from './values.ts';

export interface OverrideLeaf {
  /** The value's path; for an image's picture, the image's path. */
  path: FieldPath;
  /** `overridden`: replaces a product value; `owned`: a list the school owns whole; `school-only`: the product has none; `orphan`: an item of a list the product lacks (left out). */
  kind: 'overridden' | 'owned' | 'school-only' | 'orphan';
  /** The school's value. */
  value: unknown;
  /** What the school would show without it: the product's value with the school's words (undefined: nothing). */
  inherited: unknown;
  /** The school's value is what it would inherit. */
  sameAsInherited: boolean;
}

/** The picture parts of an image, as one value. */
const pictureOf = (image: Doc): Doc =>
  Object.fromEntries(Object.entries(image).filter(([key]) => isPicturePart(key)));

export function overrideLeaves(product: Doc, override: Doc, words: SchoolWords): OverrideLeaf[] {
  const owned = ownedListsOf(override);
  // The product's value at a path, filled with the school's words (the product resolved alone).
  const inherited = resolveDocument({ product, override: undefined, words }).document;
  const leaves: OverrideLeaf[] = [];
  const leaf = (path: FieldPath, kind: OverrideLeaf['kind'], value: unknown, base: unknown) => {
    leaves.push({
      path,
      kind,
      value,
      inherited: base,
      sameAsInherited: base !== undefined && sameValue(value, base),
    });
  };

  const walk = (theirs: unknown, mine: unknown, path: FieldPath): void => {
    if (isUnset(mine)) return;
    if (isUnset(theirs)) return leaf(path, 'school-only', mine, undefined);
    if (Array.isArray(theirs) && Array.isArray(mine)) {
      if (owned.has(pathString(path))) return leaf(path, 'owned', mine, theirs);
      if (!areKeyedLists(theirs, mine)) return leaf(path, 'overridden', mine, theirs);
      for (const item of mine) {
        const key = itemKey(item)!;
        const match: unknown = theirs.find((other) => itemKey(other) === key);
        if (match === undefined) leaf([...path, { _key: key }], 'orphan', item, undefined);
        else walk(match, item, [...path, { _key: key }]);
      }
      return;
    }
    if (!isRecord(theirs) || !isRecord(mine) || differentKinds(theirs, mine))
      return leaf(path, 'overridden', mine, theirs);
    if ((isImage(theirs) || isImage(mine)) && hasPicture(mine))
      leaf(path, 'overridden', pictureOf(mine), pictureOf(theirs));
    for (const [key, value] of Object.entries(mine))
      if (!isSystemField(key) && !(isImage(mine) && isPicturePart(key)))
        walk(theirs[key], value, [...path, key]);
  };

  // A list the school owns and leaves empty shows no items.
  for (const path of owned)
    if (!path.includes('[') && isUnset(override[path]) && Array.isArray(inherited[path]))
      leaf([path], 'owned', [], inherited[path]);
  const variant = variantField(String(override._type));
  for (const [key, value] of Object.entries(override)) {
    if (isSystemField(key) || key === 'school' || key === OWNED_LISTS_FIELD || key === variant)
      continue;
    walk(inherited[key], value, [key]);
  }
  return leaves;
}
