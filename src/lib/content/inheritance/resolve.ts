/**
 * A school's document resolved against its product document: the school's value where its
 * document has one, otherwise the product's, with the school's words in place of the
 * placeholders (values.ts says what one value is; undefined and null inherit, anything else, an
 * empty text or list included, is the school's). Identity comes from the school's document (id,
 * revision, school, variant; `ownedLists` is applied, not kept); a school without a document of the type gets the product's alone
 * under the product's id. Pure and dependency-free: the build, the preview, the content check
 * and the Studio all resolve with it.
 */
import { fillPlaceholders, type SchoolWords } from './placeholders.ts';
import { ownedListsOf, pathString, type FieldPath } from './paths.ts';
import { OWNED_LISTS_FIELD } from './product-documents.ts';
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
  type Doc,
} from './values.ts';

export interface ResolveIssue {
  /** The document the value is in: the product's or the school's. */
  documentId: string;
  /** Its path (`faqs[_key=="a1"].answer`). */
  field: string;
  message: string;
  /** Unpublishable for a live school (a page would show a placeholder); otherwise reported only. */
  stops: boolean;
}

export interface ResolveInput {
  /** The product document of the type and variant (undefined: the school's alone, as written). */
  product: Doc | undefined;
  /** The school's document (undefined: the school has none, and shows the product's). */
  override: Doc | undefined;
  words: SchoolWords;
  /** The school, for a document it has none of: the resolved document names it. */
  school?: { _type: 'reference'; _ref: string } | undefined;
}

export interface ResolvedDocument {
  document: Doc;
  issues: ResolveIssue[];
}

/** Objects and lists already known to hold no placeholder (a product's are shared by every school). */
const withoutPlaceholders = new WeakSet<object>();
const withPlaceholders = new WeakSet<object>();

function mayHavePlaceholders(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('{');
  if (typeof value !== 'object' || value === null) return false;
  if (withoutPlaceholders.has(value)) return false;
  if (withPlaceholders.has(value)) return true;
  const found = Array.isArray(value)
    ? value.some(mayHavePlaceholders)
    : Object.entries(value).some(
        ([key, inner]) => !isSystemField(key) && mayHavePlaceholders(inner),
      );
  (found ? withPlaceholders : withoutPlaceholders).add(value);
  return found;
}

const stepOf = (item: unknown, index: number) => {
  const key = itemKey(item);
  return key === undefined ? index : { _key: key };
};

class Resolver {
  readonly issues: ResolveIssue[] = [];
  private readonly words: SchoolWords;
  private readonly productId: string;
  private readonly overrideId: string;
  private readonly owned: ReadonlySet<string>;

  constructor(
    words: SchoolWords,
    productId: string,
    overrideId: string,
    owned: ReadonlySet<string>,
  ) {
    this.words = words;
    this.productId = productId;
    this.overrideId = overrideId;
    this.owned = owned;
  }

  /** The value with the school's words put in; parts without placeholders are the value's own (not copied). */
  fill(value: unknown, documentId: string, path: FieldPath): unknown {
    if (typeof value === 'string') {
      const filled = fillPlaceholders(value, this.words);
      if (filled.unknown.length || filled.missing.length) this.report(filled, documentId, path);
      return filled.text;
    }
    if (!mayHavePlaceholders(value)) return value;
    if (Array.isArray(value))
      return value.map((item, index) =>
        this.fill(item, documentId, [...path, stepOf(item, index)]),
      );
    const record = value as Doc;
    const copy: Doc = {};
    for (const [key, inner] of Object.entries(record))
      copy[key] = isSystemField(key) ? inner : this.fill(inner, documentId, [...path, key]);
    return copy;
  }

  private report(
    filled: ReturnType<typeof fillPlaceholders>,
    documentId: string,
    path: FieldPath,
  ): void {
    const field = pathString(path);
    for (const name of new Set(filled.unknown))
      this.issues.push({
        documentId,
        field,
        message: `unknown placeholder {${name}}`,
        stops: true,
      });
    for (const name of new Set(filled.missing))
      this.issues.push({
        documentId,
        field,
        message: `{${name}} has nothing to fill it: the school document has no ${name}`,
        stops: true,
      });
  }

  merge(product: unknown, override: unknown, path: FieldPath): unknown {
    const owned = this.owned.size > 0 && this.owned.has(pathString(path));
    // A list the school owns shows the school's items: none when it has none.
    if (owned && isUnset(override) && Array.isArray(product)) return [];
    if (isUnset(override)) return this.fill(product, this.productId, path);
    if (isUnset(product)) return this.fill(override, this.overrideId, path);
    if (Array.isArray(product) && Array.isArray(override)) {
      return !owned && areKeyedLists(product, override)
        ? this.mergeList(product, override, path)
        : this.fill(override, this.overrideId, path);
    }
    if (isRecord(product) && isRecord(override) && !differentKinds(product, override))
      return this.mergeObject(product, override, path);
    return this.fill(override, this.overrideId, path);
  }

  private mergeObject(product: Doc, override: Doc, path: FieldPath): Doc {
    const image = isImage(product) || isImage(override);
    // An image's picture comes whole from the side that has one: a crop is made for its own asset.
    const picture = hasPicture(override) ? override : product;
    const result: Doc = {};
    for (const key of new Set([...Object.keys(product), ...Object.keys(override)])) {
      let value: unknown;
      if (image && isPicturePart(key)) value = picture[key];
      else if (isSystemField(key)) value = isUnset(override[key]) ? product[key] : override[key];
      else value = this.merge(product[key], override[key], [...path, key]);
      if (value !== undefined) result[key] = value;
    }
    return result;
  }

  private mergeList(product: readonly unknown[], override: readonly unknown[], path: FieldPath) {
    const mine = new Map(override.map((item) => [itemKey(item)!, item]));
    const result = product.map((item) => {
      const key = itemKey(item)!;
      const step = [...path, { _key: key }];
      const overridden = mine.get(key);
      if (overridden === undefined) return this.fill(item, this.productId, step);
      mine.delete(key);
      return this.merge(item, overridden, step);
    });
    for (const key of mine.keys())
      this.issues.push({
        documentId: this.overrideId,
        field: pathString([...path, { _key: key }]),
        message: `left out: the product's list has no item ${key} (removed from the product, or added by the school: a school keeps items of its own by owning the list, "${pathString(path)}" in ${OWNED_LISTS_FIELD})`,
        stops: false,
      });
    return result;
  }
}

/** Fields of a school's document that say which document it is, not what it shows. */
const IDENTITY = new Set(['school', OWNED_LISTS_FIELD]);

export function resolveDocument({
  product,
  override,
  words,
  school,
}: ResolveInput): ResolvedDocument {
  const base = override ?? product;
  if (!base) throw new Error('resolveDocument needs a product document or a school document');
  const resolver = new Resolver(
    words,
    typeof product?._id === 'string' ? product._id : '',
    typeof override?._id === 'string' ? override._id : '',
    ownedListsOf(override),
  );
  const document: Doc = {};
  for (const [key, value] of Object.entries(base)) if (isSystemField(key)) document[key] = value;
  const reference = override?.school ?? school;
  if (reference !== undefined) document.school = reference;
  const fields = new Set([...Object.keys(product ?? {}), ...Object.keys(override ?? {})]);
  for (const key of fields) {
    if (isSystemField(key) || IDENTITY.has(key)) continue;
    const value = resolver.merge(product?.[key], override?.[key], [key]);
    if (value !== undefined) document[key] = value;
  }
  // Which lists the school owns has been applied: the pages never read it.
  return { document, issues: resolver.issues };
}
