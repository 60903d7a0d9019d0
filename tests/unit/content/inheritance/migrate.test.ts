/**
 * The migration from full copies to product documents plus overrides (scripts/dataset/
 * migrate-to-product.ts), on the bundled dataset as it was before it (a fixture): nothing lost
 * (every school's content as the build reads it is the same before and after, in every
 * perspective the dataset has), and running again changes nothing.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { migrateToProductDocuments } from '../../../../src/lib/content/inheritance/migrate.ts';
import { readNdjson } from '../../../../src/lib/content/local.ts';
import { syntheticDataset } from '../../../../scripts/bench/synthetic-schools.ts';
import { contentDifferences, schoolContent } from '../../../../scripts/dataset/migration-proof.ts';

type Doc = Record<string, unknown>;
const read = (file: string) => readNdjson(readFileSync(file, 'utf8'), file) as Doc[];
const before = read('tests/fixtures/pre-product-dataset/data.ndjson');
const migration = migrateToProductDocuments(before);

describe('migrating to product documents', () => {
  it('makes one product document per type and variant, and keeps what a school does not share as its overrides', () => {
    expect(migration.refused).toEqual([]);
    expect(migration.created).toHaveLength(40);
    expect(migration.created).toContain('product-broadbandFacts-9');
    expect(migration.created).toContain('product-planCards-student');
    expect(migration.created).toContain('product-partnerBanner-2');
    // Lists of another length than most schools' (an empty prize list among them) are owned whole.
    expect(migration.owned).toEqual([
      { documentId: 'beavsmobile-givebackFunds', path: 'funds' },
      { documentId: 'bearsmobile-pressRelease', path: 'sections' },
      { documentId: 'cubbymobile-givebackFunds', path: 'funds' },
      { documentId: 'utesmobile-giveawayForm', path: 'giveawayIcons' },
    ]);
    const after = new Map(migration.documents.map((doc) => [doc._id, doc]));
    // The FCC plan id is each school's own; the label's shared text is the product's.
    expect(after.get('beavsmobile-broadbandFacts-fan-1')).toEqual({
      _id: 'beavsmobile-broadbandFacts-fan-1',
      _type: 'broadbandFacts',
      _rev: expect.any(String) as string,
      _updatedAt: '2026-11-02T09:00:00Z',
      school: { _type: 'reference', _ref: 'school-beavsmobile' },
      order: 1,
      uniquePlanId: expect.stringMatching(/^M3615245165[A-Z0-9]{15}$/) as string,
    });
    expect(after.get('product-broadbandFacts-1')).toMatchObject({
      provider: '{baseName}',
      planName: '{baseName} Fan Essentials',
      intercomLink: 'https://support.k1mobile.example/{key}',
    });
    expect(after.get('product-partnerBanner-1')).toMatchObject({
      backgroundColor: '{primaryColor}',
    });
  });

  for (const perspective of ['published', 'drafts', { releases: ['rHuskyL27'] }] as const) {
    it(`loses nothing: every school's content reads the same before and after (${JSON.stringify(perspective)})`, () => {
      const was = schoolContent(before, perspective);
      const is = schoolContent(migration.documents, perspective);
      expect(is.problems).toEqual(was.problems);
      expect(is.schools).toEqual(was.schools);
    });
  }

  it("loses nothing at 60 schools the build bench's generator makes from it (prove-migration.ts runs 600)", () => {
    const generated = syntheticDataset(
      {
        documents: before as never,
        tenants: JSON.parse(readFileSync('src/dataset/tenants.json', 'utf8')) as never,
      },
      60,
    ).documents as Doc[];
    const migrated = migrateToProductDocuments(generated);
    expect(migrated.refused).toEqual([]);
    expect(migrated.created).toHaveLength(40);
    expect(contentDifferences(generated, migrated.documents)).toEqual({
      schools: 60,
      differing: [],
      problemsDiffer: false,
    });
  });

  it('changes nothing when run again, and nothing in the bundled dataset (migrated with it)', () => {
    const again = migrateToProductDocuments(migration.documents);
    expect(again.created).toEqual([]);
    expect(again.changed).toEqual([]);
    expect(again.documents).toEqual(migration.documents);
    const bundled = migrateToProductDocuments(read('src/dataset/data.ndjson'));
    expect([...bundled.created, ...bundled.changed]).toEqual([]);
  });

  it('reduces a full copy added later to its overrides, against the product document already there', () => {
    const copy = before.find((doc) => doc._id === 'kentuckymobile-faqs')!;
    const later = migrateToProductDocuments([
      ...migration.documents.filter((doc) => doc._id !== 'kentuckymobile-faqs'),
      copy,
    ]);
    expect(later.changed).toEqual(['kentuckymobile-faqs']);
    expect(later.documents.at(-1)).toEqual(
      migration.documents.find((doc) => doc._id === 'kentuckymobile-faqs'),
    );
  });

  it('writes nothing for a document that lacks a value the product has (no override can say “none”)', () => {
    const draft = structuredClone(before.find((doc) => doc._id === 'huskymobile-faqs')!);
    draft._id = 'drafts.huskymobile-faqs';
    delete draft.subHeader;
    const refused = migrateToProductDocuments([...before, draft]);
    expect(refused.refused).toEqual([
      {
        documentId: 'drafts.huskymobile-faqs',
        reason: 'it has no value where the product document has one: subHeader',
      },
    ]);
  });
});
