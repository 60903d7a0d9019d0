/**
 * Moves a dataset from full copies of every per-school document to product documents plus each
 * school's overrides (src/lib/content/inheritance/migrate.ts): one product document per
 * per-school type and variant (`product-<type>[-<variant>]`), made from the value most schools
 * share once their own words are placeholders; each school's document keeps only what resolving
 * the product's value with its words does not give back exactly.
 *
 *   node scripts/dataset/migrate-to-product.ts [data.ndjson]    # default: the bundled dataset
 *   node scripts/dataset/migrate-to-product.ts --check [file]   # exit 1 if anything is left to migrate
 *
 * Safe to run again, and on a live dataset's export (`sanity dataset export`'s data.ndjson, then
 * `npm run dataset:import -- --dataset <name> --replace --with-releases --file <that data.ndjson>`):
 * where a product document is there already, a school's document is read as the build reads it,
 * so a run again changes nothing it wrote itself. Drafts and release versions of a school's
 * document become overrides too. Nothing is written when a document cannot be told as overrides
 * (each is listed, exit 1) or when the file is not NDJSON (exit 2).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { readNdjson } from '../../src/lib/content/local.ts';
import { migrateToProductDocuments } from '../../src/lib/content/inheritance/migrate.ts';

const args = process.argv.slice(2);
const checkOnly = args.includes('--check');
const file = args.find((arg) => !arg.startsWith('--')) ?? 'src/dataset/data.ndjson';

const text = readFileSync(file, 'utf8');
let result;
try {
  result = migrateToProductDocuments(readNdjson(text, file) as Record<string, unknown>[]);
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}

if (result.refused.length) {
  console.error(
    `${file}: nothing written; ${result.refused.length} document(s) cannot be told as overrides of a product document:`,
  );
  for (const { documentId, reason } of result.refused) console.error(`  ${documentId}: ${reason}`);
  process.exit(1);
}
for (const { documentId, reason } of result.skipped)
  console.warn(`${file}: ${documentId} left as it is: ${reason}`);

const output = `${result.documents.map((doc) => JSON.stringify(doc)).join('\n')}\n`;
const changes = result.created.length + result.changed.length;
const summary = `${result.created.length} product document(s) to make, ${result.changed.length} school document(s) to reduce to their overrides, ${result.owned.length} list(s) owned by their school`;
if (checkOnly) {
  console.log(`${file}: ${changes ? summary : 'nothing to migrate'}`);
  process.exit(changes ? 1 : 0);
}
if (!changes) {
  console.log(`${file}: nothing to migrate`);
  process.exit(0);
}
writeFileSync(file, output);
console.log(
  `${file}: made ${result.created.length} product document(s); ${result.changed.length} school document(s) now hold only their overrides; ${result.owned.length} list(s) owned whole by their school (${result.owned.map((owned) => `${owned.documentId} ${owned.path}`).join(', ') || 'none'}); ${text.split('\n').filter((line) => line.trim()).length} → ${result.documents.length} documents, ${Buffer.byteLength(text)} → ${Buffer.byteLength(output)} bytes`,
);
