/**
 * The search pages at 2,400 schools, without a 2,400-school build. The search page's HTML has a
 * link per state (`groupLinksHtml`), which grows with the number of states, not of schools; each
 * state's page has the list of its schools (`groupListHtml`), at most MAX_SCHOOLS_PER_GROUP_PAGE a
 * page. This test proves on the built pages that they hold exactly that markup, then swaps in the
 * markup the same views write for the bench's 2,400 synthetic schools, and weighs the result. Every
 * page must stay within 64 KB of HTML.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { syntheticMatrix } from '../../scripts/bench/synthetic-matrix.ts';
import {
  MAX_SCHOOLS_PER_GROUP_PAGE,
  SEARCH_DATA_PATH,
  groupLinksHtml,
  groupListHtml,
  groupPages,
  schoolIndexGroups,
  type SearchData,
} from '../../src/lib/search/school-index.ts';
import { searchDataView, searchGroupView, searchView } from '../../src/lib/views/bare-pages.ts';
import { DIST, pageDocument, readPage } from './helpers.ts';

const PAGE_LIMIT_BYTES = 64 * 1024;
const SCHOOLS_AT_SCALE = 2_400;

const bytes = (text: string) => Buffer.byteLength(text, 'utf8');
const kb = (size: number) => `${(size / 1024).toFixed(1)} KB`;
const builtData = JSON.parse(readFileSync(join(DIST, SEARCH_DATA_PATH), 'utf8')) as SearchData;
const builtGroups = schoolIndexGroups(builtData.schools);
const builtSearch = readPage('/search');
const builtLinks = groupLinksHtml(builtGroups);

describe('the search pages as built', () => {
  it("the search page links every state's page, in exactly the markup the view writes, and lists no school itself", () => {
    expect(builtSearch).toContain(builtLinks);
    const links = [...pageDocument('/search').querySelectorAll('[data-school-index] a')].map(
      (link) => link.getAttribute('href'),
    );
    expect(links).toEqual(builtGroups.map((group) => `/search/${group.slug}`));
    expect(
      builtData.schools.filter((school) => builtSearch.includes(`href="${school.href}"`)),
    ).toEqual([]);
  });

  it("every school of the cards file is linked from exactly one state's page", () => {
    const linked = builtGroups.flatMap((group) => {
      const page = readPage(`/search/${group.slug}`);
      const list = groupListHtml(group.schools);
      expect(page, group.slug).toContain(list);
      return [...pageDocument(`/search/${group.slug}`).querySelectorAll('main ul a')].map((link) =>
        link.getAttribute('href'),
      );
    });
    expect(linked.sort()).toEqual(builtData.schools.map((school) => school.href).sort());
  });
});

describe(`the search pages at ${SCHOOLS_AT_SCALE.toLocaleString('en-US')} schools`, () => {
  it("the search page stays as it is built (it grows with states, not schools); each state's page within 64 KB", async () => {
    const matrix = await syntheticMatrix(SCHOOLS_AT_SCALE);
    expect(matrix.schools).toHaveLength(SCHOOLS_AT_SCALE);
    const links = searchView(matrix).search.groupsHtml;
    const searchAtScale = bytes(builtSearch) - bytes(builtLinks) + bytes(links);
    // The same states as the bundled content, only their counts are longer numbers.
    expect(Math.abs(searchAtScale - bytes(builtSearch))).toBeLessThan(64);
    expect(searchAtScale).toBeLessThanOrEqual(PAGE_LIMIT_BYTES);

    const frame = readPage('/search/washington');
    const frameOnly =
      bytes(frame) -
      bytes(groupListHtml(builtGroups.find((group) => group.slug === 'washington')!.schools));
    const largest = schoolIndexGroups(searchDataView(matrix).schools)
      .map((group) => ({
        slug: group.slug,
        size: frameOnly + bytes(searchGroupView(matrix, group.slug)!.group.listHtml),
      }))
      .reduce((most, group) => (group.size > most.size ? group : most));
    const data = JSON.stringify(searchDataView(matrix));
    console.info(
      `search page: ${kb(bytes(builtSearch))} as built, ${kb(searchAtScale)} at ${SCHOOLS_AT_SCALE} schools; ` +
        `largest state's page at ${SCHOOLS_AT_SCALE}: /search/${largest.slug}, ${kb(largest.size)}; ` +
        `cards file at ${SCHOOLS_AT_SCALE}: ${kb(bytes(data))}, ${kb(gzipSync(data).length)} gzipped, ${kb(brotliCompressSync(data).length)} brotli`,
    );
    expect(largest.size).toBeLessThanOrEqual(PAGE_LIMIT_BYTES);
    // A ceiling, not a speed check: 2,400 schools are made and resolved through the product layer.
  }, 240_000);

  it('splits a state with more schools than a page holds, every page within 64 KB, each linked to the next', () => {
    const frameOnly =
      bytes(readPage('/search/washington')) -
      bytes(groupListHtml(builtGroups.find((group) => group.slug === 'washington')!.schools));
    const schools = Array.from({ length: 2 * MAX_SCHOOLS_PER_GROUP_PAGE + 1 }, (_, index) => ({
      name: `Lakeshore Community and Technical College, campus ${index + 1}`,
      href: `/lakeshore-technical-mobile-${index + 1}`,
    }));
    const pages = groupPages([{ slug: 'wisconsin', title: 'Wisconsin', schools }]);
    expect(pages.map((page) => [page.slug, page.schools.length, page.previous, page.next])).toEqual(
      [
        ['wisconsin', 500, undefined, '/search/wisconsin-2'],
        ['wisconsin-2', 500, '/search/wisconsin', '/search/wisconsin-3'],
        ['wisconsin-3', 1, '/search/wisconsin-2', undefined],
      ],
    );
    for (const page of pages)
      expect(frameOnly + bytes(groupListHtml(page.schools)), page.slug).toBeLessThanOrEqual(
        PAGE_LIMIT_BYTES,
      );
  });
});
