/**
 * What proves a migration to product documents (migrate-to-product.ts) by its output: every
 * school's content as the build reads it is the same before and after (in each perspective), and
 * the built site is the same byte for byte (every file of two builds, one from each dataset, with
 * the same settings). Used by prove-migration.ts and the tests that hold the bundled dataset's
 * migration (tests/unit/content/inheritance/migrate.test.ts, tests/service/build/
 * product-migration.test.ts).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { groupContent } from '../../src/lib/content/group.ts';
import { applyPerspective, type ContentPerspective } from '../../src/lib/content/perspective.ts';
import { splitBuildContent } from '../../src/lib/content/queries.ts';
import { withBuildLock } from '../lib/build-lock.ts';

type Doc = Record<string, unknown>;
const ROOT = resolve(import.meta.dirname, '..', '..');

/** Item keys aside (a school's items take the product's keys, which no published page shows). */
export const withoutKeys = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(withoutKeys)
    : value && typeof value === 'object'
      ? Object.fromEntries(
          Object.entries(value)
            .filter(([key]) => key !== '_key')
            .map(([key, inner]) => [key, withoutKeys(inner)]),
        )
      : value;

/** Each school's documents as the build reads them (resolved, validated), and the read's problems. */
export function schoolContent(documents: readonly Doc[], perspective: ContentPerspective) {
  const grouped = groupContent(
    splitBuildContent(applyPerspective(documents, perspective) as never),
  );
  return {
    problems: grouped.problems,
    schools: grouped.schools.map(({ school, documents: byType }) => ({
      school,
      documents: withoutKeys(byType),
    })),
  };
}

/** The schools (by key) whose content reads differently after than before, and whether the problems differ. */
export function contentDifferences(
  before: readonly Doc[],
  after: readonly Doc[],
  perspective: ContentPerspective = 'published',
): { schools: number; differing: string[]; problemsDiffer: boolean } {
  const was = schoolContent(before, perspective);
  const is = schoolContent(after, perspective);
  const now = new Map(is.schools.map((entry) => [entry.school.key, JSON.stringify(entry)]));
  const differing = was.schools
    .filter((entry) => now.get(entry.school.key) !== JSON.stringify(entry))
    .map((entry) => entry.school.key);
  for (const key of now.keys())
    if (!was.schools.some((entry) => entry.school.key === key)) differing.push(key);
  return {
    schools: was.schools.length,
    differing,
    problemsDiffer: JSON.stringify(was.problems) !== JSON.stringify(is.problems),
  };
}

/** A dataset's documents and its bytes as an NDJSON file. */
export const ndjson = (documents: readonly Doc[]): string =>
  documents.map((doc) => JSON.stringify(doc)).join('\n') + '\n';

export function datasetSize(documents: readonly Doc[]): { documents: number; bytes: number } {
  return { documents: documents.length, bytes: Buffer.byteLength(ndjson(documents)) };
}

/**
 * Builds the site from the dataset in `datasetDir` (data.ndjson, images, tenants.json) into
 * `outDir`, with the same settings every time, so two builds differ only by their datasets.
 */
export async function buildFrom(datasetDir: string, outDir: string, reportFile: string) {
  await withBuildLock(() =>
    execFileSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], {
      cwd: ROOT,
      env: {
        ...process.env,
        CONTENT_SOURCE: 'local',
        CONTENT_DATASET_DIR: datasetDir,
        TENANTS_FILE: join(datasetDir, 'tenants.json'),
        BUILD_OUT_DIR: outDir,
        BUILD_REPORT_FILE: reportFile,
        ASTRO_TELEMETRY_DISABLED: '1',
      },
      stdio: 'pipe',
      maxBuffer: 64 * 1024 * 1024,
    }),
  );
}

function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

/** Every file of two build outputs compared byte for byte: the first's files, which differ, and which are in one only. */
export function compareBuilds(a: string, b: string) {
  const left = files(a);
  const right = new Set(files(b));
  const differing: string[] = [];
  const onlyOne: string[] = [];
  let bytes = 0;
  for (const file of left) {
    if (!right.delete(file)) {
      onlyOne.push(file);
      continue;
    }
    const was = readFileSync(join(a, file));
    bytes += was.length;
    if (!was.equals(readFileSync(join(b, file)))) differing.push(file);
  }
  onlyOne.push(...right);
  return { files: left.length, names: left, bytes, differing, onlyOne };
}
