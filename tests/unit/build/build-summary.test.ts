import { describe, expect, it } from 'vitest';
import { summaryLines, type BuildReport } from '../../../src/lib/build/report.ts';

const problem = (school: string, documentType: string) => ({ school, documentType, documentId: `${documentType}.${school}`, reason: 'Required' });
const report: BuildReport = {
  builtAt: '2026-11-23T00:00:00.000Z',
  contentSource: 'local',
  contentQueries: 1,
  tenants: { requests: 4, retries: 1, waitMs: 1234 },
  pages: 66,
  schools: [
    { key: 'huskymobile', seoSlug: 'uw-husky-mobile', tenantId: '1', giveaway: '/uw-husky-mobile/giveaway-closed', problems: [problem('huskymobile', 'faq'), problem('huskymobile', 'planCard'), problem('huskymobile', 'faq')] },
    { key: 'cubbymobile', seoSlug: 'cubbymobile', tenantId: '2', giveaway: '/cubbymobile/giveaway-closed', problems: [] },
  ],
  unassignedProblems: [],
  sanitisedImages: [],
};

describe('build log summary', () => {
  it('gives the totals, one line per school with problems, and where the report is', () => {
    expect(summaryLines(report, { redirectRules: 30, reportFiles: ['reports/build-report.json'] })).toEqual([
      'Build summary: 2 schools, 66 pages, 1 content query, 4 tenant requests (1 retried) in 1.2 s, 3 content problem(s), 0 SVG(s) sanitised; 30 redirect rules',
      '  uw-husky-mobile: 3 problem(s) in faq, planCard',
      'Report: reports/build-report.json',
    ]);
  });

  it('says so when no school has problems', () => {
    const clean = { ...report, schools: report.schools.map((school) => ({ ...school, problems: [] })) };
    expect(summaryLines(clean, { redirectRules: 30, reportFiles: ['a.json', 'b.json'] })).toEqual([
      'Build summary: 2 schools, 66 pages, 1 content query, 4 tenant requests (1 retried) in 1.2 s, 0 content problem(s), 0 SVG(s) sanitised; 30 redirect rules',
      '  every school: no content problems',
      'Report: a.json and b.json',
    ]);
  });
});
