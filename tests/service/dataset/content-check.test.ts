/**
 * `npm run content:check` as editors run it: a child process over a dataset with known errors,
 * checked for its exact rows and exit code.
 */
import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyPerspective } from '../../../src/lib/content/perspective.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
const SCRIPT = join(ROOT, 'scripts/content-check.ts');
type Doc = Record<string, unknown> & {
  _id: string;
  _type: string;
  school?: { _type?: string; _ref: string };
};
const bundled = readFileSync(join(ROOT, 'src/dataset/data.ndjson'), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as Doc);

let work: string;
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'content-check-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A dataset folder (data.ndjson + images/) of two bundled schools and the product documents they inherit from, changed by `edit`. */
function dataset(name: string, edit: (docs: Doc[]) => Doc[]): string {
  const dir = join(work, name);
  mkdirSync(dir, { recursive: true });
  const keep = new Set(['huskymobile', 'cubbymobile']);
  const docs = bundled.filter(
    (doc) =>
      doc._type === 'siteSettings' ||
      doc._id.startsWith('product-') ||
      keep.has(String(doc.school?._ref.replace(/^school-/, '') ?? doc.key)),
  );
  writeFileSync(
    join(dir, 'data.ndjson'),
    edit(structuredClone(docs))
      .map((doc) => JSON.stringify(doc))
      .join('\n'),
  );
  cpSync(join(ROOT, 'src/dataset/images'), join(dir, 'images'), { recursive: true });
  return dir;
}

async function check(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return checkWithEnv({ CONTENT_SOURCE: 'local' }, ...args);
}

async function checkWithEnv(
  env: Record<string, string>,
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [SCRIPT, ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** The problem rows, as columns (the output aligns them with runs of spaces). */
const rowsOf = (stdout: string) =>
  stdout
    .split('\n')
    .filter((line) => /^(error|warning) /.test(line))
    .map((line) => line.split(/ {2,}/));

describe('content check', () => {
  it('passes the bundled dataset', async () => {
    const result = await check();
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('content check passed: 328 documents, 6 schools, 0 warning(s)');
  }, 30_000);

  it('lists every problem with school, type, document id and field, and exits 1', async () => {
    const dir = dataset('broken', (docs) => {
      const byId = (id: string) => docs.find((doc) => doc._id === id) as Doc;
      // A blank title is the school's own (an unset one would be the product's).
      byId('huskymobile-faqs').title = '   ';
      delete byId('school-huskymobile').secondaryColor;
      byId('huskymobile-landingHeader').heroImage = {
        _type: 'image',
        _sanityAsset: 'image@file://./images/huskymobile-stadium-1600x900.webp',
      };
      // The school's first social link, over the product's item of the same key.
      const [icon] = byId('product-footer').socialMediaIcons as Array<{ _key: string }>;
      byId('huskymobile-footer').socialMediaIcons = [
        { _key: icon!._key, socialUrl: 'javascript:alert(1)' },
      ];
      const duplicate = { ...byId('cubbymobile-whyHero'), _id: 'cubbymobile-whyHero-copy' };
      docs.push(duplicate, {
        _id: 'ghost-faqs',
        _type: 'faqs',
        school: { _type: 'reference', _ref: 'school-ghostmobile' },
      });
      // Neither the product nor a school has a second partner banner.
      return docs.filter((doc) => !doc._id.endsWith('partnerBanner-2'));
    });
    const result = await check('--file', join(dir, 'data.ndjson'));
    expect(result.code).toBe(1);
    expect(rowsOf(result.stdout)).toEqual([
      ['error', 'cubbymobile', 'partnerBanner', '-', 'bannerNumber', 'banner 2 missing'],
      [
        'warning',
        'cubbymobile',
        'whyHero',
        'cubbymobile-whyHero, cubbymobile-whyHero-copy',
        '-',
        '2 documents; the site shows cubbymobile-whyHero',
      ],
      [
        'error',
        'huskymobile',
        'faqs',
        'huskymobile-faqs',
        'title',
        'Too small: expected string to have >=1 characters',
      ],
      // The link guard drops the unsafe link; without it the document fails its schema: cause and effect.
      [
        'error',
        'huskymobile',
        'footer',
        'huskymobile-footer',
        'socialMediaIcons.0.socialUrl',
        'Invalid input: expected string, received undefined',
      ],
      [
        'error',
        'huskymobile',
        'footer',
        'huskymobile-footer',
        'socialMediaIcons[0].socialUrl',
        'unsafe link dropped at socialMediaIcons[0].socialUrl: "javascript:alert(1)" (scheme javascript: is not allowed)',
      ],
      [
        'error',
        'huskymobile',
        'landingHeader',
        'huskymobile-landingHeader',
        'heroImage',
        'image file images/huskymobile-stadium-1600x900.webp is missing',
      ],
      ['error', 'huskymobile', 'partnerBanner', '-', 'bannerNumber', 'banner 2 missing'],
      [
        'warning',
        'huskymobile',
        'school',
        'school-huskymobile',
        'secondaryColor',
        "no brand colour: the theme uses the tenant record's, else the fallback colour",
      ],
      [
        'error',
        'school-ghostmobile',
        'faqs',
        'ghost-faqs',
        'school',
        'document references no registered school (school-ghostmobile)',
      ],
    ]);
    expect(result.stdout).toContain(
      'content check failed: 7 error(s) in 3 school(s), 2 warning(s); 122 documents, 2 schools',
    );
  }, 30_000);

  it('refuses broadband labels that contradict their cards or the FCC format: errors for a live school, warnings for a preparing one', async () => {
    const dir = dataset('labels', (docs) => {
      const byId = (id: string) => docs.find((doc) => doc._id === id) as Doc;
      // The school's fan card costs more; its label still inherits the product's price.
      const [card] = byId('product-planCards-fan').plans as Array<{ _key: string }>;
      byId('huskymobile-planCards-fan').plans = [{ _key: card!._key, price: '$35' }];
      // A fixed broadband id of another FRN on a mobile label of a school being prepared.
      byId('school-cubbymobile').status = 'preparing';
      const label = byId('cubbymobile-broadbandFacts-fan-2');
      label.uniquePlanId = `F9999999999${String(label.uniquePlanId).slice(11)}`;
      return docs;
    });
    const result = await check('--file', join(dir, 'data.ndjson'));
    expect(result.code).toBe(1);
    const labelRows = rowsOf(result.stdout).filter((row) => row[2] === 'broadbandFacts');
    const id = labelRows[0]?.[5]?.match(/"(F\d{10}[A-Z0-9]{15})"/)?.[1];
    expect(labelRows).toEqual([
      [
        'warning',
        'cubbymobile',
        'broadbandFacts',
        'cubbymobile-broadbandFacts-fan-2',
        'uniquePlanId',
        `unique plan id "${id}" does not start with M, but the label is headed "Mobile Broadband Consumer Disclosure" (M: mobile, F: fixed broadband)`,
      ],
      [
        'warning',
        'cubbymobile',
        'broadbandFacts',
        'cubbymobile-broadbandFacts-fan-2',
        'uniquePlanId',
        `FRN 9999999999 in unique plan id "${id}" is not Cubby Mobile's FRN 3615245165 (on 8 of its 9 labels): one provider has one FRN`,
      ],
      [
        'error',
        'huskymobile',
        'broadbandFacts',
        'huskymobile-broadbandFacts-fan-1',
        'planPrice',
        'monthly price "$30.00" (inherited from product-broadbandFacts-1) is not its plan card\'s price: "Fan Essentials" shows "$35" (price in huskymobile-planCards-fan)',
      ],
    ]);
    expect(id).toMatch(/^F9999999999/);
  }, 30_000);

  it('lists what a preparing school lacks of its own, and every override equal to what the school would inherit', async () => {
    const dir = dataset('lists', (docs) => {
      const byId = (id: string) => docs.find((doc) => doc._id === id) as Doc;
      const cubby = byId('school-cubbymobile');
      cubby.status = 'preparing';
      delete cubby.city;
      // Lacking a brand colour is the existing warning's to say: it is not listed twice.
      delete cubby.secondaryColor;
      delete byId('cubbymobile-broadbandFacts-fan-1').uniquePlanId;
      // The product's words, as written and as the school's words fill them: no override at all.
      byId('huskymobile-faqs').title = 'Frequently asked questions';
      byId('huskymobile-faqs').subHeader = 'Everything you need to know about Husky Mobile';
      const [card] = byId('product-planCards-fan').plans as Array<{ _key: string }>;
      byId('cubbymobile-planCards-fan').plans = [{ _key: card!._key, price: '$30' }];
      return docs.filter((doc) => doc._id !== 'cubbymobile-broadbandFacts-fan-2');
    });
    const result = await check('--file', join(dir, 'data.ndjson'));
    const same =
      'the same as it would inherit from %s: later changes there do not reach this school (clear the field to inherit them)';
    expect(rowsOf(result.stdout)).toEqual([
      [
        'warning',
        'cubbymobile',
        'broadbandFacts',
        '-',
        'uniquePlanId',
        "no FCC plan id of its own yet: it has no broadbandFacts (order 2) document and shows product-broadbandFacts-2's",
      ],
      [
        'warning',
        'cubbymobile',
        'broadbandFacts',
        'cubbymobile-broadbandFacts-fan-1',
        'uniquePlanId',
        "no FCC plan id of its own yet: it shows product-broadbandFacts-1's",
      ],
      [
        'warning',
        'cubbymobile',
        'planCards',
        'cubbymobile-planCards-fan',
        `plans[_key=="${String((bundled.find((doc) => doc._id === 'product-planCards-fan')!.plans as Array<{ _key: string }>)[0]!._key)}"].price`,
        same.replace('%s', 'product-planCards-fan'),
      ],
      ['warning', 'cubbymobile', 'school', 'school-cubbymobile', 'city', 'no city of its own yet'],
      [
        'warning',
        'cubbymobile',
        'school',
        'school-cubbymobile',
        'secondaryColor',
        "no brand colour: the theme uses the tenant record's, else the fallback colour",
      ],
      [
        'warning',
        'huskymobile',
        'faqs',
        'huskymobile-faqs',
        'subHeader',
        same.replace('%s', 'product-faqs'),
      ],
      [
        'warning',
        'huskymobile',
        'faqs',
        'huskymobile-faqs',
        'title',
        same.replace('%s', 'product-faqs'),
      ],
    ]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('content check passed: 122 documents, 2 schools, 7 warning(s)');
  }, 30_000);

  it('stops naming the product document and the field for an unknown placeholder, and a live school missing a product document it needs', async () => {
    const unknown = dataset('unknown-placeholder', (docs) => {
      (docs.find((doc) => doc._id === 'product-faqs') as Doc).subHeader = 'Ask {coach} anything';
      return docs;
    });
    const stopped = await check('--file', join(unknown, 'data.ndjson'));
    expect(stopped.code).toBe(1);
    expect(stopped.stderr).toContain(
      'content check: the build would stop: Product documents: product-faqs field subHeader: unknown placeholder {coach}',
    );
    const missing = dataset('missing-product', (docs) =>
      docs.filter((doc) => doc._id !== 'product-whyHero'),
    );
    const lacking = await check('--file', join(missing, 'data.ndjson'));
    expect(lacking.code).toBe(1);
    expect(lacking.stderr).toMatch(
      /content check: the build would stop: School (cubby|husky)mobile \(live\) cannot be published: (cubby|husky)mobile-whyHero: no product document product-whyHero \(whyHero\) to inherit what this document leaves empty \(\w+: /,
    );
  }, 30_000);

  it('stops with a clear message on content the build cannot start with', async () => {
    const dir = dataset('registry', (docs) => {
      (docs.find((doc) => doc._id === 'school-cubbymobile') as Doc).seoSlug = 'uw-husky-mobile';
      return docs;
    });
    const result = await check('--file', dir);
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      'content check: the build would stop: School cubbymobile: "uw-husky-mobile" is already used by school huskymobile',
    );
  }, 30_000);

  it('reads a Sanity export archive (.tar.gz) and its images', async () => {
    const dir = dataset('export/production-export', (docs) => docs);
    rmSync(join(dir, 'images', 'cubbymobile-logo-240x80.svg'));
    const archive = join(work, 'production.tar.gz');
    await promisify(execFile)('tar', [
      '-czf',
      archive,
      '-C',
      join(work, 'export'),
      'production-export',
    ]);
    const result = await check('--file', archive);
    expect(result.code).toBe(1);
    expect(rowsOf(result.stdout)).toEqual([
      [
        'error',
        'cubbymobile',
        'footer',
        'cubbymobile-footer',
        'collegeLogo',
        'image file images/cubbymobile-logo-240x80.svg is missing',
      ],
      [
        'error',
        'cubbymobile',
        'school',
        'school-cubbymobile',
        'logo',
        'image file images/cubbymobile-logo-240x80.svg is missing',
      ],
    ]);
  }, 30_000);

  it('exits 2 when the dataset cannot be read', async () => {
    const result = await check('--file', join(work, 'no-such-export.tar.gz'));
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^content check: cannot read the dataset: ENOENT/);
  }, 30_000);

  it('checks the live Sanity dataset when CONTENT_SOURCE=sanity', async () => {
    // A stand-in for the Sanity query API answering with the bundled documents as the published
    // perspective shows them, one of them broken; images as Sanity asset references (image-<id>-<w>x<h>-<ext>).
    const answer = (applyPerspective(bundled, 'published') as Doc[])
      .map((doc) => structuredClone(doc))
      // The school owns its list of questions, and it is empty.
      .map((doc) =>
        doc._id === 'huskymobile-faqs' ? { ...doc, ownedLists: ['faqs'], faqs: [] } : doc,
      );
    const asSanity = JSON.parse(
      JSON.stringify(answer).replace(
        /"_sanityAsset":"image@file:\/\/\.\/images\/([a-z0-9-]+)-(\d+x\d+)\.([a-z]+)"/g,
        (_match, name: string, size: string, ext: string) =>
          `"asset":{"_ref":"image-${name.replace(/-/g, '')}-${size}-${ext}","_type":"reference"}`,
      ),
    ) as Doc[];
    const paths: string[] = [];
    const server = createServer((request, response) => {
      paths.push(new URL(request.url ?? '/', 'http://localhost').pathname);
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ ms: 1, result: asSanity }));
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    try {
      const apiHost = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const result = await checkWithEnv({
        CONTENT_SOURCE: 'sanity',
        SANITY_PROJECT_ID: 'test1234',
        SANITY_DATASET: 'production',
        SANITY_API_HOST: apiHost,
      });
      expect(result.stdout).toContain('content check: Sanity project test1234, dataset production');
      expect(rowsOf(result.stdout)).toEqual([
        [
          'error',
          'huskymobile',
          'faqs',
          'huskymobile-faqs',
          'faqs',
          'Too small: expected array to have >=1 items',
        ],
      ]);
      expect(result.code).toBe(1);
      expect(paths).toEqual(['/v2025-09-15/data/query/production']);
    } finally {
      server.close();
    }
  }, 30_000);
});
