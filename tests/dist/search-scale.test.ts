/**
 * The search page at 600 schools, without a 600-school build. Only one part of the page grows
 * with the number of schools: the index of links, which is `schoolIndexHtml` of the cards file.
 * This test proves that on the built page (the page holds exactly that markup for the built
 * cards file), then swaps in the index of 600 synthetic schools (the bench's) made by the same
 * view the build runs, and weighs the result. Every page must stay within 64 KB of HTML.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { syntheticDataset } from '../../scripts/bench/synthetic-schools.ts';
import { groupContent } from '../../src/lib/content/group.ts';
import { readNdjson } from '../../src/lib/content/local.ts';
import { buildSiteMatrix } from '../../src/lib/routing/matrix.ts';
import { schoolIndexGroups, schoolIndexHtml, SEARCH_DATA_PATH, type SearchData } from '../../src/lib/search/school-index.ts';
import { createTenantClient, recordsTransport } from '../../src/lib/tenants/client.ts';
import { searchDataView, searchView } from '../../src/lib/views/bare-pages.ts';
import { DIST, pageDocument, readPage } from './helpers.ts';

const PAGE_LIMIT_BYTES = 64 * 1024;
const SCHOOLS_AT_SCALE = 600;

type Doc = Record<string, unknown> & { _id: string; _type: string };
const bundled = {
  documents: readNdjson(readFileSync('src/dataset/data.ndjson', 'utf8'), 'data.ndjson') as Doc[],
  tenants: JSON.parse(readFileSync('src/dataset/tenants.json', 'utf8')) as never[],
};

async function syntheticMatrix(count: number) {
  const { documents, tenants } = syntheticDataset(bundled, count);
  const content = groupContent({
    schools: documents.filter((doc) => doc._type === 'school'),
    settings: documents.find((doc) => doc._type === 'siteSettings'),
    documents: documents.filter((doc) => doc._type !== 'school' && doc._type !== 'siteSettings'),
  });
  return buildSiteMatrix(content, { loadTenant: createTenantClient(recordsTransport(tenants), { log: () => undefined }) });
}

const bytes = (text: string) => Buffer.byteLength(text, 'utf8');
const builtPage = readPage('/search');
const builtData = JSON.parse(readFileSync(join(DIST, SEARCH_DATA_PATH), 'utf8')) as SearchData;
const builtIndex = schoolIndexHtml(schoolIndexGroups(builtData.schools));

describe(`the search page at ${SCHOOLS_AT_SCALE} schools`, () => {
  it('the built page links every school of its cards file, in exactly the index markup the view writes', () => {
    expect(builtPage).toContain(builtIndex);
    const links = [...pageDocument('/search').querySelectorAll('[data-index-groups] a')].map((link) => link.getAttribute('href'));
    expect(links.sort()).toEqual(builtData.schools.map((school) => school.href).sort());
  });

  it(`stays within 64 KB of HTML with ${SCHOOLS_AT_SCALE} live schools; the cards file is fetched once, compressed`, async () => {
    const matrix = await syntheticMatrix(SCHOOLS_AT_SCALE);
    expect(matrix.schools).toHaveLength(SCHOOLS_AT_SCALE);
    const view = searchView(matrix);
    const data = JSON.stringify(searchDataView(matrix));
    expect(view.search.indexHtml.match(/<li><a href="\/[^"]+">/g)?.length).toBe(SCHOOLS_AT_SCALE);

    const pageAtScale = bytes(builtPage) - bytes(builtIndex) + bytes(view.search.indexHtml);
    console.info(`search page: ${(bytes(builtPage) / 1024).toFixed(1)} KB as built, ${(pageAtScale / 1024).toFixed(1)} KB at ${SCHOOLS_AT_SCALE} schools; `
      + `cards file at ${SCHOOLS_AT_SCALE}: ${(bytes(data) / 1024).toFixed(0)} KB, ${(gzipSync(data).length / 1024).toFixed(0)} KB gzipped`);
    expect(pageAtScale).toBeLessThanOrEqual(PAGE_LIMIT_BYTES);
  });
});
