/**
 * The per-school documents of a read, grouped by school: each school document to the school it
 * references, resolved field by field against its product document (inheritance/: the school's
 * value, otherwise the product's with the school's words), links guarded, then validated by its
 * zod schema, so zod sees what the pages will show. A document that fails is reported and left
 * out; what a live school cannot be published with (a document that is incomplete without the
 * product document it lacks, a placeholder that cannot be filled, any unknown placeholder in a
 * product document) stops the build with a message naming the document, the field and the
 * school. Pure: no I/O.
 */
import type { z } from 'zod';
import {
  indexProducts,
  inheritanceOf,
  isProductId,
  missingProductMessage,
  resolveSchoolDocuments,
  schoolWords,
  withInheritance,
  type InheritanceProblem,
} from './inheritance/index.ts';
import { dropUnsafeLinks } from './link-guard.ts';
import type { ContentIssue, ContentProblem } from './problems.ts';
import { publishedId, schoolRefOf } from './school-reference.ts';
import {
  CUSTOMER_TYPES,
  MULTI_DOCUMENT_TYPES,
  TENANT_DOCUMENT_TYPES,
  tenantDocumentSchemas,
  type School,
  type TenantDocumentType,
  type TenantDocuments,
} from './schemas.ts';

export type SchoolDocuments = { [K in TenantDocumentType]: TenantDocuments[K][] };

export interface SchoolContent {
  school: School;
  documents: SchoolDocuments;
}

/** Thrown when content the whole build depends on (school registry, site settings) is unusable. */
export class ContentError extends Error {}

/** Where problems of the product layer are filed (they belong to no one school). */
export const PRODUCT_PROBLEMS = '(product)';

export function contentIssues(error: z.ZodError): ContentIssue[] {
  return error.issues.map((issue) => ({
    field: issue.path.join('.') || '(document)',
    message: issue.message,
  }));
}

export function describeIssues(error: z.ZodError): string {
  return contentIssues(error)
    .map((issue) => `${issue.field}: ${issue.message}`)
    .join('; ');
}

export function stringField(doc: unknown, name: string): string | undefined {
  const value = doc && typeof doc === 'object' ? (doc as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value : undefined;
}

function emptyDocuments(): SchoolDocuments {
  return Object.fromEntries(
    TENANT_DOCUMENT_TYPES.map((type) => [type, []]),
  ) as unknown as SchoolDocuments;
}

/** Which documents every school must have, and how many of each kind. */
function expectedProblems(key: string, documents: SchoolDocuments): ContentProblem[] {
  const problems: ContentProblem[] = [];
  for (const type of TENANT_DOCUMENT_TYPES) {
    if (!MULTI_DOCUMENT_TYPES.has(type) && documents[type].length === 0) {
      problems.push({ school: key, documentType: type, reason: 'missing' });
    }
  }
  for (const number of [1, 2] as const) {
    if (!documents.partnerBanner.some((banner) => banner.bannerNumber === number)) {
      problems.push({
        school: key,
        documentType: 'partnerBanner',
        reason: `banner ${number} missing`,
        field: 'bannerNumber',
      });
    }
  }
  for (const type of ['planPageHeader', 'planCards'] as const) {
    for (const customerType of CUSTOMER_TYPES) {
      if (!documents[type].some((doc) => doc.customerType === customerType)) {
        problems.push({
          school: key,
          documentType: type,
          reason: `${customerType} missing`,
          field: 'customerType',
        });
      }
    }
  }
  return problems;
}

const asProblem = (school: string, problem: InheritanceProblem): ContentProblem => ({
  school,
  documentType: problem.documentType,
  documentId: problem.documentId,
  reason: problem.field ? `${problem.field}: ${problem.reason}` : problem.reason,
  ...(problem.field ? { field: problem.field } : {}),
});

const describeProblems = (problems: readonly InheritanceProblem[]) =>
  problems
    .map(
      (problem) =>
        `${problem.documentId}${problem.field ? ` field ${problem.field}` : ''}: ${problem.reason}`,
    )
    .join('; ');

/** The value at a zod issue's path (undefined where there is none). */
function valueAt(doc: unknown, path: readonly PropertyKey[]): unknown {
  let value = doc;
  for (const step of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[step];
  }
  return value ?? undefined;
}

/** The resolved document validated into its school's documents (links guarded first), or its problems. */
function validateInto(
  school: SchoolContent,
  doc: Record<string, unknown>,
  problems: ContentProblem[],
): void {
  const type = stringField(doc, '_type') as TenantDocumentType;
  const documentId = stringField(doc, '_id');
  const key = school.school.key;
  const { value: safeDoc, dropped } = dropUnsafeLinks(doc);
  for (const link of dropped) {
    problems.push({
      school: key,
      documentType: type,
      ...(documentId ? { documentId } : {}),
      reason: `unsafe link dropped at ${link.field}: ${JSON.stringify(link.value.slice(0, 80))} (${link.reason})`,
      field: link.field,
    });
  }
  const parsed = tenantDocumentSchemas[type].safeParse(safeDoc);
  const sources = inheritanceOf(doc);
  if (!parsed.success) {
    // A document without its product document that lacks a value needed the product's.
    const lacksValue = (issue: z.core.$ZodIssue) => valueAt(doc, issue.path) === undefined;
    if (
      sources &&
      !sources.product &&
      school.school.status !== 'preparing' &&
      parsed.error.issues.some(lacksValue)
    )
      throw new ContentError(
        `School ${key} (live) cannot be published: ${documentId ?? type}: ${missingProductMessage(doc)} (${describeIssues(parsed.error)})`,
      );
    problems.push({
      school: key,
      documentType: type,
      ...(documentId ? { documentId } : {}),
      reason:
        sources && !sources.product && parsed.error.issues.some(lacksValue)
          ? `${missingProductMessage(doc)}: ${describeIssues(parsed.error)}`
          : describeIssues(parsed.error),
      issues: contentIssues(parsed.error),
    });
    return;
  }
  // The page's click-to-edit asks where each value came from (views/edit-target.ts).
  (school.documents[type] as unknown[]).push(
    sources ? withInheritance(parsed.data, sources) : parsed.data,
  );
}

/**
 * `schools`: the preparing and live schools read; `notRead`: the published ids of school documents
 * whose documents are not read (retired and unusable schools).
 */
export function groupSchoolDocuments(
  rawDocuments: readonly unknown[],
  schools: readonly School[],
  notRead: ReadonlySet<string>,
  problems: ContentProblem[],
): SchoolContent[] {
  const grouped = schools.map((school) => ({ school, documents: emptyDocuments() }));
  // Documents name their school by reference (the school document's published id).
  const bySchoolId = new Map(grouped.map((entry) => [publishedId(entry.school._id), entry]));
  const own = new Map<SchoolContent, Record<string, unknown>[]>();
  const products: Record<string, unknown>[] = [];

  for (const doc of rawDocuments) {
    const type = stringField(doc, '_type') as TenantDocumentType;
    const documentId = stringField(doc, '_id');
    if (isProductId(documentId)) {
      products.push(doc as Record<string, unknown>);
      continue;
    }
    const schoolRef = schoolRefOf(doc);
    const entry = schoolRef === undefined ? undefined : bySchoolId.get(publishedId(schoolRef));
    if (!entry && schoolRef !== undefined && notRead.has(publishedId(schoolRef))) continue;
    if (!entry) {
      const reason =
        schoolRef === undefined
          ? 'document has no school reference'
          : `document references no registered school (${schoolRef})`;
      problems.push({
        school: schoolRef ?? '(no school)',
        documentType: type,
        ...(documentId ? { documentId } : {}),
        reason,
        field: 'school',
      });
      continue;
    }
    let list = own.get(entry);
    if (!list) own.set(entry, (list = []));
    list.push(doc as Record<string, unknown>);
  }

  const index = indexProducts(products);
  if (index.errors.length)
    throw new ContentError(`Product documents: ${describeProblems(index.errors)}`);
  problems.push(...index.problems.map((problem) => asProblem(PRODUCT_PROBLEMS, problem)));

  for (const entry of grouped) {
    const { school } = entry;
    const resolved = resolveSchoolDocuments(
      school,
      schoolWords(school),
      own.get(entry) ?? [],
      index,
    );
    if (resolved.stops.length && school.status !== 'preparing')
      throw new ContentError(
        `School ${school.key} (live) cannot be published: ${describeProblems(resolved.stops)}`,
      );
    problems.push(...resolved.problems.map((problem) => asProblem(school.key, problem)));
    for (const stop of resolved.stops)
      problems.push({
        ...asProblem(school.key, stop),
        issues: [{ field: stop.field ?? '(document)', message: stop.reason }],
      });
    for (const doc of resolved.documents) validateInto(entry, doc, problems);
    problems.push(...expectedProblems(school.key, entry.documents));
  }
  return grouped;
}
