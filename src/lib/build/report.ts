/** The build report: what was built, what content was missing or invalid, how many content queries and tenant requests ran. */
import type { ContentProblem } from '../content/index.ts';
import type { SanitisedImage } from './published-images.ts';
import type { SiteMatrix } from '../routing/matrix.ts';
import type { TenantBuildStats } from '../tenants/index.ts';

export interface BuildReport {
  builtAt: string;
  contentSource: string;
  contentQueries: number;
  /** Requests to the product API (or the bundled records), retries and the wall time spent waiting for them. */
  tenants: TenantBuildStats;
  pages: number;
  schools: Array<{ key: string; seoSlug: string; tenantId: string; giveaway: string; problems: ContentProblem[] }>;
  unassignedProblems: ContentProblem[];
  /** Content SVGs published with something removed (scripts, handlers, external references...), and what. */
  sanitisedImages: SanitisedImage[];
}

export function buildReport(matrix: SiteMatrix, details: { contentSource: string; contentQueries: number; tenants: TenantBuildStats; pages: number; sanitisedImages?: SanitisedImage[]; now?: Date }): BuildReport {
  const keys = new Set(matrix.schools.map((site) => site.key));
  return {
    builtAt: (details.now ?? new Date()).toISOString(),
    contentSource: details.contentSource,
    contentQueries: details.contentQueries,
    tenants: { requests: details.tenants.requests, retries: details.tenants.retries, waitMs: Math.round(details.tenants.waitMs) },
    pages: details.pages,
    schools: matrix.schools.map((site) => ({
      key: site.key,
      seoSlug: site.seoSlug,
      tenantId: site.tenant.id,
      giveaway: site.giveaway.route,
      problems: matrix.problems.filter((problem) => problem.school === site.key),
    })),
    unassignedProblems: matrix.problems.filter((problem) => !keys.has(problem.school)),
    sanitisedImages: details.sanitisedImages ?? [],
  };
}

export function summarise(report: BuildReport): string {
  const problemCount = report.schools.reduce((sum, school) => sum + school.problems.length, 0) + report.unassignedProblems.length;
  const { tenants } = report;
  const tenantLine = `${tenants.requests} tenant requests${tenants.retries ? ` (${tenants.retries} retried)` : ''} in ${(tenants.waitMs / 1000).toFixed(1)} s`;
  return `${report.schools.length} schools, ${report.pages} pages, ${report.contentQueries} content quer${report.contentQueries === 1 ? 'y' : 'ies'}, ${tenantLine}, ${problemCount} content problem(s), ${report.sanitisedImages.length} SVG(s) sanitised`;
}

/** The end of the build log: totals, then one line per school with problems (the rest are fine). */
export function summaryLines(report: BuildReport, extra: { redirectRules: number; reportFiles: readonly string[] }): string[] {
  const withProblems = report.schools.filter((school) => school.problems.length > 0);
  const lines = [`Build summary: ${summarise(report)}; ${extra.redirectRules} redirect rules`];
  for (const school of withProblems) {
    const types = [...new Set(school.problems.map((problem) => problem.documentType))].join(', ');
    lines.push(`  ${school.seoSlug}: ${school.problems.length} problem(s) in ${types}`);
  }
  if (report.unassignedProblems.length > 0) lines.push(`  (no school): ${report.unassignedProblems.length} problem(s)`);
  if (withProblems.length === 0 && report.unassignedProblems.length === 0) lines.push('  every school: no content problems');
  lines.push(`Report: ${extra.reportFiles.join(' and ')}`);
  return lines;
}
