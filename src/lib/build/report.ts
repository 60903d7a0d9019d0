/** The build report: what was built, what content was missing or invalid, how many content queries and tenant requests ran. */
import type { ContentProblem } from '../content/index.ts';
import {
  leftOutCode,
  type BuildRecord,
  type LeftOutCode,
} from '../publish-records/build-record.ts';
import type { SanitisedImage } from './published-images.ts';
import type { LeftOutSchool, RetiredSchool, SiteMatrix } from '../routing/matrix.ts';
import type { TenantBuildStats } from '../tenants/index.ts';

/**
 * A report is also a BuildRecord (src/lib/publish-records/build-record.ts): it carries the record's fields, its
 * `schools` and `leftOut` with more detail, so `buildRecordSchema.parse(report)` is the record.
 */
export interface BuildReport {
  version: BuildRecord['version'];
  builtAt: string;
  contentReadAt: string;
  trigger: BuildRecord['trigger'];
  /** Every document the content query answered, by published id: revision, type, school. */
  documents: BuildRecord['documents'];
  /** Every content problem, one row per document and field. */
  problems: BuildRecord['problems'];
  /** Each published school's tenant record, digested (what the freshness check compares). */
  inputs?: BuildRecord['inputs'];
  contentSource: string;
  contentQueries: number;
  /** Requests to the product API (or the bundled records), retries and the wall time spent waiting for them. */
  tenants: TenantBuildStats;
  pages: number;
  schools: Array<{
    key: string;
    seoSlug: string;
    status: string;
    tenantId: string;
    giveaway: string;
    problems: ContentProblem[];
  }>;
  /** Schools in content whose pages this build does not publish (preparing in production, no tenant record yet...), why, and their problems. */
  leftOut: Array<LeftOutSchool & { code: LeftOutCode; problems: ContentProblem[] }>;
  /** Retired schools: no pages; where their addresses go. */
  retired: RetiredSchool[];
  /** Image files pages refer to that are not in the content: each page was built without that image. */
  missingFiles: Array<{
    school: string;
    documentType: string;
    documentId: string | undefined;
    field: string | undefined;
    file: string;
  }>;
  unassignedProblems: ContentProblem[];
  /** Content SVGs published with something removed (scripts, handlers, external references...), and what. */
  sanitisedImages: SanitisedImage[];
}

export function buildReport(
  matrix: SiteMatrix,
  details: {
    record: BuildRecord;
    contentSource: string;
    contentQueries: number;
    tenants: TenantBuildStats;
    pages: number;
    sanitisedImages?: SanitisedImage[];
    now?: Date;
  },
): BuildReport {
  const keys = new Set([...matrix.schools, ...matrix.leftOut].map((site) => site.key));
  const problemsOf = (key: string) => matrix.problems.filter((problem) => problem.school === key);
  const { record } = details;
  return {
    version: record.version,
    builtAt: (details.now ?? new Date()).toISOString(),
    contentReadAt: record.contentReadAt,
    trigger: record.trigger,
    contentSource: details.contentSource,
    contentQueries: details.contentQueries,
    tenants: {
      requests: details.tenants.requests,
      retries: details.tenants.retries,
      waitMs: Math.round(details.tenants.waitMs),
    },
    pages: details.pages,
    schools: matrix.schools.map((site) => ({
      key: site.key,
      seoSlug: site.seoSlug,
      status: site.status,
      tenantId: site.tenant.id,
      giveaway: site.giveaway.route,
      problems: problemsOf(site.key),
    })),
    leftOut: matrix.leftOut.map((school) => ({
      ...school,
      code: leftOutCode(school),
      problems: problemsOf(school.key),
    })),
    retired: matrix.retired,
    missingFiles: matrix.problems
      .filter((problem) => problem.file && keys.has(problem.school))
      .map((problem) => ({
        school: problem.school,
        documentType: problem.documentType,
        documentId: problem.documentId,
        field: problem.field,
        file: problem.file ?? '',
      })),
    unassignedProblems: matrix.problems.filter((problem) => !keys.has(problem.school)),
    sanitisedImages: details.sanitisedImages ?? [],
    problems: record.problems,
    documents: record.documents,
    ...(record.inputs ? { inputs: record.inputs } : {}),
  };
}

export function summarise(report: BuildReport): string {
  const problemCount =
    report.schools.reduce((sum, school) => sum + school.problems.length, 0) +
    report.unassignedProblems.length;
  const { tenants } = report;
  const tenantLine = `${tenants.requests} tenant requests${tenants.retries ? ` (${tenants.retries} retried)` : ''} in ${(tenants.waitMs / 1000).toFixed(1)} s`;
  const lifecycle = `${report.leftOut.length ? `, ${report.leftOut.length} left out` : ''}${report.retired.length ? `, ${report.retired.length} retired` : ''}`;
  return `${report.schools.length} schools${lifecycle}, ${report.pages} pages, ${report.contentQueries} content quer${report.contentQueries === 1 ? 'y' : 'ies'}, ${tenantLine}, ${problemCount} content problem(s)${report.missingFiles.length ? `, ${report.missingFiles.length} missing file(s)` : ''}, ${report.sanitisedImages.length} SVG(s) sanitised`;
}

/** The end of the build log: totals, then one line per school with problems (the rest are fine). */
export function summaryLines(
  report: BuildReport,
  extra: { redirectRules: number; reportFiles: readonly string[] },
): string[] {
  const withProblems = report.schools.filter((school) => school.problems.length > 0);
  const lines = [`Build summary: ${summarise(report)}; ${extra.redirectRules} redirect rules`];
  for (const school of withProblems) {
    const types = [...new Set(school.problems.map((problem) => problem.documentType))].join(', ');
    lines.push(`  ${school.seoSlug}: ${school.problems.length} problem(s) in ${types}`);
  }
  for (const school of report.leftOut)
    lines.push(
      `  ${school.seoSlug ?? school.key}: left out (${school.status}): ${school.reasons.join('; ')}`,
    );
  for (const missing of report.missingFiles) {
    lines.push(
      `  ${missing.school}: missing file ${missing.file} (${missing.documentType}${missing.documentId ? ` ${missing.documentId}` : ''}, field ${missing.field}): built without it`,
    );
  }
  if (report.unassignedProblems.length > 0)
    lines.push(`  (no school): ${report.unassignedProblems.length} problem(s)`);
  if (withProblems.length === 0 && report.unassignedProblems.length === 0)
    lines.push('  every school: no content problems');
  lines.push(`Report: ${extra.reportFiles.join(' and ')}`);
  return lines;
}
