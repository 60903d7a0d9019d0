/**
 * Validates raw documents and groups them per school in memory. Pure: no I/O.
 * A document that fails its schema is reported (school, type, id, field, reason)
 * and left out, so the page builds without that section. Each school's documents are resolved
 * against the product documents first (group-documents.ts), so zod validates what pages show.
 */
import {
  retiredSchoolSchema,
  schoolSchema,
  siteSettingsSchema,
  type RetiredSchoolDocument,
  type School,
  type SiteSettings,
  type TenantDocumentType,
  type TenantDocuments,
} from './schemas.ts';
import { schoolStatusOf } from '../schools/lifecycle.ts';
import { publishedId } from './school-reference.ts';
import { pressReleaseView } from './press-release.ts';
import { checkLegacyAliases } from '../route-table/legacy-aliases.ts';
import {
  ContentError,
  contentIssues,
  describeIssues,
  groupSchoolDocuments,
  stringField as field,
  type SchoolContent,
} from './group-documents.ts';
import type { ContentProblem } from './problems.ts';

export type { ContentIssue, ContentProblem } from './problems.ts';
export { ContentError, PRODUCT_PROBLEMS } from './group-documents.ts';
export type { SchoolContent, SchoolDocuments } from './group-documents.ts';

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

export function groupContent(raw: RawBuildContent): GroupedContent {
  const settings = parseSettings(raw.settings);
  const { schools, retiredSchools, unusableSchools, problems } = parseSchools(raw.schools);
  // Documents of retired schools and of unusable preparing schools are not read (nor reported one by one).
  const notRead = new Set([
    ...retiredSchools.map((school) => publishedId(school._id)),
    ...unusableSchools.flatMap((school) =>
      school.documentId ? [publishedId(school.documentId)] : [],
    ),
  ]);
  const grouped = groupSchoolDocuments(raw.documents, schools, notRead, problems);
  for (const { school, documents } of grouped) {
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
