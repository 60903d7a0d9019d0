/**
 * Builds the site from a hostile dataset and checks that nothing in it became markup or a
 * live link: text stays text, unsafe links are dropped and reported in the build report.
 * The content is the build's input, so this needs a build of its own: one school, the smallest
 * that covers every page type (the suite's shared build stays the real content).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JSDOM } from 'jsdom';
import { beforeAll, describe, expect, it } from 'vitest';
import { HOSTILE_LINKS, hostileDocuments } from '../fixtures/hostile/dataset.ts';
import { writeDataset } from '../fixtures/one-school/dataset.ts';

const work = mkdtempSync(join(tmpdir(), 'hostile-'));
const outDir = join(work, 'dist');
const reportFile = join(work, 'report.json');
let pages: Array<{ path: string; html: string }> = [];
let report: { schools: Array<{ problems: Array<{ documentType: string; reason: string }> }> };

beforeAll(() => {
  const dataset = writeDataset(join(work, 'dataset'), hostileDocuments('src/dataset'));
  execFileSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], {
    env: { ...process.env, CONTENT_SOURCE: 'local', CONTENT_DATASET_DIR: dataset, BUILD_OUT_DIR: outDir, BUILD_REPORT_FILE: reportFile, ASTRO_TELEMETRY_DISABLED: '1' },
    stdio: 'pipe',
  });
  const walk = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : e.name.endsWith('.html') ? [join(dir, e.name)] : []));
  pages = walk(outDir).map((path) => ({ path, html: readFileSync(path, 'utf8') }));
  report = JSON.parse(readFileSync(reportFile, 'utf8'));
}, 120_000);

describe('hostile content is inert', () => {
  it('builds every page of the hostile school', () => {
    expect(pages.filter((p) => p.path.includes('uw-husky-mobile')).length).toBeGreaterThanOrEqual(10);
  });

  it('never turns content text into elements', () => {
    for (const { path, html } of pages) {
      const { document } = new JSDOM(html).window;
      const scripts = [...document.querySelectorAll('script')].map((script) => script.textContent ?? '');
      expect(scripts.filter((text) => text.includes('__pwned') && !text.trimStart().startsWith('{')), path).toEqual([]);
      expect(document.querySelectorAll('[onerror]').length, path).toBe(0);
      // The JSON-LD block stays one valid JSON document even with a closing tag in the name.
      const jsonLd = document.querySelector('script[type="application/ld+json"]')?.textContent ?? '{}';
      expect(() => JSON.parse(jsonLd), path).not.toThrow();
    }
    const landing = pages.find((p) => p.path.endsWith('uw-husky-mobile.html'))?.html ?? '';
    expect(landing).toContain('&lt;script&gt;window.__pwned=1&lt;/script&gt;');
  });

  it('keeps no unsafe link in any href', () => {
    for (const { path, html } of pages) {
      for (const [, href] of html.matchAll(/href="([^"]*)"/g)) {
        expect(href, path).not.toMatch(/^\s*(javascript|data|vbscript):/i);
        expect(href, path).not.toMatch(/^\/\//);
      }
    }
  });

  it('reports every dropped link with school, type and field', () => {
    const reasons = report.schools.flatMap((school) => school.problems.map((p) => `${p.documentType}: ${p.reason}`));
    expect(reasons.filter((r) => r.includes('unsafe link dropped')).length).toBeGreaterThanOrEqual(4);
    expect(reasons).toContainEqual(expect.stringMatching(/^footer: unsafe link dropped at pageLinks\[\d+\]\.externalPagePath: "/));
    expect(reasons).toContainEqual(expect.stringMatching(/^faqs: unsafe link dropped at seeMoreButtonLink: "/));
    expect(reasons).toContainEqual(expect.stringMatching(/^headerNav: unsafe link dropped at links\[\d+\]\.externalUrl/));
    expect(HOSTILE_LINKS.length).toBeGreaterThan(0);
  });
});
