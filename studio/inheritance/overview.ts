/**
 * The overview of a product document (what AEM calls the Live Copy Overview): for each field,
 * which schools override it and how many share the product's value. One GROQ query per product
 * document (its type and variant), never one per school or per field: the schools' documents of
 * that type and variant (each holds only its overrides, so it is small) with their schools' words,
 * and how many schools have pages. What each document overrides is the inheritance module's
 * `overrideLeaves`. Pure: the query text, and the answer read.
 */
import {
  PICTURE_PARTS,
  PLACEHOLDER_FIELDS,
  PRODUCT_ID_PREFIX,
  overrideLeaves,
  schoolWords,
  variantField,
  type FieldPath,
  type OverrideLeaf,
} from '../../src/lib/content/inheritance/index.ts';
import type { Doc } from './field-state.ts';

/** At most this many schools' documents are read for one product document; past it the counts say "at least". */
export const OVERVIEW_DOCUMENTS_MAX = 5000;

/** Schools with pages: a retired school has none, and shows nothing. */
const HAS_PAGES = '_type == "school" && coalesce(status, "live") != "retired"';
const SCHOOL_FIELDS = ['_id', ...PLACEHOLDER_FIELDS, 'status'].join(', ');

/** The filter of the schools' documents of a type (and variant: `$variant`). */
function schoolDocumentsFilter(type: string): string {
  const field = variantField(type);
  return [
    '_type == $type',
    'defined(school._ref)',
    `!string::startsWith(_id, "${PRODUCT_ID_PREFIX}")`,
    'coalesce(school->status, "live") != "retired"',
    ...(field ? [`${field} == $variant`] : []),
  ].join(' && ');
}

/** The overview's query for a product document of `type` (its parameters: `overviewParams`). */
export function productOverviewQuery(type: string): string {
  const filter = schoolDocumentsFilter(type);
  return `{
  "product": *[_id == $id][0],
  "documents": *[${filter}] | order(_id asc)[0...${OVERVIEW_DOCUMENTS_MAX}]{..., "school": school->{${SCHOOL_FIELDS}}},
  "documentCount": count(*[${filter}]),
  "schoolsWithPages": count(*[${HAS_PAGES}])
}`;
}

/** What the overview follows: any document of the type, and the schools (their names, their status). */
export const OVERVIEW_LISTEN = '*[_type == $type || _type == "school"]';

/** The query's parameters for a product document (`id`: its published id; `variant`: its variant field's value). */
export function overviewParams(product: {
  id: string;
  type: string;
  variant: unknown;
}): Record<string, string | number> {
  const { id, type, variant } = product;
  return variantField(type) && (typeof variant === 'string' || typeof variant === 'number')
    ? { id, type, variant }
    : { id, type };
}

export interface OverviewAnswer {
  product?: Doc | null;
  documents?: Doc[] | null;
  documentCount?: number | null;
  schoolsWithPages?: number | null;
}

export interface OverviewSchool {
  /** The school document's id. */
  schoolId: string;
  /** Its service name (e.g. Husky Mobile), else its school name or key. */
  name: string;
  seoSlug?: string;
  /** The school's document of this type and variant. */
  documentId: string;
}

export interface ProductOverview {
  schoolsWithPages: number;
  /** More schools' documents than were read (OVERVIEW_DOCUMENTS_MAX): counts are lower bounds. */
  partial: boolean;
  schools: Array<OverviewSchool & { leaves: OverrideLeaf[]; document: Doc }>;
}

const text = (value: unknown) =>
  typeof value === 'string' && value.trim() ? value.trim() : undefined;

/** A school's name as editors know it: its service name (Husky Mobile), else its school name or key. */
export function schoolName(school: Record<string, unknown>): string {
  return text(school.baseName) ?? text(school.schoolName) ?? text(school.key) ?? 'this school';
}

function schoolOf(doc: Doc): (Doc & { _id: string }) | undefined {
  const school = doc.school;
  return school && typeof school === 'object' && typeof (school as Doc)._id === 'string'
    ? (school as Doc & { _id: string })
    : undefined;
}

/** The answer read: what each school's document overrides of the product document (undefined: no product document yet). */
export function productOverview(
  answer: OverviewAnswer | null | undefined,
): ProductOverview | undefined {
  const product = answer?.product;
  if (!product) return undefined;
  const documents = answer?.documents ?? [];
  const schools = documents.flatMap((doc) => {
    const school = schoolOf(doc);
    if (!school) return [];
    const name = schoolName(school);
    const leaves = overrideLeaves(product, doc, schoolWords(school));
    return [
      {
        schoolId: school._id,
        name,
        ...(text(school.seoSlug) ? { seoSlug: String(school.seoSlug) } : {}),
        documentId: String(doc._id),
        leaves,
        document: doc,
      },
    ];
  });
  schools.sort((a, b) => a.name.localeCompare(b.name));
  return {
    schoolsWithPages: answer?.schoolsWithPages ?? 0,
    partial: (answer?.documentCount ?? 0) > documents.length,
    schools,
  };
}

const sameSegment = (a: FieldPath[number], b: FieldPath[number]) =>
  typeof a === 'object' && typeof b === 'object' ? a._key === b._key : a === b;

/** Whether `inner` is `outer`, or inside it (a field of an item, an item of a list). */
function within(inner: FieldPath, outer: FieldPath): boolean {
  if (inner.length < outer.length) return false;
  return outer.every((segment, index) => sameSegment(segment, inner[index]));
}

/** An image's picture, overridden: the leaf is at the image's path but is not its alternative text. */
const isPicture = (leaf: OverrideLeaf) =>
  typeof leaf.value === 'object' &&
  leaf.value !== null &&
  !Array.isArray(leaf.value) &&
  Object.keys(leaf.value).every((key) => (PICTURE_PARTS as readonly string[]).includes(key));

/** A leaf overrides the field at `path` when it is inside it, or it is a value the field is inside of (not a picture). */
const overridesAt = (leaf: OverrideLeaf, path: FieldPath) =>
  within(leaf.path, path) || (!isPicture(leaf) && within(path, leaf.path));

export interface FieldOverview {
  /** The schools whose document sets this field (or a field inside it, or owns the list it is in). */
  overriding: Array<OverviewSchool & { owns: boolean }>;
  /** Schools with pages that show the product's value here. */
  sharedBy: number;
  /** Counts are lower bounds (see ProductOverview.partial). */
  partial: boolean;
}

export function fieldOverview(overview: ProductOverview, path: FieldPath): FieldOverview {
  const overriding = overview.schools.flatMap((school) => {
    const here = school.leaves.filter((leaf) => overridesAt(leaf, path));
    if (!here.length) return [];
    const { schoolId, name, seoSlug, documentId } = school;
    const owns = here.some((leaf) => leaf.kind === 'owned');
    return [{ schoolId, name, ...(seoSlug ? { seoSlug } : {}), documentId, owns }];
  });
  return {
    overriding,
    sharedBy: Math.max(0, overview.schoolsWithPages - overriding.length),
    partial: overview.partial,
  };
}

/** The school's document of this type and variant, if it has one (its id: the school document's). */
export function schoolDocumentIn(
  overview: ProductOverview,
  schoolId: string,
): (OverviewSchool & { document: Doc }) | undefined {
  const found = overview.schools.find((school) => school.schoolId === schoolId);
  return (
    found && {
      schoolId: found.schoolId,
      name: found.name,
      ...(found.seoSlug ? { seoSlug: found.seoSlug } : {}),
      documentId: found.documentId,
      document: found.document,
    }
  );
}
