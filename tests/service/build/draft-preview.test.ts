/**
 * Drafts in the content: a published build shows exactly what Sanity's published view would (no
 * draft, no draft-only document, no release version); a preview build shows the drafts and marks
 * every page as a preview, `noindex`, with no sitemap.
 */
import { execFileSync } from 'node:child_process';
import { withBuildLock } from '../../../scripts/lib/build-lock.ts';
import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JSDOM } from 'jsdom';
import { beforeAll, describe, expect, it } from 'vitest';
import { PREVIEW_NOTICE } from '../../../src/lib/seo/page-head.ts';
import {
  DRAFT_ONLY_QUESTION,
  DRAFT_TITLE,
  PUBLISHED_TITLE_MARK,
  RELEASE_TITLE,
  writeDraftDataset,
} from '../../fixtures/drafts/dataset.ts';

const work = mkdtempSync(join(tmpdir(), 'drafts-'));
const dataset = writeDraftDataset(join(work, 'dataset'));

interface Build {
  dir: string;
  pages: Array<{ path: string; html: string }>;
}

async function build(name: string, env: Record<string, string>): Promise<Build> {
  const dir = join(work, name);
  await withBuildLock(() =>
    execFileSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], {
      env: {
        ...process.env,
        CONTENT_DATASET_DIR: dataset,
        BUILD_OUT_DIR: dir,
        BUILD_REPORT_FILE: join(work, `${name}-report.json`),
        ASTRO_TELEMETRY_DISABLED: '1',
        CONTENT_PREVIEW: '',
        CONTEXT: '',
        ...env,
      },
      stdio: 'pipe',
    }),
  );
  const walk = (folder: string): string[] =>
    readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory()
        ? walk(join(folder, entry.name))
        : entry.name.endsWith('.html')
          ? [join(folder, entry.name)]
          : [],
    );
  return { dir, pages: walk(dir).map((path) => ({ path, html: readFileSync(path, 'utf8') })) };
}

const text = (html: string) => new JSDOM(html).window.document.body.textContent ?? '';
const robotsMeta = (html: string) =>
  new JSDOM(html).window.document.querySelector('meta[name="robots"]')?.getAttribute('content');
const allText = (result: Build) => result.pages.map((page) => text(page.html)).join('\n');
const sitemaps = (result: Build) =>
  readdirSync(result.dir).filter((name) => name.startsWith('sitemap'));

let published: Build;
let preview: Build;

beforeAll(async () => {
  published = await build('published', {});
  // A deploy preview has its own address and never calls the local API: this one previews the
  // bundled demo content (ALLOW_DEMO_DEPLOY), as a product API is not reachable here.
  preview = await build('preview', {
    CONTENT_PREVIEW: 'true',
    CONTEXT: 'deploy-preview',
    DEPLOY_PRIME_URL: 'https://deploy-preview-7--schools.example.net',
    ALLOW_DEMO_DEPLOY: 'true',
  });
}, 300_000);

describe('a published build from an export with drafts', () => {
  it('builds the school', () => {
    expect(
      published.pages.filter((page) => page.path.includes('uw-husky-mobile')).length,
    ).toBeGreaterThanOrEqual(10);
  });

  it('shows no draft, no draft-only document and no release version', () => {
    const shown = allText(published);
    expect(shown).toContain(PUBLISHED_TITLE_MARK);
    expect(shown).not.toContain(DRAFT_TITLE);
    expect(shown).not.toContain(DRAFT_ONLY_QUESTION);
    expect(shown).not.toContain(RELEASE_TITLE);
  });

  it('has no preview bar, indexes its pages and writes a sitemap', () => {
    for (const page of published.pages) expect(page.html, page.path).not.toContain(PREVIEW_NOTICE);
    const landing = published.pages.find((page) => page.path.endsWith('uw-husky-mobile.html'))!;
    expect(robotsMeta(landing.html)).toBeUndefined();
    expect(sitemaps(published)).toContain('sitemap-index.xml');
    expect(readFileSync(join(published.dir, 'robots.txt'), 'utf8')).toContain('Sitemap:');
  });
});

describe('a preview build (CONTENT_PREVIEW=true outside production)', () => {
  it('shows the drafts in place of the published documents, and draft-only documents, but no release version', () => {
    const landing = text(
      preview.pages.find((page) => page.path.endsWith('uw-husky-mobile.html'))!.html,
    );
    expect(landing).toContain(DRAFT_TITLE);
    expect(landing).not.toContain(PUBLISHED_TITLE_MARK);
    expect(landing).toContain(DRAFT_ONLY_QUESTION);
    expect(allText(preview)).not.toContain(RELEASE_TITLE);
  });

  it('marks every page with a visible preview bar and noindex', () => {
    expect(preview.pages.length).toBe(published.pages.length);
    for (const page of preview.pages) {
      const { document } = new JSDOM(page.html).window;
      // A status message a reader sees and a screen reader announces, with the notice's words.
      const status = [...document.querySelectorAll('[role="status"]')].map((element) =>
        element.textContent?.trim(),
      );
      expect(status, page.path).toContain(PREVIEW_NOTICE);
      expect(robotsMeta(page.html), page.path).toBe('noindex');
    }
  });

  it('writes no sitemap and keeps crawlers out', () => {
    expect(sitemaps(preview)).toEqual([]);
    expect(existsSync(join(preview.dir, 'sitemap-index.xml'))).toBe(false);
    expect(readFileSync(join(preview.dir, 'robots.txt'), 'utf8')).toBe(
      'User-agent: *\nDisallow: /\n',
    );
  });
});
