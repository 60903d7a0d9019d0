import { describe, expect, it } from 'vitest';
import { JSDOM } from 'jsdom';
import { COMING_SOON_GROUP, NO_STATE_GROUP, schoolIndexGroups, schoolIndexHtml, searchData } from '../../../src/lib/search/school-index.ts';
import { INDIANA_SCHOOLS, searchCards, servedSchoolCards } from '../../../src/lib/search/schools.ts';

const MAIN = 'https://www.k1mobile.example';
const served = servedSchoolCards([
  { seoSlug: 'uw-husky-mobile', brand: 'Husky Mobile', school: { schoolName: 'University of Washington', city: 'Seattle', state: 'Washington' }, colours: { primary: { name: 'Primary', hex: '#4B2E83' }, secondary: { name: 'Accent', hex: '#B7A57A' } } },
  { seoSlug: 'wsu-cougs-mobile', brand: 'Cougs Mobile', school: { schoolName: 'Washington State University', city: 'Pullman', state: 'Washington' }, colours: { primary: { name: 'Primary', hex: '#981E32' }, secondary: { name: 'Accent', hex: '#5E6A71' } } },
  { seoSlug: 'osu-beavs-mobile', brand: 'Beavs Mobile', school: { schoolName: 'Oregon State University', city: 'Corvallis', state: 'Oregon' }, colours: { primary: { name: 'Primary', hex: '#C2410C' }, secondary: { name: 'Accent', hex: '#111111' } } },
  { seoSlug: 'a-and-b', brand: 'A&B Mobile', school: { schoolName: 'College of <A> & "B"' }, colours: { primary: { name: 'Primary', hex: '#000000' }, secondary: { name: 'Accent', hex: '#e5e7eb' } } },
]);
const data = searchData(searchCards(served), MAIN);

describe('the cards file', () => {
  it('has every card with its link resolved: served schools to their page, the seed list to the main site', () => {
    expect(data.schools).toHaveLength(served.length + INDIANA_SCHOOLS.length);
    expect(data.schools.find((school) => school.name === 'University of Washington')).toEqual({
      name: 'University of Washington', city: 'Seattle', state: 'Washington', brand: 'Husky Mobile', href: '/uw-husky-mobile', comingSoon: false,
      colors: [{ name: 'Primary', hex: '#4B2E83' }, { name: 'Accent', hex: '#B7A57A' }],
    });
    expect(data.schools.find((school) => school.name === 'Butler University')).toMatchObject({ state: 'Indiana', comingSoon: true, href: `${MAIN}/?school=Butler+University` });
  });
});

describe('the index of links in the page', () => {
  const groups = schoolIndexGroups(data.schools);

  it('groups live schools by state A–Z, schools without a state next, the seed list last', () => {
    expect(groups.map((group) => group.title)).toEqual(['Oregon', 'Washington', NO_STATE_GROUP, COMING_SOON_GROUP]);
    expect(groups[1]?.schools).toEqual([
      { name: 'University of Washington', href: '/uw-husky-mobile' },
      { name: 'Washington State University', href: '/wsu-cougs-mobile' },
    ]);
    expect(groups.at(-1)?.schools).toHaveLength(INDIANA_SCHOOLS.length);
    expect(new Set(groups.map((group) => group.id)).size).toBe(groups.length);
  });

  it('is a link per school under a heading per group, with state links that reach each heading', () => {
    const document = new JSDOM(`<body>${schoolIndexHtml(groups)}</body>`).window.document;
    const headings = [...document.querySelectorAll('h3')];
    expect(headings.map((heading) => heading.textContent)).toEqual(groups.map((group) => group.title));
    const jumps = [...document.querySelectorAll('nav[aria-label] a')];
    expect(jumps.map((link) => document.querySelector(link.getAttribute('href') ?? '#none')?.textContent)).toEqual(groups.map((group) => group.title));
    const links = [...document.querySelectorAll('[data-index-groups] a')].map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toHaveLength(data.schools.length);
    expect(links).toContainEqual(['Oregon State University', '/osu-beavs-mobile']);
  });

  it('lists names in reading order, numbers by value', () => {
    const campuses = servedSchoolCards(['State Campus 10', 'State Campus 2', 'state campus 1'].map((schoolName, index) => ({
      seoSlug: `campus-${index}`, brand: 'B', school: { schoolName, state: 'Ohio' }, colours: { primary: { name: 'Primary', hex: '#000000' }, secondary: { name: 'Accent', hex: '#ffffff' } },
    })));
    expect(schoolIndexGroups(searchData(campuses, MAIN).schools)[0]?.schools.map((school) => school.name)).toEqual(['state campus 1', 'State Campus 2', 'State Campus 10']);
  });

  it('escapes names and addresses', () => {
    const html = schoolIndexHtml(groups);
    expect(html).toContain('College of &lt;A&gt; &amp; &quot;B&quot;');
    expect(html).not.toContain('<A>');
    const document = new JSDOM(`<body>${html}</body>`).window.document;
    expect([...document.querySelectorAll('a')].some((link) => link.textContent === 'College of <A> & "B"')).toBe(true);
    expect(schoolIndexHtml([{ id: 'x', title: 'X', schools: [{ name: 'Q', href: '/a?b=1&c="2"' }] }])).toContain('href="/a?b=1&amp;c=&quot;2&quot;"');
  });
});
