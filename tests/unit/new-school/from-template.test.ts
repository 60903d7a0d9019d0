import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { groupContent } from '../../../src/lib/content/group.ts';
import { applyPerspective } from '../../../src/lib/content/perspective.ts';
import { splitBuildContent } from '../../../src/lib/content/queries.ts';
import {
  newSchoolErrors,
  newSchoolFromTemplate,
  type ContentDocument,
  type NewSchoolFields,
  type SchoolSet,
} from '../../../src/lib/new-school/from-template.ts';

const bundled = readFileSync(new URL('../../../src/dataset/data.ndjson', import.meta.url), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as ContentDocument);
const schools = bundled.filter((doc) => doc._type === 'school');

function templateSet(key: string): SchoolSet {
  const school = schools.find((doc) => doc.key === key)!;
  return {
    school,
    documents: bundled.filter(
      (doc) => (doc.school as { _ref?: string } | undefined)?._ref === school._id,
    ),
  };
}

const FALCON: NewSchoolFields = {
  key: 'falconmobile',
  seoSlug: 'ridge-falcon-mobile',
  baseName: 'Falcon Mobile',
  schoolName: 'Ridgeview University',
  schoolShort: 'Ridgeview',
  mascotNation: 'Falcon Nation',
  city: 'Boulder',
  state: 'Colorado',
  primaryColor: { name: 'Falcon Red', hex: '#9E1B32' },
  secondaryColor: { name: 'Falcon Silver', hex: '#A7A9AC' },
  logo: { _sanityAsset: 'image@file://./images/falconmobile-logo-240x80.svg' },
};

/** Every string in a value, with its path. */
function strings(value: unknown, path = ''): Array<[string, string]> {
  if (typeof value === 'string') return [[path, value]];
  if (Array.isArray(value))
    return value.flatMap((item, index) => strings(item, `${path}.${index}`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, inner]) =>
      strings(inner, path ? `${path}.${key}` : key),
    );
  return [];
}

/** The new school's content as a build reads it (its documents resolved against the product documents). */
function madeContent(made: SchoolSet) {
  const grouped = groupContent(
    splitBuildContent([
      ...applyPerspective(bundled, 'published'),
      made.school,
      ...made.documents,
    ] as never),
  );
  return grouped.schools.find(({ school }) => school.key === 'falconmobile')!;
}

/** Every `_ref` in a value. */
const refs = (value: unknown): string[] =>
  strings(value)
    .filter(([path]) => path.endsWith('_ref'))
    .map(([, ref]) => ref);

describe('a new school from a template', () => {
  const template = templateSet('cubbymobile');
  const made = newSchoolFromTemplate(template, FALCON);

  it('copies every per-school document of the template, each with a new unique id', () => {
    expect(made.documents).toHaveLength(template.documents.length);
    expect(made.documents.map((doc) => doc._type).sort()).toEqual(
      template.documents.map((doc) => doc._type).sort(),
    );
    const ids = [made.school._id, ...made.documents.map((doc) => doc._id)];
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => bundled.some((doc) => doc._id === id))).toEqual([]);
    expect(made.school._id).toBe('school-falconmobile');
    expect(made.documents.map((doc) => doc._id)).toContain('falconmobile-planCards-student');
  });

  it('points every reference at the new school document', () => {
    for (const doc of made.documents) {
      expect(doc.school, doc._id).toEqual({ _type: 'reference', _ref: 'school-falconmobile' });
      expect(
        refs(doc).filter((ref) => ref.startsWith('school-') && ref !== 'school-falconmobile'),
        doc._id,
      ).toEqual([]);
    }
  });

  it('makes a preparing school with the given fields, no old addresses, and the template it came from', () => {
    expect(made.school).toMatchObject({
      _type: 'school',
      key: 'falconmobile',
      seoSlug: 'ridge-falcon-mobile',
      legacyAliases: [],
      status: 'preparing',
      templateSchool: 'cubbymobile',
      baseName: 'Falcon Mobile',
      schoolName: 'Ridgeview University',
      schoolShort: 'Ridgeview',
      mascotNation: 'Falcon Nation',
      city: 'Boulder',
      state: 'Colorado',
      primaryColor: FALCON.primaryColor,
      secondaryColor: FALCON.secondaryColor,
      logo: {
        _type: 'image',
        _sanityAsset: FALCON.logo && '_sanityAsset' in FALCON.logo ? FALCON.logo._sanityAsset : '',
      },
    });
  });

  it("leaves none of the template school's names, key or colours in any text", () => {
    const names = [
      'Cubby Mobile',
      'Clearwater State University',
      'Clearwater State',
      'Cub Nation',
      'cubbymobile',
      '#FFC72C',
    ];
    for (const doc of [made.school, ...made.documents]) {
      for (const [path, text] of strings(doc).filter(
        ([path]) =>
          !path.endsWith('_sanityAsset') && !path.endsWith('_key') && path !== 'templateSchool',
      )) {
        for (const name of names)
          expect(
            text.toLowerCase().includes(name.toLowerCase()),
            `${doc._id} ${path}: ${text}`,
          ).toBe(false);
      }
    }
    // What it inherits from the product documents reads with its own words.
    const faqs = madeContent(made).documents.faqs[0]!;
    expect(faqs.supportButtonLink).toBe('https://support.k1mobile.example/falconmobile');
    expect(strings(faqs).some(([, text]) => text.includes('Falcon Mobile'))).toBe(true);
  });

  it('uses the new logo wherever the template showed its logo, keeping the alt text', () => {
    const footer = madeContent(made).documents.footer[0]!;
    expect(footer.collegeLogo).toEqual({
      _type: 'image',
      alt: 'Falcon Mobile logo',
      _sanityAsset: 'image@file://./images/falconmobile-logo-240x80.svg',
    });
  });

  it("passes the build's schemas: the new school has every document and no problem", () => {
    // As a build reads the dataset: its published documents (it also holds a scheduled draft).
    const grouped = groupContent(
      splitBuildContent([
        ...applyPerspective(bundled, 'published'),
        made.school,
        ...made.documents,
      ] as never),
    );
    expect(grouped.problems).toEqual([]);
    const falcon = grouped.schools.find(({ school }) => school.key === 'falconmobile');
    expect(falcon?.school.status).toBe('preparing');
    expect(
      Object.entries(falcon?.documents ?? {})
        .filter(([, docs]) => docs.length === 0)
        .map(([type]) => type),
    ).toEqual([]);
  });

  it("copies only published documents, drops Sanity's bookkeeping fields and gives ids Sanity made up a readable one", () => {
    const faqs = template.documents.find((doc) => doc._type === 'faqs')!;
    const fromSanity: SchoolSet = {
      school: { ...template.school, _rev: 'r1', _createdAt: '2026-01-01T00:00:00Z' },
      documents: [
        { ...faqs, _id: '3f1c0e8a-uuid', _rev: 'r2', _updatedAt: '2026-01-02T00:00:00Z' },
        { ...faqs, _id: 'drafts.3f1c0e8a-uuid' },
        { ...faqs, _id: 'versions.rLaunch01.3f1c0e8a-uuid' },
      ],
    };
    const copy = newSchoolFromTemplate(fromSanity, FALCON);
    expect(copy.documents.map((doc) => doc._id)).toEqual(['falconmobile-faqs-copy1']);
    expect(
      Object.keys(copy.documents[0]!).filter((key) =>
        ['_rev', '_createdAt', '_updatedAt'].includes(key),
      ),
    ).toEqual([]);
    expect(Object.keys(copy.school).filter((key) => ['_rev', '_createdAt'].includes(key))).toEqual(
      [],
    );
  });

  it("copies the template's overrides only: no product document, nothing it inherits, none of its plan ids", () => {
    // A product document that names the template school (by mistake) is still the product's.
    const withProduct: SchoolSet = {
      ...template,
      documents: [
        ...template.documents,
        {
          ...bundled.find((doc) => doc._id === 'product-faqs')!,
          school: { _type: 'reference', _ref: template.school._id },
        },
      ],
    };
    const copy = newSchoolFromTemplate(withProduct, FALCON);
    expect(copy.documents).toHaveLength(template.documents.length);
    expect(copy.documents.filter((doc) => doc._id.includes('product'))).toEqual([]);
    const system = new Set(['_id', '_rev', '_updatedAt', '_createdAt']);
    for (const [index, doc] of template.documents.entries()) {
      const fields = (value: ContentDocument) =>
        Object.keys(value).filter((key) => !system.has(key));
      // Each copy holds what the template's document holds (its overrides) and nothing more.
      expect(fields(copy.documents[index]!), doc._id).toEqual(
        fields(doc).filter((key) => key !== 'uniquePlanId'),
      );
    }
    const labels = template.documents.filter((doc) => doc._type === 'broadbandFacts');
    expect(labels).toHaveLength(9);
    expect(labels.every((doc) => typeof doc.uniquePlanId === 'string')).toBe(true);
    // Until an editor gives it its own, the new school shows the product's stand-in plan ids.
    expect(
      madeContent(copy)
        .documents.broadbandFacts.map((label) => label.uniquePlanId)
        .sort(),
    ).toEqual(Array.from({ length: 9 }, (_, index) => `M3615245165PRODUCTPLAN000${index + 1}`));
  });

  it("keeps the template's value where a field is not given, so the content check can list it", () => {
    const minimal = newSchoolFromTemplate(template, {
      key: 'owlmobile',
      seoSlug: 'owl-mobile',
      baseName: 'Owl Mobile',
    });
    expect(minimal.school).toMatchObject({
      schoolName: 'Clearwater State University',
      mascotNation: 'Cub Nation',
      baseName: 'Owl Mobile',
    });
    expect((minimal.school.logo as { _sanityAsset: string })._sanityAsset).toBe(
      'image@file://./images/cubbymobile-logo-240x80.svg',
    );
  });
});

describe('what cannot make a new school', () => {
  const ok: NewSchoolFields = {
    key: 'falconmobile',
    seoSlug: 'falcon-mobile',
    baseName: 'Falcon Mobile',
  };

  it('accepts a free key and address', () => {
    expect(newSchoolErrors(ok, schools)).toEqual([]);
    expect(newSchoolErrors({ ...ok, seoSlug: 'falconmobile' }, schools)).toEqual([]);
  });

  it('refuses a key or address another school has, naming that school', () => {
    expect(newSchoolErrors({ ...ok, key: 'huskymobile' }, schools)).toEqual([
      'key "huskymobile" is already used by school huskymobile (its key)',
    ]);
    expect(newSchoolErrors({ ...ok, seoSlug: 'gohuskymobile' }, schools)).toEqual([
      'seo slug "gohuskymobile" is already used by school huskymobile (its old address)',
    ]);
    expect(newSchoolErrors({ ...ok, seoSlug: 'cal-bears-mobile' }, schools)).toEqual([
      'seo slug "cal-bears-mobile" is already used by school bearsmobile (its seo slug)',
    ]);
  });

  it("refuses addresses of the wrong form or the site's own, blank names and bad colours", () => {
    expect(newSchoolErrors({ ...ok, seoSlug: 'Falcon Mobile' }, schools)).toEqual([
      'seo slug "Falcon Mobile" must be lower-case letters and digits, words joined by single hyphens (e.g. falcon-mobile)',
    ]);
    expect(newSchoolErrors({ ...ok, key: 'falcon--mobile' }, schools)[0]).toMatch(
      /^key "falcon--mobile" must be lower-case/,
    );
    expect(newSchoolErrors({ ...ok, seoSlug: 'search' }, schools)).toEqual([
      'seo slug "search" is an address the site itself uses',
    ]);
    expect(newSchoolErrors({ ...ok, baseName: '  ', city: '' }, schools)).toEqual([
      'service name must not be empty',
      'city must not be empty',
    ]);
    expect(newSchoolErrors({ ...ok, primaryColor: { name: 'Red', hex: 'red' } }, schools)).toEqual([
      'primary colour "red" must be a #rrggbb hex value',
    ]);
  });

  it("refuses a key whose documents' ids would be the product documents' (product-…)", () => {
    for (const key of ['product', 'product-falcon'])
      expect(newSchoolErrors({ ...ok, key }, schools)).toEqual([
        `key "${key}" would give this school's documents the product documents' ids (product-…)`,
      ]);
    expect(newSchoolErrors({ ...ok, key: 'productive' }, schools)).toEqual([]);
  });
});
