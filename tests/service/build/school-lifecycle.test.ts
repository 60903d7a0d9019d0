/**
 * Schools come and go: builds of a small dataset with a school of each status, run as a local
 * build and as Netlify's production context.
 *   huskymobile   live
 *   cubbymobile   preparing (has a tenant record)
 *   kentuckymobile preparing, no tenant record yet
 *   beavsmobile   retired, successor huskymobile (no tenant record needed)
 * Its content is the input, so this needs builds of its own (four schools, two of them published).
 */
import { execFile } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
  existsSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withBuildLock } from '../../../scripts/lib/build-lock.ts';
import { createNetlifySite } from '../../../scripts/local-stack/site/netlify-engine.ts';
import { NOT_LAUNCHED_NOTICE } from '../../../src/lib/schools/lifecycle.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
const ASTRO = join(ROOT, 'node_modules/astro/bin/astro.mjs');
const SITE = 'https://schools.example.net';
const MAIN = 'https://www.k1mobile.example';
const HERO = 'huskymobile-hero-1600x900.webp';
const scratch = mkdtempSync(join(tmpdir(), 'school-lifecycle-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

type Doc = Record<string, unknown>;
const KEYS = ['huskymobile', 'cubbymobile', 'kentuckymobile', 'beavsmobile'];
const STATUS: Record<string, Doc> = {
  cubbymobile: { status: 'preparing' },
  kentuckymobile: { status: 'preparing' },
  beavsmobile: { status: 'retired', successor: { _type: 'reference', _ref: 'school-huskymobile' } },
};

/** The four schools' documents (and the site settings), each school with its status. */
function lifecycleDocuments(): Doc[] {
  const docs = readFileSync(join(ROOT, 'src/dataset/data.ndjson'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Doc);
  const ids = new Map(
    docs
      .filter((doc) => doc._type === 'school' && KEYS.includes(doc.key as string))
      .map((doc) => [doc._id as string, doc.key as string]),
  );
  return docs
    .filter((doc) =>
      doc._type === 'school'
        ? ids.has(doc._id as string)
        : doc.school === undefined || ids.has((doc.school as Doc)._ref as string),
    )
    .map((doc) => (doc._type === 'school' ? { ...doc, ...STATUS[doc.key as string] } : doc));
}

/** A dataset folder: the documents and the bundled images (linked one by one), without `leaveOut`. */
function writeLifecycleDataset(dir: string, leaveOut: string[]): string {
  mkdirSync(join(dir, 'images'), { recursive: true });
  writeFileSync(
    join(dir, 'data.ndjson'),
    lifecycleDocuments()
      .map((doc) => JSON.stringify(doc))
      .join('\n') + '\n',
  );
  for (const name of readdirSync(join(ROOT, 'src/dataset/images'))) {
    if (!leaveOut.includes(name))
      symlinkSync(join(ROOT, 'src/dataset/images', name), join(dir, 'images', name));
  }
  return dir;
}

const tenantsFile = join(scratch, 'tenants.json');
const allTenants = JSON.parse(
  readFileSync(join(ROOT, 'src/dataset/tenants.json'), 'utf8'),
) as Doc[];
// Neither the preparing kentuckymobile nor the retired beavsmobile has a tenant record.
writeFileSync(
  tenantsFile,
  JSON.stringify(
    allTenants.filter(
      (tenant) => !['kentuckymobile', 'beavsmobile'].includes(tenant.slug as string),
    ),
  ),
);
const fullDataset = writeLifecycleDataset(join(scratch, 'dataset-full'), []);
const withoutHero = writeLifecycleDataset(join(scratch, 'dataset-without-hero'), [HERO]);

/** This process's environment minus every project and Netlify setting, plus `extra`. */
function buildEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const clean: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (
      !/^(CONTENT_|SANITY_|PUBLIC_|SITE_URL|MAIN_SITE_URL|ORDER_SERVICE_URL|ACTIVE_|HIDDEN_|CONTEXT|URL|DEPLOY_PRIME_URL|ALLOW_DEMO_DEPLOY|BUILD_|NETLIFY|TENANTS_FILE)/.test(
        name,
      )
    )
      clean[name] = value;
  }
  return {
    ...clean,
    ASTRO_TELEMETRY_DISABLED: '1',
    CONTENT_SOURCE: 'local',
    TENANTS_FILE: tenantsFile,
    ...extra,
  };
}

interface Build {
  code: number;
  output: string;
  dir: string;
  report: Report | undefined;
}
interface Report {
  schools: Array<{ key: string; status: string }>;
  leftOut: Array<{ key: string; status: string; reasons: string[] }>;
  retired: Array<{ key: string; redirectTo: string }>;
  missingFiles: Array<{
    school: string;
    documentType: string;
    documentId: string;
    field: string;
    file: string;
  }>;
}

async function build(
  name: string,
  dataset: string,
  extra: Record<string, string> = {},
): Promise<Build> {
  const dir = join(scratch, name);
  const reportFile = join(scratch, `${name}.json`);
  const env = buildEnv({
    CONTENT_DATASET_DIR: dataset,
    BUILD_OUT_DIR: dir,
    BUILD_REPORT_FILE: reportFile,
    SITE_URL: SITE,
    ...extra,
  });
  let code = 0;
  let output: string;
  try {
    const { stdout, stderr } = await withBuildLock(() =>
      promisify(execFile)(process.execPath, [ASTRO, 'build'], {
        cwd: ROOT,
        env,
        maxBuffer: 64 * 1024 * 1024,
      }),
    );
    output = stdout + stderr;
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    code = failed.code ?? 1;
    output = `${failed.stdout ?? ''}${failed.stderr ?? ''}`;
  }
  return {
    code,
    output,
    dir,
    report: existsSync(reportFile)
      ? (JSON.parse(readFileSync(reportFile, 'utf8')) as Report)
      : undefined,
  };
}

const page = (result: Build, path: string) =>
  readFileSync(join(result.dir, `${path}.html`), 'utf8');
const sitemapText = (result: Build) =>
  readdirSync(result.dir)
    .filter((file) => /^sitemap-\d+\.xml$/.test(file))
    .map((file) => readFileSync(join(result.dir, file), 'utf8'))
    .join('\n');
const htmlFiles = (result: Build) =>
  readdirSync(result.dir).filter((file) => file.endsWith('.html'));
const links = (html: string) =>
  [...new JSDOM(html).window.document.querySelectorAll('a[href]')].map(
    (a) => a.getAttribute('href') ?? '',
  );

/**
 * Every address the school finder leads to: the search page's links, the links of each state's page
 * it links to (how a visitor without JavaScript reaches a school), and the cards of
 * `/search-schools.json` (what a keystroke draws).
 */
function finderLinks(result: Build): string[] {
  const onSearch = links(page(result, 'search'));
  const onStatePages = onSearch
    .filter((href) => href.startsWith('/search/'))
    .flatMap((href) => links(page(result, href.slice(1))));
  const cards = (
    JSON.parse(readFileSync(join(result.dir, 'search-schools.json'), 'utf8')) as {
      schools: Array<{ href: string }>;
    }
  ).schools.map((card) => card.href);
  return [...onSearch, ...onStatePages, ...cards];
}

/** One request through Netlify's engine over the build's output. */
async function answer(
  result: Build,
  path: string,
): Promise<{ status: number; location: string | null }> {
  const site = createNetlifySite({ distDir: result.dir, netlifyToml: join(ROOT, 'netlify.toml') });
  const response = await site.handle(new Request(new URL(path, 'http://localhost:4321')));
  await response.text();
  const location = response.headers.get('location');
  return {
    status: response.status,
    location:
      location && location.startsWith('http://localhost:4321')
        ? new URL(location).pathname
        : location,
  };
}

let local: Build;
let production: Build;
beforeAll(async () => {
  local = await build('local', withoutHero);
  production = await build('production', fullDataset, {
    CONTEXT: 'production',
    NETLIFY: 'true',
    URL: SITE,
    ALLOW_DEMO_DEPLOY: 'true',
  });
}, 400_000);

describe('a local build (every build but Netlify production)', () => {
  it('succeeds and publishes the live and the preparing school', () => {
    expect(local.code, local.output.slice(-3000)).toBe(0);
    expect(local.report?.schools.map((school) => [school.key, school.status]).sort()).toEqual([
      ['cubbymobile', 'preparing'],
      ['huskymobile', 'live'],
    ]);
    expect(existsSync(join(local.dir, 'cubbymobile.html'))).toBe(true);
    expect(existsSync(join(local.dir, 'cubbymobile/student.html'))).toBe(true);
  });

  it('marks every page of the preparing school "not launched yet" in a status bar, noindex and out of the sitemap', () => {
    for (const path of ['cubbymobile', 'cubbymobile/why', 'cubbymobile/student']) {
      const { document } = new JSDOM(page(local, path)).window;
      const status = [...document.querySelectorAll('[role="status"]')].map((element) =>
        element.textContent?.trim(),
      );
      expect(status, path).toContain(NOT_LAUNCHED_NOTICE);
      expect(document.querySelector('meta[name="robots"]')?.getAttribute('content'), path).toBe(
        'noindex',
      );
    }
    const live = new JSDOM(page(local, 'uw-husky-mobile')).window.document;
    expect(live.body.textContent).not.toContain(NOT_LAUNCHED_NOTICE);
    expect(live.querySelector('meta[name="robots"]')).toBeNull();
    expect(sitemapText(local)).toContain(`<loc>${SITE}/uw-husky-mobile</loc>`);
    expect(sitemapText(local)).not.toContain('/cubbymobile');
  });

  it('leaves out the preparing school with no tenant record, and the report says why', () => {
    expect(htmlFiles(local).some((file) => file.startsWith('uk-kentucky-mobile'))).toBe(false);
    expect(existsSync(join(local.dir, 'uk-kentucky-mobile'))).toBe(false);
    expect(local.report?.leftOut).toEqual([
      expect.objectContaining({
        key: 'kentuckymobile',
        status: 'preparing',
        reasons: ['no tenant record: Tenant data failed to load.'],
      }),
    ]);
    expect(local.output).toContain(
      'uk-kentucky-mobile: left out (preparing): no tenant record: Tenant data failed to load.',
    );
  });

  it('publishes the landing page without the missing hero file, and the report names school, document, field and file', () => {
    const html = page(local, 'uw-husky-mobile');
    expect(html).not.toContain(HERO.replace('.webp', ''));
    const { document } = new JSDOM(html).window;
    // The hero still has its heading and call to action; no picture, and no empty picture frame.
    const hero = document.querySelector('section[aria-labelledby="hero-title"]');
    expect(hero?.querySelector('h1')?.textContent).toBeTruthy();
    expect(hero?.querySelectorAll('img')).toHaveLength(0);
    expect(document.querySelector('meta[property="og:image"]')).toBeNull();
    expect(local.report?.missingFiles).toEqual([
      {
        school: 'huskymobile',
        documentType: 'landingHeader',
        documentId: 'huskymobile-landingHeader',
        field: 'heroImage',
        file: HERO,
      },
    ]);
    expect(local.output).toContain(
      `huskymobile: missing file ${HERO} (landingHeader huskymobile-landingHeader, field heroImage): built without it`,
    );
    // Every content image a page of this build refers to is in the output.
    for (const file of htmlFiles(local)) {
      for (const [, src] of readFileSync(join(local.dir, file), 'utf8').matchAll(
        /\/content-images\/([^"'\s,?]+)/g,
      )) {
        expect(
          existsSync(join(local.dir, 'content-images', src as string)),
          `${file} → ${src}`,
        ).toBe(true);
      }
    }
  });

  it('publishes nothing of the retired school and sends its addresses to the successor in one 301', async () => {
    expect(htmlFiles(local).some((file) => file.startsWith('osu-beavs-mobile'))).toBe(false);
    expect(sitemapText(local)).not.toContain('osu-beavs-mobile');
    for (const path of [
      '/osu-beavs-mobile',
      '/osu-beavs-mobile/',
      '/osu-beavs-mobile/student',
      '/osu-beavs-mobile/fan-plans',
      '/beavsmobile',
      '/beavsmobile/coveragemap',
      '/beavsmobile/giveawayentry/abc',
    ]) {
      expect(await answer(local, path), path).toEqual({
        status: 301,
        location: '/uw-husky-mobile',
      });
    }
    expect(await answer(local, '/uw-husky-mobile')).toEqual({ status: 200, location: null });
  });

  it('lists the live and preparing schools in the school finder, never the retired one', () => {
    const hrefs = finderLinks(local);
    expect(hrefs).toContain('/uw-husky-mobile');
    expect(hrefs).toContain('/cubbymobile');
    expect(hrefs).not.toContain('/osu-beavs-mobile');
    expect(hrefs).not.toContain('/uk-kentucky-mobile');
  });
});

describe('a Netlify production build', () => {
  it('publishes the live school only; the preparing schools are left out and reported, never blocking it', () => {
    expect(production.code, production.output.slice(-3000)).toBe(0);
    expect(production.report?.schools.map((school) => school.key)).toEqual(['huskymobile']);
    expect(
      production.report?.leftOut.map((school) => [school.key, school.reasons[0]]).sort(),
    ).toEqual([
      ['cubbymobile', 'not launched yet (status preparing): only previews publish it'],
      ['kentuckymobile', 'not launched yet (status preparing): only previews publish it'],
    ]);
    expect(
      production.report?.leftOut.find((school) => school.key === 'kentuckymobile')?.reasons,
    ).toContain('no tenant record: Tenant data failed to load.');
    expect(
      htmlFiles(production).some((file) =>
        /^(cubbymobile|uk-kentucky-mobile|osu-beavs-mobile)/.test(file),
      ),
    ).toBe(false);
    expect(existsSync(join(production.dir, 'cubbymobile'))).toBe(false);
    const sitemap = sitemapText(production);
    expect(sitemap).toContain(`<loc>${SITE}/uw-husky-mobile</loc>`);
    expect(sitemap).not.toMatch(/cubbymobile|uk-kentucky-mobile|osu-beavs-mobile/);
  });

  it('keeps preparing and retired schools out of the school finder', () => {
    const hrefs = finderLinks(production);
    expect(hrefs).toContain('/uw-husky-mobile');
    expect(
      hrefs.filter((href) =>
        /^\/(cubbymobile|uk-kentucky-mobile|osu-beavs-mobile)/.test(href ?? ''),
      ),
    ).toEqual([]);
  });

  it("sends an unpublished preparing school's address to the main site, and the retired school's to its successor", async () => {
    expect(await answer(production, '/cubbymobile')).toEqual({ status: 302, location: `${MAIN}/` });
    expect(await answer(production, '/osu-beavs-mobile/why')).toEqual({
      status: 301,
      location: '/uw-husky-mobile',
    });
  });

  it("fails on a live school's missing file, naming school, document, field and file", async () => {
    const failed = await build('production-missing', withoutHero, {
      CONTEXT: 'production',
      NETLIFY: 'true',
      URL: SITE,
      ALLOW_DEMO_DEPLOY: 'true',
    });
    expect(failed.code).not.toBe(0);
    expect(failed.output).toContain(
      [
        'School huskymobile (University of Washington) is live but refers to files that are not in the content:',
        `  - landingHeader (huskymobile-landingHeader) field heroImage: file ${HERO} is missing`,
      ].join('\n'),
    );
    expect(existsSync(join(failed.dir, 'uw-husky-mobile.html'))).toBe(false);
  }, 200_000);
});
