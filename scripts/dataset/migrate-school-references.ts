/**
 * Moves every per-school document from the old `tenant: "<school key>"` string to a reference
 * to its `school` document: `school: { _type: "reference", _ref: "<school document id>" }`.
 *
 *   node scripts/dataset/migrate-school-references.ts [data.ndjson]    # default: the bundled dataset
 *   node scripts/dataset/migrate-school-references.ts --check [file]   # exit 1 if anything is left to migrate
 *
 * Safe to run again and on any version of the dataset: it touches only documents that still
 * carry a `tenant` string, keeps every other field (and the order of lines and keys) as it is,
 * and writes nothing when a key names no school (each such document is listed, exit 1).
 * Drafts (`drafts.…`) point at the published school id, as Sanity's own references do.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { readNdjson } from '../../src/lib/content/local.ts';
import { migrateSchoolReferences } from '../../src/lib/content/school-reference.ts';

const args = process.argv.slice(2);
const checkOnly = args.includes('--check');
const file = args.find((arg) => !arg.startsWith('--')) ?? 'src/dataset/data.ndjson';

const text = readFileSync(file, 'utf8');
let result;
try {
  result = migrateSchoolReferences(readNdjson(text, file) as Record<string, unknown>[]);
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}

if (result.unresolved.length) {
  console.error(
    `${file}: nothing written; ${result.unresolved.length} document(s) name a school that does not exist:`,
  );
  for (const { id, key } of result.unresolved) console.error(`  ${id}: tenant "${key}"`);
  process.exit(1);
}

const summary = `${result.migrated} document(s) to migrate, ${result.alreadyReferenced} already reference their school`;
if (checkOnly) {
  console.log(`${file}: ${summary}`);
  process.exit(result.migrated ? 1 : 0);
}
if (result.migrated) {
  writeFileSync(file, `${result.documents.map((doc) => JSON.stringify(doc)).join('\n')}\n`);
  console.log(
    `${file}: migrated ${result.migrated} document(s); ${result.alreadyReferenced} already referenced their school`,
  );
} else {
  console.log(
    `${file}: nothing to migrate (${result.alreadyReferenced} document(s) already reference their school)`,
  );
}
