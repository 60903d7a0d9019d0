/**
 * What a school's form shows of each field, and what Override and Reset write
 * (studio/inheritance/field-state.ts), over the bundled dataset: every field a product document
 * has, at every school, is inherited or overridden as the build resolves it; overriding writes the
 * value the school already shows (the page does not change, the field becomes the school's) and
 * resetting brings back exactly the document before. The form's patches are applied as Sanity
 * applies `set` and `unset` at the field's path (support/apply-edits.ts).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  fieldOrigin,
  isProductId,
  pathString,
  productIdOf,
  resolveDocument,
  schoolWords,
  type FieldPath,
} from '../../src/lib/content/inheritance/index.ts';
import { applyPerspective } from '../../src/lib/content/perspective.ts';
import {
  documentRole,
  fieldPathOf,
  isInheritableField,
  itemAsShown,
  keyedListStatus,
  overrideEdits,
  overrideValue,
  productAsShown,
  resetEdits,
  schoolFieldState,
  schoolSourceOf,
  valueAtPath,
  type Doc,
} from '../inheritance/field-state.ts';
import { shownValue, SHOWN_TEXT_MAX } from '../inheritance/shown-value.ts';
import { applyEdits } from './support/apply-edits.ts';

const dataset = applyPerspective(
  readFileSync(new URL('../../src/dataset/data.ndjson', import.meta.url), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Doc & { _id: string; _type: string }),
  'published',
) as Array<Doc & { _id: string; _type: string }>;
const byId = new Map(dataset.map((doc) => [doc._id, doc]));
const get = (id: string) => byId.get(id)!;
const schools = dataset.filter((doc) => doc._type === 'school' && doc.status !== 'retired');
const wordsOf = (doc: Doc) => schoolWords(get(String((doc.school as { _ref: string })._ref)));

/** Every path of a product document an editor edits: fields, fields of keyed items, text lines. */
function fieldPaths(value: unknown, path: FieldPath = []): FieldPath[] {
  if (Array.isArray(value)) {
    const keyed =
      value.length > 0 && value.every((item) => typeof (item as Doc)?._key === 'string');
    return keyed
      ? [
          path,
          ...value.flatMap((item) =>
            fieldPaths(item, [...path, { _key: (item as Doc)._key as string }]).slice(1),
          ),
        ]
      : [path];
  }
  if (value && typeof value === 'object') {
    const inner = Object.entries(value)
      .filter(([key]) => !key.startsWith('_'))
      .flatMap(([key, field]) => fieldPaths(field, [...path, key]));
    return [path, ...inner];
  }
  return [path];
}

const resolved = (product: Doc, school: Doc) =>
  resolveDocument({ product, override: school, words: wordsOf(school) }).document;

describe('which documents and fields inherit', () => {
  it('a product document, a school document, anything else', () => {
    expect(documentRole(get('product-faqs'))).toBe('product');
    expect(documentRole({ ...get('product-faqs'), _id: 'drafts.product-faqs' })).toBe('product');
    expect(documentRole(get('huskymobile-faqs'))).toBe('school');
    expect(documentRole(get('school-huskymobile'))).toBe('other');
    expect(documentRole(get('siteSettings'))).toBe('other');
  });

  it("not the fields that say which document it is, nor Sanity's own", () => {
    expect(isInheritableField('planCards', ['school'])).toBe(false);
    expect(isInheritableField('planCards', ['ownedLists'])).toBe(false);
    expect(isInheritableField('planCards', ['customerType'])).toBe(false);
    expect(isInheritableField('broadbandFacts', ['order'])).toBe(false);
    expect(isInheritableField('planCards', ['plans', { _key: 'a' }, '_type'])).toBe(false);
    expect(isInheritableField('planCards', ['plans'])).toBe(true);
    expect(isInheritableField('planCards', ['plans', { _key: 'a' }, 'planTagline'])).toBe(true);
    expect(isInheritableField('faqs', ['faqs', { _key: 'a' }, 'answer'])).toBe(true);
  });

  it("a form's path as the inheritance module's; an index range has no word there", () => {
    expect(fieldPathOf(['plans', { _key: 'a' }, 'price'])).toEqual([
      'plans',
      { _key: 'a' },
      'price',
    ]);
    expect(fieldPathOf(['bodyParagraphs', 2])).toEqual(['bodyParagraphs', 2]);
    expect(fieldPathOf(['plans', [0, 2]])).toBeUndefined();
  });
});

describe("a school's field: inherited or overridden, as the build resolves it", () => {
  const pairs = dataset
    .filter((doc) => documentRole(doc) === 'school' && byId.has(productIdOf(doc)))
    .filter((doc) =>
      schools.some((school) => school._id === (doc.school as { _ref: string })._ref),
    );

  it('every field of every product document, at every school', () => {
    let checked = 0;
    for (const school of pairs) {
      const product = get(productIdOf(school));
      const shown = productAsShown(product, wordsOf(school));
      const page = resolved(product, school);
      for (const path of fieldPaths(product)) {
        if (!path.length || !isInheritableField(String(school._type), path)) continue;
        const state = schoolFieldState({ product, shown, school, path });
        const origin = fieldOrigin({ product, override: school }, path);
        if (origin.state === 'inherited') {
          expect(state).toEqual({ state: 'inherited', productValue: valueAtPath(shown, path) });
          // What the panel shows is what the school's page shows (of an image: its picture).
          expect(shownValue(valueAtPath(page, path))).toEqual(shownValue(valueAtPath(shown, path)));
        } else expect(state.state).toBe(origin.state);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it("Husky Mobile's plan page header inherits the network line, with its own names", () => {
    const school = get('huskymobile-planPageHeader-fan');
    const product = get('product-planPageHeader-fan');
    const state = schoolFieldState({
      product,
      shown: productAsShown(product, wordsOf(school)),
      school,
      path: ['tmoSubHeader'],
    });
    expect(state).toEqual({
      state: 'inherited',
      productValue: 'Premium 5G for all of Husky Nation, with taxes and fees included.',
    });
  });

  it("Beavs Mobile overrides its heading; Reset would bring back the product's", () => {
    const school = get('beavsmobile-planPageHeader-fan');
    const product = get('product-planPageHeader-fan');
    const state = schoolFieldState({
      product,
      shown: productAsShown(product, wordsOf(school)),
      school,
      path: ['header'],
    });
    // The product's value as this school would show it: its mascot in the product's placeholder.
    expect(state).toEqual({ state: 'overridden', productValue: 'Plans for Beaver fans & alumni' });
  });

  it('no product document: nothing to inherit', () => {
    const school = get('huskymobile-faqs');
    expect(
      schoolFieldState({ product: undefined, shown: undefined, school, path: ['faqs'] }),
    ).toEqual({
      state: 'no-product',
    });
  });

  it('inside a list the school owns: its own', () => {
    const school: Doc = { ...get('beavsmobile-faqs'), ownedLists: ['faqs'] };
    const product = get('product-faqs');
    const key = (school.faqs as Doc[])[0]._key as string;
    const state = schoolFieldState({
      product,
      shown: productAsShown(product, wordsOf(school)),
      school,
      path: ['faqs', { _key: key }, 'answer'],
    });
    expect(state).toEqual({ state: 'owned' });
  });
});

describe("Override for this school, then Reset to the product's value", () => {
  const cases: Array<[string, FieldPath]> = [];
  for (const school of dataset.filter(
    (doc) => documentRole(doc) === 'school' && byId.has(productIdOf(doc)),
  )) {
    if (!schools.some((one) => one._id === (school.school as { _ref: string })._ref)) continue;
    const product = get(productIdOf(school));
    for (const path of fieldPaths(product)) {
      if (!path.length || !isInheritableField(String(school._type), path)) continue;
      const value = valueAtPath(product, path);
      // Objects other than images: their fields have the panels.
      const image =
        value && typeof value === 'object' && ('_sanityAsset' in value || 'asset' in value);
      if (value && typeof value === 'object' && !Array.isArray(value) && !image) continue;
      // A field inside an item the school's list does not have is not in its form.
      const parent = path.slice(0, -1);
      if (parent.length && valueAtPath(school, parent) === undefined) continue;
      if (fieldOrigin({ product, override: school }, path).state === 'inherited')
        cases.push([school._id, path]);
    }
  }

  it("the page shows the same, the field becomes the school's, and Reset gives back the document before", () => {
    expect(cases.length).toBeGreaterThan(500);
    for (const [id, path] of cases) {
      const school = get(id);
      const product = get(productIdOf(school));
      const shown = productAsShown(product, wordsOf(school));
      const before = resolved(product, school);
      const state = schoolFieldState({ product, shown, school, path });
      if (state.state !== 'inherited')
        throw new Error(`${id} ${pathString(path)} is ${state.state}`);
      const overridden = applyEdits(
        school,
        path,
        overrideEdits(state.productValue, valueAtPath(school, path)),
      );
      expect(resolved(product, overridden), `${id} ${pathString(path)}`).toEqual(before);
      const keyedList = keyedListStatus(state.productValue, undefined) !== undefined;
      expect(fieldOrigin({ product, override: overridden }, path).state).toBe('overridden');
      const after = schoolFieldState({ product, shown, school: overridden, path });
      expect(after.state).toBe('overridden');
      const reset = applyEdits(
        overridden,
        path,
        resetEdits(state.productValue, valueAtPath(overridden, path)),
      );
      // An image keeps an empty shell of its own (Sanity drops it on save); anything else is as before.
      if (
        !keyedList &&
        !(typeof state.productValue === 'object' && !Array.isArray(state.productValue))
      )
        expect(reset).toEqual(school);
      expect(fieldOrigin({ product, override: reset }, path).state).toBe('inherited');
      expect(resolved(product, reset)).toEqual(before);
    }
  });

  it("a text is the product's with the school's words", () => {
    const school = get('huskymobile-planPageHeader-fan');
    const product = get('product-planPageHeader-fan');
    const { productValue } = schoolFieldState({
      product,
      shown: productAsShown(product, wordsOf(school)),
      school,
      path: ['whyUsButtonText'],
    }) as { productValue: unknown };
    expect(overrideEdits(productValue, undefined)).toEqual([
      { type: 'set', path: [], value: 'Why Husky Mobile?' },
    ]);
    expect(resetEdits(productValue, 'Why Husky Mobile?')).toEqual([{ type: 'unset', path: [] }]);
  });

  it("a keyed list lists the product's items by key, empty, after the school's own, in the product's order", () => {
    const school = get('beavsmobile-planCards-fan');
    const product = get('product-planCards-fan');
    const shown = productAsShown(product, wordsOf(school));
    const status = keyedListStatus(valueAtPath(shown, ['plans']), school.plans)!;
    const keys = (product.plans as Doc[]).map((plan) => plan._key);
    expect(status.items.map((item) => item._key)).toEqual(keys);
    expect(status.missing).toEqual(keys.slice(1));
    expect(status.changed).toBe(1);
    expect(overrideValue(valueAtPath(shown, ['plans']), school.plans)).toEqual([
      (school.plans as Doc[])[0],
      { _key: keys[1] },
      { _key: keys[2] },
    ]);
  });

  it('an image: the picture only, the alternative text a field of its own', () => {
    const product = get('product-landingHeader');
    const hero = product.heroImage as Doc;
    expect(overrideValue(hero, { _type: 'image', alt: 'Our own words' })).toEqual({
      _type: 'image',
      alt: 'Our own words',
      _sanityAsset: hero._sanityAsset,
    });
    expect(resetEdits(hero, { _type: 'image', _sanityAsset: 'x', alt: 'y', hotspot: {} })).toEqual([
      { type: 'unset', path: ['_sanityAsset'] },
      { type: 'unset', path: ['hotspot'] },
    ]);
  });
});

describe('what the form reads', () => {
  it("a school's listed item is named as its page shows it (its own fields over the product's)", () => {
    const school = get('beavsmobile-planCards-fan');
    const product = get('product-planCards-fan');
    const source = schoolSourceOf({ product, school: get('school-beavsmobile') });
    const keys = (product.plans as Doc[]).map((plan) => plan._key as string);
    const listed = {
      ...school,
      plans: overrideValue(valueAtPath(source.shown, ['plans']), school.plans),
    };
    const second = itemAsShown(source, listed, ['plans', { _key: keys[1] }]) as Doc;
    expect(second.planLabel).toBe('Fan Unlimited');
    expect(second.planDescription).toContain('The plan most of Beaver Nation chooses.');
    expect(itemAsShown(source, listed, ['plans', { _key: keys[0] }])).toMatchObject({
      planLabel: 'Fan Essentials',
      planDescription: (school.plans as Doc[])[0].planDescription,
    });
  });

  it("the product document with the school's words, made once from the query's answer", () => {
    const product = get('product-planPageHeader-fan');
    const source = schoolSourceOf({ product, school: get('school-huskymobile') });
    expect(source.product).toBe(product);
    expect(source.shown?.tmoSubHeader).toBe(
      'Premium 5G for all of Husky Nation, with taxes and fees included.',
    );
    expect(schoolSourceOf({ product: null, school: null })).toMatchObject({
      product: undefined,
      shown: undefined,
    });
    expect(source.words.get('mascotNation')).toBe('Husky Nation');
    expect(isProductId(source.shown?._id)).toBe(true);
  });
});

describe('a value in words', () => {
  it('text, lines, items by their title, a picture, nothing', () => {
    expect(shownValue('Hello')).toEqual({ kind: 'text', text: 'Hello' });
    expect(shownValue('  ')).toEqual({ kind: 'empty' });
    expect(shownValue(undefined)).toEqual({ kind: 'empty' });
    expect(shownValue(25)).toEqual({ kind: 'text', text: '25' });
    expect(shownValue(true)).toEqual({ kind: 'text', text: 'Yes' });
    expect(shownValue(['One', 'Two'])).toEqual({ kind: 'lines', lines: ['One', 'Two'] });
    expect(shownValue(get('product-planCards-fan').plans, 'planLabel')).toEqual({
      kind: 'items',
      items: ['Fan Essentials', 'Fan Unlimited', 'Fan Premium Unlimited'],
    });
    expect(shownValue([{ _key: 'a' }], 'planLabel')).toEqual({ kind: 'items', items: ['Item 1'] });
    expect(shownValue(get('product-landingHeader').heroImage)).toEqual({
      kind: 'picture',
      name: 'huskymobile-hero-1600x900.webp',
    });
    expect(shownValue({ _type: 'image', asset: { _ref: 'image-abc-10x10-png' } })).toEqual({
      kind: 'picture',
      name: 'image-abc-10x10-png',
    });
    const long = shownValue('x'.repeat(1000));
    expect(long.kind === 'text' && long.text.length).toBe(SHOWN_TEXT_MAX);
  });
});
