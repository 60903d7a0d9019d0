/**
 * The build refuses a live school's broadband label that contradicts the FCC rules
 * (src/lib/labels/fcc-checks.ts), naming the school, the document and the field; the same label on
 * a school being prepared stops nothing. One build of two schools of the bundled dataset.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { withBuildLock } from '../../../scripts/lib/build-lock.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
const scratch = mkdtempSync(join(tmpdir(), 'broadband-labels-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

type Doc = Record<string, unknown> & { _id: string; _type: string };
const KEEP = new Set(['school-huskymobile', 'school-cubbymobile']);

/** Huskymobile (live) and cubbymobile (preparing), each with a fixed broadband plan id under a mobile heading. */
function writeDataset(): string {
  const docs = readFileSync(join(ROOT, 'src/dataset/data.ndjson'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Doc)
    .filter(
      (doc) =>
        doc._type === 'siteSettings' ||
        doc._id.startsWith('product-') ||
        KEEP.has(doc._id) ||
        KEEP.has(String((doc.school as { _ref?: string } | undefined)?._ref)),
    )
    .map((doc) => {
      if (doc._id === 'school-cubbymobile') return { ...doc, status: 'preparing' };
      if (doc._id.endsWith('-broadbandFacts-fan-2'))
        return { ...doc, uniquePlanId: String(doc.uniquePlanId).replace(/^M/, 'F') };
      return doc;
    });
  writeFileSync(join(scratch, 'data.ndjson'), docs.map((doc) => JSON.stringify(doc)).join('\n'));
  symlinkSync(join(ROOT, 'src/dataset/images'), join(scratch, 'images'));
  return scratch;
}

describe('a broadband label that contradicts the FCC rules', () => {
  it('stops the build for a live school, naming school, document and field; a preparing school does not stop it', async () => {
    const dataset = writeDataset();
    const id = (
      JSON.parse(
        readFileSync(join(dataset, 'data.ndjson'), 'utf8')
          .split('\n')
          .find((line) => line.includes('"huskymobile-broadbandFacts-fan-2"'))!,
      ) as Doc
    ).uniquePlanId as string;
    let output = '';
    let code = 0;
    try {
      await withBuildLock(() =>
        promisify(execFile)(
          process.execPath,
          [join(ROOT, 'node_modules/astro/bin/astro.mjs'), 'build'],
          {
            cwd: ROOT,
            env: {
              ...process.env,
              ASTRO_TELEMETRY_DISABLED: '1',
              CONTENT_SOURCE: 'local',
              CONTENT_DATASET_DIR: dataset,
              TENANTS_FILE: join(ROOT, 'src/dataset/tenants.json'),
              BUILD_OUT_DIR: join(scratch, 'dist'),
              BUILD_REPORT_FILE: join(scratch, 'report.json'),
            },
            maxBuffer: 64 * 1024 * 1024,
          },
        ),
      );
    } catch (error) {
      const failed = error as { code?: number; stdout?: string; stderr?: string };
      code = failed.code ?? 1;
      output = `${failed.stdout ?? ''}${failed.stderr ?? ''}`;
    }
    expect(code).not.toBe(0);
    expect(id).toMatch(/^F3615245165[A-Z0-9]{15}$/);
    expect(output).toContain(
      `School huskymobile (live) cannot be published: huskymobile-broadbandFacts-fan-2 field uniquePlanId: unique plan id "${id}" does not start with M, but the label is headed "Mobile Broadband Consumer Disclosure" (M: mobile, F: fixed broadband)`,
    );
    // The preparing school's label is reported with the rest, and stops nothing.
    expect(output).toMatch(
      /\[labels\] cubbymobile broadbandFacts \(cubbymobile-broadbandFacts-fan-2\): unique plan id "F3615245165[A-Z0-9]{15}" does not start with M/,
    );
    expect(output).not.toMatch(/School cubbymobile \(\w+\) cannot be published/);
  }, 200_000);
});
