/**
 * Product text names no school: every school that inherits a field shows the product's words with
 * its own filled in, so one school's word left in a product document (a mascot, a city, a colour)
 * would show on every other school. Read from the bundled dataset, every version of every product
 * document, against every school's words.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isProductDocument } from '../../../../src/lib/content/inheritance/index.ts';
import { schoolTermsRemover } from '../../../../src/lib/content/inheritance/school-terms.ts';
import { readNdjson } from '../../../../src/lib/content/local.ts';

type Doc = Record<string, unknown> & { _id: string; _type: string };

const FILE = resolve(import.meta.dirname, '../../../../src/dataset/data.ndjson');
const documents = readNdjson(readFileSync(FILE, 'utf8'), FILE) as Doc[];
const products = documents.filter(isProductDocument);
const schools = documents.filter((doc) => doc._type === 'school' && !doc._id.includes('.'));

/** Every text an editor writes in a document, by dotted path (system fields and asset references left out). */
function texts(value: unknown, path = ''): Array<[string, string]> {
  if (typeof value === 'string') return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((item, index) => texts(item, `${path}.${index}`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) =>
      key.startsWith('_') ? [] : texts(item, path ? `${path}.${key}` : key),
    );
  return [];
}

/** `document field: "text"` for each text of these documents that holds one of the school's words. */
function schoolWordsIn(docs: readonly Doc[], school: Doc): string[] {
  const remove = schoolTermsRemover(school);
  return docs.flatMap((doc) =>
    texts(doc)
      .filter(([, text]) => remove(text) !== text)
      .map(([path, text]) => `${doc._id} ${path}: ${JSON.stringify(text)}`),
  );
}

describe("product documents hold no school's words", () => {
  it('reads the whole product layer and every school', () => {
    expect(products.length).toBeGreaterThanOrEqual(40);
    expect(schools.length).toBe(7);
    expect(schools.every((school) => school.mascot && school.mascotPlural)).toBe(true);
  });

  it.each(schools.map((school) => [school._id, school] as const))('%s', (_id, school) => {
    expect(schoolWordsIn(products, school)).toEqual([]);
  });

  it("finds a school's mascot, city or colour left in product text", () => {
    const husky = schools.find((school) => school.key === 'huskymobile')!;
    const planted: Doc = {
      _id: 'product-perkSection',
      _type: 'perkSection',
      title: 'Perks for every Husky',
      perks: [{ _key: 'a', title: 'Made in Seattle', accent: '#4B2E83' }],
    };
    expect(schoolWordsIn([planted], husky)).toEqual([
      'product-perkSection title: "Perks for every Husky"',
      'product-perkSection perks.0.title: "Made in Seattle"',
      'product-perkSection perks.0.accent: "#4B2E83"',
    ]);
  });
});
