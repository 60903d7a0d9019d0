import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  newSchoolFromTemplate,
  type ContentDocument,
  type SchoolSet,
} from '../../../src/lib/new-school/from-template.ts';
import { copyFingerprints, findTemplateCopy } from '../../../src/lib/new-school/template-copy.ts';
import { groupContent } from '../../../src/lib/content/group.ts';
import { applyPerspective } from '../../../src/lib/content/perspective.ts';
import { splitBuildContent } from '../../../src/lib/content/queries.ts';
import {
  replaceTerms,
  withoutSchoolTerms,
} from '../../../src/lib/content/inheritance/school-terms.ts';

const bundled = readFileSync(new URL('../../../src/dataset/data.ndjson', import.meta.url), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as ContentDocument);

/** A school's documents as they are in the dataset (its overrides of the product documents). */
function storedSet(key: string): SchoolSet {
  const school = bundled.find((doc) => doc._type === 'school' && doc.key === key)!;
  return {
    school,
    documents: bundled.filter(
      (doc) => (doc.school as { _ref?: string } | undefined)?._ref === school._id,
    ),
  };
}

/** Schools as the content check reads them: each document resolved against its product document. */
function readSets(extra: ContentDocument[] = []): Map<string, SchoolSet> {
  const grouped = groupContent(
    splitBuildContent([...applyPerspective(bundled, 'published'), ...extra] as never),
  );
  return new Map(
    grouped.schools.map(({ school, documents }) => [
      school.key,
      {
        school,
        documents: Object.values(documents).flat(),
      },
    ]),
  );
}

const read = readSets();
const template = read.get('huskymobile')!;
const others = ['beavsmobile', 'bearsmobile', 'cubbymobile', 'kentuckymobile', 'utesmobile'].map(
  (key) => read.get(key)!,
);
const shared = copyFingerprints(others);
const made = newSchoolFromTemplate(storedSet('huskymobile'), {
  key: 'falconmobile',
  seoSlug: 'falcon-mobile',
  baseName: 'Falcon Mobile',
  schoolName: 'Ridgeview University',
  schoolShort: 'Ridgeview',
  mascotNation: 'Falcon Nation',
  primaryColor: { name: 'Falcon Red', hex: '#9E1B32' },
});
const falcon = readSets([made.school, ...made.documents]).get('falconmobile')!;
const fresh = () => structuredClone(falcon);
const doc = (set: SchoolSet, id: string) =>
  set.documents.find((candidate) => candidate._id === id)!;
const fieldsOf = (found: ReturnType<typeof findTemplateCopy>, documentId: string) =>
  found.filter((row) => row.documentId === documentId).map((row) => row.field);

describe('template copy left in a new school', () => {
  it("lists the template's own text and images, and not the copy every school shares", () => {
    const found = findTemplateCopy(fresh(), template, shared);
    expect(found).toContainEqual({
      documentType: 'landingHeader',
      documentId: 'falconmobile-landingHeader',
      field: 'title',
      message:
        'still the template school\'s text (huskymobile): "The phone plan that bleeds purple"',
    });
    expect(found).toContainEqual({
      documentType: 'landingHeader',
      documentId: 'falconmobile-landingHeader',
      field: 'heroImage',
      message: "still the template school's image (huskymobile): huskymobile-hero-1600x900.webp",
    });
    expect(found).toContainEqual({
      documentType: 'school',
      documentId: 'school-falconmobile',
      field: 'logo',
      message: "still the template school's image (huskymobile): huskymobile-logo-240x80.svg",
    });
    // Shared copy (same words in every school, its own names in them) is not the template's.
    expect(fieldsOf(found, 'falconmobile-landingHeader')).not.toContain('ctaText');
    expect(fieldsOf(found, 'falconmobile-faqs')).not.toContain('title');
    expect(fieldsOf(found, 'falconmobile-headerNav')).toEqual([]);
    // Prize icons other schools use too are shared; the one prize only the template offers is its own.
    expect(found.filter((row) => row.message.includes('prize-')).map((row) => row.message)).toEqual(
      ["still the template school's image (huskymobile): prize-runout-64x64.svg"],
    );
    // The names given are the new school's own; the ones not given are still the template's.
    expect(fieldsOf(found, 'school-falconmobile')).toEqual(
      expect.arrayContaining(['favicon', 'logo', 'secondaryColor.hex']),
    );
    expect(fieldsOf(found, 'school-falconmobile')).not.toContain('schoolName');
  });

  it('stops listing a field once an editor rewrites it or replaces its image', () => {
    const school = fresh();
    const header = doc(school, 'falconmobile-landingHeader');
    header.title = 'Fly higher for less';
    header.heroImage = {
      _type: 'image',
      _sanityAsset: 'image@file://./images/falconmobile-hero-1600x900.webp',
      alt: 'A falcon over the stadium',
    };
    const found = findTemplateCopy(school, template, shared);
    expect(fieldsOf(found, 'falconmobile-landingHeader')).not.toEqual(
      expect.arrayContaining(['title']),
    );
    expect(fieldsOf(found, 'falconmobile-landingHeader')).not.toContain('heroImage');
    expect(fieldsOf(found, 'falconmobile-landingHeader')).not.toContain('heroImage.alt');
  });

  it('lists any text that names the template school, wherever it was typed', () => {
    const school = fresh();
    doc(school, 'falconmobile-faqs').subHeader = 'Questions from Husky Nation, answered';
    const found = findTemplateCopy(school, template, shared);
    expect(found).toContainEqual({
      documentType: 'faqs',
      documentId: 'falconmobile-faqs',
      field: 'subHeader',
      message: 'names the template school (huskymobile): "Husky Nation"',
    });
  });

  it("lists the school's own names still set to the template's", () => {
    const school = newSchoolFromTemplate(template, {
      key: 'owlmobile',
      seoSlug: 'owl-mobile',
      baseName: 'Owl Mobile',
    });
    const found = findTemplateCopy(school, template, shared).filter(
      (row) => row.documentType === 'school',
    );
    expect(found.map((row) => row.field)).toEqual(
      expect.arrayContaining([
        'schoolName',
        'schoolShort',
        'mascotNation',
        'primaryColor.hex',
        'logo',
      ]),
    );
    expect(found.find((row) => row.field === 'schoolName')?.message).toBe(
      'still the template school\'s (huskymobile): "University of Washington"',
    );
  });

  it('finds nothing in a school that was not made from it', () => {
    expect(
      findTemplateCopy(
        read.get('cubbymobile')!,
        template,
        copyFingerprints(others.filter((set) => set.school.key !== 'cubbymobile')),
      ),
    ).toEqual([]);
  });
});

describe('school words', () => {
  const words = new Map([
    ['Clearwater State', 'Ridgeview'],
    ['Clearwater State University', 'Ridgeview University'],
    ['UW', 'RU'],
    ['#FFC72C', '#9E1B32'],
  ]);

  it('swaps whole words only, longest first, hex colours in any case', () => {
    expect(replaceTerms('Clearwater State University and Clearwater State', words)).toBe(
      'Ridgeview University and Ridgeview',
    );
    expect(replaceTerms('UW, UWS and UW-Madison', words)).toBe('RU, UWS and RU-Madison');
    expect(replaceTerms('background #ffc72c', words)).toBe('background #9E1B32');
  });

  it('reads the same sentence of two schools the same, with their names as placeholders', () => {
    const husky = bundled.find((candidate) => candidate._id === 'school-huskymobile')!;
    const cubby = bundled.find((candidate) => candidate._id === 'school-cubbymobile')!;
    expect(withoutSchoolTerms('Why Husky Mobile?', husky)).toBe('Why {baseName}?');
    expect(withoutSchoolTerms('Why Cubby Mobile?', cubby)).toBe('Why {baseName}?');
  });
});
