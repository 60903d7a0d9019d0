/**
 * Builds the site from a hostile dataset and checks that nothing in it became markup or a
 * live link: text stays text, unsafe links are dropped and reported in the build report,
 * links to other hosts are external links, and SVGs are published sanitised.
 * The content is the build's input, so this needs a build of its own: one school, the smallest
 * that covers every page type (the suite's shared build stays the real content).
 */
import { execFileSync } from 'node:child_process';
import { withBuildLock } from '../../../scripts/lib/build-lock.ts';
import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JSDOM } from 'jsdom';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'smol-toml';
import {
  BROKEN_ALIASES,
  HOSTILE_LINKS,
  HOSTILE_SVGS,
  OFFSITE_LINKS,
  SCRIPT_TEXT,
  writeHostileDataset,
} from '../../fixtures/hostile/dataset.ts';

const SITE = 'https://hostile-test.example';

const work = mkdtempSync(join(tmpdir(), 'hostile-'));
const outDir = join(work, 'dist');
const reportFile = join(work, 'report.json');
let pages: Array<{ path: string; html: string }> = [];
let report: {
  schools: Array<{ problems: Array<{ documentType: string; reason: string }> }>;
  sanitisedImages: Array<{ file: string; removed: string[] }>;
};

beforeAll(async () => {
  const dataset = writeHostileDataset(join(work, 'dataset'));
  await withBuildLock(() =>
    execFileSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], {
      env: {
        ...process.env,
        CONTENT_SOURCE: 'local',
        CONTENT_DATASET_DIR: dataset,
        BUILD_OUT_DIR: outDir,
        BUILD_REPORT_FILE: reportFile,
        SITE_URL: SITE,
        ASTRO_TELEMETRY_DISABLED: '1',
      },
      stdio: 'pipe',
    }),
  );
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory()
        ? walk(join(dir, e.name))
        : e.name.endsWith('.html')
          ? [join(dir, e.name)]
          : [],
    );
  pages = walk(outDir).map((path) => ({ path, html: readFileSync(path, 'utf8') }));
  report = JSON.parse(readFileSync(reportFile, 'utf8')) as typeof report;
}, 120_000);

describe('hostile content is inert', () => {
  it('builds every page of the hostile school', () => {
    expect(pages.filter((p) => p.path.includes('uw-husky-mobile')).length).toBeGreaterThanOrEqual(
      10,
    );
  });

  it('never turns content text into elements', () => {
    for (const { path, html } of pages) {
      const { document } = new JSDOM(html).window;
      const scripts = [...document.querySelectorAll('script')].map(
        (script) => script.textContent ?? '',
      );
      expect(
        scripts.filter((text) => text.includes('__pwned') && !text.trimStart().startsWith('{')),
        path,
      ).toEqual([]);
      expect(document.querySelectorAll('[onerror]').length, path).toBe(0);
      // The JSON-LD block stays one valid JSON document even with a closing tag in the name.
      const jsonLd =
        document.querySelector('script[type="application/ld+json"]')?.textContent ?? '{}';
      expect(() => JSON.parse(jsonLd) as unknown, path).not.toThrow();
    }
    // The markup in the content reads as the words it is.
    const landing = new JSDOM(
      pages.find((p) => p.path.endsWith('uw-husky-mobile.html'))?.html ?? '',
    ).window.document;
    const body = landing.body.cloneNode(true) as HTMLElement;
    for (const code of body.querySelectorAll('script, style, template')) code.remove();
    expect(body.textContent).toContain(SCRIPT_TEXT);
  });

  it('renders every link as a site path, an anchor or an http(s)/mailto/tel URL, as a browser reads it', () => {
    // The school's pages: every link on them comes from content or the site's own routes.
    for (const { path, html } of pages.filter((page) => page.path.includes('uw-husky-mobile'))) {
      const { document } = new JSDOM(html, { url: `${SITE}/uw-husky-mobile/page` }).window;
      for (const anchor of document.querySelectorAll('a[href]')) {
        const raw = anchor.getAttribute('href') ?? '';
        expect(raw, path).toMatch(/^(#|\/(?![/\\])|https?:\/\/|mailto:|tel:)/);
        const url = new URL(raw, `${SITE}/uw-husky-mobile/page`);
        expect(['http:', 'https:', 'mailto:', 'tel:'], `${path} ${raw}`).toContain(url.protocol);
        if (url.origin !== SITE) {
          expect(anchor.getAttribute('target'), `${path} ${raw}`).toBe('_blank');
          expect(anchor.getAttribute('rel'), `${path} ${raw}`).toBe('noopener noreferrer');
        }
      }
    }
  });

  it('renders links that only look like site paths as the external links they are', () => {
    const landing = pages.find((p) => p.path.endsWith('uw-husky-mobile.html'))?.html ?? '';
    const { document } = new JSDOM(landing).window;
    const offsite = [...document.querySelectorAll('a[href]')].filter((a) =>
      /evil\.example/.test(a.getAttribute('href') ?? ''),
    );
    // Footer (4 offsite links) and the header's offsite link.
    expect(offsite.length).toBeGreaterThanOrEqual(OFFSITE_LINKS.length + 1);
    for (const anchor of offsite) {
      expect(anchor.getAttribute('href')).toMatch(/^https:\/\/evil\.example\//);
      expect(anchor.getAttribute('rel')).toBe('noopener noreferrer');
      expect(anchor.textContent).toContain('(opens in a new tab)');
    }
  });

  it('reports every dropped link with school, type, field and reason', () => {
    const reasons = report.schools.flatMap((school) =>
      school.problems.map((p) => `${p.documentType}: ${p.reason}`),
    );
    expect(reasons.filter((r) => r.includes('unsafe link dropped')).length).toBeGreaterThanOrEqual(
      4,
    );
    const dropped = reasons.filter((r) => r.includes('unsafe link dropped'));
    for (const reason of dropped)
      expect(reason).toMatch(/\(scheme (javascript|data|vbscript): is not allowed\)$/);
    expect(reasons).toContainEqual(
      expect.stringMatching(
        /^footer: unsafe link dropped at pageLinks\[\d+\]\.externalPagePath: "/,
      ),
    );
    expect(reasons).toContainEqual(
      expect.stringMatching(/^footer: unsafe link dropped at pageLinks\[\d+\]\.pagePath: "/),
    );
    expect(reasons).toContainEqual(
      expect.stringMatching(/^faqs: unsafe link dropped at seeMoreButtonLink: "/),
    );
    expect(reasons).toContainEqual(
      expect.stringMatching(/^headerNav: unsafe link dropped at links\[\d+\]\.externalUrl/),
    );
    expect(reasons.filter((r) => r.includes('evil.example'))).toEqual([]);
    expect(HOSTILE_LINKS.length).toBeGreaterThan(0);
  });
});

describe('broken old addresses', () => {
  it('are left out of _redirects, while the school keeps its good ones', () => {
    const lines = readFileSync(join(outDir, '_redirects'), 'utf8').split('\n');
    for (const alias of BROKEN_ALIASES)
      expect(
        lines.filter((line) => line.startsWith(`/${alias}`)),
        alias,
      ).toEqual([]);
    expect(lines).toContain('/gohuskymobile  /uw-husky-mobile  301');
  });

  it('are each named in the build report against the school document', () => {
    const problems = report.schools
      .flatMap((school) => school.problems)
      .filter((problem) => problem.documentType === 'school');
    expect(problems.map((problem) => problem.reason)).toEqual(
      BROKEN_ALIASES.map(
        (alias) =>
          expect.stringContaining(`legacy alias left out of the redirects: "${alias}"`) as string,
      ),
    );
  });
});

describe('hostile SVGs are published sanitised', () => {
  const published = (file: string) => readFileSync(join(outDir, 'content-images', file), 'utf8');

  it('publishes each hostile SVG without scripts, handlers, foreignObject or outside references', () => {
    for (const file of Object.keys(HOSTILE_SVGS)) {
      expect(existsSync(join(outDir, 'content-images', file)), file).toBe(true);
      const { document } = new JSDOM(published(file), { contentType: 'image/svg+xml' }).window;
      const root = document.documentElement;
      expect(root.nodeName, file).toBe('svg');
      expect(
        document.querySelectorAll('script, foreignObject, style, set, animate').length,
        file,
      ).toBe(0);
      for (const element of [root, ...root.querySelectorAll('*')]) {
        for (const attribute of element.attributes) {
          expect(attribute.name, `${file} <${element.nodeName}>`).not.toMatch(/^on/i);
          if (/(^|:)href$/.test(attribute.name)) expect(attribute.value, file).toMatch(/^#/);
          expect(attribute.value, `${file} ${attribute.name}`).not.toMatch(
            /url\(\s*['"]?(?!#)|javascript:/i,
          );
        }
      }
    }
    // What stays is the drawing: shapes, titles and local gradients.
    expect(published('huskymobile-favicon-64x64.svg')).toContain('fill="url(#local)"');
    expect(published('huskymobile-logo-240x80.svg')).toContain('<rect');
  });

  it('names in the build report what was removed from each file', () => {
    const removed = Object.fromEntries(
      report.sanitisedImages.map((image) => [image.file, image.removed]),
    );
    expect(Object.keys(removed).sort()).toEqual(Object.keys(HOSTILE_SVGS).sort());
    expect(removed['huskymobile-logo-240x80.svg']).toEqual(['element script', 'element script']);
    expect(removed['huskymobile-mark1-200x200.svg']).toEqual(
      expect.arrayContaining([
        'attribute onload on svg',
        'attribute onclick on rect',
        'element set',
        'element animate',
      ]),
    );
    expect(removed['huskymobile-mark2-200x200.svg']).toEqual(['element foreignObject']);
    expect(removed['huskymobile-favicon-64x64.svg']).toEqual(
      expect.arrayContaining([
        'element style',
        'element use',
        'attribute href on image (external reference)',
        'attribute xlink:href on image (external reference)',
        'attribute style on rect (external reference)',
        'attribute filter on circle (external reference)',
      ]),
    );
  });

  it('serves content SVGs with a policy that runs and loads nothing (netlify.toml)', () => {
    const config = parse(readFileSync('netlify.toml', 'utf8')) as {
      headers: Array<{ for: string; values: Record<string, string> }>;
    };
    const svg = config.headers.find((block) => block.for === '/content-images/*.svg')?.values ?? {};
    expect(svg['Content-Security-Policy']).toMatch(/default-src 'none'/);
    expect(svg['Content-Security-Policy']).toMatch(/\bsandbox\b/);
    expect(svg['Content-Security-Policy']).not.toMatch(/script-src/);
  });
});
