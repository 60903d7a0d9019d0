/**
 * Lighthouse benchmark (not a test): mobile preset, the system Chromium, against the local
 * stack serving the built site. For each page prints the four category scores and LCP, TBT and
 * CLS, as the median of several runs (TBT is noisy on a shared machine).
 *   npm run bench:lighthouse [-- --runs 3 --port 4390 --only coverage-map] [--plans]
 * `--plans`: every plan page (fan, student, faculty) of every school instead, each run on its own
 * line (score, TBT, style and layout time), as plan pages are the ones whose score moved.
 * Needs a build (npm run build). Started by scripts/bench/lighthouse.ts, which first installs this
 * folder's own packages (Lighthouse is not in the project's install).
 */
import { readFileSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS } from '../../support/chromium.ts';
import { SERVING, startProcess } from '../../support/process.ts';
import { median } from '../../support/stats.ts';

const arg = (name: string, fallback: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? (process.argv[index + 1] ?? fallback) : fallback;
};
const runs = Number(arg('runs', '3'));
const port = Number(arg('port', '4390'));
const apiPort = Number(arg('api-port', '8790'));
const base = `http://127.0.0.1:${port}`;

const report = JSON.parse(readFileSync('reports/build-report.json', 'utf8')) as {
  schools: Array<{ seoSlug: string; giveaway: string }>;
};
const open = report.schools.filter((s) => s.giveaway.includes('/giveaway-entry/')).slice(0, 2);
const only = arg('only', '');
const planPagesOnly = process.argv.includes('--plans');
const pages = (
  planPagesOnly
    ? report.schools.flatMap((school) =>
        ['fan', 'student', 'faculty'].map((plans) => `/${school.seoSlug}/${plans}`),
      )
    : open.flatMap((school) => [
        `/${school.seoSlug}`,
        `/${school.seoSlug}/faculty`,
        school.giveaway,
        `/${school.seoSlug}/coverage-map`,
      ])
).filter((page) => !only || page.endsWith(only));
/** Main-thread time by kind under Lighthouse's throttling (the "Minimize main-thread work" audit). */
const mainThreadMs = (lhr: { audits: Record<string, { details?: unknown }> }, group: string) => {
  const items =
    (
      lhr.audits['mainthread-work-breakdown']?.details as
        { items?: Array<{ group: string; duration: number }> } | undefined
    )?.items ?? [];
  return items.filter((item) => item.group === group).reduce((sum, item) => sum + item.duration, 0);
};
const runLines: string[] = [];

const stack = await startProcess({
  name: 'the local stack',
  args: ['scripts/local-stack/start.ts'],
  env: {
    ...process.env,
    PORT: String(port),
    API_PORT: String(apiPort),
    DATA_DIR: '/tmp/lighthouse-data',
  },
  ready: SERVING,
  stderr: 'inherit',
});

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
});

const rows: string[] = [];
try {
  for (const page of pages) {
    const samples: Array<Record<string, number>> = [];
    for (let run = 0; run < runs; run += 1) {
      const result = await lighthouse(`${base}${page}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
      });
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`no result for ${page}`);
      samples.push({
        performance: (lhr.categories.performance?.score ?? 0) * 100,
        accessibility: (lhr.categories.accessibility?.score ?? 0) * 100,
        bestPractices: (lhr.categories['best-practices']?.score ?? 0) * 100,
        seo: (lhr.categories.seo?.score ?? 0) * 100,
        lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
        tbt: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
        cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
        fcp: lhr.audits['first-contentful-paint']?.numericValue ?? NaN,
        speedIndex: lhr.audits['speed-index']?.numericValue ?? NaN,
        styleLayout: mainThreadMs(lhr, 'styleLayout'),
        script: mainThreadMs(lhr, 'scriptEvaluation'),
      });
      const sample = samples.at(-1) as Record<string, number>;
      const ms = (key: string) => `${Math.round(sample[key] ?? NaN)} ms`;
      runLines.push(
        `| ${page} | ${run + 1} | ${sample['performance']} | ${ms('fcp')} | ${ms('lcp')} | ${ms('speedIndex')} | ${ms('tbt')} | ${ms('styleLayout')} | ${ms('script')} |`,
      );
    }
    const m = (key: string) => median(samples.map((s) => s[key] ?? NaN));
    rows.push(
      `| ${page} | ${m('performance')} | ${m('accessibility')} | ${m('bestPractices')} | ${m('seo')} | ${Math.round(m('lcp'))} ms | ${Math.round(m('tbt'))} ms | ${m('cls').toFixed(3)} |`,
    );
    console.error(`done ${page}`);
  }
} finally {
  chrome.kill();
  await stack.stop();
}
console.log(`Lighthouse 13, mobile preset, median of ${runs} run(s)\n`);
console.log(
  '| page | perf | a11y | best practices | SEO | LCP | TBT | CLS |\n|---|---|---|---|---|---|---|---|',
);
console.log(rows.join('\n'));
console.log(
  '\nEach run: performance score, the simulated paint metrics, Total Blocking Time, style and layout and script evaluation time (throttled)\n',
);
console.log(
  '| page | run | perf | FCP | LCP | Speed Index | TBT | style & layout | script |\n|---|---|---|---|---|---|---|---|---|',
);
console.log(runLines.join('\n'));
const perfect = runLines.filter((line) => line.split(' | ')[2] === '100').length;
console.log(`\n${perfect} of ${runLines.length} runs scored 100`);
