/**
 * Redraw bench (a measurement, not a test): redraw.ts against morphdom and idiomorph, each with the
 * hooks its documentation advises for keeping open panels and a page script's state
 * (redraw-morph.client.ts), on real pages of the editors' preview site in Chromium, in draft mode,
 * drawing --keystrokes renders in a row that each change one text, as keystrokes do.
 *   npm run bench:redraw [-- --keystrokes 20] [--no-build]
 * Pages: a landing page (its first FAQ `<details>` opened, its summary focused) and a plan page (the
 * first plan's broadband facts opened by its toggle, the second toggle focused), scrolled to 600 px,
 * an overlay root added (as Presentation's overlays add one), islands hydrated. On each page, as a
 * page script would, the bench sets `data-state` on the edited element (no render touches it: kept?)
 * and on its parent, whose `data-state` every new render then changes (the render's value
 * applied?). Per way of drawing: the draw's median and p95 (ms), and what is true after the last
 * draw: the last text drawn; the FAQ open; the facts panel open (`aria-expanded`, the panel shown)
 * and its card's expanded class; the two `data-state` cases; the overlay root, focus, the islands
 * and the edited element (the same nodes); and how far the page scrolled (the page's drawer puts
 * the position back after each draw; Chromium's scroll anchoring follows a longer text above the
 * view). Served by `npm run preview:server` on the bundled content.
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from '@playwright/test';
import { build } from 'esbuild';
import { CHROMIUM } from '../dev/studio-host.ts';
import { LOCAL_DRAFT_MODE_PATH } from '../local-stack/preview/local-draft-mode.ts';
import { startProcess } from '../support/process.ts';
import { median, percentile } from '../support/stats.ts';

const { values } = parseArgs({
  options: {
    keystrokes: { type: 'string', default: '20' },
    'no-build': { type: 'boolean', default: false },
  },
});
const STROKES = Number(values.keystrokes);
const MORPHS = ['redraw.ts', 'morphdom', 'idiomorph'];
const PAGES = [
  { path: '/uw-husky-mobile', text: '#hero-title', panel: 'faq' },
  { path: '/uw-husky-mobile/fan', text: '.plan-card .description', panel: 'facts' },
] as const;

/** The table's columns after the times, each a question answered after the last draw (not asked on a page: left out). */
const COLUMNS = [
  'text drawn',
  'FAQ open',
  'facts open',
  "card's expanded class",
  "script's attribute kept",
  "render's change applied",
  'overlay root, focus, islands, same element',
] as const;
type Column = (typeof COLUMNS)[number];

async function startServer(): Promise<{ site: string; stop: () => Promise<void> }> {
  const server = await startProcess({
    name: 'preview:server',
    args: [
      join(import.meta.dirname, '../local-stack/preview-server.ts'),
      ...(values['no-build'] ? ['--no-build'] : []),
    ],
    env: { ...process.env, PREVIEW_PORT: '0', PREVIEW_API_PORT: '0' },
    ready: /Preview site: (http:\/\/localhost:\d+)[\s\S]*Press Ctrl\+C/,
    stderr: 'inherit',
  });
  return {
    site: server.match![1]!,
    stop: async () => {
      await server.stop();
    },
  };
}

interface Outcome {
  times: number[];
  scrollMoved: number;
  kept: Partial<Record<Column, boolean>>;
}

/** Sets the page's state up, draws STROKES renders with `morph`, and reports times and what is true after. */
async function weigh(page: Page, morph: string, target: (typeof PAGES)[number]): Promise<Outcome> {
  return page.evaluate(
    async ({ morph, target, strokes }) => {
      const mark = (node: Element | null) => {
        if (node) Object.assign(node, { keptByBench: true });
      };
      const marked = (node: Element | null) => Boolean(node && 'keptByBench' in node);
      if (target.panel === 'faq') {
        const details = document.querySelector('details')!;
        details.open = true;
        document.querySelector<HTMLElement>('details summary')!.focus();
      } else {
        document.querySelector<HTMLButtonElement>('.plan-card__toggle')!.click();
        document.querySelectorAll<HTMLButtonElement>('.plan-card__toggle')[1]!.focus();
      }
      const focused = document.activeElement;
      mark(focused);
      const overlay = document.body.appendChild(document.createElement('sanity-visual-editing'));
      mark(overlay);
      const islands = [...document.querySelectorAll('astro-island')];
      islands.forEach(mark);
      const edited = document.querySelector(target.text)!;
      mark(edited);
      // A page script's own state: on the edited element (no render sets it) and on its parent (every render changes it).
      edited.setAttribute('data-state', 'set by a script');
      edited.parentElement!.setAttribute('data-state', 'set by a script');
      window.scrollTo({ top: 600, behavior: 'instant' });
      await new Promise((settled) => requestAnimationFrame(settled));
      const scrolled = window.scrollY;
      const html = await (
        await fetch(location.href, { cache: 'no-store', credentials: 'include' })
      ).text();
      let base = new DOMParser().parseFromString(html, 'text/html');
      const times: number[] = [];
      let last = '';
      for (let stroke = 1; stroke <= strokes; stroke += 1) {
        const next = new DOMParser().parseFromString(html, 'text/html');
        last = `Keystroke ${stroke}: unlimited 5G for every Husky`;
        const text = next.querySelector(target.text)!;
        text.textContent = last;
        text.parentElement!.setAttribute('data-state', `rendered ${stroke}`);
        const started = performance.now();
        (
          window as unknown as {
            morphs: Record<string, (a: Document, b: Document, c: Document) => void>;
          }
        ).morphs[morph]!(document, next, base);
        times.push(performance.now() - started);
        base = next;
      }
      const now = document.querySelector(target.text);
      const kept: Record<string, boolean> = {
        'text drawn': now?.textContent === last,
        "script's attribute kept": now?.getAttribute('data-state') === 'set by a script',
        "render's change applied":
          now?.parentElement?.getAttribute('data-state') === `rendered ${strokes}`,
        'overlay root, focus, islands, same element':
          marked(document.querySelector('sanity-visual-editing')) &&
          marked(document.activeElement) &&
          islands.every((island) => island.isConnected && !island.hasAttribute('ssr')) &&
          marked(now),
      };
      if (target.panel === 'faq')
        kept['FAQ open'] = Boolean(document.querySelector('details')?.open);
      else {
        const toggle = document.querySelector('.plan-card__toggle')!;
        kept['facts open'] =
          toggle.getAttribute('aria-expanded') === 'true' &&
          document.getElementById(toggle.getAttribute('aria-controls')!)?.hidden === false;
        kept["card's expanded class"] = Boolean(
          toggle.closest('.plan-card')?.classList.contains('plan-card--expanded'),
        );
      }
      return {
        times,
        // Chromium's scroll anchoring moves the page by what a longer text adds above the view.
        scrollMoved: Math.abs(window.scrollY - scrolled),
        kept,
      };
    },
    { morph, target, strokes: STROKES },
  );
}

async function main(): Promise<void> {
  const bundle = await build({
    entryPoints: [join(import.meta.dirname, 'redraw-morph.client.ts')],
    bundle: true,
    format: 'iife',
    write: false,
    platform: 'browser',
    target: 'es2022',
    logLevel: 'warning',
  });
  const morphScript = bundle.outputFiles[0]!.text;
  const server = await startServer();
  const browser = await chromium.launch(CHROMIUM);
  try {
    const rows: string[][] = [['way', 'draw median / p95', ...COLUMNS, 'scroll moved (most)']];
    for (const morph of MORPHS) {
      const times: number[] = [];
      const kept: Partial<Record<Column, boolean[]>> = {};
      let moved = 0;
      for (const target of PAGES) {
        // The page's policy allows its own scripts only: the bench's code goes in past it.
        const context = await browser.newContext({
          viewport: { width: 1280, height: 900 },
          bypassCSP: true,
        });
        const page = await context.newPage();
        await page.goto(
          `${server.site}${LOCAL_DRAFT_MODE_PATH}?${new URLSearchParams({ path: target.path, perspective: 'drafts' })}`,
        );
        await page.waitForFunction(
          () =>
            document.querySelectorAll('astro-island[ssr]').length === 0 ||
            document.readyState === 'complete',
        );
        await page.evaluate(() => {
          for (const island of document.querySelectorAll('astro-island')) island.scrollIntoView();
        });
        await page.waitForFunction(
          () => document.querySelectorAll('astro-island[ssr]').length === 0,
          undefined,
          { timeout: 15_000 },
        );
        await page.addScriptTag({ content: morphScript });
        const outcome = await weigh(page, morph, target);
        times.push(...outcome.times);
        moved = Math.max(moved, outcome.scrollMoved);
        for (const column of COLUMNS) {
          const value = outcome.kept[column];
          if (value !== undefined) (kept[column] ??= []).push(value);
        }
        await context.close();
      }
      rows.push([
        morph,
        `${median(times).toFixed(1)} / ${percentile(times, 95).toFixed(1)} ms`,
        ...COLUMNS.map((column) => (kept[column]?.every(Boolean) ? 'yes' : 'no')),
        `${Math.round(moved)} px`,
      ]);
    }
    const [head, ...body] = rows.map((cells) => `| ${cells.join(' | ')} |`);
    console.log([head, `|${rows[0]!.map(() => ' --- |').join('')}`, ...body].join('\n'));
    console.log(
      `(${STROKES} draws on each of ${PAGES.map((target) => target.path).join(' and ')})`,
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
