/**
 * A broken legacy alias in one school's document: the build leaves its lines out of _redirects,
 * names it in the build report and the log summary under that school, and every school
 * (that one included) still builds with its other aliases. The same functions the build
 * integration calls, from the bundled dataset.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { groupContent } from '../../../src/lib/content/group.ts';
import { readNdjson } from '../../../src/lib/content/local.ts';
import { buildRecord } from '../../../src/lib/build/build-record.ts';
import { buildReport, summaryLines } from '../../../src/lib/build/report.ts';
import { buildSiteMatrix } from '../../../src/lib/routing/matrix.ts';
import { formatRedirects, redirectRules } from '../../../src/lib/routing/redirects.ts';
import { createTenantClient, recordsTransport } from '../../../src/lib/tenants/client.ts';

type Doc = Record<string, unknown>;
const documents = readNdjson(
  readFileSync('src/dataset/data.ndjson', 'utf8'),
  'data.ndjson',
) as Doc[];
const tenants = JSON.parse(readFileSync('src/dataset/tenants.json', 'utf8')) as unknown[];
const BROKEN = ['Beavs Mobile', 'beavs/old', 'search', 'uw-husky-mobile'];

async function buildWithBeavsAliases(legacyAliases: string[]) {
  const schools = documents
    .filter((doc) => doc._type === 'school')
    .map((doc) => (doc.key === 'beavsmobile' ? { ...doc, legacyAliases } : doc));
  const content = groupContent({
    schools,
    settings: documents.find((doc) => doc._type === 'siteSettings'),
    documents: documents.filter((doc) => doc._type !== 'school' && doc._type !== 'siteSettings'),
  });
  const matrix = await buildSiteMatrix(content, {
    loadTenant: createTenantClient(recordsTransport(tenants), { log: () => undefined }),
  });
  const redirects = formatRedirects(
    redirectRules(
      matrix.schools.map((site) => site.content.school),
      matrix.mainSiteUrl,
    ),
  );
  const record = buildRecord(matrix, { at: new Date(), documents: {} }, { kind: 'unknown' });
  const report = buildReport(matrix, {
    record,
    contentSource: 'local',
    contentQueries: 1,
    tenants: { requests: 0, retries: 0, waitMs: 0 },
    pages: 0,
  });
  return { matrix, redirects, report };
}

describe('a broken legacy alias', () => {
  it('is left out of _redirects while the good aliases of every school stay', async () => {
    const { matrix, redirects } = await buildWithBeavsAliases(['beavsmobile', ...BROKEN]);
    expect(matrix.schools).toHaveLength(6);
    const lines = redirects.split('\n');
    for (const alias of BROKEN) {
      expect(
        lines.filter((line) => line.startsWith(`/${alias}`) && line.includes('/osu-beavs-mobile')),
        alias,
      ).toEqual([]);
    }
    expect(lines).toContain('/beavsmobile  /osu-beavs-mobile  301');
    expect(lines).toContain('/gohuskymobile  /uw-husky-mobile  301');
    expect(lines).toContain('/huskymobile/*  /uw-husky-mobile/:splat  301');
  });

  it('is named in the build report under its school and document, and in the log summary', async () => {
    const { report } = await buildWithBeavsAliases(['beavsmobile', ...BROKEN]);
    const beavs = report.schools.find((school) => school.key === 'beavsmobile');
    expect(
      beavs?.problems.map((problem) => [problem.documentType, problem.documentId, problem.field]),
    ).toEqual(BROKEN.map(() => ['school', 'school-beavsmobile', 'legacyAliases']));
    expect(beavs?.problems.map((problem) => problem.reason)).toEqual([
      expect.stringContaining('"Beavs Mobile" is not one address segment'),
      expect.stringContaining('"beavs/old" is not one address segment'),
      expect.stringContaining('"search" is an address the site serves itself'),
      expect.stringContaining('"uw-husky-mobile" is the address of school huskymobile'),
    ]);
    expect(
      report.schools
        .filter((school) => school.key !== 'beavsmobile')
        .every((school) => school.problems.length === 0),
    ).toBe(true);
    expect(summaryLines(report, { redirectRules: 0, reportFiles: ['report.json'] })).toContain(
      '  osu-beavs-mobile: 4 problem(s) in school',
    );
  });
});
