/**
 * Validates raw documents and groups them per school in memory. Pure: no I/O.
 * A document that fails its schema is reported (school, type, id, field, reason)
 * and left out, so the page builds without that section.
 */
import type { z } from 'zod';
import {
  CUSTOMER_TYPES,
  MULTI_DOCUMENT_TYPES,
  TENANT_DOCUMENT_TYPES,
  retiredSchoolSchema,
  schoolSchema,
  siteSettingsSchema,
  tenantDocumentSchemas,
  type RetiredSchoolDocument,
  type School,
  type SiteSettings,
  type TenantDocumentType,
  type TenantDocuments,
} from './schemas.ts';
import { schoolStatusOf } from '../schools/lifecycle.ts';
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
  /** Preparing and live schools whose school document is valid, with their documents. */
  schools: SchoolContent[];
  /** Retired schools: only their addresses and successor (their documents are not read). */
  retiredSchools: RetiredSchoolDocument[];
  /** Preparing or retired schools whose school document is invalid: left out (the problem says why), never fatal. */
  unusableSchools: Array<{
    key: string;
    status: 'preparing' | 'retired';
    seoSlug?: string | undefined;
    documentId?: string | undefined;
  }>;
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
  return error.issues.map((issue) => ({
    field: issue.path.join('.') || '(document)',
    message: issue.message,
  }));
}

function describeIssues(error: z.ZodError): string {
  return contentIssues(error)
    .map((issue) => `${issue.field}: ${issue.message}`)
    .join('; ');
}

function field(doc: unknown, name: string): string | undefined {
  const value = doc && typeof doc === 'object' ? (doc as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value : undefined;
}

function emptyDocuments(): SchoolDocuments {
  return Object.fromEntries(
    TENANT_DOCUMENT_TYPES.map((type) => [type, []]),
  ) as unknown as SchoolDocuments;
}

export function parseSettings(raw: unknown): SiteSettings {
  const parsed = siteSettingsSchema.safeParse(raw);
  if (!parsed.success) {
    throw new ContentError(
      `The siteSettings document is ${raw ? `invalid: ${describeIssues(parsed.error)}` : 'missing'}`,
    );
  }
  return parsed.data;
}

export interface ParsedSchools {
  schools: School[];
  retiredSchools: RetiredSchoolDocument[];
  unusableSchools: GroupedContent['unusableSchools'];
  problems: ContentProblem[];
}

/**
 * The school registry. An invalid live school, or two schools with the same key or address, stop
 * the build (its pages would be published broken); an invalid preparing or retired school is only
 * reported (a retired one then has no redirects); a retired school needs only its addresses. A
 * broken legacy alias stops nothing: it is reported against its school document and left out, so
 * its _redirects lines are never written.
 */
export function parseSchools(rawSchools: unknown[]): ParsedSchools {
  const result: ParsedSchools = {
    schools: [],
    retiredSchools: [],
    unusableSchools: [],
    problems: [],
  };
  for (const raw of rawSchools) {
    const status = schoolStatusOf(
      raw && typeof raw === 'object' ? (raw as Record<string, unknown>).status : undefined,
    );
    const parsed =
      status === 'retired' ? retiredSchoolSchema.safeParse(raw) : schoolSchema.safeParse(raw);
    const name = `School document ${field(raw, '_id') ?? '(no id)'} (${field(raw, 'key') ?? 'unknown school'})`;
    if (parsed.success) {
      if (parsed.data.status === 'retired')
        result.retiredSchools.push(parsed.data as RetiredSchoolDocument);
      else result.schools.push(parsed.data);
      continue;
    }
    // Only a live school's broken document stops the build; a preparing or retired one is left out and reported.
    if (status !== 'preparing' && status !== 'retired')
      throw new ContentError(`${name} is invalid: ${describeIssues(parsed.error)}`);
    const key = field(raw, 'key') ?? field(raw, '_id') ?? '(no key)';
    const documentId = field(raw, '_id');
    result.unusableSchools.push({ key, status, seoSlug: field(raw, 'seoSlug'), documentId });
    result.problems.push({
      school: key,
      documentType: 'school',
      ...(documentId ? { documentId } : {}),
      reason: `school document is invalid: ${describeIssues(parsed.error)}`,
      issues: contentIssues(parsed.error),
    });
  }
  const seen = new Map<string, string>();
  const addresses = [...result.schools, ...result.retiredSchools].map(
    (school) => [school.key, new Set([school.key, school.seoSlug])] as const,
  );
  for (const [key, names] of addresses) {
    for (const name of names) {
      const owner = seen.get(name);
      if (owner && owner !== key) {
        throw new ContentError(`School ${key}: "${name}" is already used by school ${owner}`);
      }
      seen.set(name, key);
    }
  }
  const aliases = checkLegacyAliases([...result.schools, ...result.retiredSchools]);
  const idOf = new Map(
    [...result.schools, ...result.retiredSchools].map((school) => [school.key, school._id]),
  );
  for (const { school, reason } of aliases.problems) {
    result.problems.push({
      school,
      documentType: 'school',
      documentId: idOf.get(school) ?? '(no id)',
      reason: `legacy alias left out of the redirects: ${reason}`,
      field: 'legacyAliases',
    });
  }
  const keptAliases = <T extends { key: string }>(school: T): T => ({
    ...school,
    legacyAliases: [...(aliases.kept.get(school.key) ?? [])],
  });
  result.schools = result.schools.map(keptAliases);
  result.retiredSchools = result.retiredSchools.map(keptAliases);
  return result;
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

export function groupContent(raw: RawBuildContent): GroupedContent {
  const settings = parseSettings(raw.settings);
  const { schools, retiredSchools, unusableSchools, problems } = parseSchools(raw.schools);
  const byKey = new Map(
    schools.map((school) => [school.key, { school, documents: emptyDocuments() }]),
  );
  // Documents name their school by reference (the school document's published id).
  const bySchoolId = new Map(
    schools.map((school) => [publishedId(school._id), byKey.get(school.key)!]),
  );
  // Documents of retired schools and of unusable preparing schools are not read (nor reported one by one).
  const notRead = new Set([
    ...retiredSchools.map((school) => publishedId(school._id)),
    ...unusableSchools.flatMap((school) =>
      school.documentId ? [publishedId(school.documentId)] : [],
    ),
  ]);

  for (const doc of raw.documents) {
    const type = field(doc, '_type') as TenantDocumentType;
    const schoolRef = schoolRefOf(doc);
    const documentId = field(doc, '_id');
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
    const tenant = entry.school.key;
    const { value: safeDoc, dropped } = dropUnsafeLinks(doc);
    for (const link of dropped) {
      problems.push({
        school: tenant,
        documentType: type,
        ...(documentId ? { documentId } : {}),
        reason: `unsafe link dropped at ${link.field}: ${JSON.stringify(link.value.slice(0, 80))} (${link.reason})`,
        field: link.field,
      });
    }
    const parsed = tenantDocumentSchemas[type].safeParse(safeDoc);
    if (!parsed.success) {
      problems.push({
        school: tenant,
        documentType: type,
        ...(documentId ? { documentId } : {}),
        reason: describeIssues(parsed.error),
        issues: contentIssues(parsed.error),
      });
      continue;
    }
    (entry.documents[type] as unknown[]).push(parsed.data);
  }

  const grouped = [...byKey.values()];
  for (const { school, documents } of grouped) {
    problems.push(...expectedProblems(school.key, documents));
    // Sections inside a valid document can still be unusable (unknown type): reported, then skipped by the page.
    for (const release of documents.pressRelease)
      problems.push(...pressReleaseView(school.key, release).problems);
  }
  return { settings, schools: grouped, retiredSchools, unusableSchools, problems };
}

/** The one document of a type for a school, if it is there and valid. */
export function single<K extends TenantDocumentType>(
  content: SchoolContent,
  type: K,
): TenantDocuments[K] | undefined {
  return content.documents[type][0];
}

/** The document of a type for one customer type (plan headers and cards). */
export function forCustomer<K extends 'planPageHeader' | 'planCards'>(
  content: SchoolContent,
  type: K,
  customerType: 'fan' | 'student' | 'faculty',
): TenantDocuments[K] | undefined {
  return (content.documents[type] as TenantDocuments[K][]).find(
    (doc) => doc.customerType === customerType,
  );
}
