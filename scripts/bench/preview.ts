/**
 * Preview-site benchmark (a measurement, not a test): the built rendering function of the editors'
 * preview site (SITE_MODE=preview) answering school pages, at each size of synthetic schools made
 * from the bundled ones (scripts/bench/synthetic-schools.ts), each size in a fresh process.
 *   npm run bench:preview -- [--schools 6,600] [--requests 200] [--engine-requests 20] [--draft-runs 3] [--no-build]
 * Per size it prints:
 *  - in-process: the function called as a warm Netlify function runs (module loaded once), over a mix
 *    of school pages of random schools, published and in draft mode: median, p95, and the first
 *    (cold) call that reads the export;
 *  - engine: the same pages through the local engine (Netlify's functions runtime, which starts a
 *    worker, i.e. a cold function, per call): median, p95;
 *  - draft → served: a draft written to the export (the whole file rewritten, as an export is) until
 *    the page with the new text has been served, through the engine (median and slowest of
 *    --draft-runs drafts; the first request after each write also indexes the new export) and
 *    in-process. Target: ≤ 1 s through the engine at 600 schools.
 * The local API answers the tenant lookups (no added latency). The engine's workers use a compile
 * cache of their own (emptied at the start of each size), as `npm run preview:server` does.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { exportIndexFile } from '../../src/lib/content/export-index.ts';
import { readNdjson } from '../../src/lib/content/local.ts';
import { DRAFT_MODE_COOKIE, signDraftMode } from '../../src/lib/preview/draft-cookie.ts';
import { DEFAULT_LIMITS, createApiHttpServer, createLocalApi } from '../local-stack/api/server.ts';
import { listen } from '../local-stack/listen.ts';
import { PREVIEW_DIST, PREVIEW_FUNCTIONS, PREVIEW_FUNCTION_ENTRY, buildPreviewSite } from '../local-stack/preview/build.ts';
import { createPreviewEngine } from '../local-stack/preview/engine.ts';
import { syntheticDataset } from './synthetic-schools.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
const SECRET = 'bench-preview-cookie-secret-0123456789abcdef';
const PAGES = ['', '/student', '/fan', '/faculty', '/why', '/coverage-map', '/newsroom', '/international-dialing', '/giveaway-closed'];

const { values } = parseArgs({
  options: {
    schools: { type: 'string', default: '6,600' },
    requests: { type: 'string', default: '200' },
    'engine-requests': { type: 'string', default: '20' },
    'draft-runs': { type: 'string', default: '3' },
    'no-build': { type: 'boolean', default: false },
    // Internal: one size, in this process.
    child: { type: 'string' },
  },
});

type Doc = Record<string, unknown> & { _id: string; _type: string };

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;
const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { median: quantile(sorted, 0.5), p95: quantile(sorted, 0.95), n: sorted.length };
};

/** A fresh dataset of `count` schools (data.ndjson, images, tenants.json) in `dir`. */
function writeDataset(dir: string, count: number): { datasetDir: string; tenantsFile: string; slugs: string[]; heroIds: Map<string, string> } {
  const bundledFile = join(ROOT, 'src/dataset/data.ndjson');
  const synthetic = syntheticDataset({
    documents: readNdjson(readFileSync(bundledFile), bundledFile) as never,
    tenants: JSON.parse(readFileSync(join(ROOT, 'src/dataset/tenants.json'), 'utf8')),
  }, count);
  const datasetDir = join(dir, 'dataset');
  mkdirSync(datasetDir, { recursive: true });
  writeFileSync(join(datasetDir, 'data.ndjson'), synthetic.documents.map((doc) => JSON.stringify(doc)).join('\n') + '\n');
  symlinkSync(join(ROOT, 'src/dataset/images'), join(datasetDir, 'images'));
  const tenantsFile = join(dir, 'tenants.json');
  writeFileSync(tenantsFile, JSON.stringify(synthetic.tenants));
  const docs = synthetic.documents as Doc[];
  const schools = docs.filter((doc) => doc._type === 'school' && doc.status !== 'retired' && doc.status !== 'preparing');
  const heroIds = new Map<string, string>();
  for (const doc of docs) if (doc._type === 'landingHeader') heroIds.set(String((doc.school as { _ref: string })._ref), doc._id);
  return { datasetDir, tenantsFile, slugs: schools.map((school) => String(school.seoSlug)), heroIds: new Map(schools.map((school) => [String(school.seoSlug), heroIds.get(school._id) ?? ''])) };
}

async function timed(call: () => Promise<Response>, mustContain?: string): Promise<number> {
  const started = performance.now();
  const answer = await call();
  const body = await answer.text();
  const ms = performance.now() - started;
  if (answer.status !== 200) throw new Error(`status ${answer.status}: ${body.slice(0, 200)}`);
  if (mustContain && !body.includes(mustContain)) throw new Error(`the page lacks "${mustContain}"`);
  return ms;
}

/** One size, in this process: prints one JSON line. */
async function measureOneSize(count: number): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), `bench-preview-${count}-`));
  const { datasetDir, tenantsFile, slugs, heroIds } = writeDataset(work, count);
  const api = createLocalApi({ dataDir: join(work, 'api'), tenantsFile, datasetFile: join(datasetDir, 'data.ndjson'), allowedOrigins: [], warn: () => {} });
  const apiServer = await listen(createApiHttpServer(api, () => {}, { ...DEFAULT_LIMITS, requestsPerWindow: 1_000_000 }), 0, '127.0.0.1', () => api.store.close());
  const environment = {
    CONTENT_SOURCE: 'local', CONTENT_DATASET_DIR: datasetDir, TENANTS_FILE: tenantsFile, PUBLIC_API_BASE: apiServer.url,
    SITE_URL: 'http://localhost:4322', PREVIEW_COOKIE_SECRET: SECRET, ASTRO_TELEMETRY_DISABLED: '1',
  };
  Object.assign(process.env, environment);
  const cookie = `${DRAFT_MODE_COOKIE}=${signDraftMode(SECRET)}`;
  const request = (slug: string, page: string, drafts: boolean) =>
    new Request(`http://localhost:4322/${slug}${page}`, { headers: drafts ? { cookie } : {} });
  let seed = 42;
  const random = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const pick = () => [slugs[random(slugs.length)]!, PAGES[random(PAGES.length)]!, random(2) === 1] as const;

  try {
    // In-process, warm: the module once, then one call after another.
    const { default: handler } = await import(pathToFileURL(PREVIEW_FUNCTION_ENTRY).href) as { default: (request: Request, context: unknown) => Promise<Response> };
    const call = (req: Request) => handler(req, {});
    const cold = await timed(() => call(request(slugs[0]!, '', false)));
    const inProcess: number[] = [];
    for (let i = 0; i < Number(values.requests); i += 1) {
      const [slug, page, drafts] = pick();
      inProcess.push(await timed(() => call(request(slug, page, drafts))));
    }

    // A draft written to the export: the page with the new text, in-process.
    const exportFile = join(datasetDir, 'data.ndjson');
    const original = readFileSync(exportFile);
    const slug = slugs[slugs.length - 1]!;
    const heroId = heroIds.get(slug)!;
    const writeDraft = (title: string) => {
      const hero = readNdjson(original, exportFile).find((doc) => (doc as Doc)._id === heroId) as Doc;
      writeFileSync(exportFile, Buffer.concat([original, Buffer.from(`${JSON.stringify({ ...hero, _id: `drafts.${heroId}`, title })}\n`)]));
    };
    const inProcessTitle = `In-process draft ${Date.now()}`;
    writeDraft(inProcessTitle);
    const inProcessDraftMs = await timed(() => call(request(slug, '', true)), inProcessTitle);

    // Through the local engine: Netlify's functions runtime, a worker per call.
    const engine = createPreviewEngine({
      distDir: PREVIEW_DIST, functionsDir: PREVIEW_FUNCTIONS, scratchDir: join(work, 'functions-serve'), compileCacheDir: join(work, 'compile-cache'), environment,
    });
    await timed(() => engine.handle(request(slugs[0]!, '', false)));
    const throughEngine: number[] = [];
    for (let i = 0; i < Number(values['engine-requests']); i += 1) {
      const [s, page, drafts] = pick();
      throughEngine.push(await timed(() => engine.handle(request(s, page, drafts))));
    }
    const engineDrafts: number[] = [];
    for (let run = 0; run < Number(values['draft-runs']); run += 1) {
      const engineTitle = `Engine draft ${run} ${Date.now()}`;
      writeDraft(engineTitle);
      engineDrafts.push(await timed(() => engine.handle(request(slug, '', true)), engineTitle));
    }

    console.log(JSON.stringify({
      schools: count, exportMb: original.length / 1e6, cold, inProcess: summary(inProcess), engine: summary(throughEngine), inProcessDraftMs,
      engineDraft: { ...summary(engineDrafts), max: Math.max(...engineDrafts) },
    }));
  } finally {
    await apiServer.close();
    rmSync(exportIndexFile(datasetDir), { force: true });
    rmSync(work, { recursive: true, force: true });
  }
}

function runChild(count: number): Promise<Record<string, unknown>> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [
      import.meta.filename, '--child', String(count), '--requests', values.requests, '--engine-requests', values['engine-requests'], '--draft-runs', values['draft-runs'],
    ], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => { out += chunk; });
    child.once('exit', (code) => {
      const line = out.trim().split('\n').filter((l) => l.startsWith('{')).pop();
      if (code !== 0 || !line) fail(new Error(`the bench at ${count} schools failed (exit ${code}):\n${out}`));
      else done(JSON.parse(line) as Record<string, unknown>);
    });
  });
}

const ms = (value: unknown) => `${Math.round(Number(value))} ms`;

interface Row {
  schools: number;
  exportMb: number;
  cold: number;
  inProcess: { median: number; p95: number; n: number };
  engine: { median: number; p95: number; n: number };
  inProcessDraftMs: number;
  engineDraft: { median: number; max: number; n: number };
}

async function main(): Promise<void> {
  if (values.child) {
    await measureOneSize(Number(values.child));
    process.exit(0);
  }
  if (!values['no-build']) await buildPreviewSite({ ...process.env, PREVIEW_COOKIE_SECRET: SECRET });
  const sizes = values.schools.split(',').map((size) => Number(size.trim()));
  const rows: Row[] = [];
  for (const size of sizes) rows.push(await runChild(size) as unknown as Row);
  const table = [
    ['schools', 'export', 'in-process median / p95', 'first call', 'engine median / p95', 'draft → served, engine (median / max)', 'draft → served, in-process'],
    ...rows.map((row) => [
      String(row.schools), `${row.exportMb.toFixed(1)} MB`, `${ms(row.inProcess.median)} / ${ms(row.inProcess.p95)} (n=${row.inProcess.n})`, ms(row.cold),
      `${ms(row.engine.median)} / ${ms(row.engine.p95)} (n=${row.engine.n})`, `${ms(row.engineDraft.median)} / ${ms(row.engineDraft.max)} (n=${row.engineDraft.n})`, ms(row.inProcessDraftMs),
    ]),
  ];
  const [header, ...body] = table.map((cells) => `| ${cells.join(' | ')} |`);
  console.log([header, `|${table[0]!.map(() => ' --- |').join('')}`, ...body].join('\n'));
  for (const row of rows) {
    const verdict = row.engineDraft.max <= 1000 ? 'within' : 'over';
    console.log(`${row.schools} schools: a draft written to the export is served through the local engine in ${ms(row.engineDraft.median)} (slowest ${ms(row.engineDraft.max)}), ${verdict} the 1 s target; in-process ${ms(row.inProcessDraftMs)}.`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack ?? error.message : error);
  process.exit(1);
});
