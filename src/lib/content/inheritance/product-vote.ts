/**
 * A product document made from the schools' copies of one type and variant (the migration's first
 * step): each school's text with its own words made placeholders, then per value the one most
 * schools share (a tie goes to the first school's), values.ts saying what one value is. A value
 * some school lacks is left out of the product (that school could not inherit it: no value is
 * what it shows). A list of keyed items has the length most schools' lists have, and stable keys
 * of its own. Pure and dependency-free.
 */
import { pathString, type FieldPath } from './paths.ts';
import { OWNED_LISTS_FIELD } from './product-documents.ts';
import {
  hasPicture,
  isImage,
  isPicturePart,
  isRecord,
  isSystemField,
  isUnset,
  itemKey,
  type Doc,
} from './values.ts';

/** A short deterministic digest (FNV-1a, four rounds) in the given alphabet. */
export function digest(text: string, length: number, alphabet = '0123456789abcdef'): string {
  let out = '';
  for (let round = 0; out.length < length; round += 1) {
    let hash = (0x811c9dc5 ^ Math.imul(round + 1, 0x9e3779b1)) >>> 0;
    for (let index = 0; index < text.length; index += 1) {
      hash ^= text.charCodeAt(index);
      hash = Math.imul(hash, 0x01000193) >>> 0;
    }
    for (let digit = 0; digit < 6 && out.length < length; digit += 1) {
      out += alphabet[hash % alphabet.length];
      hash = Math.floor(hash / alphabet.length);
    }
  }
  return out;
}

/** The `_key` of a product list's item: from the document, the list and the position, so a run again gives the same. */
export const productItemKey = (productId: string, list: FieldPath, index: number): string =>
  digest(`${productId}|${pathString(list)}|${index}`, 12);

/** Plain JSON with object keys sorted: equal values, equal text. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isRecord(value))
    return `{${Object.keys(value)
      .filter((key) => value[key] !== undefined)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

/** The value most share; a tie goes to the one seen first. */
function majority<T>(values: readonly T[], identity: (value: T) => string = canonical): T {
  const counts = new Map<string, { count: number; first: number }>();
  values.forEach((value, index) => {
    const id = identity(value);
    const seen = counts.get(id);
    if (seen) seen.count += 1;
    else counts.set(id, { count: 1, first: index });
  });
  let best = { count: 0, first: 0 };
  for (const entry of counts.values())
    if (entry.count > best.count || (entry.count === best.count && entry.first < best.first))
      best = entry;
  return values[best.first]!;
}

const pictureOf = (image: Doc): Doc =>
  Object.fromEntries(Object.entries(image).filter(([key]) => isPicturePart(key)));

const isObjectList = (value: unknown): value is unknown[] =>
  Array.isArray(value) && value.every(isRecord);

class Vote {
  private readonly productId: string;
  constructor(productId: string) {
    this.productId = productId;
  }

  value(values: readonly unknown[], path: FieldPath): unknown {
    if (values.length === 0 || values.some(isUnset)) return undefined;
    if (values.every(isObjectList) && values.every((list) => list.every((item) => itemKey(item))))
      return this.list(values, path);
    if (values.every(isRecord)) return this.object(values, path);
    return majority(values);
  }

  private list(values: readonly unknown[][], path: FieldPath): unknown[] {
    const length = majority(values.map((list) => list.length));
    const lists = values.filter((list) => list.length === length);
    return Array.from({ length }, (_, index) => {
      let items = lists.map((list) => list[index] as Doc);
      const kinds = items.map((item) => item._type);
      if (kinds.some((kind) => kind !== undefined)) {
        const kind = majority(kinds);
        items = items.filter((item) => item._type === kind);
      }
      const key = productItemKey(this.productId, path, index);
      const item = this.object(items, [...path, { _key: key }]);
      return { _key: key, ...item };
    });
  }

  private object(values: readonly Doc[], path: FieldPath): Doc {
    const result: Doc = {};
    const image = values.some(isImage);
    const keys = new Set(values.flatMap((value) => Object.keys(value)));
    if (image && values.every(hasPicture)) Object.assign(result, majority(values.map(pictureOf)));
    for (const key of keys) {
      if (key === '_key' || (image && isPicturePart(key))) continue;
      const inner = values.map((value) => value[key]);
      const voted = isSystemField(key)
        ? inner.some(isUnset)
          ? undefined
          : majority(inner)
        : this.value(inner, [...path, key]);
      if (voted !== undefined) result[key] = voted;
    }
    return result;
  }

  fields(documents: readonly Doc[]): Doc {
    const result: Doc = {};
    const keys = new Set(documents.flatMap((doc) => Object.keys(doc)));
    for (const key of keys) {
      if (isSystemField(key) || key === 'school' || key === OWNED_LISTS_FIELD) continue;
      const voted = this.value(
        documents.map((doc) => doc[key]),
        [key],
      );
      if (voted !== undefined) result[key] = voted;
    }
    return result;
  }
}

/** The text of a value with each string (not Sanity's own fields) passed through `text`. */
export function mapText(value: unknown, text: (text: string) => string): unknown {
  if (typeof value === 'string') return text(value);
  if (Array.isArray(value)) return value.map((item) => mapText(item, text));
  if (!isRecord(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      isSystemField(key) ? inner : mapText(inner, text),
    ]),
  );
}

/**
 * The content fields of the product document `productId`, from the schools' documents with their
 * words already made placeholders (`mapText` with placeholders.ts' `placeholderRemover`).
 */
export function voteProductFields(productId: string, documents: readonly Doc[]): Doc {
  return new Vote(productId).fields(documents);
}
