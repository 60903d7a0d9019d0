/**
 * A product document's overview (studio/inheritance/overview.ts), its one GROQ query run over the
 * bundled dataset with groq-js: for every field of every product document, the schools listed as
 * overriding it are exactly those whose document of that type and variant sets it (or a field
 * inside it), a retired school is not counted, and the rest share the product's value. And the
 * way from a click on inherited text to the product document's field, and from there to the
 * school's own document (presentation-school.ts).
 */
import { readFileSync } from 'node:fs';
import { decodeSanityNodeData } from '@sanity/visual-editing-csm';
import { evaluate, parse } from 'groq-js';
import { describe, expect, it } from 'vitest';
import {
  isInOwnedList,
  isProductId,
  ownedListsOf,
  pathString,
  productIdOf,
  resolveSchoolDocuments,
  indexProducts,
  schoolWords,
  variantOf,
  type FieldPath,
} from '../../src/lib/content/inheritance/index.ts';
import { applyPerspective } from '../../src/lib/content/perspective.ts';
import { editAttribute } from '../../src/lib/preview/server/edit-attribute.ts';
import { editTarget } from '../../src/lib/views/edit-target.ts';
import { isInheritableField, valueAtPath, type Doc } from '../inheritance/field-state.ts';
import {
  fieldOverview,
  OVERVIEW_DOCUMENTS_MAX,
  overviewParams,
  productOverview,
  productOverviewQuery,
  schoolDocumentIn,
  type OverviewAnswer,
} from '../inheritance/overview.ts';
import {
  isOpenedField,
  newSchoolDocumentIntent,
  openablePath,
  SCHOOL_BY_ADDRESS_QUERY,
  schoolFieldIntent,
  seoSlugOfPreview,
} from '../inheritance/presentation-school.ts';

type Document = Doc & { _id: string; _type: string };
const dataset = applyPerspective(
  readFileSync(new URL('../../src/dataset/data.ndjson', import.meta.url), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Document),
  'published',
) as Document[];
const byId = new Map(dataset.map((doc) => [doc._id, doc]));
const products = dataset.filter((doc) => isProductId(doc._id));
const retired = new Set(
  dataset.filter((doc) => doc._type === 'school' && doc.status === 'retired').map((doc) => doc._id),
);
const withPages = dataset.filter((doc) => doc._type === 'school' && !retired.has(doc._id)).length;

async function query<T>(groq: string, params: Record<string, unknown>, documents = dataset) {
  return (await (
    await evaluate(parse(groq, { params }), { dataset: documents, params })
  ).get()) as T;
}

async function overviewOf(product: Document, documents = dataset) {
  const params = overviewParams({
    id: product._id,
    type: product._type,
    variant: variantOf(product),
  });
  return productOverview(
    await query<OverviewAnswer>(productOverviewQuery(product._type), params, documents),
  )!;
}

/** Every path of a document an editor edits (fields, items by key, their fields). */
function fieldPaths(value: unknown, path: FieldPath = []): FieldPath[] {
  if (Array.isArray(value))
    return [
      path,
      ...value.flatMap((item) =>
        typeof (item as Doc)?._key === 'string'
          ? fieldPaths(item, [...path, { _key: (item as Doc)._key as string }]).slice(1)
          : [],
      ),
    ];
  if (value && typeof value === 'object')
    return [
      path,
      ...Object.entries(value)
        .filter(([key]) => !key.startsWith('_'))
        .flatMap(([key, inner]) => fieldPaths(inner, [...path, key])),
    ];
  return [path];
}

describe("a product document's overview", () => {
  it('one query per product document: its schools, by the field each overrides, for every field', async () => {
    let fields = 0;
    for (const product of products) {
      const overview = await overviewOf(product);
      expect(overview.schoolsWithPages).toBe(withPages);
      expect(overview.partial).toBe(false);
      const theirs = dataset.filter(
        (doc) =>
          !isProductId(doc._id) &&
          productIdOf(doc) === product._id &&
          typeof (doc.school as Doc | undefined)?._ref === 'string' &&
          !retired.has((doc.school as { _ref: string })._ref),
      );
      expect(overview.schools.map((school) => school.documentId).sort()).toEqual(
        theirs.map((doc) => doc._id).sort(),
      );
      const paths = fieldPaths(product).filter(
        (one) => one.length > 0 && isInheritableField(product._type, one),
      );
      for (const path of paths) {
        const here = fieldOverview(overview, path);
        // Sets a value at the path, inside it, or owns a list it is in.
        const expected = theirs
          .filter(
            (doc) => valueAtPath(doc, path) !== undefined || isInOwnedList(ownedListsOf(doc), path),
          )
          .map((doc) => doc._id)
          .sort();
        expect(
          here.overriding.map((school) => school.documentId).sort(),
          `${product._id} ${pathString(path)}`,
        ).toEqual(expected);
        expect(here.sharedBy).toBe(withPages - expected.length);
        fields += 1;
      }
    }
    expect(fields).toBeGreaterThan(500);
  });

  it("the fan plan cards' first description: Beavs Mobile overrides it, named; five schools share it", async () => {
    const product = byId.get('product-planCards-fan')!;
    const key = (product.plans as Doc[])[0]._key as string;
    const here = fieldOverview(await overviewOf(product), [
      'plans',
      { _key: key },
      'planDescription',
    ]);
    expect(here.overriding.map((school) => school.name)).toEqual(['Beavs Mobile']);
    expect(here.sharedBy).toBe(5);
    // The second plan's tagline: nobody overrides it.
    const second = (product.plans as Doc[])[1]._key as string;
    expect(
      fieldOverview(await overviewOf(product), ['plans', { _key: second }, 'planTagline']),
    ).toMatchObject({
      overriding: [],
      sharedBy: 6,
    });
  });

  it('a variant reads its own schools only (the fan plan cards, not the student ones)', async () => {
    const fan = await overviewOf(byId.get('product-planCards-fan')!);
    expect(fan.schools.every((school) => school.documentId.endsWith('-planCards-fan'))).toBe(true);
    const label = await overviewOf(byId.get('product-broadbandFacts-4')!);
    expect(label.schools.map((school) => byId.get(school.documentId)!.order)).toEqual(
      label.schools.map(() => 4),
    );
  });

  it('a school owning a list overrides every field inside it', async () => {
    const product = byId.get('product-faqs')!;
    const documents = dataset.map((doc) =>
      doc._id === 'huskymobile-faqs' ? { ...doc, ownedLists: ['faqs'], faqs: [] } : doc,
    );
    const overview = await overviewOf(product, documents);
    const key = (product.faqs as Doc[])[0]._key as string;
    const here = fieldOverview(overview, ['faqs', { _key: key }, 'answer']);
    expect(here.overriding.find((school) => school.name === 'Husky Mobile')).toMatchObject({
      owns: true,
    });
    expect(schoolDocumentIn(overview, 'school-huskymobile')).toMatchObject({
      schoolId: 'school-huskymobile',
      name: 'Husky Mobile',
      seoSlug: 'uw-husky-mobile',
      documentId: 'huskymobile-faqs',
      document: { _id: 'huskymobile-faqs', ownedLists: ['faqs'] },
    });
  });

  it('more schools than are read: the counts say so', () => {
    const product = byId.get('product-faqs')!;
    const overview = productOverview({
      product,
      documents: [],
      documentCount: OVERVIEW_DOCUMENTS_MAX + 1,
      schoolsWithPages: 9000,
    })!;
    expect(fieldOverview(overview, ['faqs'])).toEqual({
      overriding: [],
      sharedBy: 9000,
      partial: true,
    });
    expect(productOverview({ product: null })).toBeUndefined();
  });
});

describe('click-to-edit on inherited text, and overriding it for the school instead', () => {
  const husky = byId.get('school-huskymobile')!;
  const own = dataset.filter(
    (doc) => (doc.school as { _ref?: string } | undefined)?._ref === husky._id,
  );
  const resolved = resolveSchoolDocuments(
    husky,
    schoolWords(husky),
    own,
    indexProducts(products),
  ).documents;
  const cards = resolved.find((doc) => doc._type === 'planCards' && doc.customerType === 'fan')!;
  const product = byId.get('product-planCards-fan')!;
  const key = (product.plans as Doc[])[1]._key as string;
  const path: FieldPath = ['plans', { _key: key }, 'planDescription'];

  it("the preview's data-sanity on inherited text names the product document's field, as the Studio opens it", () => {
    const target = editTarget(cards as never, path);
    // What the overlay posts as `visual-editing/focus`; Presentation opens that document at that path.
    const focus = decodeSanityNodeData(editAttribute(target.doc, target.path)) as {
      id: string;
      path: string;
    };
    expect(focus.id).toBe('product-planCards-fan');
    const opened = focus.path;
    expect(isOpenedField(opened, path)).toBe(true);
    expect(isOpenedField(opened, ['plans', { _key: key }, 'planTagline'])).toBe(false);
    expect(isOpenedField(undefined, path)).toBe(false);
  });

  it('the page Presentation shows names the school; its document opens at the same field', async () => {
    expect(seoSlugOfPreview('/uw-husky-mobile/fan')).toBe('uw-husky-mobile');
    expect(seoSlugOfPreview('/uw-husky-mobile?sanity-preview-perspective=drafts')).toBe(
      'uw-husky-mobile',
    );
    expect(seoSlugOfPreview('/')).toBeUndefined();
    expect(seoSlugOfPreview(undefined)).toBeUndefined();
    const school = await query<{ _id: string; baseName: string }>(SCHOOL_BY_ADDRESS_QUERY, {
      seoSlug: 'uw-husky-mobile',
    });
    expect(school).toMatchObject({ _id: 'school-huskymobile', baseName: 'Husky Mobile' });
    const overview = await overviewOf(product);
    const document = schoolDocumentIn(overview, school._id)!;
    // Husky Mobile's list has no item of that plan yet: its document opens at the list, whose Override lists it.
    expect(openablePath(document.document, path)).toEqual(['plans']);
    expect(openablePath({ plans: [{ _key: key }] }, path)).toEqual(path);
    expect(openablePath({}, ['tmoSubHeader'])).toEqual(['tmoSubHeader']);
    expect(
      schoolFieldIntent({
        documentId: document.documentId,
        type: 'planCards',
        path,
        preview: '/uw-husky-mobile/fan',
      }),
    ).toEqual({
      id: 'huskymobile-planCards-fan',
      type: 'planCards',
      path: `plans[_key=="${key}"].planDescription`,
      mode: 'presentation',
      presentation: 'presentation',
      preview: '/uw-husky-mobile/fan',
    });
    expect(fieldOverview(overview, path)).toMatchObject({ overriding: [], sharedBy: 6 });
  });

  it('a school without a document of that type and variant: made from the template, with the variant', () => {
    expect(
      newSchoolDocumentIntent({
        type: 'planCards',
        schoolId: 'school-x',
        variant: 'fan',
        preview: '/x/fan',
      }),
    ).toEqual([
      {
        type: 'planCards',
        template: 'planCards-for-school',
        mode: 'presentation',
        presentation: 'presentation',
        preview: '/x/fan',
      },
      { schoolId: 'school-x', variant: 'fan' },
    ]);
    expect(
      newSchoolDocumentIntent({
        type: 'faqs',
        schoolId: 'school-x',
        variant: undefined,
        preview: undefined,
      }),
    ).toEqual([
      {
        type: 'faqs',
        template: 'faqs-for-school',
        mode: 'presentation',
        presentation: 'presentation',
      },
      { schoolId: 'school-x' },
    ]);
  });
});
