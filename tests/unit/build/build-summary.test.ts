import { describe, expect, it } from 'vitest';
import { summaryLines, type BuildReport } from '../../../src/lib/build/report.ts';

const problem = (school: string, documentType: string) => ({
  school,
  documentType,
  documentId: `${documentType}.${school}`,
  reason: 'Required',
});
const report: BuildReport = {
  version: 1,
  builtAt: '2026-11-23T00:00:00.000Z',
  contentReadAt: '2026-11-23T00:00:00.000Z',
  trigger: { kind: 'unknown' },
  documents: {},
  problems: [],
  contentSource: 'local',
  contentQueries: 1,
  tenants: { requests: 4, retries: 1, waitMs: 1234 },
  pages: 66,
  schools: [
    {
      key: 'huskymobile',
      seoSlug: 'uw-husky-mobile',
      status: 'live',
      tenantId: '1',
      giveaway: '/uw-husky-mobile/giveaway-closed',
      problems: [
        problem('huskymobile', 'faq'),
        problem('huskymobile', 'planCard'),
        problem('huskymobile', 'faq'),
      ],
    },
    {
      key: 'cubbymobile',
      seoSlug: 'cubbymobile',
      status: 'live',
      tenantId: '2',
      giveaway: '/cubbymobile/giveaway-closed',
      problems: [],
    },
  ],
  leftOut: [],
  retired: [],
  missingFiles: [],
  unassignedProblems: [],
  sanitisedImages: [],
};

describe('build log summary', () => {
  it('gives the totals, one line per school with problems, and where the report is', () => {
    expect(
      summaryLines(report, { redirectRules: 30, reportFiles: ['reports/build-report.json'] }),
    ).toEqual([
      'Build summary: 2 schools, 66 pages, 1 content query, 4 tenant requests (1 retried) in 1.2 s, 3 content problem(s), 0 SVG(s) sanitised; 30 redirect rules',
      '  uw-husky-mobile: 3 problem(s) in faq, planCard',
      'Report: reports/build-report.json',
    ]);
  });

  it('says so when no school has problems', () => {
    const clean = {
      ...report,
      schools: report.schools.map((school) => ({ ...school, problems: [] })),
    };
    expect(summaryLines(clean, { redirectRules: 30, reportFiles: ['a.json', 'b.json'] })).toEqual([
      'Build summary: 2 schools, 66 pages, 1 content query, 4 tenant requests (1 retried) in 1.2 s, 0 content problem(s), 0 SVG(s) sanitised; 30 redirect rules',
      '  every school: no content problems',
      'Report: a.json and b.json',
    ]);
  });

  it('names schools left out, retired schools and every missing file', () => {
    const lifecycle: BuildReport = {
      ...report,
      schools: report.schools.map((school) => ({ ...school, problems: [] })),
      leftOut: [
        {
          key: 'newmobile',
          seoSlug: 'new-mobile',
          status: 'preparing',
          reasons: ['no tenant record: Tenant data failed to load.'],
          code: 'no-tenant',
          problems: [],
        },
      ],
      retired: [
        { key: 'oldmobile', seoSlug: 'old-mobile', legacyAliases: [], redirectTo: '/cubbymobile' },
      ],
      missingFiles: [
        {
          school: 'huskymobile',
          documentType: 'landingHeader',
          documentId: 'huskymobile-landingHeader',
          field: 'heroImage',
          file: 'huskymobile-hero-1600x900.webp',
        },
      ],
    };
    expect(summaryLines(lifecycle, { redirectRules: 34, reportFiles: ['r.json'] })).toEqual([
      'Build summary: 2 schools, 1 left out, 1 retired, 66 pages, 1 content query, 4 tenant requests (1 retried) in 1.2 s, 0 content problem(s), 1 missing file(s), 0 SVG(s) sanitised; 34 redirect rules',
      '  new-mobile: left out (preparing): no tenant record: Tenant data failed to load.',
      '  huskymobile: missing file huskymobile-hero-1600x900.webp (landingHeader huskymobile-landingHeader, field heroImage): built without it',
      '  every school: no content problems',
      'Report: r.json',
    ]);
  });
});
