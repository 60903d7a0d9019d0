import { describe, expect, it } from 'vitest';
import {
  checkLegacyAliases,
  isReservedFirstSegment,
  legacyAliasFormProblem,
  seoSlugReservedProblem,
} from '../../../src/lib/route-table/legacy-aliases.ts';

describe('legacyAliasFormProblem', () => {
  it.each(['huskymobile', 'gohuskymobile', 'uk-kentucky-mobile', 'utes2'])(
    'accepts %s',
    (alias) => {
      expect(legacyAliasFormProblem(alias)).toBeUndefined();
    },
  );

  it.each([
    ['', 'not one address segment'],
    ['husky mobile', 'not one address segment'],
    ['husky/mobile', 'not one address segment'],
    ['HuskyMobile', 'not one address segment'],
    ['-husky', 'not one address segment'],
    ['husky--mobile', 'not one address segment'],
    [' huskymobile', 'not one address segment'],
    ['search', 'serves itself (/search)'],
    ['default', 'serves itself'],
    ['404', 'serves itself'],
    ['content-images', 'serves itself'],
    ['backgrounds', 'serves itself'],
    ['sitemap', 'serves itself'],
    ['sitemap-2', 'serves itself'],
    ['account', 'serves itself'],
  ])('refuses %j (%s)', (alias, reason) => {
    expect(legacyAliasFormProblem(alias)).toContain(reason);
  });

  it('knows the files at the root by their names', () => {
    for (const name of [
      '_astro',
      'favicon.ico',
      'robots.txt',
      'sitemap-index.xml',
      'sitemap-0.xml',
      '.netlify',
      '_redirects',
    ]) {
      expect(isReservedFirstSegment(name), name).toBe(true);
    }
    expect(isReservedFirstSegment('uw-husky-mobile')).toBe(false);
  });
});

describe('checkLegacyAliases', () => {
  const husky = {
    key: 'huskymobile',
    seoSlug: 'uw-husky-mobile',
    legacyAliases: ['gohuskymobile', 'huskymobile'],
  };
  const beavs = { key: 'beavsmobile', seoSlug: 'osu-beavs-mobile', legacyAliases: ['beavsmobile'] };

  it('keeps every alias of schools that do not collide, in order', () => {
    const { kept, problems } = checkLegacyAliases([husky, beavs]);
    expect(problems).toEqual([]);
    expect(kept.get('huskymobile')).toEqual(['gohuskymobile', 'huskymobile']);
    expect(kept.get('beavsmobile')).toEqual(['beavsmobile']);
  });

  it("leaves out an alias that is another school's address or the school's own", () => {
    const { kept, problems } = checkLegacyAliases([
      husky,
      { ...beavs, legacyAliases: ['uw-husky-mobile', 'osu-beavs-mobile', 'beavsmobile'] },
    ]);
    expect(problems).toEqual([
      {
        school: 'beavsmobile',
        alias: 'uw-husky-mobile',
        reason: '"uw-husky-mobile" is the address of school huskymobile',
      },
      {
        school: 'beavsmobile',
        alias: 'osu-beavs-mobile',
        reason: '"osu-beavs-mobile" is the school\'s own address',
      },
    ]);
    expect(kept.get('beavsmobile')).toEqual(['beavsmobile']);
  });

  it('leaves out an alias two schools claim, for both, naming the other', () => {
    const { kept, problems } = checkLegacyAliases([
      husky,
      { ...beavs, legacyAliases: ['beavsmobile', 'gohuskymobile'] },
    ]);
    expect(problems).toEqual([
      {
        school: 'huskymobile',
        alias: 'gohuskymobile',
        reason: '"gohuskymobile" is also an old address of school beavsmobile',
      },
      {
        school: 'beavsmobile',
        alias: 'gohuskymobile',
        reason: '"gohuskymobile" is also an old address of school huskymobile',
      },
    ]);
    expect(kept.get('huskymobile')).toEqual(['huskymobile']);
    expect(kept.get('beavsmobile')).toEqual(['beavsmobile']);
  });

  it('keeps an alias a school lists twice once, and says so', () => {
    const { kept, problems } = checkLegacyAliases([
      { ...beavs, legacyAliases: ['beavsmobile', 'beavsmobile'] },
    ]);
    expect(kept.get('beavsmobile')).toEqual(['beavsmobile']);
    expect(problems).toEqual([
      { school: 'beavsmobile', alias: 'beavsmobile', reason: '"beavsmobile" is listed twice' },
    ]);
  });

  it('reports a malformed or reserved alias by its school and keeps the others', () => {
    const { kept, problems } = checkLegacyAliases([
      { ...husky, legacyAliases: ['Go Husky', 'search', 'gohuskymobile'] },
    ]);
    expect(problems.map((problem) => [problem.school, problem.alias])).toEqual([
      ['huskymobile', 'Go Husky'],
      ['huskymobile', 'search'],
    ]);
    expect(kept.get('huskymobile')).toEqual(['gohuskymobile']);
  });
});

describe('seoSlugReservedProblem', () => {
  it('refuses the segments the site serves itself as a school address, and only those', () => {
    expect(seoSlugReservedProblem('search')).toMatch(
      /^"search" is an address the site serves itself \(\/search\)/,
    );
    expect(seoSlugReservedProblem('sitemap-7')).toBeDefined();
    expect(seoSlugReservedProblem('uw-husky-mobile')).toBeUndefined();
  });
});
