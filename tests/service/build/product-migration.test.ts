/**
 * The migration to product documents, proven by the built site: the bundled dataset as it was
 * before it (tests/fixtures/pre-product-dataset) and the bundled dataset as it is now (product
 * documents plus overrides) build, with the same settings, into the same files byte for byte:
 * every page, `_redirects`, `_headers`, the sitemap and each school's labels CSV.
 * scripts/dataset/prove-migration.ts --schools 600 --build does the same at 600 schools.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFrom, compareBuilds } from '../../../scripts/dataset/migration-proof.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
const work = mkdtempSync(join(tmpdir(), 'product-migration-'));
let compared: ReturnType<typeof compareBuilds>;

beforeAll(async () => {
  const before = join(work, 'before');
  mkdirSync(before);
  copyFileSync(
    join(ROOT, 'tests/fixtures/pre-product-dataset/data.ndjson'),
    join(before, 'data.ndjson'),
  );
  copyFileSync(join(ROOT, 'src/dataset/tenants.json'), join(before, 'tenants.json'));
  symlinkSync(join(ROOT, 'src/dataset/images'), join(before, 'images'));
  await buildFrom(before, join(work, 'before-dist'), join(work, 'before-report.json'));
  await buildFrom(
    join(ROOT, 'src/dataset'),
    join(work, 'after-dist'),
    join(work, 'after-report.json'),
  );
  compared = compareBuilds(join(work, 'before-dist'), join(work, 'after-dist'));
}, 240_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the bundled dataset builds the same site before and after its migration', () => {
  it('every file of the two builds is the same byte for byte', () => {
    expect(compared.differing).toEqual([]);
    expect(compared.onlyOne).toEqual([]);
  });

  it('the files compared are the whole site: pages, redirects, headers, sitemap and labels CSVs', () => {
    const { names } = compared;
    expect(names.filter((name) => name.endsWith('.html')).length).toBeGreaterThan(60);
    expect(names).toEqual(
      expect.arrayContaining([
        'uw-husky-mobile.html',
        'uw-husky-mobile/fan.html',
        '_redirects',
        '_headers',
        'sitemap-0.xml',
      ]),
    );
    expect(names.filter((name) => name.endsWith('/broadband-labels.csv'))).toHaveLength(6);
  });
});
