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
import { mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import AxeBuilder from '@axe-core/playwright';
import { chromium } from '@playwright/test';
import { build } from 'esbuild';

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

// Bundled from studio/, so react and @sanity/ui are the Studio's own copies.
const bundleDir = await mkdtemp(join(tmpdir(), 'studio-shots-'));
await build({
  entryPoints: { page: join(root, 'studio/tests/render/shots-page.tsx') },
  bundle: true,
  format: 'esm',
  platform: 'browser',
  outdir: bundleDir,
  jsx: 'automatic',
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'warning',
  absWorkingDir: join(root, 'studio'),
});

const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Studio: live-status badge and Deploys (test page)</title><link rel="stylesheet" href="/page.css">
<style>html,body{margin:0}</style></head>
<body><div id="root"></div><div id="portal"></div><script type="module" src="/page.js"></script></body></html>`;
const files: Record<string, [string, string]> = {
  '/': ['text/html; charset=utf-8', html],
  '/page.js': ['text/javascript; charset=utf-8', readFileSync(join(bundleDir, 'page.js'), 'utf8')],
  '/page.css': ['text/css; charset=utf-8', readFileSync(join(bundleDir, 'page.css'), 'utf8')],
};
const server = createServer((request, response) => {
  const file = files[new URL(request.url ?? '/', 'http://localhost').pathname];
  response.writeHead(file ? 200 : 404, { 'content-type': file?.[0] ?? 'text/plain' });
  response.end(file?.[1] ?? 'not found');
});
await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
const address = server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

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
  server.close();
  await rm(bundleDir, { recursive: true, force: true });
}
console.log(
  `[studio-shots] ${VIEWS.length * widths.length} screenshots (+ ${widths.length} tooltips) in ${out}`,
);
if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
