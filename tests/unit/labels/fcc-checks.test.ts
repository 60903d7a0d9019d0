/**
 * The FCC label checks over resolved content: each refuses what it must (a label priced unlike its
 * card, a mobile label with a fixed plan id, one provider's labels with two FRNs) and passes a
 * correct label; messages name the document and where an inherited value is edited.
 */
import { describe, expect, it } from 'vitest';
import {
  indexProducts,
  resolveSchoolDocuments,
  schoolWords,
} from '../../../src/lib/content/inheritance/index.ts';
import {
  fccLabelProblems,
  fccStopMessage,
  frnOf,
  labelPriceProblems,
  mobilePlanIdProblems,
  priceInCents,
  providerFrnProblems,
  samePrice,
  type FccLabel,
  type FccSchool,
} from '../../../src/lib/labels/fcc-checks.ts';

type Doc = Record<string, unknown> & { _id: string; _type: string };

const FRN = '3615245165';
const planId = (code: string, letter = 'M', frn = FRN) => `${letter}${frn}${code}`;

const PRODUCT_CARDS: Doc = {
  _id: 'product-planCards-faculty',
  _type: 'planCards',
  customerType: 'faculty',
  plans: [
    { _key: 'ess', planLabel: 'Faculty Essentials', salePrice: '$27', strikePrice: '$30' },
    { _key: 'unl', planLabel: 'Faculty Unlimited', salePrice: '$36', strikePrice: '$40' },
  ],
};
const productLabel = (order: number, plan: string, price: string, code: string): Doc => ({
  _id: `product-broadbandFacts-${order}`,
  _type: 'broadbandFacts',
  order,
  provider: '{baseName}',
  planName: `{baseName} ${plan}`,
  planLabel: 'Mobile Broadband Consumer Disclosure',
  planPrice: price,
  uniquePlanId: planId(code),
});
const PRODUCTS = [
  PRODUCT_CARDS,
  productLabel(7, 'Faculty Essentials', '$27.00', 'PRODUCTPLAN0007'),
  productLabel(8, 'Faculty Unlimited', '$36.00', 'PRODUCTPLAN0008'),
];

const husky = {
  _id: 'school-huskymobile',
  key: 'huskymobile',
  baseName: 'Husky Mobile',
};
const ref = { _type: 'reference', _ref: 'school-huskymobile' };

/** The school as the build reads it: its documents (overrides) resolved against the product's. */
function school(own: Doc[], status = 'live', products: Doc[] = PRODUCTS): FccSchool {
  const { documents } = resolveSchoolDocuments(
    husky,
    schoolWords(husky),
    own.map((doc) => ({ school: ref, ...doc })),
    indexProducts(products),
  );
  const ofType = (type: string) => documents.filter((doc) => doc._type === type);
  return {
    key: husky.key,
    status,
    planCards: ofType('planCards') as unknown as FccSchool['planCards'],
    broadbandFacts: ofType('broadbandFacts') as unknown as FccLabel[],
  };
}

const ownLabel = (order: number, fields: Record<string, unknown>): Doc => ({
  _id: `huskymobile-broadbandFacts-${order}`,
  _type: 'broadbandFacts',
  order,
  ...fields,
});
/** A school that owns its plan ids, as every school must. */
const OWN_IDS = [
  ownLabel(7, { uniquePlanId: planId('UB83NYT4DPFZO21') }),
  ownLabel(8, { uniquePlanId: planId('WP7F5VDYLF7QXS2') }),
];

describe('prices', () => {
  it.each([
    ['$30', 3000],
    ['$30.00', 3000],
    ['$27.5', 2750],
    ['$1,049.99/mo', 104_999],
    ['Free', undefined],
  ])('reads %s as %s cents', (text, cents) => {
    expect(priceInCents(text)).toBe(cents);
  });

  it('compares amounts, and words only where neither names one', () => {
    expect(samePrice('$30', '$30.00')).toBe(true);
    expect(samePrice('$30.00', '$30.01')).toBe(false);
    expect(samePrice('Free', ' free ')).toBe(true);
    expect(samePrice('Free', '$0')).toBe(false);
  });
});

describe('a label priced as its plan card', () => {
  it('passes labels whose price is their card’s sale price, in another format', () => {
    expect(labelPriceProblems(school(OWN_IDS))).toEqual([]);
  });

  it('refuses a label whose inherited price is not the price the school’s card shows, naming both documents', () => {
    const cards: Doc = {
      _id: 'huskymobile-planCards-faculty',
      _type: 'planCards',
      customerType: 'faculty',
      plans: [{ _key: 'ess', salePrice: '$25' }],
    };
    expect(labelPriceProblems(school([cards, ...OWN_IDS]))).toEqual([
      {
        school: 'huskymobile',
        live: true,
        documentType: 'broadbandFacts',
        documentId: 'huskymobile-broadbandFacts-7',
        field: 'planPrice',
        reason:
          'monthly price "$27.00" (inherited from product-broadbandFacts-7) is not its plan card\'s price: "Faculty Essentials" shows "$25" (salePrice in huskymobile-planCards-faculty)',
      },
    ]);
  });

  it('refuses a school’s own label price against the product’s card, and reads the price when there is no sale price', () => {
    const products = [
      { ...PRODUCT_CARDS, plans: [{ _key: 'ess', planLabel: 'Faculty Essentials', price: '$27' }] },
      ...PRODUCTS.slice(1),
    ];
    const label = ownLabel(7, { uniquePlanId: planId('UB83NYT4DPFZO21'), planPrice: '$30.00' });
    expect(
      labelPriceProblems(school([label, OWN_IDS[1]!], 'live', products)).map((p) => p.reason),
    ).toEqual([
      'monthly price "$30.00" is not its plan card\'s price: "Faculty Essentials" shows "$27" (price in product-planCards-faculty)',
    ]);
  });

  it('has nothing to compare for a card without a price or without a label', () => {
    const cards: Doc = {
      _id: 'huskymobile-planCards-faculty',
      _type: 'planCards',
      customerType: 'faculty',
      ownedLists: ['plans'],
      plans: [
        { _key: 'x', planLabel: 'Faculty Essentials', salePrice: ' ' },
        { _key: 'y', planLabel: 'Faculty Family', salePrice: '$99' },
      ],
    };
    expect(labelPriceProblems(school([cards, ...OWN_IDS]))).toEqual([]);
  });
});

describe('a mobile label has a mobile plan id', () => {
  it('passes an M id under a mobile heading, and an F id under a fixed one', () => {
    expect(mobilePlanIdProblems(school(OWN_IDS))).toEqual([]);
    const fixed = ownLabel(7, {
      planLabel: 'Fixed Broadband Consumer Disclosure',
      uniquePlanId: planId('UB83NYT4DPFZO21', 'F'),
    });
    expect(mobilePlanIdProblems(school([fixed, OWN_IDS[1]!]))).toEqual([]);
  });

  it('refuses an F id under a mobile heading, whichever document it comes from', () => {
    const products = [
      ...PRODUCTS.slice(0, 2),
      { ...PRODUCTS[2]!, uniquePlanId: planId('PRODUCTPLAN0008', 'F') },
    ];
    const own = [ownLabel(7, { uniquePlanId: planId('UB83NYT4DPFZO21', 'F') }), ownLabel(8, {})];
    expect(mobilePlanIdProblems(school(own, 'preparing', products))).toEqual([
      {
        school: 'huskymobile',
        live: false,
        documentType: 'broadbandFacts',
        documentId: 'huskymobile-broadbandFacts-7',
        field: 'uniquePlanId',
        reason: `unique plan id "F${FRN}UB83NYT4DPFZO21" does not start with M, but the label is headed "Mobile Broadband Consumer Disclosure" (M: mobile, F: fixed broadband)`,
      },
      expect.objectContaining({
        documentId: 'huskymobile-broadbandFacts-8',
        reason: expect.stringContaining(
          `"F${FRN}PRODUCTPLAN0008" (inherited from product-broadbandFacts-8) does not start with M`,
        ) as string,
      }),
    ]);
  });
});

describe('one provider, one FRN', () => {
  const label = (id: string, provider: string, uniquePlanId: string, order = 1): FccLabel => ({
    _id: id,
    order,
    provider,
    planName: 'Plan',
    planLabel: 'Mobile Broadband Consumer Disclosure',
    planPrice: '$30.00',
    uniquePlanId,
  });
  const schoolOf = (key: string, labels: FccLabel[], status = 'live'): FccSchool => ({
    key,
    status,
    planCards: [],
    broadbandFacts: labels,
  });

  it('reads the FRN of a well-formed id only', () => {
    expect(frnOf(planId('UB83NYT4DPFZO21'))).toBe(FRN);
    expect(frnOf('M3615245165-not-an-id')).toBeUndefined();
  });

  it('passes one FRN per provider, and two providers sharing an FRN', () => {
    expect(
      providerFrnProblems([
        schoolOf('a', [label('a1', 'Husky Mobile', planId('AAAAAAAAAAAAAA1'))]),
        schoolOf('b', [
          label('b1', 'Beavs Mobile', planId('BBBBBBBBBBBBBB1')),
          label('b2', 'Beavs Mobile', planId('BBBBBBBBBBBBBB2'), 2),
        ]),
      ]),
    ).toEqual([]);
  });

  it("refuses each label of a provider whose FRN is not the one most of the provider's labels carry, across schools", () => {
    const problems = providerFrnProblems([
      schoolOf('a', [
        label('a1', 'K1 Mobile', planId('AAAAAAAAAAAAAA1')),
        label('a2', 'K1 Mobile', planId('AAAAAAAAAAAAAA2', 'M', '9999999999'), 2),
      ]),
      schoolOf('b', [label('b1', ' k1  mobile ', planId('BBBBBBBBBBBBBB1'))], 'preparing'),
      // A malformed id has no FRN to compare (plan-id.ts reports it).
      schoolOf('c', [label('c1', 'K1 Mobile', 'M99-malformed')]),
    ]);
    expect(problems).toEqual([
      {
        school: 'a',
        live: true,
        documentType: 'broadbandFacts',
        documentId: 'a2',
        field: 'uniquePlanId',
        reason: `FRN 9999999999 in unique plan id "M9999999999AAAAAAAAAAAAAA2" is not K1 Mobile's FRN ${FRN} (on 2 of its 3 labels): one provider has one FRN`,
      },
    ]);
  });

  it("takes the first label's FRN on a tie", () => {
    const problems = providerFrnProblems([
      schoolOf('a', [
        label('a1', 'K1 Mobile', planId('AAAAAAAAAAAAAA1', 'M', '1111111111')),
        label('a2', 'K1 Mobile', planId('AAAAAAAAAAAAAA2', 'M', '2222222222'), 2),
      ]),
    ]);
    expect(problems.map((problem) => problem.documentId)).toEqual(['a2']);
  });
});

describe('what stops the build', () => {
  it('is every live school’s problem, one line a school; a preparing school’s are only reported', () => {
    const broken = [ownLabel(7, { uniquePlanId: planId('UB83NYT4DPFZO21', 'F') }), OWN_IDS[1]!];
    const problems = fccLabelProblems([school(broken), { ...school(broken), key: 'cubbymobile' }]);
    expect(problems.map((problem) => [problem.school, problem.documentId])).toEqual([
      ['huskymobile', 'huskymobile-broadbandFacts-7'],
      ['cubbymobile', 'huskymobile-broadbandFacts-7'],
    ]);
    expect(fccStopMessage(problems)).toBe(
      [
        `School huskymobile (live) cannot be published: huskymobile-broadbandFacts-7 field uniquePlanId: unique plan id "F${FRN}UB83NYT4DPFZO21" does not start with M, but the label is headed "Mobile Broadband Consumer Disclosure" (M: mobile, F: fixed broadband)`,
        `School cubbymobile (live) cannot be published: huskymobile-broadbandFacts-7 field uniquePlanId: unique plan id "F${FRN}UB83NYT4DPFZO21" does not start with M, but the label is headed "Mobile Broadband Consumer Disclosure" (M: mobile, F: fixed broadband)`,
      ].join('\n'),
    );
    expect(fccStopMessage(fccLabelProblems([school(broken, 'preparing')]))).toBeUndefined();
    expect(fccLabelProblems([school(OWN_IDS)])).toEqual([]);
  });
});
