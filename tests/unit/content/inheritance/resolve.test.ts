import { describe, expect, it } from 'vitest';
import {
  fieldOrigin,
  overrideLeaves,
  resolveDocument,
  schoolWords,
} from '../../../../src/lib/content/inheritance/index.ts';

const husky = {
  _id: 'school-huskymobile',
  _type: 'school',
  key: 'huskymobile',
  seoSlug: 'uw-husky-mobile',
  baseName: 'Husky Mobile',
  schoolName: 'University of Washington',
  schoolShort: 'UW',
  mascotNation: 'Husky Nation',
  primaryColor: { name: 'Husky Purple', hex: '#4B2E83' },
};
const words = schoolWords(husky);
const school = { _type: 'reference' as const, _ref: 'school-huskymobile' };

const productCards = {
  _id: 'product-planCards-fan',
  _type: 'planCards',
  customerType: 'fan',
  plans: [
    {
      _key: 'essentials',
      planLabel: 'Fan Essentials',
      price: '$30',
      planTagline: '{baseName} for every {mascotNation} fan',
      planBullets: [{ _key: 'b1', bodyText: 'Unlimited talk' }],
    },
    { _key: 'unlimited', planLabel: 'Fan Unlimited', price: '$40', planTagline: 'All the data' },
  ],
};
const huskyCards = (fields: Record<string, unknown> = {}) => ({
  _id: 'huskymobile-planCards-fan',
  _type: 'planCards',
  school,
  customerType: 'fan',
  ...fields,
});

const resolve = (product: object | undefined, override: object | undefined) =>
  resolveDocument({
    product: product as Record<string, unknown>,
    override: override as Record<string, unknown>,
    words,
    school,
  });

describe('a school document resolved against its product document', () => {
  it('inherits a field it leaves empty, with the school’s words put in', () => {
    const { document, issues } = resolve(productCards, huskyCards());
    expect(issues).toEqual([]);
    expect(document).toMatchObject({
      _id: 'huskymobile-planCards-fan',
      school,
      customerType: 'fan',
      plans: [
        {
          _key: 'essentials',
          price: '$30',
          planTagline: 'Husky Mobile for every Husky Nation fan',
        },
        { _key: 'unlimited', price: '$40', planTagline: 'All the data' },
      ],
    });
  });

  it('overrides one field of a keyed list item and still inherits the item’s other fields', () => {
    const { document } = resolve(
      productCards,
      huskyCards({ plans: [{ _key: 'essentials', planTagline: 'Bleed purple for less' }] }),
    );
    expect(document.plans).toEqual([
      {
        _key: 'essentials',
        planLabel: 'Fan Essentials',
        price: '$30',
        planTagline: 'Bleed purple for less',
        planBullets: [{ _key: 'b1', bodyText: 'Unlimited talk' }],
      },
      { _key: 'unlimited', planLabel: 'Fan Unlimited', price: '$40', planTagline: 'All the data' },
    ]);
  });

  it('shows the school’s value over the product’s, and the product’s again once the override is removed (reset)', () => {
    const product = { _id: 'product-faqs', _type: 'faqs', title: 'Questions from {mascotNation}' };
    const override = { _id: 'huskymobile-faqs', _type: 'faqs', school, title: 'Ask us anything' };
    expect(resolve(product, override).document.title).toBe('Ask us anything');
    const reset = Object.fromEntries(Object.entries(override).filter(([key]) => key !== 'title'));
    expect(resolve(product, reset).document.title).toBe('Questions from Husky Nation');
    expect(resolve(product, { ...override, title: null }).document.title).toBe(
      'Questions from Husky Nation',
    );
  });

  it('treats an empty text as the school’s value (only an unset field inherits)', () => {
    const product = { _id: 'product-faqs', _type: 'faqs', subHeader: 'All about {baseName}' };
    const override = { _id: 'huskymobile-faqs', _type: 'faqs', school, subHeader: '' };
    expect(resolve(product, override).document.subHeader).toBe('');
  });

  it('fills every placeholder of the school’s words, colours included', () => {
    const product = {
      _id: 'product-partnerBanner-1',
      _type: 'partnerBanner',
      bannerNumber: 1,
      backgroundColor: '{primaryColor}',
      collegeName: '{schoolName} ({schoolShort}) · {key} · /{seoSlug}',
    };
    const { document, issues } = resolve(product, undefined);
    expect(issues).toEqual([]);
    expect(document).toMatchObject({
      _id: 'product-partnerBanner-1',
      school,
      backgroundColor: '#4B2E83',
      collegeName: 'University of Washington (UW) · huskymobile · /uw-husky-mobile',
    });
  });

  it('reports an unknown placeholder, and a word the school does not have, naming the document and the field', () => {
    const product = {
      _id: 'product-faqs',
      _type: 'faqs',
      title: 'Welcome {coach}',
      faqs: [{ _key: 'q1', question: 'Is there coverage in {city}?', answer: 'Yes' }],
    };
    const { issues } = resolve(product, undefined);
    expect(issues).toEqual([
      {
        documentId: 'product-faqs',
        field: 'title',
        message: 'unknown placeholder {coach}',
        stops: true,
      },
      {
        documentId: 'product-faqs',
        field: 'faqs[_key=="q1"].question',
        message: '{city} has nothing to fill it: the school document has no city',
        stops: true,
      },
    ]);
  });

  it('shows a whole list the school owns (ownedLists) in place of the product’s, an empty one too', () => {
    const product = {
      _id: 'product-givebackFunds',
      _type: 'givebackFunds',
      funds: [
        { _key: 'f1', fundName: 'General fund', fundDescription: 'For every team' },
        { _key: 'f2', fundName: 'Scholarships', fundDescription: 'For students' },
      ],
    };
    const own = [{ _key: 'mine', fundName: 'Rowing', fundDescription: 'Our crew' }];
    const owned = resolve(product, {
      _id: 'huskymobile-givebackFunds',
      _type: 'givebackFunds',
      school,
      ownedLists: ['funds'],
      funds: own,
    });
    expect(owned.document.funds).toEqual(own);
    const empty = resolve(product, {
      _id: 'huskymobile-givebackFunds',
      _type: 'givebackFunds',
      school,
      ownedLists: ['funds'],
      funds: [],
    });
    expect(empty.document.funds).toEqual([]);
    // Owned and left unset: still the school's list, with no items.
    const unset = resolve(product, {
      _id: 'huskymobile-givebackFunds',
      _type: 'givebackFunds',
      school,
      ownedLists: ['funds'],
    });
    expect(unset.document.funds).toEqual([]);
    // Not owned: the same list is read as overrides of the product's items by key.
    const merged = resolve(product, {
      _id: 'huskymobile-givebackFunds',
      _type: 'givebackFunds',
      school,
      funds: own,
    });
    expect(merged.document.funds).toEqual(product.funds);
    expect(merged.issues).toEqual([
      expect.objectContaining({
        documentId: 'huskymobile-givebackFunds',
        field: 'funds[_key=="mine"]',
        stops: false,
      }),
    ]);
  });

  it('takes an image’s picture whole from the side that has one, and its alt text field by field', () => {
    const product = {
      _id: 'product-landingHeader',
      _type: 'landingHeader',
      heroImage: {
        _type: 'image',
        asset: { _ref: 'image-product-1600x900-webp' },
        crop: { top: 0.1, bottom: 0, left: 0, right: 0 },
        alt: '{baseName} on game day',
      },
    };
    const altOnly = resolve(product, {
      _id: 'huskymobile-landingHeader',
      _type: 'landingHeader',
      school,
      heroImage: { _type: 'image', alt: 'Purple lights' },
    });
    expect(altOnly.document.heroImage).toEqual({ ...product.heroImage, alt: 'Purple lights' });
    const picture = resolve(product, {
      _id: 'huskymobile-landingHeader',
      _type: 'landingHeader',
      school,
      heroImage: { _type: 'image', asset: { _ref: 'image-husky-1600x900-webp' } },
    });
    // The product's crop was made for the product's picture: it does not come along.
    expect(picture.document.heroImage).toEqual({
      _type: 'image',
      asset: { _ref: 'image-husky-1600x900-webp' },
      alt: 'Husky Mobile on game day',
    });
  });

  it('replaces a list item of another kind whole (a press release section)', () => {
    const product = {
      _id: 'product-pressRelease',
      _type: 'pressRelease',
      sections: [{ _key: 's1', _type: 'paragraph', text: 'Hello' }],
    };
    const { document } = resolve(product, {
      _id: 'huskymobile-pressRelease',
      _type: 'pressRelease',
      school,
      sections: [{ _key: 's1', _type: 'unorderedList', items: ['a'] }],
    });
    expect(document.sections).toEqual([{ _key: 's1', _type: 'unorderedList', items: ['a'] }]);
  });
});

describe('where a resolved value comes from', () => {
  const override = huskyCards({
    ownedLists: ['plans[_key=="unlimited"].planBullets'],
    plans: [
      { _key: 'essentials', planTagline: 'Bleed purple for less' },
      { _key: 'unlimited', planBullets: [{ _key: 'own', bodyText: 'Free hotspot' }] },
    ],
  });
  const sources = { product: productCards, override };

  it('names the product document for an inherited value and the school’s for an override', () => {
    const price = ['plans', { _key: 'essentials' }, 'price'];
    expect(fieldOrigin(sources, price)).toEqual({
      documentId: 'product-planCards-fan',
      documentType: 'planCards',
      path: price,
      state: 'inherited',
    });
    const tagline = ['plans', { _key: 'essentials' }, 'planTagline'];
    expect(fieldOrigin(sources, tagline)).toMatchObject({
      documentId: 'huskymobile-planCards-fan',
      state: 'overridden',
    });
    expect(
      fieldOrigin(sources, ['plans', { _key: 'unlimited' }, 'planBullets', 0, 'bodyText']),
    ).toMatchObject({ documentId: 'huskymobile-planCards-fan', state: 'owned' });
    expect(fieldOrigin({ product: productCards, override: undefined }, ['plans'])).toMatchObject({
      documentId: 'product-planCards-fan',
      state: 'inherited',
    });
  });

  it('lists what a school overrides, and which overrides equal what it would inherit', () => {
    const leaves = overrideLeaves(
      productCards,
      huskyCards({
        plans: [
          { _key: 'essentials', planTagline: 'Husky Mobile for every Husky Nation fan' },
          { _key: 'unlimited', price: '$45' },
        ],
      }),
      words,
    );
    expect(
      leaves.map(({ path, kind, sameAsInherited }) => ({ path, kind, sameAsInherited })),
    ).toEqual([
      {
        path: ['plans', { _key: 'essentials' }, 'planTagline'],
        kind: 'overridden',
        sameAsInherited: true,
      },
      {
        path: ['plans', { _key: 'unlimited' }, 'price'],
        kind: 'overridden',
        sameAsInherited: false,
      },
    ]);
  });
});
