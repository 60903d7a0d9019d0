/**
 * The accessibility gate: axe-core over every page type of a dark-coloured school, a light one
 * and the one with no colour, at the phone and desktop widths of the two projects. Zero violations.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { SCHOOLS } from './helpers.ts';

const report = JSON.parse(readFileSync('reports/build-report.json', 'utf8')) as { schools: Array<{ seoSlug: string; giveaway: string }> };
const PAGE_TYPES = ['', '/student', '/faculty', '/fan', '/why', '/coverage-map', '/newsroom', '/international-dialing', '/giveaway-confirmation', '/giveaway-closed'];

const schoolPages = (seo: string) => {
  const giveaway = report.schools.find((school) => school.seoSlug === seo)?.giveaway;
  return [...PAGE_TYPES.map((page) => `/${seo}${page}`), ...(giveaway?.includes('/giveaway-entry/') ? [giveaway] : [])];
};

const targets = [
  ...schoolPages(SCHOOLS.husky),
  ...schoolPages(SCHOOLS.cubby),
  ...schoolPages(SCHOOLS.bears),
  '/', '/default', '/search',
];

// axe walks every node of a page; on a shared 2-core machine that can take a while (a ceiling, not a speed check).
test.describe.configure({ timeout: 120_000 });

for (const path of targets) {
  test(`no axe violations on ${path}`, { tag: '@phone' }, async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
    const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
    expect(summary).toEqual([]);
  });
}
