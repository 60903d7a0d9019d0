/**
 * What style and layout cost on a served page, as Chromium counts it (no Lighthouse): elements
 * in the DOM, style recalculations and layouts with their time, under a CPU slowdown like
 * Lighthouse's mobile preset (4x). Each page is loaded `--runs` times; the figures are medians.
 *   node scripts/bench/layout-cost.ts --url http://localhost:4321 [--paths /uw-husky-mobile/student,...] [--width 412] [--runs 5]
 * The site must be served (npm run serve). A measurement, never a test: the machine's load moves it.
 */
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { fullChromium } from '../support/chromium.ts';
import { median } from '../support/stats.ts';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://localhost:4321' },
    paths: {
      type: 'string',
      default: '/uw-husky-mobile/student,/uw-husky-mobile/faculty,/uw-husky-mobile/fan',
    },
    width: { type: 'string', default: '412' },
    runs: { type: 'string', default: '5' },
    throttle: { type: 'string', default: '4' },
  },
});
const browser = await chromium.launch({
  executablePath: process.env.PLAYWRIGHT_BROWSERS_PATH ? undefined : fullChromium,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  console.log(
    `| page | elements | style recalcs | style ms | layouts | layout ms | (medians of ${values.runs}, ${values.width} px, ${values.throttle}x CPU) |`,
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | |');
  for (const path of values.paths.split(',')) {
    const samples: Array<Record<string, number>> = [];
    for (let run = 0; run < Number(values.runs); run += 1) {
      const page = await browser.newPage({
        viewport: { width: Number(values.width), height: 823 },
      });
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Performance.enable');
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(values.throttle) });
      await page.goto(values.url + path, { waitUntil: 'load' });
      await page.waitForTimeout(1500);
      const { metrics } = await cdp.send('Performance.getMetrics');
      const figure = Object.fromEntries(metrics.map((metric) => [metric.name, metric.value]));
      figure['Elements'] = await page.evaluate(() => document.getElementsByTagName('*').length);
      samples.push(figure);
      await page.close();
    }
    const pick = (name: string) => median(samples.map((sample) => sample[name] ?? 0));
    console.log(
      `| ${path} | ${pick('Elements')} | ${pick('RecalcStyleCount')} | ${(pick('RecalcStyleDuration') * 1000).toFixed(0)} | ${pick('LayoutCount')} | ${(pick('LayoutDuration') * 1000).toFixed(0)} | |`,
    );
  }
} finally {
  await browser.close();
}
