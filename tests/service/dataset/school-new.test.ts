/**
 * `npm run school:new` as the content team runs it: a child process over a copy of the bundled
 * dataset, its refusals, its import file, what the content check then lists, and a build of the
 * result whose new school's pages are served by Netlify's engine.
 */
import { execFile, execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withBuildLock } from '../../../scripts/lib/build-lock.ts';
import { createNetlifySite } from '../../../scripts/local-stack/site/netlify-engine.ts';
import { fixedSchoolPages } from '../../school-pages.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
type Doc = Record<string, unknown> & { _id: string; _type: string };
const readDocs = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Doc);

let work: string;
let dataset: string;
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'school-new-'));
  dataset = join(work, 'dataset');
  // The template and one more school (a smaller build) and the product documents they inherit
  // from, with every image and the tenant records.
  cpSync(join(ROOT, 'src/dataset'), dataset, { recursive: true });
  const keep = new Set(['siteSettings', 'school-cubbymobile', 'school-huskymobile']);
  const docs = readDocs(join(dataset, 'data.ndjson')).filter(
    (doc) =>
      keep.has(doc._id) ||
      doc._id.startsWith('product-') ||
      keep.has(String((doc.school as { _ref?: string } | undefined)?._ref)),
  );
  writeFileSync(
    join(dataset, 'data.ndjson'),
    docs.map((doc) => `${JSON.stringify(doc)}\n`).join(''),
  );
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function run(
  script: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [join(ROOT, script), ...args],
      { cwd: ROOT, env: { ...process.env, ...env } },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const schoolNew = (...args: string[]) =>
  run('scripts/school-new.ts', [
    ...args,
    '--dataset',
    dataset,
    '--tenants-file',
    join(dataset, 'tenants.json'),
  ]);
const FALCON = [
  '--from',
  'cubbymobile',
  '--key',
  'falconmobile',
  '--slug',
  'falcon-mobile',
  '--name',
  'Falcon Mobile',
  '--school-name',
  'Ridgeview University',
  '--short',
  'Ridgeview',
  '--fan-base',
  'Falcon Nation',
  '--city',
  'Boulder',
  '--state',
  'Colorado',
  '--primary',
  '#9E1B32',
  '--primary-name',
  'Falcon Red',
];

describe('npm run school:new', () => {
  it('refuses an unknown template, a taken key or address and a malformed address, and writes nothing', async () => {
    const before = readFileSync(join(dataset, 'data.ndjson'), 'utf8');
    const unknown = await schoolNew(
      '--from',
      'owlmobile',
      '--key',
      'falconmobile',
      '--slug',
      'falcon-mobile',
      '--name',
      'Falcon Mobile',
    );
    expect(unknown.code).toBe(1);
    expect(unknown.stderr.trim()).toBe(
      `school:new: no template school "owlmobile" in ${dataset}; its schools are huskymobile, cubbymobile`,
    );
    const taken = await schoolNew(
      '--from',
      'cubbymobile',
      '--key',
      'huskymobile',
      '--slug',
      'gohuskymobile',
      '--name',
      'Falcon Mobile',
    );
    expect(taken.code).toBe(1);
    expect(taken.stderr.trim().split('\n')).toEqual([
      'school:new: cannot make school "huskymobile" from cubbymobile:',
      '  key "huskymobile" is already used by school huskymobile (its key)',
      '  seo slug "gohuskymobile" is already used by school huskymobile (its old address)',
    ]);
    const malformed = await schoolNew(
      '--from',
      'cubbymobile',
      '--key',
      'falconmobile',
      '--slug',
      'Falcon_Mobile',
      '--name',
      'Falcon Mobile',
    );
    expect(malformed.stderr).toContain(
      'seo slug "Falcon_Mobile" must be lower-case letters and digits, words joined by single hyphens',
    );
    const noName = await schoolNew(
      '--from',
      'cubbymobile',
      '--key',
      'falconmobile',
      '--slug',
      'falcon-mobile',
    );
    expect(noName.stderr).toMatch(/^school:new: missing --name\nusage: npm run school:new/);
    expect(readFileSync(join(dataset, 'data.ndjson'), 'utf8')).toBe(before);
  }, 120_000);

  it('writes an import file with the images it names beside it, the new logo among them', async () => {
    const out = join(work, 'import', 'falcon.ndjson');
    const logo = join(work, 'falcon-logo.svg');
    writeFileSync(
      logo,
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 100" width="300" height="100"><rect width="300" height="100" fill="#9E1B32"/></svg>',
    );
    const result = await schoolNew(...FALCON, '--out', out, '--logo', logo);
    expect(result.code).toBe(0);
    const docs = readDocs(out);
    expect(docs).toHaveLength(41);
    const newLogo = 'image@file://./images/falconmobile-logo-300x100.svg';
    expect(
      (docs.find((doc) => doc._type === 'school')?.logo as { _sanityAsset?: string })._sanityAsset,
    ).toBe(newLogo);
    expect(
      (docs.find((doc) => doc._type === 'footer')?.collegeLogo as { _sanityAsset?: string })
        ._sanityAsset,
    ).toBe(newLogo);
    const images = [
      ...readFileSync(out, 'utf8').matchAll(/image@file:\/\/\.\/images\/([^"]+)/g),
    ].map((match) => match[1]!);
    expect(images.filter((file) => !existsSync(join(work, 'import', 'images', file)))).toEqual([]);
  }, 30_000);

  it("adds the school to the dataset and a tenant record, then the content check lists the template's copy as warnings", async () => {
    const result = await schoolNew(...FALCON, '--tenant');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      `school:new: falconmobile (/falcon-mobile) made from cubbymobile: 41 documents written to ${join(dataset, 'data.ndjson')}, status preparing`,
    );
    const tenants = JSON.parse(readFileSync(join(dataset, 'tenants.json'), 'utf8')) as Array<
      Record<string, unknown>
    >;
    const template = tenants.find((record) => record.slug === 'cubbymobile')!;
    const record = tenants.find((record) => record.slug === 'falconmobile')!;
    expect(record).toMatchObject({
      Name: 'Falcon Mobile',
      PrimaryColor: '#9E1B32',
      ActiveGiveawayEvent: template.ActiveGiveawayEvent,
      SupportEmail: 'help@falconmobile.k1mobile.example',
    });
    expect(
      tenants.filter((other) => other.id === record.id || other.affiliateId === record.affiliateId),
    ).toHaveLength(1);

    const again = await schoolNew(...FALCON, '--tenant');
    expect(again.stderr).toContain(
      'key "falconmobile" is already used by school falconmobile (its key)',
    );

    const check = await run('scripts/content-check.ts', [], {
      CONTENT_SOURCE: 'local',
      CONTENT_DATASET_DIR: dataset,
    });
    expect(check.code).toBe(0);
    const rows = check.stdout
      .split('\n')
      .filter((line) => line.startsWith('warning '))
      .map((line) => line.split(/ {2,}/));
    expect(rows).toContainEqual([
      'warning',
      'falconmobile',
      'landingHeader',
      'falconmobile-landingHeader',
      'title',
      'still the template school\'s text (cubbymobile): "Big coverage for the whole Cub family"',
    ]);
    expect(rows).toContainEqual([
      'warning',
      'falconmobile',
      'school',
      'school-falconmobile',
      'logo',
      "still the template school's image (cubbymobile): cubbymobile-logo-240x80.svg",
    ]);
    // What it still lacks of its own: the template's plan ids are never copied.
    const lacks = rows.filter((row) => row[5]?.startsWith('no '));
    expect(lacks).toHaveLength(9);
    expect(lacks).toContainEqual([
      'warning',
      'falconmobile',
      'broadbandFacts',
      'falconmobile-broadbandFacts-fan-1',
      'uniquePlanId',
      "no FCC plan id of its own yet: it shows product-broadbandFacts-1's",
    ]);
    expect(lacks.every((row) => row[2] === 'broadbandFacts' && row[4] === 'uniquePlanId')).toBe(
      true,
    );
    expect(rows.every((row) => row[1] === 'falconmobile')).toBe(true);
    expect(check.stdout).toMatch(
      /content check passed: 164 documents, 3 schools, \d+ warning\(s\)/,
    );

    // Live with the template's copy still in it: the same rows, now errors (what a school lacks
    // of its own is listed while it is prepared).
    const file = join(dataset, 'data.ndjson');
    writeFileSync(
      file,
      readDocs(file)
        .map(
          (doc) =>
            `${JSON.stringify(doc._id === 'school-falconmobile' ? { ...doc, status: 'live' } : doc)}\n`,
        )
        .join(''),
    );
    const live = await run('scripts/content-check.ts', [], {
      CONTENT_SOURCE: 'local',
      CONTENT_DATASET_DIR: dataset,
    });
    expect(live.code).toBe(1);
    const errors = live.stdout
      .split('\n')
      .filter((line) => line.startsWith('error '))
      .map((line) => line.split(/ {2,}/));
    expect(errors).toContainEqual([
      'error',
      'falconmobile',
      'landingHeader',
      'falconmobile-landingHeader',
      'title',
      'still the template school\'s text (cubbymobile): "Big coverage for the whole Cub family" (the school is live)',
    ]);
    expect(errors).toHaveLength(rows.length - lacks.length);
  }, 120_000);

  it('says the local build needs a tenant record when --tenant is left out', async () => {
    const result = await schoolNew(
      '--from',
      'cubbymobile',
      '--key',
      'owlmobile',
      '--slug',
      'owl-mobile',
      '--name',
      'Owl Mobile',
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      `school:new: ${join(dataset, 'tenants.json')} has no tenant record for owlmobile: the local build stops on the school until it has one (run with --tenant, or add it)`,
    );
    // Out of the build below: it has no tenant record.
    const file = join(dataset, 'data.ndjson');
    writeFileSync(
      file,
      readDocs(file)
        .filter((doc) => doc._id !== 'school-owlmobile' && !doc._id.startsWith('owlmobile-'))
        .map((doc) => `${JSON.stringify(doc)}\n`)
        .join(''),
    );
  }, 30_000);

  // The school, now live (as it is once its editors are done), builds like any other.
  it("builds: every page of the new school is served by Netlify's engine", async () => {
    const outDir = join(work, 'dist');
    await withBuildLock(() =>
      execFileSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], {
        cwd: ROOT,
        env: {
          ...process.env,
          CONTENT_SOURCE: 'local',
          CONTENT_DATASET_DIR: dataset,
          TENANTS_FILE: join(dataset, 'tenants.json'),
          BUILD_OUT_DIR: outDir,
          BUILD_REPORT_FILE: join(work, 'report.json'),
          ASTRO_TELEMETRY_DISABLED: '1',
        },
        stdio: 'pipe',
      }),
    );
    expect(readdirSync(join(outDir, 'falcon-mobile')).length).toBeGreaterThan(0);
    const site = createNetlifySite({ distDir: outDir, netlifyToml: join(ROOT, 'netlify.toml') });
    for (const { path } of fixedSchoolPages('falcon-mobile')) {
      const response = await site.handle(new Request(`http://localhost:4321${path}`));
      const html = await response.text();
      expect({ path, status: response.status }).toEqual({ path, status: 200 });
      expect(html, path).toContain('Falcon Mobile');
    }
    const withSlash = await site.handle(
      new Request('http://localhost:4321/falcon-mobile/student/'),
    );
    expect(withSlash.status).toBe(200);
    await withSlash.text();
    const fanPlans = await site.handle(
      new Request('http://localhost:4321/falcon-mobile/fan-plans'),
    );
    expect(fanPlans.status).toBe(301);
    expect(new URL(fanPlans.headers.get('location') ?? '', 'http://localhost:4321').pathname).toBe(
      '/falcon-mobile/fan',
    );
    await fanPlans.text();
    const landing = await (
      await site.handle(new Request('http://localhost:4321/falcon-mobile'))
    ).text();
    expect(landing).toContain('<title>');
    expect(landing).not.toContain('Cubby Mobile');
  }, 180_000);
});
