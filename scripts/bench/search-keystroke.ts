/**
 * The school finder's keystroke time at N schools (a measurement, not a test): how long from a key
 * press in the search box until the first matching card is on screen, in Chromium with its CPU
 * slowed 4× (Lighthouse's mobile throttling, `Emulation.setCPUThrottlingRate`). The built site
 * (`npm run build` first) is served through the local stack's server (Netlify's engine, br/gzip),
 * with its cards file swapped for the one the same view writes for N of the build bench's synthetic
 * schools: the finder's page does not change with the number of schools, only that file does.
 * The page is Lighthouse's mobile device (412 × 823 CSS px, 1.75 device pixels each).
 *
 * Each query is typed from an empty box, key by key, once the cards file has loaded (the page
 * fetches it when the box is first focused). Per key press it reads Chromium's Event Timing entry
 * for the key (`duration`: from the key press to the next paint after its handlers, as INP counts
 * it) and, beside it, the time until the frame after the first card was added. Prints the median
 * and the slowest of each query, and the cards file's load on focus.
 *   npm run bench:search -- [--schools 2400] [--throttle 4] [--budget-ms 100]
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { startSiteServer } from '../local-stack/site/server.ts';
import { syntheticMatrix } from './synthetic-matrix.ts';
import { SEARCH_DATA_PATH } from '../../src/lib/search/school-index.ts';
import { searchDataView } from '../../src/lib/views/bare-pages.ts';
import { fullChromium } from '../support/chromium.ts';
import { median } from '../support/stats.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
const DIST = join(ROOT, 'dist');
const { values } = parseArgs({
  options: {
    schools: { type: 'string', default: '2400' },
    throttle: { type: 'string', default: '4' },
    'budget-ms': { type: 'string', default: '100' },
  },
});
const SCHOOLS = Number(values.schools);
const THROTTLE = Number(values.throttle);
const BUDGET_MS = Number(values['budget-ms']);
/** From a broad first letter (nearly every school matches) to a name, a city, a state and no match at all. */
const QUERIES = ['a', 'washington', 'campus 12', 'pullman', 'purdue', 'zzz'];

if (!existsSync(join(DIST, 'search.html')))
  throw new Error('No built site in dist/: run `npm run build` first');

async function syntheticCards(count: number): Promise<string> {
  return JSON.stringify(searchDataView(await syntheticMatrix(count)));
}

const site = mkdtempSync(join(tmpdir(), 'search-bench-'));
cpSync(DIST, site, { recursive: true });
const cards = await syntheticCards(SCHOOLS);
writeFileSync(join(site, SEARCH_DATA_PATH), cards);
const server = await startSiteServer({
  distDir: site,
  netlifyToml: join(ROOT, 'netlify.toml'),
  port: 0,
  log: () => {},
});
const browser = await chromium.launch({
  ...(fullChromium ? { executablePath: fullChromium } : {}),
});
const loadBefore = loadavg();
try {
  // Lighthouse's mobile device (a Moto G Power: 412 × 823 CSS px at 1.75 device pixels each).
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  // Per key press: Chromium's Event Timing duration of the keydown, and the frame after the first card.
  await page.addInitScript(() => {
    const state = {
      events: [] as number[],
      firstCard: [] as number[],
      pressedAt: 0,
      waiting: false,
    };
    (window as unknown as { keystrokes: typeof state }).keystrokes = state;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        if (entry.name === 'keydown') state.events.push(entry.duration);
    }).observe({ type: 'event', buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
    document.addEventListener(
      'keydown',
      (event) => {
        state.pressedAt = event.timeStamp;
        state.waiting = true;
      },
      true,
    );
    document.addEventListener('DOMContentLoaded', () => {
      const results = document.querySelector('[data-school-search-results]');
      if (!results) return;
      new MutationObserver(() => {
        if (!state.waiting || results.children.length === 0) return;
        state.waiting = false;
        const pressedAt = state.pressedAt;
        requestAnimationFrame(() =>
          setTimeout(() => state.firstCard.push(performance.now() - pressedAt), 0),
        );
      }).observe(results, { childList: true });
    });
  });
  await page.goto(`${server.url}/search`, { waitUntil: 'load' });
  const input = page.locator('[data-school-search-input]');
  const loaded = page.waitForResponse((response) => response.url().endsWith(SEARCH_DATA_PATH));
  const focusAt = Date.now();
  await input.focus();
  await (await loaded).finished();
  await page.waitForFunction(() =>
    performance
      .getEntriesByType('resource')
      .some((entry) => entry.name.endsWith('/search-schools.json')),
  );
  const loadMs = Date.now() - focusAt;

  const rows: Array<{
    query: string;
    keys: number;
    eventMedian: number;
    eventMax: number;
    cardMedian: number;
    cardMax: number;
    matches: string;
  }> = [];
  for (const query of QUERIES) {
    await input.fill('');
    await page.waitForTimeout(300);
    await page.evaluate(() => {
      const state = (window as unknown as { keystrokes: { events: number[]; firstCard: number[] } })
        .keystrokes;
      state.events.length = 0;
      state.firstCard.length = 0;
    });
    for (const key of query) {
      await page.keyboard.press(key === ' ' ? 'Space' : key);
      await page.waitForTimeout(250);
    }
    await page.waitForTimeout(500);
    const state = await page.evaluate(
      () =>
        (window as unknown as { keystrokes: { events: number[]; firstCard: number[] } }).keystrokes,
    );
    const summary = await page.locator('[data-school-search-summary]').textContent();
    // An entry under 16 ms is not reported: such a key press took less than that.
    const events = [
      ...state.events,
      ...Array.from({ length: Math.max(0, query.length - state.events.length) }, () => 16),
    ];
    const firstCard = state.firstCard.length > 0 ? state.firstCard : [Number.NaN];
    rows.push({
      query,
      keys: query.length,
      eventMedian: median(events),
      eventMax: Math.max(...events),
      cardMedian: median(firstCard),
      cardMax: Math.max(...firstCard),
      matches: summary ?? '',
    });
  }
  const loadAfter = loadavg();
  const ms = (value: number) => (Number.isNaN(value) ? '–' : `${Math.round(value)}`);
  console.log(
    `\nsearch keystrokes at ${SCHOOLS} schools, Chromium ${browser.version()} at ${THROTTLE}× CPU slowdown (Lighthouse's mobile), 412 × 823 px at 1.75; cards file ${(Buffer.byteLength(cards) / 1024).toFixed(0)} KB (${(gzipSync(cards).length / 1024).toFixed(0)} KB gzipped), loaded ${loadMs} ms after focus (local server, no network throttling); load average ${loadBefore[0]?.toFixed(1)} before, ${loadAfter[0]?.toFixed(1)} after\n`,
  );
  console.log(
    '| query | keys | key press to next paint, median / slowest ms (Event Timing) | to the frame after the first card, median / slowest ms | result |',
  );
  console.log('|---|---:|---:|---:|---|');
  for (const row of rows)
    console.log(
      `| "${row.query}" | ${row.keys} | ${ms(row.eventMedian)} / ${ms(row.eventMax)} | ${ms(row.cardMedian)} / ${ms(row.cardMax)} | ${row.matches} |`,
    );
  const slowest = Math.max(...rows.map((row) => row.eventMax));
  console.log(
    `\nslowest key press: ${Math.round(slowest)} ms (budget ${BUDGET_MS} ms): ${slowest <= BUDGET_MS ? 'within budget' : 'OVER BUDGET'}`,
  );
  mkdirSync(join(ROOT, 'reports'), { recursive: true });
  writeFileSync(
    join(ROOT, 'reports', `bench-search-${SCHOOLS}.json`),
    JSON.stringify(
      { schools: SCHOOLS, throttle: THROTTLE, loadMs, rows, loadBefore, loadAfter },
      null,
      2,
    ),
  );
} finally {
  await browser.close();
  await server.close();
  rmSync(site, { recursive: true, force: true });
}
