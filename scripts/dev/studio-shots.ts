/**
 * Screenshots of the Studio's live-status badge (each state) and Deploys tool (list, empty,
 * error, loading), drawn with the Studio's own UI components on a test page
 * (studio/tests/render/shots-page.tsx) from sample answers in the public site's JSON. The
 * Studio cannot sign in to Sanity offline; this page needs no network.
 *
 *   bash scripts/studio.sh install      # once: the Studio's packages (react, @sanity/ui)
 *   node scripts/dev/studio-shots.ts    # [--out .scratch/studio] [--widths 390,1024,1280]
 *
 * Writes {view}-{width}.png (full page) and badges-tooltip-{width}.png (a Not live badge's tooltip
 * open) into the output folder, and runs axe (WCAG 2.2 A and AA rules) on each view: any violation
 * is printed and the script exits 1.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import AxeBuilder from '@axe-core/playwright';
import { chromium } from '@playwright/test';
import { serveStudioTestPage } from './studio-test-page.ts';

const { values } = parseArgs({
  options: {
    out: { type: 'string', default: '.scratch/studio' },
    widths: { type: 'string', default: '390,1024,1280' },
  },
});
const root = resolve(import.meta.dirname, '../..');
const out = resolve(root, values.out);
const widths = values.widths
  .split(',')
  .map(Number)
  .filter((width) => width > 0);
const VIEWS = [
  'badges',
  'deploys',
  'deploys-waiting',
  'deploys-budget',
  'deploys-empty',
  'deploys-visitor',
  'deploys-error',
  'deploys-loading',
];
/** The sample answers' moment: 12:06:30 PM on Nov 27, 2026 in Seattle. */
const NOW = new Date('2026-11-27T20:06:30.000Z');

const testPage = await serveStudioTestPage({
  entry: 'studio/tests/render/shots-page.tsx',
  title: 'Studio: live-status badge and Deploys (test page)',
});
const base = testPage.url.replace(/\/$/, '');

mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
  ],
});
const problems: string[] = [];
try {
  for (const width of widths) {
    const context = await browser.newContext({
      viewport: { width, height: 800 },
      locale: 'en-US',
      timezoneId: 'America/Los_Angeles',
    });
    for (const view of VIEWS) {
      const page = await context.newPage();
      page.on('pageerror', (error) =>
        problems.push(`${view} at ${width}px: page error ${error.message}`),
      );
      await page.clock.setFixedTime(NOW);
      await page.goto(`${base}/#${view}`);
      await page
        .locator(
          view === 'badges'
            ? 'li[data-document]'
            : view === 'deploys-loading'
              ? 'text=Asking the public site'
              : 'h2',
        )
        .first()
        .waitFor();
      await page.screenshot({ path: join(out, `${view}-${width}.png`), fullPage: true });
      const axe = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
        .analyze();
      for (const violation of axe.violations) {
        problems.push(
          `${view} at ${width}px: ${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
            .map((node) => node.target.join(' '))
            .slice(0, 3)
            .join('; ')}`,
        );
      }
      if (view === 'badges') {
        // The full reason is the badge's tooltip: hover a Not live badge and shoot it open.
        const row = page.locator('li[data-document="huskymobile-planCards-student"]');
        await row.locator('[data-ui="Badge"]').hover();
        // @sanity/ui keeps every tooltip in the portal, hidden; the open one is the visible one.
        const tooltip = page.locator('[data-ui="Tooltip"]:visible');
        try {
          await tooltip.waitFor({ timeout: 5_000 });
          await page.waitForTimeout(300); // its opening animation
          const boxes = [await row.boundingBox(), await tooltip.boundingBox()].filter(
            (box) => box !== null,
          );
          const top = Math.max(0, Math.min(...boxes.map((box) => box.y)) - 16);
          const bottom = Math.max(...boxes.map((box) => box.y + box.height)) + 16;
          await page.screenshot({
            path: join(out, `badges-tooltip-${width}.png`),
            clip: { x: 0, y: top, width, height: bottom - top },
          });
        } catch {
          problems.push(`badges at ${width}px: no tooltip on hover`);
        }
      }
      await page.close();
    }
    await context.close();
  }
} finally {
  await browser.close();
  await testPage.close();
}
console.log(
  `[studio-shots] ${VIEWS.length * widths.length} screenshots (+ ${widths.length} tooltips) in ${out}`,
);
if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
