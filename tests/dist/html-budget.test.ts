/**
 * Page weight is build time (every byte is rendered, encoded and written, thousands of times at
 * scale) and download time: each page type has a ceiling on its raw HTML, about a fifth above
 * what it weighs today. CSS, scripts and icons belong in cached files, not repeated in every page.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIST } from './helpers.ts';

/** Raw HTML per page, in KB (1,024 bytes), by page type. */
export const HTML_BUDGET_KB: Record<string, number> = {
  landing: 36,
  student: 55,
  faculty: 55,
  fan: 55,
  why: 25,
  'coverage-map': 32,
  newsroom: 18,
  'international-dialing': 19,
  'giveaway-entry': 30,
  'giveaway-confirmation': 25,
  'giveaway-closed': 17,
  search: 13,
  index: 8,
  default: 8,
};

/** "uw-husky-mobile/student.html" → "student"; "uw-husky-mobile.html" → "landing". */
export function pageType(file: string): string {
  const parts = file.replace(/\.html$/, '').split('/');
  if (parts.length === 1) return ['index', 'search', 'default'].includes(parts[0] ?? '') ? (parts[0] as string) : 'landing';
  return parts[1] ?? 'landing';
}

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.html'));
}

describe('HTML budget per page type', () => {
  const heaviest = new Map<string, { file: string; kb: number }>();
  for (const file of htmlFiles(DIST)) {
    const type = pageType(relative(DIST, join(DIST, file)));
    const kb = statSync(join(DIST, file)).size / 1024;
    if (kb > (heaviest.get(type)?.kb ?? -1)) heaviest.set(type, { file, kb });
  }

  it('knows every page type the build writes', () => {
    expect([...heaviest.keys()].filter((type) => !(type in HTML_BUDGET_KB))).toEqual([]);
    expect(heaviest.size).toBeGreaterThanOrEqual(Object.keys(HTML_BUDGET_KB).length - 1);
  });

  it.each(Object.entries(HTML_BUDGET_KB))('%s pages stay within %d KB', (type, budget) => {
    const page = heaviest.get(type);
    if (!page) return; // e.g. no open giveaway: no entry page in this build
    expect(page.kb, `${page.file} weighs ${page.kb.toFixed(1)} KB`).toBeLessThanOrEqual(budget);
  });

  it('carries no inline stylesheet but the theme and font rules, and no inline module script', () => {
    for (const file of htmlFiles(DIST).filter((name) => pageType(name) !== 'index')) {
      const html = readHtml(file);
      const styles = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((match) => match[1] ?? '');
      expect(styles.filter((css) => !css.startsWith('html[data-school]') && !css.startsWith('@font-face') && !css.startsWith('astro-island')), file).toEqual([]);
      expect(html, file).not.toMatch(/<script type="module">/);
    }
  });
});

function readHtml(file: string): string {
  return readFileSync(join(DIST, file), 'utf8');
}
