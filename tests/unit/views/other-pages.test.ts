import { describe, expect, it } from 'vitest';
import { coverageMapView } from '../../../src/lib/views/coverage-map.ts';
import { internationalDialingView } from '../../../src/lib/views/international-dialing.ts';
import { newsroomView } from '../../../src/lib/views/newsroom.ts';
import {
  comingSoonView,
  notFoundView,
  searchDataView,
  searchGroupPaths,
  searchGroupView,
  searchView,
} from '../../../src/lib/views/bare-pages.ts';
import { bundledMatrix, schoolPage, without } from './school-pages.ts';

const SITE_URL = 'https://site.example';

describe('school information pages', () => {
  it('coverage map: the checks and the map are there even without the page document', async () => {
    const props = await schoolPage();
    const view = coverageMapView(without(props, 'coverageMapPage'));
    expect(view.heading).toBeUndefined();
    expect(view.map).toMatchObject({
      brand: props.site.tenant.name,
      carrierLine: props.settings.carrierLine,
    });
    expect(view.map.mapTitle).toBe(`${props.site.tenant.name} coverage map`);
  });

  it('international dialing: heading and rates from one document', async () => {
    const view = internationalDialingView(await schoolPage());
    expect(view.heading?.title).toBe(view.dialing?.doc.header);
  });

  it('newsroom: the heading names the service; the release becomes blocks', async () => {
    const props = await schoolPage();
    const view = newsroomView(props);
    expect(view.heading.subtitle).toBe(`News and announcements from ${props.site.tenant.name}.`);
    expect(view.release?.brand).toBe(props.site.tenant.name);
    expect(newsroomView(without(props, 'pressRelease')).release).toBeUndefined();
  });
});

describe('pages of no school', () => {
  it('coming soon: one view for / and /default, each with its own canonical URL', async () => {
    const matrix = await bundledMatrix();
    expect(comingSoonView(matrix, '/', SITE_URL).layout.head.canonical).toBe(SITE_URL);
    expect(comingSoonView(matrix, '/default', SITE_URL).layout.head.canonical).toBe(
      `${SITE_URL}/default`,
    );
    expect(comingSoonView(matrix, '/', SITE_URL).comingSoon.productName).toBe(
      matrix.settings.productName,
    );
  });

  it("search: the page links each state's page; those pages link every served school; the cards file has a card per school plus the coming-soon seed", async () => {
    const matrix = await bundledMatrix();
    const view = searchView(matrix, SITE_URL);
    const data = searchDataView(matrix);
    expect(view.layout.head.title).toBe('Find Your School');
    expect(view.search.total).toBe(data.schools.length);
    expect(
      data.schools
        .filter((school) => !school.comingSoon)
        .map((school) => school.href)
        .sort(),
    ).toEqual(matrix.schools.map((site) => `/${site.seoSlug}`).sort());
    for (const site of matrix.schools)
      expect(view.search.groupsHtml).not.toContain(`<a href="/${site.seoSlug}">`);
    const groups = searchGroupPaths(matrix).map(({ params }) =>
      searchGroupView(matrix, params.group, SITE_URL)!,
    );
    for (const { params } of searchGroupPaths(matrix))
      expect(view.search.groupsHtml).toContain(`<a href="/search/${params.group}">`);
    for (const site of matrix.schools)
      expect(
        groups.filter((group) => group.group.listHtml.includes(`<a href="/${site.seoSlug}">`)),
        site.seoSlug,
      ).toHaveLength(1);
    expect(groups.find((group) => group.group.title === 'Washington')?.layout.head).toMatchObject({
      title: 'Washington | Find Your School',
      canonical: `${SITE_URL}/search/washington`,
    });
    expect(searchGroupView(matrix, 'atlantis', SITE_URL)).toBeUndefined();
    expect(view.search.dataUrl).toBe('/search-schools.json');
    // The cards are made once per build: the file's are those the pages were grouped from.
    expect(searchDataView(matrix)).toBe(data);
  });

  it('404: not indexed, and links the main site', async () => {
    const matrix = await bundledMatrix();
    const view = notFoundView(matrix, SITE_URL);
    expect(view.layout.head.noindex).toBe(true);
    expect(view.notFound.mainSiteUrl).toBe(matrix.mainSiteUrl);
  });
});
