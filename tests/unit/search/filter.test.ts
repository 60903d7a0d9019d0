import { describe, expect, it } from 'vitest';
import { filterSchools, searchSummary } from '../../../src/lib/search/filter.ts';
import { INDIANA_SCHOOLS } from '../../../src/lib/search/schools.ts';
import { getStartedHref, requestSchoolHref } from '../../../src/lib/search/links.ts';

const names = (query: string) => filterSchools(INDIANA_SCHOOLS, query).map((school) => school.name);

describe('school filter (SPEC §2 search)', () => {
  it('ignores case', () => {
    expect(names('PURDUE')).toEqual(['Purdue University', 'Purdue University Fort Wayne']);
    expect(names('purdue')).toEqual(names('Purdue'));
  });
  it('matches a substring anywhere in the name', () => {
    expect(names('state')).toEqual(['Ball State University', 'Indiana State University']);
    expect(names('otre')).toEqual(['University of Notre Dame']);
  });
  it('shows every school for an empty or blank query', () => {
    expect(names('')).toHaveLength(INDIANA_SCHOOLS.length);
    expect(names('   ')).toHaveLength(INDIANA_SCHOOLS.length);
  });
  it('matches by name only, not by city', () => {
    expect(names('Muncie')).toEqual([]);
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
    expect(getStartedHref('https://www.k1mobile.example', "Saint Mary's College")).toBe('https://www.k1mobile.example/?school=Saint+Mary%27s+College');
  });
  it('asks for a missing school by email to the main site\'s domain', () => {
    expect(requestSchoolHref('https://www.k1mobile.example')).toMatch(/^mailto:schools@k1mobile\.example\?subject=Please%20add%20my%20school&body=/);
  });
});
