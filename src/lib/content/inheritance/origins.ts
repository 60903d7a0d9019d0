/**
 * Where a resolved value comes from: the product's document or the school's, at which path, and
 * in which state (inherited, overridden, in a list the school owns, or the school's alone). The
 * preview's click-to-edit points inherited text at the product document (views/edit-target.ts);
 * the Studio shows a school's inherited values and their state from the same answer.
 * Dependency-free: the Studio bundles it.
 */
import { isInOwnedList, ownedListsOf, type FieldPath } from './paths.ts';
import {
  areKeyedLists,
  differentKinds,
  hasPicture,
  isImage,
  isPicturePart,
  isRecord,
  isUnset,
  itemKey,
  type Doc,
} from './values.ts';

/** The two documents a resolved document was made from. */
export interface Inheritance {
  product: Doc | undefined;
  override: Doc | undefined;
}

/**
 * - `inherited`: the school has no value: the product's is shown (with the school's words);
 * - `overridden`: the school's value replaces the product's;
 * - `owned`: inside a list the school owns whole;
 * - `school-only`: the school's value, where the product has none (or an item the product lacks).
 */
export type FieldState = 'inherited' | 'overridden' | 'owned' | 'school-only';

export interface FieldOrigin {
  /** The document to edit the value in: the product's when inherited, else the school's. */
  documentId: string;
  documentType: string;
  /** The value's path in that document (the same in both: items share their `_key`). */
  path: FieldPath;
  state: FieldState;
}

export function fieldOrigin({ product, override }: Inheritance, path: FieldPath): FieldOrigin {
  const from = (doc: Doc, state: FieldState): FieldOrigin => ({
    documentId: String(doc._id),
    documentType: String(doc._type),
    path,
    state,
  });
  if (!override) return from(product!, 'inherited');
  if (!product) return from(override, 'school-only');
  const owned = ownedListsOf(override);
  if (isInOwnedList(owned, path)) return from(override, 'owned');
  let mine: unknown = override;
  let theirs: unknown = product;
  for (const step of path) {
    if (isUnset(mine)) return from(product, 'inherited');
    if (isUnset(theirs)) return from(override, 'school-only');
    if (Array.isArray(mine)) {
      const list = Array.isArray(theirs) ? theirs : [];
      if (!areKeyedLists(list, mine)) return from(override, 'overridden');
      const key =
        typeof step === 'object'
          ? step._key
          : typeof step === 'number'
            ? itemKey(list[step])
            : undefined;
      theirs = list.find((item) => itemKey(item) === key);
      mine = mine.find((item) => itemKey(item) === key);
      continue;
    }
    if (!isRecord(mine) || typeof step !== 'string') return from(override, 'overridden');
    if (isRecord(theirs) && differentKinds(theirs, mine)) return from(override, 'overridden');
    if (isImage(mine) && isPicturePart(step))
      return hasPicture(mine) ? from(override, 'overridden') : from(product, 'inherited');
    mine = mine[step];
    theirs = isRecord(theirs) ? theirs[step] : undefined;
  }
  if (isUnset(mine)) return from(product, 'inherited');
  if (isUnset(theirs)) return from(override, 'school-only');
  if (Array.isArray(mine)) {
    if (mine.length === 0 && Array.isArray(theirs) && areKeyedLists(theirs, mine))
      return from(product, 'inherited');
  }
  // An image whose picture is the product's is edited there (its alt text may be the school's).
  if (isRecord(mine) && isImage(mine) && !hasPicture(mine)) return from(product, 'inherited');
  return from(override, 'overridden');
}

const INHERITANCE = Symbol.for('school-site.inheritance');

/** Marks a resolved document with the documents it was made from (not enumerable: never copied or sent). */
export function withInheritance<T extends object>(doc: T, inheritance: Inheritance): T {
  Object.defineProperty(doc, INHERITANCE, { value: inheritance, enumerable: false });
  return doc;
}

/** The documents a resolved document was made from; undefined for any other object. */
export function inheritanceOf(doc: unknown): Inheritance | undefined {
  return doc && typeof doc === 'object'
    ? ((doc as Record<symbol, Inheritance | undefined>)[INHERITANCE] ?? undefined)
    : undefined;
}
