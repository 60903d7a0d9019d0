/**
 * A school's whole document made into its overrides against a product document (the migration's
 * second step): a value is dropped only when the product's value with this school's words is
 * exactly the school's; everything else stays, so resolving the overrides gives the school's
 * document back. A list of keyed items stays the product's, item by item, when it has the
 * product's length and items of the same kinds (the school's items take the product's keys);
 * otherwise the school owns it whole (`ownedLists`). Pure and dependency-free.
 */
import { pathString, type FieldPath } from './paths.ts';
import { fillPlaceholders, type SchoolWords } from './placeholders.ts';
import { mapText } from './product-vote.ts';
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

export interface Overrides {
  /** The school's values that differ from the product's (undefined: none). */
  value: unknown;
  /** The school's document as the overrides resolve: its own values, list items under the product's keys. */
  expected: unknown;
}

export interface OverrideContext {
  words: SchoolWords;
  /** Lists the school already owns (kept owned). */
  owned: ReadonlySet<string>;
  /** Lists it owns after this (added to as lists are decided). */
  owns: Set<string>;
  /** Values the product has and the school does not: no override can say "nothing". */
  unrepresentable: string[];
}

const filled = (value: unknown, words: SchoolWords) =>
  mapText(value, (text) => fillPlaceholders(text, words).text);

const pictureOf = (image: Doc): Doc =>
  Object.fromEntries(Object.entries(image).filter(([key]) => isPicturePart(key)));

const sameKind = (a: unknown, b: unknown) =>
  isRecord(a) && isRecord(b) && !differentKinds(a, b) && a._type === b._type;

export function overridesOf(
  full: unknown,
  product: unknown,
  path: FieldPath,
  context: OverrideContext,
): Overrides {
  if (isUnset(product)) return { value: full, expected: full };
  if (isUnset(full)) {
    context.unrepresentable.push(pathString(path));
    return { value: undefined, expected: full };
  }
  if (Array.isArray(full) && Array.isArray(product))
    return listOverrides(full, product, path, context);
  if (isRecord(full) && isRecord(product) && !differentKinds(full, product))
    return objectOverrides(full, product, path, context);
  return sameValue(full, filled(product, context.words))
    ? { value: undefined, expected: full }
    : { value: full, expected: full };
}

function listOverrides(
  full: unknown[],
  product: unknown[],
  path: FieldPath,
  context: OverrideContext,
): Overrides {
  const own = () => {
    context.owns.add(pathString(path));
    return { value: full, expected: full };
  };
  // Not items by key (text lines, objects without keys): the list is one value.
  if (!areKeyedLists(product, full))
    return sameValue(full, filled(product, context.words))
      ? { value: undefined, expected: full }
      : { value: full, expected: full };
  if (context.owned.has(pathString(path))) return own();
  if (full.length === 0 && product.length === 0) return { value: undefined, expected: full };
  // Another length (an empty list among them) or other kinds of items: the school's own list.
  if (
    full.length !== product.length ||
    !full.every((item, index) => sameKind(item, product[index]))
  )
    return own();
  const values: Doc[] = [];
  const expected = full.map((item, index) => {
    const key = itemKey(product[index])!;
    const step = [...path, { _key: key }];
    const inner = objectOverrides(item as Doc, product[index] as Doc, step, context);
    if (inner.value !== undefined) values.push({ _key: key, ...(inner.value as Doc) });
    return { ...(inner.expected as Doc), _key: key };
  });
  return { value: values.length ? values : undefined, expected };
}

function objectOverrides(
  full: Doc,
  product: Doc,
  path: FieldPath,
  context: OverrideContext,
): Overrides {
  const value: Doc = {};
  const expected: Doc = { ...full };
  const image = isImage(full) || isImage(product);
  if (image && (hasPicture(full) || hasPicture(product))) {
    const mine = pictureOf(full);
    if (!hasPicture(full)) context.unrepresentable.push(`${pathString(path)} (picture)`);
    else if (!sameValue(mine, pictureOf(product))) Object.assign(value, mine);
  }
  for (const [key, inner] of Object.entries(full)) {
    if (key === '_key' || (image && isPicturePart(key))) continue;
    if (isSystemField(key)) continue;
    const result = overridesOf(inner, product[key], [...path, key], context);
    if (result.value !== undefined) value[key] = result.value;
    expected[key] = result.expected;
  }
  for (const key of Object.keys(product))
    if (!isSystemField(key) && !(image && isPicturePart(key)) && isUnset(full[key]))
      context.unrepresentable.push(pathString([...path, key]));
  if (Object.keys(value).length === 0) return { value: undefined, expected };
  // What is kept says what kind of object it is, as the school's did.
  if (typeof full._type === 'string') return { value: { _type: full._type, ...value }, expected };
  return { value, expected };
}
