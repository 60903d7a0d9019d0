/**
 * A school's documents as its pages read them: for every product document, the school's document
 * of that type and variant resolved against it (or the product's alone where the school has
 * none). What stops a live school's pages (the build, and the preview's answer) is returned apart
 * from what is only reported. Pure and dependency-free.
 */
import { compareDocuments } from '../document-order.ts';
import { publishedId } from '../school-reference.ts';
import { withInheritance } from './origins.ts';
import { pathString, type FieldPath } from './paths.ts';
import {
  unknownPlaceholderMessage,
  unknownPlaceholders,
  type SchoolWords,
} from './placeholders.ts';
import {
  describeVariant,
  productDocumentProblem,
  productIdOf,
  variantOf,
} from './product-documents.ts';
import { resolveDocument } from './resolve.ts';
import { isSystemField, type Doc } from './values.ts';

export interface InheritanceProblem {
  documentType: string;
  documentId: string;
  field?: string;
  reason: string;
}

export interface ProductIndex {
  /** Usable product documents by (published) id. */
  byId: ReadonlyMap<string, Doc>;
  /** Reported: product documents that cannot be used, or that name a school. */
  problems: InheritanceProblem[];
  /** Stop the build whatever the school: text no school's words can fill. */
  errors: InheritanceProblem[];
}

function textsOf(value: unknown, path: FieldPath, visit: (text: string, path: FieldPath) => void) {
  if (typeof value === 'string') visit(value, path);
  else if (Array.isArray(value))
    value.forEach((item, index) => textsOf(item, [...path, index], visit));
  else if (value && typeof value === 'object')
    for (const [key, inner] of Object.entries(value))
      if (!isSystemField(key)) textsOf(inner, [...path, key], visit);
}

/** The unknown placeholders of a document, one problem per field. */
export function unknownPlaceholderProblems(doc: Doc): InheritanceProblem[] {
  const problems: InheritanceProblem[] = [];
  textsOf(doc, [], (text, path) => {
    const unknown = unknownPlaceholders(text);
    if (unknown.length)
      problems.push({
        documentType: String(doc._type),
        documentId: String(doc._id),
        field: pathString(path),
        reason: unknownPlaceholderMessage(unknown),
      });
  });
  return problems;
}

/** The product documents of a read (drafts and versions already seen through the perspective). */
export function indexProducts(products: readonly Doc[]): ProductIndex {
  const byId = new Map<string, Doc>();
  const problems: InheritanceProblem[] = [];
  const errors: InheritanceProblem[] = [];
  for (const doc of products) {
    const documentType = String(doc._type);
    const documentId = String(doc._id);
    const problem = productDocumentProblem(doc);
    if (problem) {
      problems.push({ documentType, documentId, reason: `product document not used: ${problem}` });
      continue;
    }
    if (doc.school !== undefined)
      problems.push({
        documentType,
        documentId,
        field: 'school',
        reason: 'a product document belongs to no school: its school is ignored',
      });
    errors.push(...unknownPlaceholderProblems(doc));
    byId.set(publishedId(documentId), doc);
  }
  return { byId, problems, errors };
}

export interface SchoolDocuments {
  /** Resolved documents, not yet validated, in reading order; each marked with its sources (origins.ts). */
  documents: Doc[];
  /** Reported only: items the product's list lacks. */
  problems: InheritanceProblem[];
  /** Unpublishable: a placeholder that cannot be filled. Their documents are left out. */
  stops: InheritanceProblem[];
}

/** Why a school's document that does not validate alone stops: the product document it lacks. */
export function missingProductMessage(doc: Doc): string {
  return `no product document ${productIdOf(doc)} (${describeVariant(String(doc._type), variantOf(doc))}) to inherit what this document leaves empty`;
}

/**
 * The school's documents resolved. `school`: the school document (its words fill the
 * placeholders); `own`: the documents that reference it.
 */
export function resolveSchoolDocuments(
  school: { _id: string },
  words: SchoolWords,
  own: readonly Doc[],
  products: ProductIndex,
): SchoolDocuments {
  const reference = { _type: 'reference' as const, _ref: publishedId(school._id) };
  const documents: Doc[] = [];
  const problems: InheritanceProblem[] = [];
  const stops: InheritanceProblem[] = [];
  const matched = new Set<string>();
  const add = (product: Doc | undefined, override: Doc | undefined) => {
    const { document, issues } = resolveDocument({ product, override, words, school: reference });
    const documentType = String(document._type);
    const stopping = issues.filter((issue) => issue.stops);
    for (const issue of issues)
      (issue.stops ? stops : problems).push({
        documentType,
        documentId: issue.documentId || String(document._id),
        field: issue.field,
        reason: issue.message,
      });
    if (!stopping.length) documents.push(withInheritance(document, { product, override }));
  };
  for (const doc of own) {
    const productId = productIdOf(doc);
    const product = products.byId.get(productId);
    // Without its product document a school's document stands alone: whole, it needs nothing
    // (a dataset not migrated yet); the build stops a live school whose document is incomplete
    // without it (missingProductMessage).
    if (product) matched.add(productId);
    add(product, doc);
  }
  for (const [id, product] of products.byId) if (!matched.has(id)) add(product, undefined);
  return { documents: documents.sort(compareDocuments), problems, stops };
}
