/**
 * Validates raw documents and groups them per school in memory. Pure: no I/O.
 * A document that fails its schema is reported (school, type, id, field, reason)
 * and left out, so the page builds without that section.
 */
import type { z } from 'zod';
import {
  CUSTOMER_TYPES, MULTI_DOCUMENT_TYPES, TENANT_DOCUMENT_TYPES, schoolSchema, siteSettingsSchema, tenantDocumentSchemas,
  type School, type SiteSettings, type TenantDocumentType, type TenantDocuments,
} from './schemas.ts';
import { dropUnsafeLinks } from './link-guard.ts';
import { publishedId, schoolRefOf } from './school-reference.ts';
import { pressReleaseView } from './press-release.ts';
import { checkLegacyAliases } from '../route-table/legacy-aliases.ts';
import type { ContentIssue, ContentProblem } from './problems.ts';

export type { ContentIssue, ContentProblem } from './problems.ts';

export type SchoolDocuments = { [K in TenantDocumentType]: TenantDocuments[K][] };

export interface SchoolContent {
  school: School;
  documents: SchoolDocuments;
}

export interface GroupedContent {
  settings: SiteSettings;
  schools: SchoolContent[];
  problems: ContentProblem[];
}

export interface RawBuildContent {
  schools: unknown[];
  settings: unknown;
  documents: unknown[];
}

/** Thrown when content the whole build depends on (school registry, site settings) is unusable. */
export class ContentError extends Error {}

function contentIssues(error: z.ZodError): ContentIssue[] {
  return error.issues.map((issue) => ({ field: issue.path.join('.') || '(document)', message: issue.message }));
}

function describeIssues(error: z.ZodError): string {
  return contentIssues(error).map((issue) => `${issue.field}: ${issue.message}`).join('; ');
}

function field(doc: unknown, name: string): string | undefined {
  const value = doc && typeof doc === 'object' ? (doc as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value : undefined;
}

function emptyDocuments(): SchoolDocuments {
  return Object.fromEntries(TENANT_DOCUMENT_TYPES.map((type) => [type, []])) as unknown as SchoolDocuments;
}

export function parseSettings(raw: unknown): SiteSettings {
  const parsed = siteSettingsSchema.safeParse(raw);
  if (!parsed.success) {
    throw new ContentError(`The siteSettings document is ${raw ? `invalid: ${describeIssues(parsed.error)}` : 'missing'}`);
  }
  return parsed.data;
}

/**
 * The school registry. A school document that fails its schema, or two schools with the same key
 * or address, stop the build (no page can be built right). A broken legacy alias does not: it is
 * reported against its school document and left out, so its _redirects lines are never written.
 */
export function parseSchools(rawSchools: unknown[]): { schools: School[]; problems: ContentProblem[] } {
  const parsed = rawSchools.map((raw) => {
    const result = schoolSchema.safeParse(raw);
    if (!result.success) {
      throw new ContentError(`School document ${field(raw, '_id') ?? '(no id)'} (${field(raw, 'key') ?? 'unknown school'}) is invalid: ${describeIssues(result.error)}`);
    }
    return result.data;
  });
  const seen = new Map<string, string>();
  for (const school of parsed) {
    for (const name of new Set([school.key, school.seoSlug])) {
      const owner = seen.get(name);
      if (owner && owner !== school.key) {
        throw new ContentError(`School ${school.key}: "${name}" is already used by school ${owner}`);
      }
      seen.set(name, school.key);
    }
  }
  const aliases = checkLegacyAliases(parsed);
  const idOf = new Map(parsed.map((school) => [school.key, school._id]));
  const problems = aliases.problems.map(({ school, reason }): ContentProblem => ({
    school, documentType: 'school', documentId: idOf.get(school) ?? '(no id)', reason: `legacy alias left out of the redirects: ${reason}`, field: 'legacyAliases',
  }));
  const schools = parsed.map((school) => ({ ...school, legacyAliases: [...(aliases.kept.get(school.key) ?? [])] }));
  return { schools, problems };
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
      problems.push({ school: key, documentType: 'partnerBanner', reason: `banner ${number} missing`, field: 'bannerNumber' });
    }
  }
  for (const type of ['planPageHeader', 'planCards'] as const) {
    for (const customerType of CUSTOMER_TYPES) {
      if (!documents[type].some((doc) => doc.customerType === customerType)) {
        problems.push({ school: key, documentType: type, reason: `${customerType} missing`, field: 'customerType' });
      }
    }
  }
  return problems;
}

export function groupContent(raw: RawBuildContent): GroupedContent {
  const settings = parseSettings(raw.settings);
  const { schools, problems: schoolProblems } = parseSchools(raw.schools);
  const byKey = new Map(schools.map((school) => [school.key, { school, documents: emptyDocuments() }]));
  // Documents name their school by reference (the school document's published id).
  const bySchoolId = new Map(schools.map((school) => [publishedId(school._id), byKey.get(school.key)!]));
  const problems: ContentProblem[] = [...schoolProblems];

  for (const doc of raw.documents) {
    const type = field(doc, '_type') as TenantDocumentType;
    const schoolRef = schoolRefOf(doc);
    const documentId = field(doc, '_id');
    const entry = schoolRef === undefined ? undefined : bySchoolId.get(publishedId(schoolRef));
    if (!entry) {
      const reason = schoolRef === undefined ? 'document has no school reference' : `document references no registered school (${schoolRef})`;
      problems.push({ school: schoolRef ?? '(no school)', documentType: type, ...(documentId ? { documentId } : {}), reason, field: 'school' });
      continue;
    }
    const tenant = entry.school.key;
    const { value: safeDoc, dropped } = dropUnsafeLinks(doc);
    for (const link of dropped) {
      problems.push({ school: tenant, documentType: type, ...(documentId ? { documentId } : {}), reason: `unsafe link dropped at ${link.field}: ${JSON.stringify(link.value.slice(0, 80))} (${link.reason})`, field: link.field });
    }
    const parsed = tenantDocumentSchemas[type].safeParse(safeDoc);
    if (!parsed.success) {
      problems.push({ school: tenant, documentType: type, ...(documentId ? { documentId } : {}), reason: describeIssues(parsed.error), issues: contentIssues(parsed.error) });
      continue;
    }
    (entry.documents[type] as unknown[]).push(parsed.data);
  }

  const grouped = [...byKey.values()];
  for (const { school, documents } of grouped) {
    problems.push(...expectedProblems(school.key, documents));
    // Sections inside a valid document can still be unusable (unknown type): reported, then skipped by the page.
    for (const release of documents.pressRelease) problems.push(...pressReleaseView(school.key, release).problems);
  }
  return { settings, schools: grouped, problems };
}

/** The one document of a type for a school, if it is there and valid. */
export function single<K extends TenantDocumentType>(content: SchoolContent, type: K): TenantDocuments[K] | undefined {
  return content.documents[type][0];
}

/** The document of a type for one customer type (plan headers and cards). */
export function forCustomer<K extends 'planPageHeader' | 'planCards'>(
  content: SchoolContent, type: K, customerType: 'fan' | 'student' | 'faculty',
): TenantDocuments[K] | undefined {
  return (content.documents[type] as TenantDocuments[K][]).find((doc) => doc.customerType === customerType);
}
