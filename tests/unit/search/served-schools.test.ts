import { describe, expect, it } from 'vitest';
import {
  INDIANA_SCHOOLS,
  searchCards,
  servedSchoolCards,
} from '../../../src/lib/search/schools.ts';

const served = servedSchoolCards([
  {
    seoSlug: 'uw-husky-mobile',
    brand: 'Husky Mobile',
    school: { schoolName: 'University of Washington', city: 'Seattle', state: 'Washington' },
    colours: {
      primary: { name: 'Husky Purple', hex: '#4B2E83' },
      secondary: { name: 'Husky Gold', hex: '#B7A57A' },
    },
  },
  {
    seoSlug: 'cal-bears-mobile',
    brand: 'Bears Mobile',
    school: { schoolName: 'University of California, Berkeley' },
    colours: {
      primary: { name: 'Primary', hex: '#003262' },
      secondary: { name: 'Accent', hex: '#FDB515' },
    },
  },
]);

describe('search cards', () => {
  it('one card per served school, sorted by name, Get Started to its landing page', () => {
    expect(served.map((card) => [card.name, card.href, card.comingSoon])).toEqual([
      ['University of California, Berkeley', '/cal-bears-mobile', false],
      ['University of Washington', '/uw-husky-mobile', false],
    ]);
    expect(served[1]).toMatchObject({
      brand: 'Husky Mobile',
      city: 'Seattle',
      state: 'Washington',
      colors: [{ name: 'Husky Purple' }, { name: 'Husky Gold' }],
    });
  });

  it("shows the school's two colours as given", () => {
    expect(served[0]?.colors).toEqual([
      { name: 'Primary', hex: '#003262' },
      { name: 'Accent', hex: '#FDB515' },
    ]);
  });

  it('served schools come first, then every seed school as coming soon, with no name twice', () => {
    const cards = searchCards([
      ...served,
      { ...served[0]!, name: 'Purdue University', href: '/purdue-mobile' },
    ]);
    expect(cards.slice(0, 3).every((card) => !card.comingSoon)).toBe(true);
    expect(cards.filter((card) => card.comingSoon)).toHaveLength(INDIANA_SCHOOLS.length - 1);
    expect(cards.filter((card) => card.name === 'Purdue University')).toHaveLength(1);
    const butler = cards.find((card) => card.name === 'Butler University');
    expect(butler).toMatchObject({ state: 'Indiana', comingSoon: true });
    expect(butler?.href).toBeUndefined();
  });
});
