import { describe, expect, it } from 'vitest';
import { filterSchools, matchesQuery, searchSummary } from '../../../src/lib/search/filter.ts';
import {
  INDIANA_SCHOOLS,
  searchCards,
  servedSchoolCards,
} from '../../../src/lib/search/schools.ts';
import { searchData, type SearchData } from '../../../src/lib/search/school-index.ts';
import { getStartedHref, requestSchoolHref } from '../../../src/lib/search/links.ts';

const names = (query: string) =>
  filterSchools(
    INDIANA_SCHOOLS.map((school) => ({ ...school, state: 'Indiana' })),
    query,
  ).map((school) => school.name);

const WESTERN = [
  { name: 'University of Washington', city: 'Seattle', state: 'Washington' },
  { name: 'Washington State University', city: 'Pullman', state: 'Washington' },
  { name: 'Université de Montréal', city: 'Montréal', state: 'Québec' },
  { name: 'University of Utah', city: 'Salt Lake City', state: 'Utah' },
  { name: 'Unnamed Campus' },
];
const western = (query: string) => filterSchools(WESTERN, query).map((school) => school.name);

describe('school filter: name, city or state, ignoring case', () => {
  it('finds a school by any piece of its name, in any case', () => {
    expect(names('PURDUE')).toEqual(['Purdue University', 'Purdue University Fort Wayne']);
    expect(names('purdue')).toEqual(names('Purdue'));
    expect(names('wesley')).toEqual(['Indiana Wesleyan University']);
    expect(names('otre')).toEqual(["Saint Mary's College", 'University of Notre Dame']); // one by its city
  });
  it('finds a school by its city', () => {
    expect(names('muncie')).toEqual(['Ball State University']);
    expect(western('SEATTLE')).toEqual(['University of Washington']);
    expect(western('salt lake')).toEqual(['University of Utah']);
  });
  it('finds every school of a state, whatever their names', () => {
    expect(western('utah')).toEqual(['University of Utah']);
    expect(western('washington')).toEqual([
      'University of Washington',
      'Washington State University',
    ]);
    expect(names('indiana')).toHaveLength(INDIANA_SCHOOLS.length);
  });
  it('needs every word of the query, each in the name, city or state', () => {
    expect(western('washington pullman')).toEqual(['Washington State University']);
    expect(western('university seattle')).toEqual(['University of Washington']);
    expect(names('Fort Purdue')).toEqual(['Purdue University Fort Wayne']);
    expect(western('utah seattle')).toEqual([]);
  });
  it('ignores accents both ways', () => {
    expect(western('montreal')).toEqual(['Université de Montréal']);
    expect(western('QUÉBEC')).toEqual(['Université de Montréal']);
  });
  it('shows every school for an empty or blank query, and copes with a school without city or state', () => {
    expect(names('')).toHaveLength(INDIANA_SCHOOLS.length);
    expect(names('   ')).toHaveLength(INDIANA_SCHOOLS.length);
    expect(western('unnamed')).toEqual(['Unnamed Campus']);
  });
  it('matches nothing that is in none of the three', () => {
    expect(names('Harvard')).toEqual([]);
    expect(
      matchesQuery(
        { name: 'Butler University', city: 'Indianapolis', state: 'Indiana' },
        'butler  indianapolis ',
      ),
    ).toBe(true);
    expect(
      matchesQuery(
        { name: 'Butler University', city: 'Indianapolis', state: 'Indiana' },
        'butler ohio',
      ),
    ).toBe(false);
  });
});

describe('summary text', () => {
  it('counts matches and quotes the query', () => {
    expect(searchSummary(2, 'purdue')).toBe('Showing 2 school(s) that match "purdue"');
    expect(searchSummary(1, ' Butler ')).toBe('Showing 1 school(s) that match "Butler"');
  });
  it('says when nothing matches, quoting the query', () => {
    expect(searchSummary(0, 'Harvard')).toBe('No schools found matching "Harvard"');
  });
  it('shows the total for an empty query', () => {
    expect(searchSummary(24, '')).toBe('Showing all 24 schools');
  });
});

describe('the school list and its links', () => {
  it('has 15–25 Indiana schools, each with a city and two hex colours', () => {
    expect(INDIANA_SCHOOLS.length).toBeGreaterThanOrEqual(15);
    expect(INDIANA_SCHOOLS.length).toBeLessThanOrEqual(25);
    for (const school of INDIANA_SCHOOLS) {
      expect(school.city).not.toBe('');
      expect(school.colors).toHaveLength(2);
      for (const colour of school.colors) expect(colour.hex).toMatch(/^#[0-9a-f]{6}$/);
    }
    expect(new Set(INDIANA_SCHOOLS.map((school) => school.name)).size).toBe(INDIANA_SCHOOLS.length);
  });
  it('sends Get Started to the main site with the school named', () => {
    expect(getStartedHref('https://www.k1mobile.example', "Saint Mary's College")).toBe(
      'https://www.k1mobile.example/?school=Saint+Mary%27s+College',
    );
  });
  it("asks for a missing school by email to the main site's domain", () => {
    expect(requestSchoolHref('https://www.k1mobile.example')).toMatch(
      /^mailto:schools@k1mobile\.example\?subject=Please%20add%20my%20school&body=/,
    );
  });
});

describe('the search over the cards file the page fetches (the JSON records)', () => {
  // The records as the browser gets them: the built file's JSON, parsed. The order of the list is
  // the cards' (served schools A–Z, then the seed list), and the filter keeps it.
  const cards = searchCards(
    servedSchoolCards(
      WESTERN.filter((school) => school.state).map((school, index) => ({
        seoSlug: `school-${index}`,
        brand: `Brand ${index}`,
        school: { schoolName: school.name, city: school.city, state: school.state },
        colours: {
          primary: { name: 'Primary', hex: '#000000' },
          secondary: { name: 'Accent', hex: '#ffffff' },
        },
      })),
    ),
  );
  const records = (
    JSON.parse(JSON.stringify(searchData(cards, 'https://www.k1mobile.example'))) as SearchData
  ).schools;

  it.each(['wash', 'WASHINGTON pullman', 'montreal', 'indiana', 'purdue fort', 'u', 'Harvard', ''])(
    '"%s": the same matches in the same order as the cards the page was built from',
    (query) => {
      expect(filterSchools(records, query).map((school) => school.name)).toEqual(
        filterSchools(cards, query).map((school) => school.name),
      );
    },
  );

  it('served schools A–Z first, then the coming-soon seed, with the empty state for no match', () => {
    expect(
      filterSchools(records, 'univ')
        .map((school) => [school.name, school.comingSoon])
        .slice(0, 4),
    ).toEqual([
      ['Université de Montréal', false],
      ['University of Utah', false],
      ['University of Washington', false],
      ['Washington State University', false],
    ]);
    expect(filterSchools(records, 'univ').at(-1)?.comingSoon).toBe(true);
    expect(searchSummary(filterSchools(records, 'Harvard').length, 'Harvard')).toBe(
      'No schools found matching "Harvard"',
    );
  });
});
