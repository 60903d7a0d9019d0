/**
 * Build benchmark (a measurement, not a test): for each size, builds N synthetic schools made from
 * the bundled ones against the local product API (with an added latency per request), then a bare
 * Astro project with the same number of trivial pages (the framework's floor), and prints one row
 * per size: pages, wall and CPU time of both, the ratio, content queries, tenant requests and the
 * time spent waiting for them, redirect rules, `_headers` lines, HTML bytes per page and peak memory.
 *   npm run bench:build -- [--schools 6,600,2400] [--runs 3] [--api-latency 50] [--profile] [--keep] [--site DIR]
 * The two builds run in alternating site/bare pairs (3 by default); the headline ratio is the median
 * of the pairs' ratios (a pair shares the machine's state of the moment), the table keeps the best
 * run of each. Both write into memory (/dev/shm) when the machine has it, so the disk's writeback
 * does not decide the figures. With two sizes or more it also prints the marginal cost per school
 * between the two largest, site against bare. `--profile` adds one untimed site build at the largest size under
 * `--cpu-prof` and prints where its CPU time went. Budgets (BUDGETS below): a page over 64 KB of
 * HTML at any size, more redirect rules per added school than the synthetic schools' aliases need,
 * or any `_headers` line per added school fails the bench, as does a build that fails or writes
 * other than what was asked for; the marginal cost per school against the bare floor's is printed
 * against its budget, never failed on (a time on a shared machine). `--site DIR` builds another
 * checkout of the project (with its own node_modules) against the same synthetic schools, API and
 * floor, and is measured, not judged: before/after figures from one machine in one sitting.
 */
import { execFileSync, spawn } from 'node:child_process';
import {
  accessSync,
  constants as fsConstants,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_LIMITS, createApiHttpServer, createLocalApi } from '../local-stack/api/server.ts';
import { writeBareProject } from './bare-project.ts';
import { summariseCpuProfile } from './cpu-profile.ts';
import { writeSyntheticDataset } from './synthetic-files.ts';
import { withBuildLock } from '../lib/build-lock.ts';
import { median } from '../support/stats.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
const PEAK = join(import.meta.dirname, 'peak-memory.ts');
/** The build asks the content service a constant number of queries; per-school queries would be ≥ N. */
const MAX_CONTENT_QUERIES = 2;
/**
 * The build's budgets at any number of schools:
 * - no page carries more than 64 KB of HTML;
 * - redirect rules grow only by what aliases need: two per legacy alias and one more for an alias
 *   without a giveawayentry redirect; the synthetic schools copy the six published ones, whose
 *   seven aliases and two such aliases make 14 rules per 6 schools (2.33 a school);
 * - `_headers` has one rule per kind of page: no line per school;
 * - one more school costs at most 4× what one more school's pages cost the bare framework.
 */
const BUDGETS = {
  pageBytes: 64 * 1024,
  redirectRulesPerSchool: 14 / 6,
  headersLinesPerSchool: 0,
  marginalRatio: 4,
} as const;
const MAX_PAGE_BYTES = BUDGETS.pageBytes;

const { values } = parseArgs({
  options: {
    schools: { type: 'string', default: '6,600,2400' },
    runs: { type: 'string', default: '3' },
    'api-latency': { type: 'string', default: '50' },
    profile: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    site: { type: 'string' },
  },
});
/** The checkout whose site is built (this one unless --site names another); the bare floor uses this one's Astro. */
const SITE_ROOT = values.site ? resolve(values.site) : ROOT;
const siteAstro = join(SITE_ROOT, 'node_modules/astro/bin/astro.mjs');
const bareAstro = join(ROOT, 'node_modules/astro/bin/astro.mjs');
const SIZES = values.schools.split(',').map((size) => Number(size.trim()));
const RUNS = Number(values.runs);
const LATENCY_MS = Number(values['api-latency']);
if (SIZES.some((size) => !Number.isInteger(size) || size < 1))
  throw new Error('--schools must be positive whole numbers, e.g. 6,60');
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error('--runs must be a positive whole number');
if (!Number.isFinite(LATENCY_MS) || LATENCY_MS < 0)
  throw new Error('--api-latency must be a number of milliseconds ≥ 0');

type Timing = { seconds: number; cpuSeconds: number; peakMb: number };

/**
 * A RAM-backed folder for the builds' output when the machine has one. Astro renames its assets
 * from `.astro/` under the working directory into the output (EXDEV across file systems), so the
 * builds also run with their working directory there (the project stays where it is: `--root`).
 */
function workParent(): string {
  try {
    if (process.platform === 'linux' && existsSync('/dev/shm')) {
      accessSync('/dev/shm', fsConstants.W_OK);
      return '/dev/shm';
    }
  } catch {
    // not writable: the disk it is
  }
  return tmpdir();
}

interface BuildReportFigures {
  pages: number;
  contentQueries: number;
  /** Absent from reports of builds before tenant requests were counted. */
  tenants?: { requests: number; retries: number; waitMs: number };
  schools: unknown[];
}

interface SizeResult {
  schools: number;
  pages: number;
  site: Timing;
  bare: Timing;
  ratio: number;
  cpuRatio: number;
  contentQueries: number;
  tenantRequests: number | undefined;
  tenantRetries: number;
  tenantWaitSeconds: number | undefined;
  redirectRules: number;
  htmlBytesMedian: number;
  htmlBytesMax: number;
  heaviestPage: string;
  headersLines: number;
  headersBytes: number;
  siteRuns: Timing[];
  bareRuns: Timing[];
  /** Each alternating pair's site / bare wall time ratio. */
  pairRatios: number[];
  /** The median wall time of the site's and the bare floor's runs. */
  siteMedianSeconds: number;
  bareMedianSeconds: number;
}

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) =>
    name.endsWith('.html'),
  );
}

/** Rules in a Netlify `_redirects` file: every line that is neither blank nor a comment. */
function countRedirectRules(file: string): number {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() && !line.trimStart().startsWith('#')).length;
}

/** The best of several runs: least wall time, least CPU time, and (to be safe) the highest peak memory. */
function best(runs: Timing[]): Timing {
  return {
    seconds: Math.min(...runs.map((run) => run.seconds)),
    cpuSeconds: Math.min(...runs.map((run) => run.cpuSeconds)),
    peakMb: Math.max(...runs.map((run) => run.peakMb)),
  };
}

/** Builds of the site wait for any other build in this checkout (the clock starts once it is theirs). */
function timedBuild(
  label: string,
  nodeArgs: string[],
  args: string[],
  env: Record<string, string>,
  peakFile: string,
  logFile: string,
  cwd: string,
): Promise<Timing> {
  const bare = args.includes('--root');
  const run = () =>
    timedBuildNow(
      label,
      nodeArgs,
      bare ? bareAstro : siteAstro,
      cwd,
      bare ? args : ['--root', SITE_ROOT, ...args],
      env,
      peakFile,
      logFile,
    );
  return bare || SITE_ROOT !== ROOT ? run() : withBuildLock(run);
}

async function timedBuildNow(
  label: string,
  nodeArgs: string[],
  astro: string,
  cwd: string,
  args: string[],
  env: Record<string, string>,
  peakFile: string,
  logFile: string,
): Promise<Timing> {
  // The build before this one wrote up to 160 MB: flush it to disk first, or its writeback lands
  // in this build's time (measured: the bare floor at 600 schools swung between 6.8 and 9.8 s).
  if (process.platform !== 'win32') execFileSync('sync');
  const started = performance.now();
  const child = spawn(process.execPath, [...nodeArgs, '--import', PEAK, astro, 'build', ...args], {
    cwd,
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', BENCH_PEAK_FILE: peakFile, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => log.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => log.push(chunk));
  const code = await new Promise<number | null>((done) => child.on('close', done));
  const seconds = (performance.now() - started) / 1000;
  writeFileSync(logFile, Buffer.concat(log));
  if (code !== 0) {
    process.stderr.write(Buffer.concat(log).toString('utf8').slice(-4000));
    throw new Error(`${label} build failed (exit ${code}); log in ${logFile}`);
  }
  const usage = JSON.parse(readFileSync(peakFile, 'utf8')) as {
    maxRssKb: number;
    cpuMicros: number;
  };
  return { seconds, cpuSeconds: usage.cpuMicros / 1e6, peakMb: usage.maxRssKb / 1024 };
}

/**
 * The local product API over HTTP, each answer held back by `latencyMs` (a distant API). Its
 * per-client rate limit (120 requests per 10 s, there for browsers posting entries) is lifted: at
 * 600 schools the build's 1,200 tenant requests would otherwise measure that limit, not the build.
 */
async function startSlowApi(
  dir: string,
  tenantsFile: string,
  datasetFile: string,
  latencyMs: number,
): Promise<{ url: string; close: () => Promise<void> }> {
  const api = createLocalApi({
    dataDir: join(dir, 'api-data'),
    tenantsFile,
    datasetFile,
    allowedOrigins: [],
    warn: () => {},
  });
  const inner = createApiHttpServer(api, () => {}, {
    ...DEFAULT_LIMITS,
    requestsPerWindow: 1_000_000,
  });
  const server: Server = createServer((request, response) => {
    setTimeout(() => inner.emit('request', request, response), latencyMs);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((done) => {
        server.close(() => {
          api.store.close();
          done();
        });
        server.closeAllConnections();
      }),
  };
}

async function benchSize(
  work: string,
  schools: number,
  profileDir: string | undefined,
): Promise<SizeResult> {
  // ---- the synthetic dataset, in the bundled dataset's format, and its tenant records behind the local API
  const { datasetDir, datasetFile, tenantsFile } = writeSyntheticDataset(work, schools);
  const api = await startSlowApi(work, tenantsFile, datasetFile, LATENCY_MS);

  try {
    const siteOut = join(work, 'site-dist');
    const reportFile = join(work, 'build-report.json');
    const siteEnv = {
      CONTENT_SOURCE: 'local',
      CONTENT_DATASET_DIR: datasetDir,
      PUBLIC_API_BASE: api.url,
      BUILD_REPORT_FILE: reportFile,
      BUILD_OUT_DIR: siteOut,
    };
    // Astro renders from chunks it writes into the output (.prerender/): they find their packages
    // through a node_modules beside them, as they would inside the project.
    symlinkSync(join(SITE_ROOT, 'node_modules'), join(work, 'node_modules'), 'dir');
    const bareDir = join(work, 'bare');
    const bareOut = join(bareDir, 'dist');
    const siteRuns: Timing[] = [];
    const bareRuns: Timing[] = [];
    const pairRatios: number[] = [];
    let report: BuildReportFigures | undefined;
    let pages: string[] = [];
    for (let run = 1; run <= RUNS; run += 1) {
      rmSync(siteOut, { recursive: true, force: true });
      siteRuns.push(
        await timedBuild(
          'site',
          [],
          [],
          siteEnv,
          join(work, 'site-peak'),
          join(work, 'site.log'),
          work,
        ),
      );
      report = JSON.parse(readFileSync(reportFile, 'utf8')) as BuildReportFigures;
      pages = htmlFiles(siteOut);
      if (report.schools.length !== schools)
        throw new Error(
          `the build report lists ${report.schools.length} schools, expected ${schools}`,
        );
      if (pages.length !== report.pages)
        throw new Error(
          `the build reports ${report.pages} pages but wrote ${pages.length} HTML files`,
        );
      if (report.contentQueries > MAX_CONTENT_QUERIES)
        throw new Error(
          `the build made ${report.contentQueries} content queries (at most ${MAX_CONTENT_QUERIES} expected)`,
        );

      if (run === 1) writeBareProject(bareDir, pages.length, join(ROOT, 'node_modules'));
      rmSync(bareOut, { recursive: true, force: true });
      bareRuns.push(
        await timedBuild(
          'bare',
          [],
          ['--root', bareDir, '--outDir', bareOut],
          {},
          join(work, 'bare-peak'),
          join(work, 'bare.log'),
          work,
        ),
      );
      pairRatios.push((siteRuns.at(-1) as Timing).seconds / (bareRuns.at(-1) as Timing).seconds);
      const barePages = htmlFiles(bareOut).length;
      if (barePages !== pages.length)
        throw new Error(`the bare build wrote ${barePages} pages, expected ${pages.length}`);
    }
    if (!report) throw new Error('no run');

    const sizes = pages.map((name) => ({ name, bytes: statSync(join(siteOut, name)).size }));
    const heaviest = sizes.reduce((most, page) => (page.bytes > most.bytes ? page : most));
    if (heaviest.bytes > MAX_PAGE_BYTES) {
      const message = `${heaviest.name} weighs ${(heaviest.bytes / 1024).toFixed(1)} KB of HTML at ${schools} schools (at most ${MAX_PAGE_BYTES / 1024} KB)`;
      // Another checkout (--site, e.g. an older commit for before/after figures) is measured, not judged.
      if (values.site) console.warn(`bench: ${message}`);
      else overBudget.push(message);
    }
    const site = best(siteRuns);
    const bare = best(bareRuns);
    const result: SizeResult = {
      schools,
      pages: pages.length,
      site,
      bare,
      ratio: site.seconds / bare.seconds,
      cpuRatio: site.cpuSeconds / bare.cpuSeconds,
      contentQueries: report.contentQueries,
      tenantRequests: report.tenants?.requests,
      tenantRetries: report.tenants?.retries ?? 0,
      tenantWaitSeconds: report.tenants ? report.tenants.waitMs / 1000 : undefined,
      redirectRules: countRedirectRules(join(siteOut, '_redirects')),
      headersLines: existsSync(join(siteOut, '_headers'))
        ? readFileSync(join(siteOut, '_headers'), 'utf8').split('\n').filter(Boolean).length
        : 0,
      headersBytes: existsSync(join(siteOut, '_headers'))
        ? statSync(join(siteOut, '_headers')).size
        : 0,
      htmlBytesMedian: median(sizes.map((page) => page.bytes)),
      htmlBytesMax: heaviest.bytes,
      heaviestPage: heaviest.name,
      siteRuns,
      bareRuns,
      pairRatios,
      siteMedianSeconds: median(siteRuns.map((run) => run.seconds)),
      bareMedianSeconds: median(bareRuns.map((run) => run.seconds)),
    };

    if (profileDir) {
      rmSync(siteOut, { recursive: true, force: true });
      mkdirSync(profileDir, { recursive: true });
      await timedBuild(
        'site (profiled)',
        ['--cpu-prof', '--cpu-prof-dir', profileDir],
        [],
        siteEnv,
        join(work, 'site-peak'),
        join(work, 'site-profiled.log'),
        work,
      );
    }
    return result;
  } finally {
    await api.close();
  }
}

const work = mkdtempSync(join(workParent(), 'school-bench-'));
const results: SizeResult[] = [];
/** Size budgets the build went over: reported after the table, then the bench fails. */
const overBudget: string[] = [];
const loadBefore = loadavg();
try {
  const largest = Math.max(...SIZES);
  const profileDir = values.profile
    ? join(ROOT, 'reports', 'profiles', `build-${largest}-${Date.now()}`)
    : undefined;
  for (const schools of SIZES) {
    const dir = join(work, String(schools));
    results.push(await benchSize(dir, schools, schools === largest ? profileDir : undefined));
  }

  const row = (cells: Array<string | number>) => `| ${cells.join(' | ')} |`;
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  const loadAfter = loadavg();
  console.log(
    `\nbuild benchmark, ${RUNS} alternating site/bare pair(s), output in ${work.startsWith('/dev/shm') ? 'memory (/dev/shm)' : `${tmpdir()} (no /dev/shm)`}; table: best of the runs; tenant records from the local API with ${LATENCY_MS} ms added per request; load average ${loadBefore[0]?.toFixed(1)} before, ${loadAfter[0]?.toFixed(1)} after${SITE_ROOT === ROOT ? '' : `; site built from ${SITE_ROOT}`}\n`,
  );
  console.log(
    row([
      'schools',
      'pages',
      'site wall s',
      'site CPU s',
      'bare wall s',
      'bare CPU s',
      'ratio wall (CPU)',
      'content queries',
      'tenant requests',
      'tenant wait s',
      'redirect rules',
      '_headers lines (KB)',
      'HTML KB/page median',
      'max',
      'peak MB site',
      'bare',
    ]),
  );
  console.log(row(Array.from({ length: 16 }, () => '---:')));
  for (const result of results) {
    console.log(
      row([
        result.schools,
        result.pages,
        result.site.seconds.toFixed(1),
        result.site.cpuSeconds.toFixed(1),
        result.bare.seconds.toFixed(1),
        result.bare.cpuSeconds.toFixed(1),
        `${result.ratio.toFixed(2)} (${result.cpuRatio.toFixed(2)})`,
        result.contentQueries,
        result.tenantRetries
          ? `${result.tenantRequests} (${result.tenantRetries} retried)`
          : (result.tenantRequests ?? '–'),
        result.tenantWaitSeconds?.toFixed(1) ?? '–',
        result.redirectRules,
        `${result.headersLines} (${kb(result.headersBytes)})`,
        kb(result.htmlBytesMedian),
        kb(result.htmlBytesMax),
        result.site.peakMb.toFixed(0),
        result.bare.peakMb.toFixed(0),
      ]),
    );
  }
  console.log('');
  for (const result of results) {
    const pairs = result.pairRatios.map((ratio) => ratio.toFixed(2)).join(', ');
    console.log(
      `ratio site / bare: ${median(result.pairRatios).toFixed(2)} (median of ${result.pairRatios.length} pairs: ${pairs}) at ${result.schools} schools; best of runs ${result.ratio.toFixed(2)} (wall), ${result.cpuRatio.toFixed(2)} (CPU); _headers ${result.headersLines} lines; heaviest page ${result.heaviestPage}`,
    );
  }
  // The marginal cost of one more school between the two largest sizes (median wall times): the
  // fixed part of a build (bundling, the sitemap) drops out, what each school's pages cost stays.
  const [smaller, larger] = [...results].sort((a, b) => a.schools - b.schools).slice(-2);
  if (smaller && larger && larger.schools > smaller.schools) {
    const perSchool = (a: number, b: number) =>
      ((b - a) / (larger.schools - smaller.schools)) * 1000;
    const site = perSchool(smaller.siteMedianSeconds, larger.siteMedianSeconds);
    const bare = perSchool(smaller.bareMedianSeconds, larger.bareMedianSeconds);
    console.log(
      `slope site / bare: ${(site / bare).toFixed(2)} (site ${site.toFixed(1)} ms, bare ${bare.toFixed(1)} ms per school, between ${smaller.schools} and ${larger.schools} schools)`,
    );
    // The size budgets per school (deterministic: they fail the bench) and the time budget (printed).
    const rulesPerSchool =
      (larger.redirectRules - smaller.redirectRules) / (larger.schools - smaller.schools);
    const headerLinesPerSchool =
      (larger.headersLines - smaller.headersLines) / (larger.schools - smaller.schools);
    const verdict = (within: boolean) => (within ? 'within budget' : 'OVER BUDGET');
    console.log(
      `budget: redirect rules per school ${rulesPerSchool.toFixed(2)} (at most ${BUDGETS.redirectRulesPerSchool.toFixed(2)}): ${verdict(rulesPerSchool <= BUDGETS.redirectRulesPerSchool + 1e-9)}`,
    );
    console.log(
      `budget: _headers lines per school ${headerLinesPerSchool.toFixed(2)} (at most ${BUDGETS.headersLinesPerSchool}): ${verdict(headerLinesPerSchool <= BUDGETS.headersLinesPerSchool)}`,
    );
    console.log(
      `budget: marginal cost per school ${(site / bare).toFixed(2)}× the bare floor's (at most ${BUDGETS.marginalRatio}×): ${verdict(site / bare <= BUDGETS.marginalRatio)}`,
    );
    if (!values.site && rulesPerSchool > BUDGETS.redirectRulesPerSchool + 1e-9)
      overBudget.push(
        `${rulesPerSchool.toFixed(2)} redirect rules per school (at most ${BUDGETS.redirectRulesPerSchool.toFixed(2)})`,
      );
    if (!values.site && headerLinesPerSchool > BUDGETS.headersLinesPerSchool)
      overBudget.push(
        `${headerLinesPerSchool.toFixed(2)} _headers lines per school (at most ${BUDGETS.headersLinesPerSchool})`,
      );
  }
  mkdirSync(join(ROOT, 'reports'), { recursive: true });
  for (const result of results) {
    writeFileSync(
      join(ROOT, 'reports', `bench-build-${result.schools}.json`),
      JSON.stringify({ ...result, latencyMs: LATENCY_MS, loadBefore, loadAfter }, null, 2),
    );
  }
  if (overBudget.length > 0) process.exitCode = 1;
  for (const message of overBudget) console.error(`bench: over budget: ${message}`);
  if (profileDir) {
    const [profile] = readdirSync(profileDir).filter((name) => name.endsWith('.cpuprofile'));
    if (profile) {
      console.log(
        `\nCPU profile of the site build at ${largest} schools: ${join(profileDir, profile)} (open it in Chrome DevTools › Performance)`,
      );
      console.log(summariseCpuProfile(readFileSync(join(profileDir, profile), 'utf8'), 25));
    }
  }
} finally {
  if (values.keep) console.log(`kept ${work}`);
  else rmSync(work, { recursive: true, force: true });
}
