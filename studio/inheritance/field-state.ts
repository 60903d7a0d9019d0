/**
 * What a field of a school's document shows in the Studio, and what its two actions write: the
 * product's value with this school's words (the inheritance module resolves it, `fieldOrigin`
 * says where the value comes from), **Override for this school** (the field set to that value, so
 * the editor starts from it) and **Reset to the product's value** (the field unset: it inherits
 * again). A keyed list is inherited item by item: overriding it lists the product's items in the
 * school's document by their `_key`, each field still inherited until overridden on its own.
 * Pure: no React, no Sanity runtime (the edits become Sanity's form patches where the form is).
 */
import {
  OWNED_LISTS_FIELD,
  PICTURE_PARTS,
  PLACEHOLDER_FIELDS,
  fieldOrigin,
  isInheritedType,
  isProductId,
  isSchoolOverrides,
  resolveDocument,
  schoolWords,
  valueAtPath,
  variantField,
  type FieldPath,
  type PathSegment,
  type SchoolWords,
} from '../../src/lib/content/inheritance/index.ts';

export type Doc = Record<string, unknown>;

const isRecord = (value: unknown): value is Doc =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const keyOf = (item: unknown): string | undefined =>
  isRecord(item) && typeof item._key === 'string' && item._key ? item._key : undefined;
const isKeyedList = (value: unknown): value is Doc[] =>
  Array.isArray(value) && value.length > 0 && value.every((item) => keyOf(item) !== undefined);
const isImage = (value: unknown): value is Doc =>
  isRecord(value) && (value._type === 'image' || 'asset' in value || '_sanityAsset' in value);

/** Which kind of document a form edits, for inheritance. */
export type DocumentRole = 'product' | 'school' | 'other';

export function documentRole(doc: unknown): DocumentRole {
  if (!isRecord(doc) || !isInheritedType(doc._type)) return 'other';
  if (isProductId(doc._id)) return 'product';
  return isSchoolOverrides(doc) ? 'school' : 'other';
}

/** A form path (Sanity's `Path`) as the inheritance module's, or undefined for a path it has no word for (an index range). */
export function fieldPathOf(path: readonly unknown[]): FieldPath | undefined {
  const segments: PathSegment[] = [];
  for (const segment of path) {
    if (typeof segment === 'string' || typeof segment === 'number') segments.push(segment);
    else if (isRecord(segment) && typeof segment._key === 'string')
      segments.push({ _key: segment._key });
    else return undefined;
  }
  return segments;
}

/**
 * Whether a field is inherited at all: not Sanity's own fields, and not the fields that say which
 * document this is (its school, the lists it owns, its variant such as a plan page's audience).
 */
export function isInheritableField(documentType: string, path: FieldPath): boolean {
  if (path.length === 0) return false;
  if (path.some((segment) => typeof segment === 'string' && segment.startsWith('_'))) return false;
  const [first] = path;
  if (path.length > 1) return true;
  return first !== 'school' && first !== OWNED_LISTS_FIELD && first !== variantField(documentType);
}

export { valueAtPath };

/** The product document as a school shows it where it overrides nothing: its values with the school's words. */
export function productAsShown(product: Doc, words: SchoolWords): Doc {
  return resolveDocument({ product, override: undefined, words }).document;
}

/** What a school's document inherits from: its product document, and its school's words. */
export const SCHOOL_SOURCE_QUERY = `{
  "product": *[_id == $productId][0],
  "school": *[_id == $schoolId][0]{${PLACEHOLDER_FIELDS.join(', ')}}
}`;

/** What the school's form follows (the product document and the school, drafts too). */
export const SCHOOL_SOURCE_LISTEN = '*[_id in $ids]';

export function schoolSourceParams(productId: string, schoolId: string) {
  return { productId, schoolId, ids: [productId, schoolId].flatMap((id) => [id, `drafts.${id}`]) };
}

export interface SchoolSourceAnswer {
  product?: Doc | null;
  school?: Doc | null;
}

/** The answer made what the fields read: the product document, and it with the school's words (made once). */
export function schoolSourceOf(answer: SchoolSourceAnswer | null | undefined) {
  const product = answer?.product ?? undefined;
  const words = schoolWords(answer?.school ?? {});
  return { product, words, shown: product ? productAsShown(product, words) : undefined };
}

/** A list item as the school's page shows it (its own fields over the product's, with its words): named in the form by it. */
export function itemAsShown(
  source: { product: Doc | undefined; words: SchoolWords },
  school: Doc,
  path: FieldPath,
): unknown {
  if (!source.product) return undefined;
  const shown = resolveDocument({ product: source.product, override: school, words: source.words });
  return valueAtPath(shown.document, path);
}

/**
 * - `inherited`: the school has no value: the product's is shown (`productValue`, with its words);
 * - `overridden`: the school's value replaces the product's (`productValue`: what Reset brings back);
 * - `owned`: inside a list this school owns whole (Lists this school owns);
 * - `school-only`: the product has no value here;
 * - `no-product`: there is no product document to inherit from.
 */
export type SchoolFieldState =
  | { state: 'inherited' | 'overridden'; productValue: unknown }
  | { state: 'owned' | 'school-only' | 'no-product' };

export interface SchoolFieldInput {
  /** The product document (undefined: none). */
  product: Doc | undefined;
  /** `productAsShown(product, words)`, made once per document. */
  shown: Doc | undefined;
  /** The school's document as the form holds it. */
  school: Doc;
  path: FieldPath;
}

export function schoolFieldState({
  product,
  shown,
  school,
  path,
}: SchoolFieldInput): SchoolFieldState {
  if (!product || !shown) return { state: 'no-product' };
  const origin = fieldOrigin({ product, override: school }, path);
  if (origin.state === 'owned' || origin.state === 'school-only') return { state: origin.state };
  return { state: origin.state, productValue: valueAtPath(shown, path) };
}

/** The items of a keyed list that the school's list lacks, and how many of its items change a field. */
export interface KeyedListStatus {
  /** The product's items (with this school's words). */
  items: Doc[];
  /** Keys of the product's items the school's list does not have yet. */
  missing: string[];
  /** The school's items that set at least one field of their own. */
  changed: number;
}

export function keyedListStatus(
  productValue: unknown,
  schoolValue: unknown,
): KeyedListStatus | undefined {
  if (!isKeyedList(productValue)) return undefined;
  const mine = Array.isArray(schoolValue) ? schoolValue : [];
  const present = new Set(mine.map(keyOf));
  const changed = mine.filter(
    (item) => isRecord(item) && Object.keys(item).some((key) => !key.startsWith('_')),
  ).length;
  return {
    items: productValue,
    missing: productValue.map((item) => keyOf(item)!).filter((key) => !present.has(key)),
    changed,
  };
}

const copy = <T>(value: T): T => structuredClone(value);

/** The picture of an image (asset, crop, hotspot): the parts that come whole from one side. */
function pictureOf(image: Doc): Doc {
  return Object.fromEntries(
    Object.entries(image).filter(([key]) => (PICTURE_PARTS as readonly string[]).includes(key)),
  );
}

/**
 * What **Override for this school** writes at the field, starting from the product's value:
 * - a keyed list: the school's items, with each product item it lacks added by its `_key` (empty:
 *   every field of it still inherited), in the product's order;
 * - an image: the product's picture (the school's alternative text, if any, kept);
 * - anything else: the product's value with this school's words.
 */
export function overrideValue(productValue: unknown, schoolValue: unknown): unknown {
  if (isKeyedList(productValue)) {
    const mine: unknown[] = Array.isArray(schoolValue) ? (schoolValue as unknown[]) : [];
    const byKey = new Map(mine.map((item) => [keyOf(item), item]));
    const listed = productValue.map((item) => {
      const key = keyOf(item)!;
      const own = byKey.get(key);
      byKey.delete(key);
      return own ?? { _key: key, ...(typeof item._type === 'string' ? { _type: item._type } : {}) };
    });
    // The school's items the product no longer has stay where the editor can see them.
    return [...listed, ...mine.filter((item) => byKey.has(keyOf(item)))];
  }
  if (isImage(productValue))
    return {
      _type: productValue._type ?? 'image',
      ...(isRecord(schoolValue) ? schoolValue : {}),
      ...copy(pictureOf(productValue)),
    };
  return copy(productValue);
}

/** One change to a field, at a path relative to it (Sanity's `set` and `unset` patches make them). */
export type FieldEdit =
  { type: 'set'; path: PathSegment[]; value: unknown } | { type: 'unset'; path: PathSegment[] };

/** The edits of **Override for this school**, relative to the field (as its input's onChange takes them). */
export function overrideEdits(productValue: unknown, schoolValue: unknown): FieldEdit[] {
  return [{ type: 'set', path: [], value: overrideValue(productValue, schoolValue) }];
}

/**
 * The edits of **Reset to the product's value**: the field unset, so it inherits again; for an
 * image only its picture (its alternative text is a field of its own, with its own Reset).
 */
export function resetEdits(productValue: unknown, schoolValue: unknown): FieldEdit[] {
  if ((isImage(productValue) || isImage(schoolValue)) && isRecord(schoolValue))
    return Object.keys(pictureOf(schoolValue)).map((part) => ({ type: 'unset', path: [part] }));
  return [{ type: 'unset', path: [] }];
}
