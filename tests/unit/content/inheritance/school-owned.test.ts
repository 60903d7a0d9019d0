/** What a school must own: its names, colours and logo, and an FCC plan id on each label. */
import { describe, expect, it } from 'vitest';
import {
  OWN_SCHOOL_FIELDS,
  PLACEHOLDER_FIELDS,
  lacksOfOwn,
  ownFieldsOf,
} from '../../../../src/lib/content/inheritance/index.ts';

type Doc = Record<string, unknown> & { _id: string; _type: string };

const SCHOOL: Doc = {
  _id: 'school-falconmobile',
  _type: 'school',
  key: 'falconmobile',
  seoSlug: 'falcon-mobile',
  baseName: 'Falcon Mobile',
  schoolName: 'Ridgeview University',
  schoolShort: 'Ridgeview',
  mascotNation: 'Falcon Nation',
  mascot: 'Falcon',
  mascotPlural: 'Falcons',
  city: 'Boulder',
  primaryColor: { name: 'Falcon Red', hex: '#9E1B32' },
  secondaryColor: { name: 'Falcon Silver', hex: '#A7A9AC' },
  logo: { _type: 'image', _sanityAsset: 'image@file://./images/falconmobile-logo-300x100.svg' },
};
const ref = { _type: 'reference', _ref: 'school-falconmobile' };
const product = (order: number): Doc => ({
  _id: `product-broadbandFacts-${order}`,
  _type: 'broadbandFacts',
  order,
  uniquePlanId: `M3615245165PRODUCTPLAN000${order}`,
});
const PRODUCTS = [product(1), product(2), product(3), { _id: 'product-faqs', _type: 'faqs' }];
const label = (order: number, fields: Record<string, unknown> = {}): Doc => ({
  _id: `falconmobile-broadbandFacts-${order}`,
  _type: 'broadbandFacts',
  school: ref,
  order,
  ...fields,
});

describe('what a school must own', () => {
  it("is the school's words (every name a placeholder fills), its colours and logo, and each label's plan id", () => {
    expect(OWN_SCHOOL_FIELDS).toEqual([...PLACEHOLDER_FIELDS, 'logo']);
    expect(PLACEHOLDER_FIELDS).toEqual(
      expect.arrayContaining([
        'baseName',
        'schoolName',
        'mascot',
        'mascotPlural',
        'city',
        'primaryColor',
        'secondaryColor',
      ]),
    );
    expect(ownFieldsOf('broadbandFacts')).toEqual(['uniquePlanId']);
    expect(ownFieldsOf('faqs')).toEqual([]);
  });

  it('finds nothing lacking in a school with its own names, colours, logo and plan ids', () => {
    const own = [1, 2, 3].map((order) =>
      label(order, { uniquePlanId: `M3615245165FALCONPLAN0000${order}` }),
    );
    expect(lacksOfOwn(SCHOOL, own, PRODUCTS)).toEqual([]);
  });

  it('lists each missing name, colour and logo, and each label without a plan id of its own', () => {
    const school: Doc = {
      ...SCHOOL,
      city: '  ',
      secondaryColor: { name: 'Silver' },
      logo: { _type: 'image', alt: 'Falcon Mobile' },
    };
    delete school.mascotNation;
    delete school.mascotPlural;
    const own = [
      label(1, { uniquePlanId: 'M3615245165FALCONPLAN00001' }),
      label(2, { planPrice: '$40.00' }),
      // A product document that names the school is never the school's own.
      { ...product(3), school: ref },
    ];
    expect(lacksOfOwn(school, own, PRODUCTS)).toEqual([
      {
        documentType: 'school',
        documentId: 'school-falconmobile',
        field: 'mascotNation',
        message: 'no fan base name of its own yet',
      },
      {
        documentType: 'school',
        documentId: 'school-falconmobile',
        field: 'mascotPlural',
        message: 'no mascot (plural) of its own yet',
      },
      {
        documentType: 'school',
        documentId: 'school-falconmobile',
        field: 'city',
        message: 'no city of its own yet',
      },
      {
        documentType: 'school',
        documentId: 'school-falconmobile',
        field: 'secondaryColor',
        message:
          "no secondary colour of its own yet: the theme uses the tenant record's, else the fallback colour",
      },
      {
        documentType: 'school',
        documentId: 'school-falconmobile',
        field: 'logo',
        message: 'no logo of its own yet',
      },
      {
        documentType: 'broadbandFacts',
        documentId: 'falconmobile-broadbandFacts-2',
        field: 'uniquePlanId',
        message: "no FCC plan id of its own yet: it shows product-broadbandFacts-2's",
      },
      {
        documentType: 'broadbandFacts',
        documentId: '-',
        field: 'uniquePlanId',
        message:
          "no FCC plan id of its own yet: it has no broadbandFacts (order 3) document and shows product-broadbandFacts-3's",
      },
    ]);
  });
});
