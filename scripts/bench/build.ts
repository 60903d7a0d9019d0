/**
 * Build benchmark (a measurement, not a test): builds N synthetic schools made from the bundled
 * ones, then a bare Astro project with the same number of trivial pages (the framework's floor),
 * and prints pages, wall time, pages per second, peak memory and content queries for both.
 *   npm run bench:build -- --schools 60 [--runs 3] [--keep]
 * With several runs, the two builds alternate and each figure is the best run (the least disturbed
 * by other work on the machine). Fails only when a build fails or its output is not what was asked
 * for (never on times).
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { readNdjson } from '../../src/lib/content/local.ts';
import { writeBareProject } from './bare-project.ts';
import { syntheticDataset } from './synthetic-schools.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
const ASTRO = join(ROOT, 'node_modules/astro/bin/astro.mjs');
const PEAK = join(import.meta.dirname, 'peak-memory.ts');
/** The build asks the content service a constant number of queries; per-school queries would be ≥ N. */
const MAX_CONTENT_QUERIES = 2;

const { values } = parseArgs({ options: { schools: { type: 'string', default: '12' }, runs: { type: 'string', default: '1' }, keep: { type: 'boolean', default: false } } });
const SCHOOLS = Number(values.schools);
const RUNS = Number(values.runs);
if (!Number.isInteger(SCHOOLS) || SCHOOLS < 1) throw new Error('--schools must be a positive whole number');
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error('--runs must be a positive whole number');

interface Run {
  label: string;
  pages: number;
  seconds: number;
  cpuSeconds: number;
  peakMb: number;
  contentQueries?: number;
}

function countHtml(dir: string): number {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.html')).length;
}

type Timing = { seconds: number; cpuSeconds: number; peakMb: number };

/** The best of several runs: least wall time, least CPU time, and (to be safe) the highest peak memory. */
function best(runs: Timing[]): Timing {
  return {
    seconds: Math.min(...runs.map((run) => run.seconds)),
    cpuSeconds: Math.min(...runs.map((run) => run.cpuSeconds)),
    peakMb: Math.max(...runs.map((run) => run.peakMb)),
  };
}

async function timedBuild(label: string, args: string[], env: Record<string, string>, peakFile: string, logFile: string): Promise<Timing> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', PEAK, ASTRO, 'build', ...args], {
    cwd: ROOT,
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
  const usage = JSON.parse(readFileSync(peakFile, 'utf8')) as { maxRssKb: number; cpuMicros: number };
  return { seconds, cpuSeconds: usage.cpuMicros / 1e6, peakMb: usage.maxRssKb / 1024 };
}

const work = mkdtempSync(join(tmpdir(), 'school-bench-'));
try {
  // ---- the synthetic dataset, in the bundled dataset's format
  const datasetDir = join(work, 'dataset');
  mkdirSync(datasetDir);
  const bundledFile = join(ROOT, 'src/dataset/data.ndjson');
  const synthetic = syntheticDataset({
    documents: readNdjson(readFileSync(bundledFile, 'utf8'), bundledFile) as never,
    tenants: JSON.parse(readFileSync(join(ROOT, 'src/dataset/tenants.json'), 'utf8')),
  }, SCHOOLS);
  writeFileSync(join(datasetDir, 'data.ndjson'), synthetic.documents.map((doc) => JSON.stringify(doc)).join('\n') + '\n');
  cpSync(join(ROOT, 'src/dataset/images'), join(datasetDir, 'images'), { recursive: true });
  writeFileSync(join(work, 'tenants.json'), JSON.stringify(synthetic.tenants));

  // ---- the site, and the framework's floor: a bare project with the same number of trivial pages
  const siteOut = join(work, 'site-dist');
  const reportFile = join(work, 'build-report.json');
  const bareDir = join(work, 'bare');
  const bareOut = join(work, 'bare-dist');
  const siteRuns: Timing[] = [];
  const bareRuns: Timing[] = [];
  let report: { pages: number; contentQueries: number; schools: unknown[] } | undefined;
  let sitePages = 0;
  let barePages = 0;
  let redirectRules = 0;
  for (let run = 1; run <= RUNS; run += 1) {
    rmSync(siteOut, { recursive: true, force: true });
    siteRuns.push(await timedBuild('site', [], {
      CONTENT_SOURCE: 'local', CONTENT_DATASET_DIR: datasetDir, TENANTS_FILE: join(work, 'tenants.json'), PUBLIC_API_BASE: '',
      BUILD_REPORT_FILE: reportFile, BUILD_OUT_DIR: siteOut,
    }, join(work, 'site-peak'), join(work, 'site.log')));
    report = JSON.parse(readFileSync(reportFile, 'utf8')) as NonNullable<typeof report>;
    sitePages = countHtml(siteOut);
    redirectRules = readFileSync(join(siteOut, '_redirects'), 'utf8').split('\n').filter((line) => line.trim() !== '' && !line.startsWith('#')).length;
    if (report.schools.length !== SCHOOLS) throw new Error(`the build report lists ${report.schools.length} schools, expected ${SCHOOLS}`);
    if (sitePages !== report.pages) throw new Error(`the build reports ${report.pages} pages but wrote ${sitePages} HTML files`);
    if (report.contentQueries > MAX_CONTENT_QUERIES) throw new Error(`the build made ${report.contentQueries} content queries (at most ${MAX_CONTENT_QUERIES} expected)`);

    if (run === 1) writeBareProject(bareDir, sitePages, join(ROOT, 'node_modules'));
    rmSync(bareOut, { recursive: true, force: true });
    bareRuns.push(await timedBuild('bare', ['--root', bareDir, '--outDir', bareOut], {}, join(work, 'bare-peak'), join(work, 'bare.log')));
    barePages = countHtml(bareOut);
    if (barePages !== sitePages) throw new Error(`the bare build wrote ${barePages} pages, expected ${sitePages}`);
  }
  const site = best(siteRuns);
  const bare = best(bareRuns);

  const runs: Run[] = [
    { label: 'site', pages: sitePages, ...site, contentQueries: report?.contentQueries ?? 0 },
    { label: 'bare Astro', pages: barePages, ...bare },
  ];
  const row = (cells: Array<string | number>) => `| ${cells.join(' | ')} |`;
  console.log(`\nbuild benchmark: ${SCHOOLS} schools (${sitePages} pages)${RUNS > 1 ? `, best of ${RUNS} runs` : ''}\n`);
  console.log(row(['build', 'pages', 'wall s', 'pages/s', 'CPU s', 'peak MB', 'content queries']));
  console.log(row(['---', '---:', '---:', '---:', '---:', '---:', '---:']));
  for (const run of runs) {
    console.log(row([run.label, run.pages, run.seconds.toFixed(1), (run.pages / run.seconds).toFixed(0), run.cpuSeconds.toFixed(1), run.peakMb.toFixed(0), run.contentQueries ?? '–']));
  }
  const ratio = site.seconds / bare.seconds;
  const cpuRatio = site.cpuSeconds / bare.cpuSeconds;
  console.log(`\nratio site / bare: ${ratio.toFixed(2)} (wall time), ${cpuRatio.toFixed(2)} (CPU time)`);
  console.log(`redirect rules in _redirects: ${redirectRules} (Netlify advises fewer than 10,000)`);
  mkdirSync(join(ROOT, 'reports'), { recursive: true });
  writeFileSync(join(ROOT, 'reports', `bench-build-${SCHOOLS}.json`), JSON.stringify({ schools: SCHOOLS, runs, ratio, cpuRatio, siteRuns, bareRuns }, null, 2));
} finally {
  if (values.keep) console.log(`kept ${work}`);
  else rmSync(work, { recursive: true, force: true });
}
