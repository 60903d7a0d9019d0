/**
 * Content bench (a measurement, not a test): what the dataset weighs and how many documents an
 * editor changes for everyday tasks, before the product layer (every school a full copy) and after
 * it (one product document per type and variant, each school holding only its overrides).
 *
 *   npm run bench:content -- [--schools 6,600,2400]
 *
 * For each size the build bench's generator (synthetic-schools.ts) makes N schools from the bundled
 * dataset as it was before the product layer (tests/fixtures/pre-product-dataset), and the migration
 * (src/lib/content/inheritance/migrate.ts) moves them to product documents plus overrides. For each
 * form it counts the documents that hold a value the task changes, as every school shows it (the
 * product's text with that school's words): those an editor must open, change and publish.
 *
 * - (a) one plan's price: the fan page's first plan card and its broadband label (two fields);
 * - (b) one line of shared copy: the FAQ answer the most schools show as the product's;
 * - (c) one school's FAQ: that answer for one school only.
 *
 * After the layer, a school that overrides a field holds its own words there on purpose, so a
 * product change is not meant for it; an override equal to the product's value would have to be
 * changed too (the content check lists those), and counts here.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  fillPlaceholders,
  isProductId,
  schoolWords,
  valueAtPath,
} from '../../src/lib/content/inheritance/index.ts';
import { migrateToProductDocuments } from '../../src/lib/content/inheritance/migrate.ts';
import { readNdjson } from '../../src/lib/content/local.ts';
import { datasetSize } from '../dataset/migration-proof.ts';
import { syntheticDataset } from './synthetic-schools.ts';

type Doc = Record<string, unknown> & { _id: string; _type: string };
/**
 * A field's place in a document: field names, and list items by their `_key`, or by their place in
 * the list where no item has that key (before the migration each school's copies had keys of their
 * own; the migration gives a school's items the product's keys).
 */
type Step = string | { _key: string; index: number };

const ROOT = resolve(import.meta.dirname, '..', '..');
const FIXTURE = join(ROOT, 'tests/fixtures/pre-product-dataset/data.ndjson');

const { values } = parseArgs({ options: { schools: { type: 'string', default: '6,600,2400' } } });
const SIZES = values.schools.split(',').map(Number);
if (SIZES.some((size) => !Number.isInteger(size) || size < 1))
  throw new Error('--schools takes whole numbers, e.g. 6,600,2400');

const isPublished = (doc: Doc) =>
  !doc._id.startsWith('drafts.') && !doc._id.startsWith('versions.');

function valueAt(doc: unknown, path: readonly Step[]): unknown {
  return (
    valueAtPath(
      doc,
      path.map((step) => (typeof step === 'string' ? step : { _key: step._key })),
    ) ??
    valueAtPath(
      doc,
      path.map((step) => (typeof step === 'string' ? step : step.index)),
    )
  );
}

/** A field every school shows from the product: the product document's id, its type and the path. */
interface SharedField {
  productId: string;
  type: string;
  variant?: { field: string; value: string };
  path: Step[];
}

/**
 * The documents that hold the field's value as each school shows it: the product document (after
 * the layer) and every school's document whose value there is the product's text with that
 * school's words.
 */
function holders(documents: readonly Doc[], field: SharedField, productText: string): string[] {
  const schools = new Map(
    documents
      .filter((doc) => doc._type === 'school' && isPublished(doc))
      .map((doc) => [doc._id, doc]),
  );
  const found: string[] = [];
  for (const doc of documents) {
    if (doc._type !== field.type || !isPublished(doc)) continue;
    if (field.variant && doc[field.variant.field] !== field.variant.value) continue;
    const value = valueAt(doc, field.path);
    if (isProductId(doc._id)) {
      if (doc._id === field.productId && value === productText) found.push(doc._id);
      continue;
    }
    const school = schools.get(String((doc.school as { _ref?: string } | undefined)?._ref));
    if (!school) continue;
    if (value === fillPlaceholders(productText, schoolWords(school)).text) found.push(doc._id);
  }
  return found;
}

function task(
  documents: readonly Doc[],
  fields: readonly SharedField[],
  product: Map<string, Doc>,
) {
  return fields.reduce((sum, field) => {
    const text = valueAt(product.get(field.productId), field.path);
    if (typeof text !== 'string')
      throw new Error(`${field.productId} has no text at the task's field`);
    return sum + holders(documents, field, text).length;
  }, 0);
}

const fixture = readNdjson(readFileSync(FIXTURE), FIXTURE) as Doc[];
const tenants = JSON.parse(
  readFileSync(join(ROOT, 'src/dataset/tenants.json'), 'utf8'),
) as Parameters<typeof syntheticDataset>[0]['tenants'];

const rows: string[] = [];
for (const size of SIZES) {
  const before = syntheticDataset({ documents: fixture, tenants }, size).documents as Doc[];
  const migration = migrateToProductDocuments(before);
  if (migration.refused.length)
    throw new Error(
      `the migration refused ${migration.refused.length} document(s) at ${size} schools`,
    );
  const after = migration.documents as Doc[];
  const product = new Map(after.filter((doc) => isProductId(doc._id)).map((doc) => [doc._id, doc]));

  // (a) The fan page's first plan: its card's price and its label's monthly price.
  const cards = product.get('product-planCards-fan');
  const plan = (cards?.plans as { _key: string; planLabel: string }[] | undefined)?.[0];
  if (!plan) throw new Error('product-planCards-fan has no plans');
  const label = [...product.values()].find(
    (doc) =>
      doc._type === 'broadbandFacts' &&
      typeof doc.planName === 'string' &&
      doc.planName.endsWith(plan.planLabel),
  );
  if (!label) throw new Error(`no product label names the plan "${plan.planLabel}"`);
  const price: SharedField[] = [
    {
      productId: 'product-planCards-fan',
      type: 'planCards',
      variant: { field: 'customerType', value: 'fan' },
      path: ['plans', { _key: plan._key, index: 0 }, 'price'],
    },
    {
      productId: label._id,
      type: 'broadbandFacts',
      variant: { field: 'order', value: label.order as string },
      path: ['planPrice'],
    },
  ];
  // (b) A FAQ answer: the one the most schools show as the product's (a line every school shares).
  const faqs = (product.get('product-faqs')?.faqs as { _key: string }[] | undefined) ?? [];
  const answers = faqs.map((item, index): SharedField[] => [
    {
      productId: 'product-faqs',
      type: 'faqs',
      path: ['faqs', { _key: item._key, index }, 'answer'],
    },
  ]);
  const sharedLine = answers.reduce<SharedField[] | undefined>(
    (best, candidate) =>
      best && task(before, best, product) >= task(before, candidate, product) ? best : candidate,
    undefined,
  );
  if (!sharedLine) throw new Error('product-faqs has no FAQ');
  // (c) One school's FAQ answer: its own faqs document, which exists before and is made if need be after.
  const oneSchool = 1;

  const [sizeBefore, sizeAfter] = [datasetSize(before), datasetSize(after)];
  rows.push(
    `| ${size} | ${sizeBefore.documents} → ${sizeAfter.documents} | ${(sizeBefore.bytes / 1e6).toFixed(1)} → ${(sizeAfter.bytes / 1e6).toFixed(1)} MB | ${task(before, price, product)} → ${task(after, price, product)} | ${task(before, sharedLine, product)} → ${task(after, sharedLine, product)} | ${oneSchool} → ${oneSchool} |`,
  );
}

console.log(
  "\n| schools | documents | bytes | (a) one plan's price | (b) one line of shared copy | (c) one school's FAQ |",
);
console.log('| ---: | ---: | ---: | ---: | ---: | ---: |');
for (const row of rows) console.log(row);
console.log(
  "\nDocuments an editor changes, before → after the product layer (the fan page's first plan card and its label; the FAQ answer most schools share).",
);
