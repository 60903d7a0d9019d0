/**
 * Page weight is build time (every byte is rendered, encoded and written, thousands of times at
 * scale) and download time: each page type has a ceiling on its raw HTML, about a fifth above
 * what it weighs today. CSS, scripts and icons belong in cached files, not repeated in every page.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BARE_PAGES,
  type BarePageName,
  DIST,
  buildReport,
  routeOfSchoolPath,
  schoolPages,
  type SchoolRouteName,
} from './helpers.ts';

/** A page of a school route that has no ceiling of its own gets this one (raw KB). */
export const DEFAULT_SCHOOL_PAGE_BUDGET_KB = 30;

/** Raw HTML per page, in KB (1,024 bytes), by page type: the routes of the table and the bare pages. */
export const HTML_BUDGET_KB: Partial<Record<SchoolRouteName, number>> &
  Record<BarePageName, number> = {
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
  // A state's page of the search: it lists at most MAX_SCHOOLS_PER_GROUP_PAGE (500) schools, about
  // 70 bytes each, so this is its ceiling at any number of schools, not a fifth above today's.
  'search-group': 44,
  index: 8,
  default: 8,
  '404': 8,
};

const budgetOf = (type: string) =>
  (HTML_BUDGET_KB as Record<string, number>)[type] ?? DEFAULT_SCHOOL_PAGE_BUDGET_KB;

/**
 * "uw-husky-mobile/student.html" → "student"; "uw-husky-mobile.html" → "landing"; "search.html" → "search".
 * A file that is neither a bare page nor under a route of the table has no type (undefined).
 */
export function pageType(file: string): string | undefined {
  const path = `/${file.replace(/\.html$/, '').replace(/(^|\/)index$/, '')}`;
  const bare = Object.entries(BARE_PAGES).find(([, barePath]) => barePath === path);
  if (bare) return bare[0];
  if (path.startsWith(`${BARE_PAGES.search}/`)) return 'search-group';
  const [, , ...below] = path.split('/');
  return routeOfSchoolPath(below.join('/'));
}

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) =>
    name.endsWith('.html'),
  );
}

describe('HTML budget per page type', () => {
  const heaviest = new Map<string, { file: string; kb: number }>();
  const untyped: string[] = [];
  for (const file of htmlFiles(DIST)) {
    const type = pageType(relative(DIST, join(DIST, file)));
    if (type === undefined) {
      untyped.push(file);
      continue;
    }
    const kb = statSync(join(DIST, file)).size / 1024;
    if (kb > (heaviest.get(type)?.kb ?? -1)) heaviest.set(type, { file, kb });
  }
  /** The page types this build must have: the bare pages and the route of every page the schools have. */
  const expected = [
    ...new Set([
      ...Object.keys(BARE_PAGES),
      ...buildReport().schools.flatMap((school) => schoolPages(school).map((page) => page.route)),
    ]),
  ];

  it('knows the page type of every page the build writes', () => {
    expect(untyped, 'pages that are neither a bare page nor a route of the route table').toEqual(
      [],
    );
  });

  it.each(expected)('%s pages stay within their budget', (type) => {
    const page = heaviest.get(type);
    expect(page, `no ${type} page in ${DIST}`).toBeDefined();
    const budget = budgetOf(type);
    expect(
      page!.kb,
      `${page!.file} weighs ${page!.kb.toFixed(1)} KB (budget ${budget} KB)`,
    ).toBeLessThanOrEqual(budget);
  });

  it('carries no inline stylesheet (the theme is a file), no web font, and no inline module script', () => {
    for (const file of htmlFiles(DIST).filter((name) => pageType(name) !== 'index')) {
      const html = readHtml(file);
      const styles = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map(
        (match) => match[1] ?? '',
      );
      // The school's colours are a stylesheet file of its own (theme/theme-stylesheet.ts), so a page's
      // inline code is the same at every school and its policy is its kind of page's.
      expect(
        styles.filter((css) => !css.startsWith('astro-island')),
        file,
      ).toEqual([]);
      // The device's own typeface: no font file competes with the first paint (global.css).
      expect(html, file).not.toMatch(/@font-face|rel="preload"[^>]*as="font"/);
      expect(html, file).not.toMatch(/<script type="module">/);
    }
  });
});

function readHtml(file: string): string {
  return readFileSync(join(DIST, file), 'utf8');
}
