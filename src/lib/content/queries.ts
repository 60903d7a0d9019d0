/**
 * The named GROQ queries. A build runs BUILD_CONTENT_QUERY once and groups the
 * documents in memory, so the number of queries does not grow with the number of schools.
 */
import { defineQuery } from 'groq';
import { compareDocuments, compareText } from './document-order.ts';
import type { RawBuildContent } from './group.ts';
import { publishedId, schoolRefOf } from './school-reference.ts';
import type { BUILD_CONTENT_QUERY_RESULT } from './sanity.types.ts';

/**
 * Every document a build needs, in one pass over the dataset: the school registry, the site
 * settings and every per-school type (the product documents among them, inheritance/). Split and ordered in memory by `splitBuildContent`
 * (one filter instead of three, and no GROQ sort: a third of the local source's cost at 600 schools).
 * Whole documents, so each carries its revision (`_rev`) and publish time (`_updatedAt`): the
 * build records which revision of each document it built (`readDocuments`).
 */
export const BUILD_CONTENT_QUERY = defineQuery(
  `*[_type in $types || _type in ["school", "siteSettings"]]`,
);

/** One school's documents (by the school document's id), for tools that look at a single school. */
export const SCHOOL_DOCUMENTS_QUERY = defineQuery(
  `*[_type in $types && school._ref == $schoolId] | order(_type asc, order asc, _id asc)`,
);

/**
 * One school's page content, for a page rendered on request (the editors' preview site): the
 * school found by its address, the site settings, that school's own documents and the product
 * documents they inherit from (ids `product-…`, inheritance/product-documents.ts). `$seoSlug` is
 * the first segment of the page's path; nothing of another school is read. With the product
 * documents in the query, the Studio's loaders result carries a keystroke in a product document
 * to any school's open page.
 */
export const SCHOOL_PAGE_CONTENT_QUERY =
  defineQuery(`*[_type == "school" && seoSlug == $seoSlug][0]{
  "school": @,
  "settings": *[_type == "siteSettings"][0],
  "documents": *[_type in $types && (school._ref == ^._id || string::startsWith(_id, "product-"))]
}`);

/** One document of the build query's answer, as the Studio schema describes it (Sanity TypeGen, `sanity.types.ts`). */
export type BuildDocument = BUILD_CONTENT_QUERY_RESULT[number];
export type SchoolDocument = Extract<BuildDocument, { _type: 'school' }>;
export type SiteSettingsDocument = Extract<BuildDocument, { _type: 'siteSettings' }>;
export type SchoolContentDocument = Exclude<BuildDocument, SchoolDocument | SiteSettingsDocument>;

/** The build query's answer, split. What arrives is still validated by zod (`groupContent`). */
export interface BuildContent extends RawBuildContent {
  schools: SchoolDocument[];
  settings: SiteSettingsDocument | undefined;
  documents: SchoolContentDocument[];
}

/** SCHOOL_PAGE_CONTENT_QUERY's answer (null: no school has that address), validated later by zod (`groupContent`). */
export interface SchoolPageAnswer {
  school: unknown;
  settings: unknown;
  documents: unknown[] | null;
}

/** SCHOOL_PAGE_CONTENT_QUERY's answer in the build query's shape: one school, its documents in the same order. */
export function splitSchoolPageContent(answer: SchoolPageAnswer | null): BuildContent | undefined {
  if (!answer?.school) return undefined;
  return splitBuildContent([
    answer.school,
    ...(answer.settings ? [answer.settings] : []),
    ...(answer.documents ?? []),
  ] as BUILD_CONTENT_QUERY_RESULT);
}

/** BUILD_CONTENT_QUERY's answer → schools by seo slug, the settings, documents by type, order and id. */
export function splitBuildContent(answer: BUILD_CONTENT_QUERY_RESULT | null): BuildContent {
  const all = Array.isArray(answer) ? answer : [];
  // Array sort is stable: ties keep the answer's order, as GROQ's order() does.
  const schools = all
    .filter((doc): doc is SchoolDocument => doc._type === 'school')
    .sort((a, b) => compareText(a.seoSlug, b.seoSlug));
  const settings = all.find((doc): doc is SiteSettingsDocument => doc._type === 'siteSettings');
  const documents = all
    .filter(
      (doc): doc is SchoolContentDocument => doc._type !== 'school' && doc._type !== 'siteSettings',
    )
    .sort(compareDocuments);
  return { schools, settings, documents };
}

/** A document a build read, as its record keeps it (src/lib/publish-records/build-record.ts `BuildRecord.documents`). */
export interface ReadDocument {
  /** Its revision; null when the source gave none (an export made without system fields). */
  rev: string | null;
  type: string;
  /** The key of its school; null for a site-wide document (the site settings). */
  school: string | null;
}

const stringField = (doc: unknown, field: string): string | undefined => {
  const value =
    doc && typeof doc === 'object' ? (doc as Record<string, unknown>)[field] : undefined;
  return typeof value === 'string' && value !== '' ? value : undefined;
};

/**
 * Every document of the build query's answer by its published id (a preview build reads a draft
 * under its published id), before any validation: a document that fails its schema was still read.
 */
export function readDocuments(content: BuildContent): Record<string, ReadDocument> {
  const schoolKeys = new Map<string, string>();
  for (const school of content.schools) {
    const key = stringField(school, 'key');
    if (key) schoolKeys.set(publishedId(school._id), key);
  }
  const read: Record<string, ReadDocument> = {};
  const add = (doc: unknown, school: string | null) => {
    const id = stringField(doc, '_id');
    const type = stringField(doc, '_type');
    if (id && type) read[publishedId(id)] = { rev: stringField(doc, '_rev') ?? null, type, school };
  };
  for (const school of content.schools) add(school, stringField(school, 'key') ?? null);
  if (content.settings) add(content.settings, null);
  for (const doc of content.documents) {
    const ref = schoolRefOf(doc);
    add(doc, ref === undefined ? null : (schoolKeys.get(publishedId(ref)) ?? null));
  }
  return read;
}
