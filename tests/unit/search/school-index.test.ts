import { describe, expect, it } from 'vitest';
import { JSDOM } from 'jsdom';
import {
  COMING_SOON_GROUP,
  NO_STATE_GROUP,
  groupLinksHtml,
  groupListHtml,
  groupPages,
  schoolIndexGroups,
  searchData,
} from '../../../src/lib/search/school-index.ts';
import {
  INDIANA_SCHOOLS,
  searchCards,
  servedSchoolCards,
} from '../../../src/lib/search/schools.ts';

const MAIN = 'https://www.k1mobile.example';
const served = servedSchoolCards([
  {
    seoSlug: 'uw-husky-mobile',
    brand: 'Husky Mobile',
    school: { schoolName: 'University of Washington', city: 'Seattle', state: 'Washington' },
    colours: {
      primary: { name: 'Primary', hex: '#4B2E83' },
      secondary: { name: 'Accent', hex: '#B7A57A' },
    },
  },
  {
    seoSlug: 'wsu-cougs-mobile',
    brand: 'Cougs Mobile',
    school: { schoolName: 'Washington State University', city: 'Pullman', state: 'Washington' },
    colours: {
      primary: { name: 'Primary', hex: '#981E32' },
      secondary: { name: 'Accent', hex: '#5E6A71' },
    },
  },
  {
    seoSlug: 'osu-beavs-mobile',
    brand: 'Beavs Mobile',
    school: { schoolName: 'Oregon State University', city: 'Corvallis', state: 'Oregon' },
    colours: {
      primary: { name: 'Primary', hex: '#C2410C' },
      secondary: { name: 'Accent', hex: '#111111' },
    },
  },
  {
    seoSlug: 'a-and-b',
    brand: 'A&B Mobile',
    school: { schoolName: 'College of <A> & "B"' },
    colours: {
      primary: { name: 'Primary', hex: '#000000' },
      secondary: { name: 'Accent', hex: '#e5e7eb' },
    },
  },
]);
const data = searchData(searchCards(served), MAIN);

describe('the cards file', () => {
  it('has every card with its link resolved: served schools to their page, the seed list to the main site', () => {
    expect(data.schools).toHaveLength(served.length + INDIANA_SCHOOLS.length);
    expect(data.schools.find((school) => school.name === 'University of Washington')).toEqual({
      name: 'University of Washington',
      city: 'Seattle',
      state: 'Washington',
      brand: 'Husky Mobile',
      href: '/uw-husky-mobile',
      comingSoon: false,
      colors: [
        { name: 'Primary', hex: '#4B2E83' },
        { name: 'Accent', hex: '#B7A57A' },
      ],
    });
    expect(data.schools.find((school) => school.name === 'Butler University')).toMatchObject({
      state: 'Indiana',
      comingSoon: true,
      href: `${MAIN}/?school=Butler+University`,
    });
  });
});

describe("the list by state: the search page's links and each state's page", () => {
  const groups = schoolIndexGroups(data.schools);

  it('groups live schools by state A–Z, schools without a state next, the seed list last, each at an address of its own', () => {
    expect(groups.map((group) => group.title)).toEqual([
      'Oregon',
      'Washington',
      NO_STATE_GROUP,
      COMING_SOON_GROUP,
    ]);
    expect(groups.map((group) => group.slug)).toEqual([
      'oregon',
      'washington',
      'other-schools',
      'coming-soon',
    ]);
    expect(groups[1]?.schools).toEqual([
      { name: 'University of Washington', href: '/uw-husky-mobile' },
      { name: 'Washington State University', href: '/wsu-cougs-mobile' },
    ]);
    expect(groups.at(-1)?.schools).toHaveLength(INDIANA_SCHOOLS.length);
  });

  it("gives each group an address that no other group's later page can take", () => {
    const odd = servedSchoolCards(
      ['Région 2', 'région 2', 'Territory'].map((state, index) => ({
        seoSlug: `s-${index}`,
        brand: 'B',
        school: { schoolName: `School ${index}`, state },
        colours: {
          primary: { name: 'Primary', hex: '#000000' },
          secondary: { name: 'Accent', hex: '#ffffff' },
        },
      })),
    );
    const slugs = schoolIndexGroups(searchData(odd, MAIN).schools).map((group) => group.slug);
    expect(slugs).toEqual(['region-2-schools', 'region-2-schools-2-schools', 'territory']);
    expect(slugs.every((slug) => !/-\d+$/.test(slug))).toBe(true);
  });

  it("the search page links each group's page with its number of schools, and no school", () => {
    const document = new JSDOM(`<body>${groupLinksHtml(groups)}</body>`).window.document;
    expect(
      [...document.querySelectorAll('li')].map((item) => [
        item.querySelector('a')?.getAttribute('href'),
        item.textContent,
      ]),
    ).toEqual([
      ['/search/oregon', 'Oregon 1 school'],
      ['/search/washington', 'Washington 2 schools'],
      ['/search/other-schools', 'Other schools 1 school'],
      ['/search/coming-soon', `Coming soon ${INDIANA_SCHOOLS.length} schools`],
    ]);
  });

  it("a group's page is a link per school; every school is on exactly one page", () => {
    const pages = groupPages(groups);
    const links = pages.flatMap((page) =>
      [
        ...new JSDOM(
          `<body>${groupListHtml(page.schools)}</body>`,
        ).window.document.querySelectorAll('a'),
      ].map((link) => [link.textContent, link.getAttribute('href')]),
    );
    expect(links).toHaveLength(data.schools.length);
    expect(links).toContainEqual(['Oregon State University', '/osu-beavs-mobile']);
  });

  it('splits a large group over pages of the same size, each linked to the one before and after', () => {
    const many = {
      slug: 'ohio',
      title: 'Ohio',
      schools: Array.from({ length: 5 }, (_, index) => ({ name: `S${index}`, href: `/s${index}` })),
    };
    expect(
      groupPages([many], 2).map((page) => [
        page.slug,
        page.page,
        page.pages,
        page.schools.length,
        page.previous,
        page.next,
      ]),
    ).toEqual([
      ['ohio', 1, 3, 2, undefined, '/search/ohio-2'],
      ['ohio-2', 2, 3, 2, '/search/ohio', '/search/ohio-3'],
      ['ohio-3', 3, 3, 1, '/search/ohio-2', undefined],
    ]);
  });

  it('lists names in reading order, numbers by value', () => {
    const campuses = servedSchoolCards(
      ['State Campus 10', 'State Campus 2', 'state campus 1'].map((schoolName, index) => ({
        seoSlug: `campus-${index}`,
        brand: 'B',
        school: { schoolName, state: 'Ohio' },
        colours: {
          primary: { name: 'Primary', hex: '#000000' },
          secondary: { name: 'Accent', hex: '#ffffff' },
        },
      })),
    );
    expect(
      schoolIndexGroups(searchData(campuses, MAIN).schools)[0]?.schools.map(
        (school) => school.name,
      ),
    ).toEqual(['state campus 1', 'State Campus 2', 'State Campus 10']);
  });

  it('escapes names and addresses', () => {
    const html = groupListHtml(groups.flatMap((group) => group.schools));
    expect(html).toContain('College of &lt;A&gt; &amp; &quot;B&quot;');
    expect(html).not.toContain('<A>');
    const document = new JSDOM(`<body>${html}</body>`).window.document;
    expect(
      [...document.querySelectorAll('a')].some(
        (link) => link.textContent === 'College of <A> & "B"',
      ),
    ).toBe(true);
    expect(groupListHtml([{ name: 'Q', href: '/a?b=1&c="2"' }])).toContain(
      'href="/a?b=1&amp;c=&quot;2&quot;"',
    );
    expect(groupLinksHtml([{ slug: 'x', title: '<X>', schools: [] }])).toContain('&lt;X&gt;');
  });
});
