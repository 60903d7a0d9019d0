/**
 * Proves the migration to product documents by its output (migration-proof.ts), on the bundled
 * dataset as it was before it (tests/fixtures/pre-product-dataset) or on N schools the build
 * bench's generator makes from it (scripts/bench/synthetic-schools.ts):
 *
 *   node scripts/dataset/prove-migration.ts [--schools 600] [--build] [--work DIR]
 *
 * Migrates the dataset, then says whether every school's content reads the same before and after
 * (published and drafts), and the dataset's documents and bytes before and after. With --build it
 * also builds the site from each dataset with the same settings and compares every file of the two
 * outputs byte for byte (pages, _redirects, _headers, the sitemap, the labels CSV). Exit 1 on any
 * difference. Not a benchmark: the times it prints are for orientation only.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { migrateToProductDocuments } from '../../src/lib/content/inheritance/migrate.ts';
import { readNdjson } from '../../src/lib/content/local.ts';
import { syntheticDataset } from '../bench/synthetic-schools.ts';
import {
  buildFrom,
  compareBuilds,
  contentDifferences,
  datasetSize,
  ndjson,
} from './migration-proof.ts';

type Doc = Record<string, unknown>;
const ROOT = resolve(import.meta.dirname, '..', '..');
const FIXTURE = join(ROOT, 'tests/fixtures/pre-product-dataset/data.ndjson');

const { values } = parseArgs({
  options: {
    schools: { type: 'string' },
    build: { type: 'boolean', default: false },
    work: { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
const fixture = readNdjson(readFileSync(FIXTURE), FIXTURE) as Doc[];
const bundledTenants = JSON.parse(
  readFileSync(join(ROOT, 'src/dataset/tenants.json'), 'utf8'),
) as Parameters<typeof syntheticDataset>[0]['tenants'];
const generated =
  values.schools === undefined
    ? undefined
    : syntheticDataset(
        { documents: fixture as never, tenants: bundledTenants },
        Number(values.schools),
      );
const before: Doc[] = generated?.documents ?? fixture;
const tenants = generated?.tenants ?? bundledTenants;

let started = performance.now();
const migration = migrateToProductDocuments(before);
if (migration.refused.length) {
  for (const { documentId, reason } of migration.refused) console.error(`${documentId}: ${reason}`);
  process.exit(1);
}
const after = migration.documents;
console.log(
  `migrated in ${seconds(started)}: ${migration.created.length} product documents made, ${migration.changed.length} school documents reduced to their overrides`,
);
const sizes = [datasetSize(before), datasetSize(after)];
console.log(
  `documents ${sizes[0]!.documents} → ${sizes[1]!.documents}; bytes ${sizes[0]!.bytes} → ${sizes[1]!.bytes} (${((100 * sizes[1]!.bytes) / sizes[0]!.bytes).toFixed(1)} %)`,
);

let failed = false;
for (const perspective of ['published', 'drafts'] as const) {
  started = performance.now();
  const { schools, differing, problemsDiffer } = contentDifferences(before, after, perspective);
  console.log(
    `${perspective}: ${schools - differing.length} of ${schools} schools read the same${problemsDiffer ? '; the content problems differ' : ''} (${seconds(started)})`,
  );
  if (differing.length) console.log(`  differing: ${differing.slice(0, 20).join(', ')}`);
  failed ||= differing.length > 0 || problemsDiffer;
}

if (values.build) {
  const work = values.work ?? mkdtempSync(join(tmpdir(), 'prove-migration-'));
  const outputs: string[] = [];
  for (const [name, documents] of [
    ['before', before],
    ['after', after],
  ] as const) {
    const dataset = join(work, name);
    rmSync(dataset, { recursive: true, force: true });
    mkdirSync(dataset, { recursive: true });
    writeFileSync(join(dataset, 'data.ndjson'), ndjson(documents));
    writeFileSync(join(dataset, 'tenants.json'), JSON.stringify(tenants));
    symlinkSync(join(ROOT, 'src/dataset/images'), join(dataset, 'images'));
    const outDir = join(work, `${name}-dist`);
    rmSync(outDir, { recursive: true, force: true });
    started = performance.now();
    await buildFrom(dataset, outDir, join(work, `${name}-report.json`));
    console.log(`built ${name} in ${seconds(started)}`);
    outputs.push(outDir);
  }
  const compared = compareBuilds(outputs[0]!, outputs[1]!);
  console.log(
    `build outputs: ${compared.files - compared.differing.length - compared.onlyOne.length} of ${compared.files} files (${compared.bytes} bytes) the same byte for byte`,
  );
  for (const file of [...compared.differing, ...compared.onlyOne].slice(0, 20))
    console.log(`  differs: ${file}`);
  failed ||= compared.differing.length > 0 || compared.onlyOne.length > 0;
  if (!values.keep && !values.work) rmSync(work, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
