/**
 * From full copies to product documents plus overrides, for a whole dataset (the bundled one, or
 * a live dataset's export): scripts/dataset/migrate-to-product.ts runs it.
 * 1. Per per-school type and variant without a product document, one is made from the published
 *    documents of the schools that are not retired (product-vote.ts).
 * 2. Every school's document of that type and variant (drafts and release versions too) becomes
 *    its overrides (overrides.ts), and is kept so only when resolving the overrides with the
 *    school's words gives back exactly what the document showed; a document that cannot be told
 *    that way (it lacks a value the product has) is listed and nothing is written.
 * Where the product document was there already, a school's document is read as the build reads
 * it (its overrides), so running again changes nothing it wrote itself; an override equal to the
 * product's value is dropped as a copy. Pure: documents in, documents out.
 */
import { layerOf } from '../perspective.ts';
import { publishedId, schoolRefOf } from '../school-reference.ts';
import { ownedListsOf, pathString, type FieldPath } from './paths.ts';
import { placeholderRemover, schoolWords, type SchoolWords } from './placeholders.ts';
import {
  INHERITED_TYPES,
  OWNED_LISTS_FIELD,
  isInheritedType,
  isProductId,
  productIdOf,
  variantField,
  variantOf,
} from './product-documents.ts';
import { canonical, digest, mapText, voteProductFields } from './product-vote.ts';
import { overridesOf, type OverrideContext } from './overrides.ts';
import { resolveDocument } from './resolve.ts';
import {
  areKeyedLists,
  isRecord,
  isSystemField,
  isUnset,
  itemKey,
  sameValue,
  type Doc,
} from './values.ts';

export interface ProductMigration {
  documents: Doc[];
  /** Product documents made by this run. */
  created: string[];
  /** School documents now holding only their overrides (or fewer of them). */
  changed: string[];
  /** Lists a school now owns whole (another length or other items than the product's). */
  owned: Array<{ documentId: string; path: string }>;
  /** School documents left as they are: their school is not in the dataset. */
  skipped: Array<{ documentId: string; reason: string }>;
  /** Documents no overrides can tell: nothing may be written while there are any. */
  refused: Array<{ documentId: string; reason: string }>;
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A revision for a document written here: a digest of its content, so a run again writes the same. */
function withRevision(doc: Doc): Doc {
  const entries = Object.entries(doc).filter(([key]) => key !== '_rev');
  const rev = digest(canonical(Object.fromEntries(entries)), 22, BASE62);
  const at = entries.findIndex(([key]) => key === '_type') + 1;
  entries.splice(at, 0, ['_rev', rev]);
  return Object.fromEntries(entries);
}

/** Lists of the document whose items the product's list does not all have: read as written (owned for now). */
function listsAsWritten(product: unknown, doc: unknown, path: FieldPath, found: Set<string>) {
  if (Array.isArray(product) && Array.isArray(doc)) {
    if (!areKeyedLists(product, doc)) return;
    const keys = new Map(product.map((item) => [itemKey(item), item]));
    if (!doc.every((item) => keys.has(itemKey(item)))) found.add(pathString(path));
    else
      for (const item of doc)
        listsAsWritten(keys.get(itemKey(item)), item, [...path, { _key: itemKey(item)! }], found);
    return;
  }
  if (isRecord(product) && isRecord(doc))
    for (const [key, inner] of Object.entries(doc))
      if (!isSystemField(key)) listsAsWritten(product[key], inner, [...path, key], found);
}

/** What a school's document shows, whole: as the build reads it against the product document that was there, or as written. */
function shownBy(doc: Doc, product: Doc | undefined, words: SchoolWords): Doc {
  const owned = ownedListsOf(doc);
  let read = doc;
  if (product) {
    const asWritten = new Set<string>();
    listsAsWritten(product, doc, [], asWritten);
    for (const path of owned) asWritten.delete(path);
    if (asWritten.size) read = { ...doc, [OWNED_LISTS_FIELD]: [...owned, ...asWritten] };
  }
  return resolveDocument({ product, override: read, words }).document;
}

interface SchoolOverrides {
  doc: Doc;
  owns: string[];
  refused?: string;
}

/** The school's document as overrides of the product document, checked by resolving it back. */
function toOverrides(doc: Doc, product: Doc, productExisted: boolean, words: SchoolWords) {
  const shown = shownBy(doc, productExisted ? product : undefined, words);
  const context: OverrideContext = {
    words,
    owned: ownedListsOf(doc),
    owns: new Set(),
    unrepresentable: [],
  };
  const identity = new Set(['school', variantField(String(doc._type)) ?? '']);
  const result: Doc = {};
  const expected: Doc = {};
  for (const [key, value] of Object.entries(doc))
    if (isSystemField(key) || identity.has(key)) result[key] = expected[key] = value;
  for (const [key, value] of Object.entries(shown)) {
    if (isSystemField(key) || identity.has(key)) continue;
    const overrides = overridesOf(value, product[key], [key], context);
    if (overrides.value !== undefined) result[key] = overrides.value;
    expected[key] = overrides.expected;
  }
  for (const key of Object.keys(product))
    if (!isSystemField(key) && !identity.has(key) && isUnset(shown[key]))
      context.unrepresentable.push(key);
  const owns = [...new Set([...context.owned, ...context.owns])].sort();
  if (owns.length) {
    // Placed after the school, with the other fields that say what the document is.
    const entries = Object.entries(result);
    const at = entries.findIndex(([key]) => key === 'school') + 1;
    entries.splice(at || entries.length, 0, [OWNED_LISTS_FIELD, owns]);
    Object.keys(result).forEach((key) => delete result[key]);
    Object.assign(result, Object.fromEntries(entries));
  }
  const outcome: SchoolOverrides = { doc: result, owns: [...context.owns] };
  const unrepresentable = [...new Set(context.unrepresentable)];
  if (unrepresentable.length)
    outcome.refused = `it has no value where the product document has one: ${unrepresentable.join(', ')}`;
  else {
    const resolved = resolveDocument({ product, override: result, words }).document;
    delete expected[OWNED_LISTS_FIELD];
    if (!sameValue(withoutSystem(resolved), withoutSystem(expected)))
      outcome.refused = 'its overrides do not resolve to what it shows (please report this)';
  }
  return outcome;
}

const withoutSystem = (doc: Doc) =>
  Object.fromEntries(Object.entries(doc).filter(([key]) => !isSystemField(key)));

/** The product document's place among its type's variants (bundled order: as the schools' documents come). */
const typeRank = (type: unknown) => INHERITED_TYPES.indexOf(type as never);

export function migrateToProductDocuments(documents: readonly Doc[]): ProductMigration {
  const result: ProductMigration = {
    documents: [],
    created: [],
    changed: [],
    owned: [],
    skipped: [],
    refused: [],
  };
  // The school documents by published id: a published one wins over its draft.
  const schools = new Map<string, Doc>();
  for (const doc of documents)
    if (doc._type === 'school' && typeof doc._id === 'string') {
      const id = publishedId(doc._id);
      if (!schools.has(id) || layerOf(doc._id)?.layer === 'published') schools.set(id, doc);
    }
  const existing = new Map<string, Doc>();
  for (const doc of documents)
    if (isProductId(doc._id) && layerOf(String(doc._id))?.layer === 'published')
      existing.set(String(doc._id), doc);

  // Each school's document of an inherited type, by the product document it inherits from.
  const bySchoolOf = (doc: Doc) => schools.get(publishedId(schoolRefOf(doc) ?? ''));
  const candidates = documents.filter(
    (doc) => isInheritedType(doc._type) && !isProductId(doc._id) && schoolRefOf(doc) !== undefined,
  );
  const groups = Map.groupBy(candidates, (doc) => productIdOf(doc));

  const made = new Map<string, Doc>();
  for (const [productId, group] of groups) {
    if (existing.has(productId)) continue;
    const published = group.filter(
      (doc) => layerOf(String(doc._id))?.layer === 'published' && bySchoolOf(doc),
    );
    const live = published.filter((doc) => bySchoolOf(doc)!.status !== 'retired');
    const voters = live.length ? live : published;
    if (!voters.length) continue;
    const placeholdered = voters.map(
      (doc) => mapText(doc, placeholderRemover(bySchoolOf(doc)!)) as Doc,
    );
    const first = voters[0]!;
    const field = variantField(String(first._type));
    const updated = voters
      .map((doc) => doc._updatedAt)
      .filter((at): at is string => typeof at === 'string')
      .sort()
      .at(-1);
    const product = withRevision({
      _id: productId,
      _type: first._type,
      ...(updated ? { _updatedAt: updated } : {}),
      ...(field ? { [field]: variantOf(first) } : {}),
      ...voteProductFields(productId, placeholdered),
    });
    made.set(productId, product);
    result.created.push(productId);
  }

  const replaced = new Map<Doc, Doc>();
  for (const doc of candidates) {
    const productId = productIdOf(doc);
    const product = existing.get(productId) ?? made.get(productId);
    const school = bySchoolOf(doc);
    const id = String(doc._id);
    if (!product) continue;
    if (!school) {
      result.skipped.push({ documentId: id, reason: 'its school is not in the dataset' });
      continue;
    }
    const outcome = toOverrides(doc, product, existing.has(productId), schoolWords(school));
    if (outcome.refused) {
      result.refused.push({ documentId: id, reason: outcome.refused });
      continue;
    }
    for (const path of outcome.owns) result.owned.push({ documentId: id, path });
    if (canonical(outcome.doc) === canonical(doc)) continue;
    const next = withRevision(outcome.doc);
    if (canonical(next) === canonical(doc)) continue;
    replaced.set(doc, next);
    result.changed.push(id);
  }

  // New product documents go after the site settings (first in the file when there are none).
  const products = [...made.values()].sort((a, b) => typeRank(a._type) - typeRank(b._type) || 0);
  const settingsAt = documents.findIndex((doc) => doc._type === 'siteSettings');
  documents.forEach((doc, index) => {
    if (index === 0 && settingsAt === -1) result.documents.push(...products);
    result.documents.push(replaced.get(doc) ?? doc);
    if (index === settingsAt) result.documents.push(...products);
  });
  if (documents.length === 0) result.documents.push(...products);
  return result;
}
