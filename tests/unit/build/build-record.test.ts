/**
 * What a build records for the deploy notifications (src/lib/build/build-record.ts): which revision
 * of each document it read, what started it, which schools it published and which it left out
 * and why, and each content problem per document and field. From the bundled dataset through the
 * same functions the build integration calls.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  buildRecord,
  buildTrigger,
  leanRecord,
  recordProblems,
} from '../../../src/lib/build/build-record.ts';
import { buildReport } from '../../../src/lib/build/report.ts';
import { groupContent } from '../../../src/lib/content/group.ts';
import { readNdjson } from '../../../src/lib/content/local.ts';
import { applyPerspective } from '../../../src/lib/content/perspective.ts';
import { readDocuments, splitBuildContent } from '../../../src/lib/content/queries.ts';
import type { BUILD_CONTENT_QUERY_RESULT } from '../../../src/lib/content/sanity.types.ts';
import { buildRecordSchema } from '../../../src/lib/publish-records/build-record.ts';
import { BUILD_RECORD_BLOB } from '../../../src/lib/publish-records/names.ts';
import { clearBuildRecord, writeStaticSiteOutput } from '../../../src/lib/build/netlify-output.ts';
import { buildSiteMatrix } from '../../../src/lib/routing/matrix.ts';
import { createTenantClient, recordsTransport } from '../../../src/lib/tenants/client.ts';

type Doc = Record<string, unknown> & { _id: string; _type: string };
const bundled = readNdjson(readFileSync('src/dataset/data.ndjson', 'utf8'), 'data.ndjson') as Doc[];
const tenants = JSON.parse(readFileSync('src/dataset/tenants.json', 'utf8')) as Array<{
  code?: string;
  key?: string;
}>;
const READ_AT = new Date('2026-11-27T10:00:03.000Z');

/** The build's query answer (every document but retired schools' own), split as the build splits it. */
function answer(documents: Doc[]) {
  return splitBuildContent(applyPerspective(documents, 'published') as BUILD_CONTENT_QUERY_RESULT);
}

async function record(
  documents: Doc[],
  options: { production?: boolean; tenantsOf?: (list: typeof tenants) => unknown[] } = {},
) {
  const raw = answer(documents);
  const content = groupContent(raw);
  const records = options.tenantsOf ? options.tenantsOf(tenants) : tenants;
  const matrix = await buildSiteMatrix(content, {
    production: options.production ?? false,
    loadTenant: createTenantClient(recordsTransport(records), { log: () => undefined }),
  });
  return {
    raw,
    matrix,
    record: buildRecord(
      matrix,
      { at: READ_AT, documents: readDocuments(raw) },
      { kind: 'unknown' },
    ),
  };
}

const replace = (id: string, change: (doc: Doc) => Doc) =>
  bundled.map((doc) => (doc._id === id ? change(doc) : doc));

describe('the documents a build read', () => {
  it('every document the query answered, by id, with its revision, type and school key (null: site-wide)', async () => {
    const { record: built, raw } = await record(bundled);
    const count = raw.schools.length + (raw.settings ? 1 : 0) + raw.documents.length;
    expect(Object.keys(built.documents)).toHaveLength(count);
    const landing = bundled.find((doc) => doc._id === 'huskymobile-landingHeader')!;
    expect(built.documents['huskymobile-landingHeader']).toEqual({
      rev: landing._rev,
      type: 'landingHeader',
      school: 'huskymobile',
    });
    expect(built.documents['school-huskymobile']).toMatchObject({
      type: 'school',
      school: 'huskymobile',
    });
    expect(built.documents['siteSettings']).toMatchObject({ type: 'siteSettings', school: null });
    expect(
      Object.values(built.documents).every(
        (doc) => typeof doc.rev === 'string' && doc.rev.length > 0,
      ),
    ).toBe(true);
    expect(built.contentReadAt).toBe('2026-11-27T10:00:03.000Z');
  });

  it('a product document is read as a site-wide one: its revision and type, no school (the Studio badge asks about it as about any document)', async () => {
    const { record: built } = await record(bundled);
    const products = bundled.filter((doc) => doc._id.startsWith('product-'));
    expect(products.length).toBeGreaterThan(30);
    for (const product of products)
      expect(built.documents[product._id]).toEqual({
        rev: product._rev,
        type: product._type,
        school: null,
      });
  });

  it('a document without a revision is recorded with rev null; a draft is recorded under its published id', () => {
    const documents = readDocuments(
      splitBuildContent(
        applyPerspective(
          [
            { _id: 'school-a', _type: 'school', key: 'amobile', _rev: 'r-school' },
            {
              _id: 'drafts.a-faqs',
              _type: 'faqs',
              _rev: 'r-draft',
              school: { _type: 'reference', _ref: 'school-a' },
            },
            { _id: 'a-why', _type: 'whyPage', school: { _type: 'reference', _ref: 'school-a' } },
            {
              _id: 'orphan-faqs',
              _type: 'faqs',
              _rev: 'r-orphan',
              school: { _type: 'reference', _ref: 'school-gone' },
            },
          ],
          'drafts',
        ) as BUILD_CONTENT_QUERY_RESULT,
      ),
    );
    expect(documents).toEqual({
      'school-a': { rev: 'r-school', type: 'school', school: 'amobile' },
      'a-faqs': { rev: 'r-draft', type: 'faqs', school: 'amobile' },
      'a-why': { rev: null, type: 'whyPage', school: 'amobile' },
      'orphan-faqs': { rev: 'r-orphan', type: 'faqs', school: null },
    });
  });

  it('a document that fails its schema was still read: it is in documents, and its problem names it and each field', async () => {
    const { record: built } = await record(
      replace('huskymobile-faqs', (doc) => ({
        ...doc,
        _rev: 'broken-rev',
        // The school's own list (not items of the product's), with a broken item.
        ownedLists: ['faqs'],
        faqs: [{ _key: 'q1', question: 42 }],
      })),
    );
    expect(built.documents['huskymobile-faqs']).toEqual({
      rev: 'broken-rev',
      type: 'faqs',
      school: 'huskymobile',
    });
    const rows = built.problems.filter((problem) => problem.documentId === 'huskymobile-faqs');
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows.map((row) => row.field)).toEqual(
      expect.arrayContaining(['faqs.0.question', 'faqs.0.answer']),
    );
    for (const row of rows)
      expect(row).toMatchObject({
        school: 'huskymobile',
        documentType: 'faqs',
        reason: expect.any(String) as string,
      });
  });
});

describe('the schools a build published and left out', () => {
  it('lists the published schools, and (in production) a preparing school as left out, not launched', async () => {
    const { record: inProduction } = await record(
      replace('school-cubbymobile', (doc) => ({ ...doc, status: 'preparing' })),
      { production: true },
    );
    expect(inProduction.schools.map((school) => school.key).sort()).toEqual([
      'bearsmobile',
      'beavsmobile',
      'huskymobile',
      'kentuckymobile',
      'utesmobile',
    ]);
    expect(inProduction.schools.find((school) => school.key === 'huskymobile')).toEqual({
      key: 'huskymobile',
      seoSlug: 'uw-husky-mobile',
      status: 'live',
    });
    expect(inProduction.leftOut).toEqual([
      {
        key: 'cubbymobile',
        seoSlug: 'cubbymobile',
        status: 'preparing',
        code: 'not-launched',
        reasons: ['not launched yet (status preparing): only previews publish it'],
      },
    ]);
  });

  it('a preparing school without a tenant record is left out for that reason (outside production); a retired one is not listed', async () => {
    const preparing = replace('school-cubbymobile', (doc) => ({ ...doc, status: 'preparing' }));
    const { record: built } = await record(preparing, {
      tenantsOf: (list) => list.filter((tenant) => !JSON.stringify(tenant).includes('cubby')),
    });
    const cubby = built.leftOut.find((school) => school.key === 'cubbymobile');
    expect(cubby?.reasons).toEqual([expect.stringMatching(/^no tenant record: /)]);
    expect(cubby?.code).toBe('no-tenant');
    expect(built.schools.concat(built.leftOut as never).map((school) => school.key)).not.toContain(
      'wildcatsmobile',
    );
  });
});

describe("what the build read that has no event: each published school's tenant record, digested", () => {
  it("one digest per published school and one of them all; a giveaway closed in the product API changes that school's and the whole", async () => {
    const { matrix, record: built } = await record(bundled, { production: true });
    expect(Object.keys(built.inputs!.tenants).sort()).toEqual(
      matrix.schools.map((site) => site.key).sort(),
    );
    expect(built.inputs).toMatchObject({
      source: 'file',
      digest: expect.stringMatching(/^[0-9a-f]{64}$/) as string,
    });
    const husky = matrix.schools.find((site) => site.key === 'huskymobile')!;
    const { record: closed } = await record(bundled, {
      production: true,
      tenantsOf: (list) =>
        list.map((tenant) =>
          JSON.stringify(tenant).includes(`"${husky.tenant.slug}"`)
            ? { ...tenant, ActiveGiveawayEvent: null }
            : tenant,
        ),
    });
    expect(
      Object.keys(built.inputs!.tenants).filter(
        (key) => built.inputs!.tenants[key] !== closed.inputs!.tenants[key],
      ),
    ).toEqual(['huskymobile']);
    expect(closed.inputs!.digest).not.toBe(built.inputs!.digest);
    // Read over the product API, the record says so.
    expect(
      buildRecord(matrix, { at: READ_AT, documents: {} }, { kind: 'unknown' }, 'api').inputs
        ?.source,
    ).toBe('api');
  });
});

describe('content problems, one row per document and field', () => {
  it('keeps a problem without issues as one row (field or null), and splits a schema failure by field', () => {
    expect(
      recordProblems([
        {
          school: 'a',
          documentType: 'partnerBanner',
          reason: 'banner 2 missing',
          field: 'bannerNumber',
        },
        { school: 'a', documentType: 'faqs', reason: 'missing' },
        {
          school: 'a',
          documentType: 'faqs',
          documentId: 'a-faqs',
          reason: 'faqs.0.answer: Required; title: Required',
          issues: [
            { field: 'faqs.0.answer', message: 'Required' },
            { field: 'title', message: 'Required' },
          ],
        },
      ]),
    ).toEqual([
      {
        school: 'a',
        documentType: 'partnerBanner',
        documentId: null,
        field: 'bannerNumber',
        reason: 'banner 2 missing',
      },
      { school: 'a', documentType: 'faqs', documentId: null, field: null, reason: 'missing' },
      {
        school: 'a',
        documentType: 'faqs',
        documentId: 'a-faqs',
        field: 'faqs.0.answer',
        reason: 'Required',
      },
      {
        school: 'a',
        documentType: 'faqs',
        documentId: 'a-faqs',
        field: 'title',
        reason: 'Required',
      },
    ]);
  });
});

describe('what started the build (INCOMING_HOOK_BODY)', () => {
  const body = {
    kind: 'publish',
    batch: 'b-1a2b3c4d',
    documents: [
      { id: 'huskymobile-faqs', type: 'faqs', rev: 'r1', publishedAt: '2026-11-27T10:00:00.000Z' },
    ],
    more: 2,
  };

  it('a build hook body is the trigger; none, or one that does not parse, is unknown (a git push, the Netlify UI)', () => {
    expect(buildTrigger({ INCOMING_HOOK_BODY: JSON.stringify(body) })).toEqual(body);
    expect(buildTrigger({})).toEqual({ kind: 'unknown' });
    expect(buildTrigger({ INCOMING_HOOK_BODY: '' })).toEqual({ kind: 'unknown' });
    expect(buildTrigger({ INCOMING_HOOK_BODY: '{"kind":"publish"' })).toEqual({ kind: 'unknown' });
    expect(
      buildTrigger({ INCOMING_HOOK_BODY: JSON.stringify({ ...body, batch: 'not-a-batch' }) }),
    ).toEqual({ kind: 'unknown' });
  });
});

describe('the build report carries the record', () => {
  it('parses as the BuildRecord the deploy store gets', async () => {
    const { matrix, record: built } = await record(bundled);
    const report = buildReport(matrix, {
      record: built,
      contentSource: 'local',
      contentQueries: 1,
      tenants: { requests: 0, retries: 0, waitMs: 0 },
      pages: 1,
    });
    const fromFile = JSON.parse(JSON.stringify(report)) as unknown;
    expect(buildRecordSchema.parse(fromFile)).toEqual(leanRecord(built));
    expect(Object.keys(leanRecord(built)).sort()).toEqual([
      'contentReadAt',
      'documents',
      'inputs',
      'leftOut',
      'problems',
      'schools',
      'trigger',
      'version',
    ]);
  });
});

describe("the record and the functions directory, as Netlify's Frameworks API files", () => {
  const minimal = buildRecordSchema.parse({
    version: 1,
    contentReadAt: READ_AT.toISOString(),
    trigger: { kind: 'unknown' },
    documents: {},
    schools: [],
    leftOut: [],
    problems: [],
  });

  it("the static build writes the lean record as the deploy blob build-record and names the public site's functions", () => {
    const root = mkdtempSync(join(tmpdir(), 'netlify-output-'));
    try {
      const file = writeStaticSiteOutput(root, minimal);
      expect(file).toBe(join(root, '.netlify/v1/blobs/deploy', BUILD_RECORD_BLOB, 'blob'));
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(minimal);
      expect(JSON.parse(readFileSync(join(root, '.netlify/v1/config.json'), 'utf8'))).toEqual({
        build: { functions: 'src/functions' },
      });
      // The preview build removes a record a static build of the same checkout left behind.
      clearBuildRecord(root);
      expect(existsSync(file)).toBe(false);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
