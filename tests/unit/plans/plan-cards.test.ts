import { describe, expect, it } from 'vitest';
import { planCardSchema } from '../../../src/lib/content/schemas.ts';
import { planBullets, planCardViews } from '../../../src/lib/plans/plan-cards.ts';

const card = (overrides: Record<string, unknown> = {}) =>
  planCardSchema.parse({
    planLabel: 'Faculty Essentials',
    salePrice: '$27',
    strikePrice: '$30',
    perTime: '/mo',
    taxesIncluded: 'Taxes & fees included',
    planTagline: 'The basics',
    planDescription: 'Ten gigabytes.',
    planButtonText: 'Get Started',
    planButtonLink: 'https://shop.example.com/essentials',
    broadbandButtonText: 'Broadband Facts',
    planBullets: [
      { boldedText: '10 GB', bodyText: ' of data' },
      { bodyText: 'HD streaming' },
      { linkText: 'Check coverage', linkPagePath: 'coverage-map' },
      { linkText: 'Bad link', linkPagePath: 'javascript:alert(1)' },
      {},
    ],
    ...overrides,
  });
const facts = [
  { planName: 'Husky Mobile Faculty Essentials', uniquePlanId: 'F1', order: 1 },
  { planName: 'Husky Mobile Fan Essentials', uniquePlanId: 'F2', order: 2 },
];

describe('plan card views', () => {
  it('shows a sale price with the struck-through regular price', () => {
    const [view] = planCardViews('uw-husky-mobile', [card()], facts);
    expect(view).toMatchObject({
      id: 'plan-1',
      label: 'Faculty Essentials',
      price: '$27',
      wasPrice: '$30',
      perTime: '/mo',
    });
  });

  it('shows a single price when there is no sale price, even if a strike price is set', () => {
    const [view] = planCardViews(
      'uw-husky-mobile',
      [card({ salePrice: undefined, price: '$30', strikePrice: '$35' })],
      facts,
    );
    expect(view).toMatchObject({ price: '$30', wasPrice: undefined });
  });

  it('resolves the order button and bullet links, dropping unsafe and empty bullets', () => {
    const [view] = planCardViews('uw-husky-mobile', [card()], facts);
    expect(view?.button).toEqual({
      text: 'Get Started',
      link: { href: 'https://shop.example.com/essentials', kind: 'external' },
    });
    expect(view?.bullets).toEqual([
      { bold: '10 GB', body: ' of data', link: undefined },
      { bold: undefined, body: 'HD streaming', link: undefined },
      {
        bold: undefined,
        body: undefined,
        link: {
          text: 'Check coverage',
          link: { href: '/uw-husky-mobile/coverage-map', kind: 'internal' },
        },
      },
    ]);
    expect(
      planBullets('cubbymobile', [{ linkText: 'Why', linkPagePath: 'why' }])[0]?.link?.link.href,
    ).toBe('/cubbymobile/why');
  });

  it('drops an unsafe order link', () => {
    const [view] = planCardViews(
      'uw-husky-mobile',
      [card({ planButtonLink: 'javascript:alert(1)' })],
      facts,
    );
    expect(view?.button).toBeUndefined();
  });

  it('selects each card’s facts record and numbers the cards', () => {
    const views = planCardViews(
      'uw-husky-mobile',
      [card(), card({ planLabel: 'Student Essentials' })],
      facts,
    );
    expect(views.map((view) => view.facts?.uniquePlanId)).toEqual(['F1', undefined]);
    expect(views.map((view) => [view.id, view.label, view.toggleText])).toEqual([
      ['plan-1', 'Faculty Essentials', 'Broadband Facts'],
      ['plan-2', 'Student Essentials', 'Broadband Facts'],
    ]);
  });
});
