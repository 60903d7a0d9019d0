/**
 * Preview-site benchmark (a measurement, not a test): the built rendering function of the editors'
 * preview site (SITE_MODE=preview) answering school pages, at each size of synthetic schools made
 * from the bundled ones (scripts/bench/synthetic-schools.ts), each size in a fresh process.
 *   npm run bench:preview -- [--schools 6,600] [--requests 200] [--server-requests 50] [--draft-runs 3] [--no-build]
 * Per size it prints:
 *  - in-process: the function called as a warm Netlify function runs (module loaded once), over a mix
 *    of school pages of random schools, published and in draft mode: median, p95, and the first
 *    call, which loads the module and reads the export;
 *  - local server: the same pages over HTTP through `npm run preview:server`'s request path (its
 *    listener, the static handler, then the same warm function): median, p95;
 *  - draft → served: a draft written to the export (the whole file rewritten, as an export is) until
 *    the page with the new text has been served, through the local server (median and slowest of
 *    --draft-runs drafts; the first request after each write reads the new export) and in-process.
 *    Target: ≤ 1 s through the local server at 600 schools;
 *  - keystrokes (keystrokes.ts): in Chromium, a Studio stand-in posts --keystrokes unsaved titles
 *    of a school's landing header over Presentation's loaders channel, one at a time; from each
 *    `loader/query-change` to the text in the page: median and p95, and apart, the page's render
 *    request and its redraw. Then as many keystrokes in a product document (the fan plans' first
 *    description, product-planCards-fan, with a {baseName} placeholder) on the fan page of a school
 *    that inherits it, to the text with the school's words on the page. Goal: a median ≤ 300 ms at
 *    600 schools, for both. `--keystrokes 0` leaves them out.
 * The local API answers the tenant lookups (no added latency); the local Blobs server runs, as
 * beside `npm run preview:server`.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { readNdjson } from '../../src/lib/content/local.ts';
import { DRAFT_MODE_COOKIE, signDraftMode } from '../../src/lib/preview/server/draft-cookie.ts';
import { DEFAULT_LIMITS, createApiHttpServer, createLocalApi } from '../local-stack/api/server.ts';
import { listen, type RunningServer } from '../local-stack/listen.ts';
import { startLocalBlobs } from '../local-stack/netlify/blobs.ts';
import {
  PREVIEW_DIST,
  PREVIEW_FUNCTION_ENTRY,
  buildPreviewSite,
} from '../local-stack/preview/build.ts';
import { createPreviewEngine, previewRequestListener } from '../local-stack/preview/engine.ts';
import { startStudioHost } from '../dev/studio-host.ts';
import { measureKeystrokes, type KeystrokeTarget, type KeystrokeTimes } from './keystrokes.ts';
import { writeSyntheticDataset } from './synthetic-files.ts';
import { median, percentile } from '../support/stats.ts';

const SECRET = 'bench-preview-cookie-secret-0123456789abcdef';
const PRESENTATION_SECRET = 'bench-preview-presentation-secret';
const PAGES = [
  '',
  '/student',
  '/fan',
  '/faculty',
  '/why',
  '/coverage-map',
  '/newsroom',
  '/international-dialing',
  '/giveaway-closed',
];

const { values } = parseArgs({
  options: {
    schools: { type: 'string', default: '6,600' },
    requests: { type: 'string', default: '200' },
    'server-requests': { type: 'string', default: '50' },
    'draft-runs': { type: 'string', default: '3' },
    keystrokes: { type: 'string', default: '20' },
    'no-build': { type: 'boolean', default: false },
    // Internal: one size, in this process.
    child: { type: 'string' },
  },
});

type Doc = Record<string, unknown> & { _id: string; _type: string };

const summary = (times: number[]) => ({
  median: median(times),
  p95: percentile(times, 95),
  n: times.length,
});

/** The product document typed in for the product keystrokes: the fan plans, whose first description most schools inherit. */
const PRODUCT_CARDS = 'product-planCards-fan';

/** A school whose fan page shows the product's first plan description (it overrides none), and its words. */
interface InheritingSchool {
  slug: string;
  baseName: string;
}

/** A fresh dataset of `count` schools (data.ndjson, images, tenants.json) in `dir`. */
function writeDataset(
  dir: string,
  count: number,
): {
  datasetDir: string;
  tenantsFile: string;
  slugs: string[];
  heroIds: Map<string, string>;
  productCards: Doc;
  inheriting: InheritingSchool[];
} {
  const synthetic = writeSyntheticDataset(dir, count, 'link');
  const { datasetDir, tenantsFile } = synthetic;
  const docs = synthetic.documents as Doc[];
  const schools = docs.filter(
    (doc) => doc._type === 'school' && doc.status !== 'retired' && doc.status !== 'preparing',
  );
  const heroIds = new Map<string, string>();
  // A school's own header (the product's, product-landingHeader, names no school).
  for (const doc of docs) {
    const school = doc.school as { _ref?: string } | undefined;
    if (doc._type === 'landingHeader' && school?._ref) heroIds.set(school._ref, doc._id);
  }
  const productCards = docs.find((doc) => doc._id === PRODUCT_CARDS)!;
  const firstPlan = (productCards.plans as Array<{ _key: string }>)[0]!._key;
  const overriding = new Set(
    docs
      .filter(
        (doc) =>
          doc._type === 'planCards' &&
          doc.customerType === 'fan' &&
          (doc.plans as Array<Record<string, unknown>> | undefined)?.some(
            (plan) => plan._key === firstPlan && 'planDescription' in plan,
          ),
      )
      .map((doc) => (doc.school as { _ref?: string } | undefined)?._ref),
  );
  return {
    datasetDir,
    tenantsFile,
    slugs: schools.map((school) => String(school.seoSlug)),
    heroIds: new Map(
      schools.map((school) => [String(school.seoSlug), heroIds.get(school._id) ?? '']),
    ),
    productCards,
    inheriting: schools
      .filter((school) => !overriding.has(school._id))
      .map((school) => ({ slug: String(school.seoSlug), baseName: String(school.baseName) })),
  };
}

async function timed(call: () => Promise<Response>, mustContain?: string): Promise<number> {
  const started = performance.now();
  const answer = await call();
  const body = await answer.text();
  const ms = performance.now() - started;
  if (answer.status !== 200) throw new Error(`status ${answer.status}: ${body.slice(0, 200)}`);
  if (mustContain && !body.includes(mustContain))
    throw new Error(`the page lacks "${mustContain}"`);
  return ms;
}

/** One size, in this process: prints one JSON line. */
async function measureOneSize(count: number): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), `bench-preview-${count}-`));
  const { datasetDir, tenantsFile, slugs, heroIds, productCards, inheriting } = writeDataset(
    work,
    count,
  );
  const api = createLocalApi({
    dataDir: join(work, 'api'),
    tenantsFile,
    datasetFile: join(datasetDir, 'data.ndjson'),
    allowedOrigins: [],
    warn: () => {},
  });
  const apiServer = await listen(
    createApiHttpServer(api, () => {}, { ...DEFAULT_LIMITS, requestsPerWindow: 1_000_000 }),
    0,
    '127.0.0.1',
    () => api.store.close(),
  );
  const blobs = await startLocalBlobs(join(work, 'blobs'));
  // The Studio's stand-in for the keystrokes: its origin is the Studio the preview may be framed by.
  const exportFile = join(datasetDir, 'data.ndjson');
  const studio = await startStudioHost(exportFile, PRESENTATION_SECRET);
  writeFileSync(exportFile, `${readFileSync(exportFile, 'utf8')}${studio.secretDocument()}\n`);
  const environment = {
    CONTENT_SOURCE: 'local',
    CONTENT_DATASET_DIR: datasetDir,
    TENANTS_FILE: tenantsFile,
    PUBLIC_API_BASE: apiServer.url,
    SITE_URL: 'http://localhost:4322',
    PREVIEW_COOKIE_SECRET: SECRET,
    ASTRO_TELEMETRY_DISABLED: '1',
    SANITY_STUDIO_URL: studio.origin,
    ...blobs.environment,
  };
  Object.assign(process.env, environment);
  const cookie = `${DRAFT_MODE_COOKIE}=${signDraftMode(SECRET)}`;
  const request = (slug: string, page: string, drafts: boolean, origin = 'http://localhost:4322') =>
    new Request(`${origin}/${slug}${page}`, { headers: drafts ? { cookie } : {} });
  let seed = 42;
  const random = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const pick = () =>
    [slugs[random(slugs.length)]!, PAGES[random(PAGES.length)]!, random(2) === 1] as const;

  let site: RunningServer | undefined;
  try {
    // In-process, warm: the module once, then one call after another.
    const { default: handler } = (await import(pathToFileURL(PREVIEW_FUNCTION_ENTRY).href)) as {
      default: (request: Request, context: unknown) => Promise<Response>;
    };
    const call = (req: Request) => handler(req, { ip: '127.0.0.1' });
    const cold = await timed(() => call(request(slugs[0]!, '', false)));
    const inProcess: number[] = [];
    for (let i = 0; i < Number(values.requests); i += 1) {
      const [slug, page, drafts] = pick();
      inProcess.push(await timed(() => call(request(slug, page, drafts))));
    }

    // A draft written to the export: the page with the new text, in-process.
    const original = readFileSync(exportFile);
    const slug = slugs[slugs.length - 1]!;
    const heroId = heroIds.get(slug)!;
    const writeDraft = (title: string) => {
      const hero = readNdjson(original, exportFile).find(
        (doc) => (doc as Doc)._id === heroId,
      ) as Doc;
      writeFileSync(
        exportFile,
        Buffer.concat([
          original,
          Buffer.from(`${JSON.stringify({ ...hero, _id: `drafts.${heroId}`, title })}\n`),
        ]),
      );
    };
    const inProcessTitle = `In-process draft ${Date.now()}`;
    writeDraft(inProcessTitle);
    const inProcessDraftMs = await timed(() => call(request(slug, '', true)), inProcessTitle);

    // Through the local server: preview:server's request listener over HTTP (the module is the one loaded above).
    const engine = await createPreviewEngine({
      distDir: PREVIEW_DIST,
      functionEntry: PREVIEW_FUNCTION_ENTRY,
      environment,
    });
    site = await listen(createServer(previewRequestListener(() => engine)), 0, '127.0.0.1');
    const overHttp = (school: string, page: string, drafts: boolean) =>
      fetch(request(school, page, drafts, site!.url));
    await timed(() => overHttp(slugs[0]!, '', false));
    const throughServer: number[] = [];
    for (let i = 0; i < Number(values['server-requests']); i += 1) {
      const [s, page, drafts] = pick();
      throughServer.push(await timed(() => overHttp(s, page, drafts)));
    }
    const serverDrafts: number[] = [];
    for (let run = 0; run < Number(values['draft-runs']); run += 1) {
      const serverTitle = `Server draft ${run} ${Date.now()}`;
      writeDraft(serverTitle);
      serverDrafts.push(await timed(() => overHttp(slug, '', true), serverTitle));
    }

    // Keystrokes over the loaders channel, the export as it was.
    writeFileSync(exportFile, original);
    let keystrokes: KeystrokeTimes | undefined;
    let productKeystrokes: KeystrokeTimes | undefined;
    if (Number(values.keystrokes) > 0) {
      const host = site.url.replace('127.0.0.1', 'localhost');
      studio.setPreviewOrigin(host);
      const schoolHeader: KeystrokeTarget = {
        path: `/${slug}`,
        documentId: heroId,
        selector: '#hero-title',
        fields: (text) => ({ title: text }),
        shown: (text) => text,
      };
      keystrokes = await measureKeystrokes(studio, host, schoolHeader, Number(values.keystrokes));
      const school = inheriting.at(-1)!;
      const plans = productCards.plans as Array<Record<string, unknown>>;
      const productPlans: KeystrokeTarget = {
        path: `/${school.slug}/fan`,
        documentId: PRODUCT_CARDS,
        selector: '.plan-card .description',
        fields: (text) => ({
          plans: plans.map((plan, index) =>
            index === 0 ? { ...plan, planDescription: `${text}, for {baseName}` } : plan,
          ),
        }),
        shown: (text) => `${text}, for ${school.baseName}`,
      };
      productKeystrokes = await measureKeystrokes(
        studio,
        host,
        productPlans,
        Number(values.keystrokes),
      );
    }

    console.log(
      JSON.stringify({
        schools: count,
        exportMb: original.length / 1e6,
        cold,
        inProcess: summary(inProcess),
        server: summary(throughServer),
        inProcessDraftMs,
        serverDraft: { ...summary(serverDrafts), max: Math.max(...serverDrafts) },
        ...(keystrokes
          ? {
              keystroke: summary(keystrokes.total),
              keystrokeRender: summary(keystrokes.render),
              keystrokeRedraw: summary(keystrokes.redraw),
            }
          : {}),
        ...(productKeystrokes
          ? {
              productKeystroke: summary(productKeystrokes.total),
              productKeystrokeRender: summary(productKeystrokes.render),
              productKeystrokeRedraw: summary(productKeystrokes.redraw),
            }
          : {}),
      }),
    );
  } finally {
    await studio.close();
    await site?.close();
    await Promise.all([apiServer.close(), blobs.stop()]);
    rmSync(work, { recursive: true, force: true });
  }
}

function runChild(count: number): Promise<Record<string, unknown>> {
  return new Promise((done, fail) => {
    const child = spawn(
      process.execPath,
      [
        import.meta.filename,
        '--child',
        String(count),
        '--requests',
        values.requests,
        '--server-requests',
        values['server-requests'],
        '--draft-runs',
        values['draft-runs'],
        '--keystrokes',
        values.keystrokes,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
    });
    child.once('exit', (code) => {
      const line = out
        .trim()
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .pop();
      if (code !== 0 || !line)
        fail(new Error(`the bench at ${count} schools failed (exit ${code}):\n${out}`));
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
  server: { median: number; p95: number; n: number };
  inProcessDraftMs: number;
  serverDraft: { median: number; max: number; n: number };
  keystroke?: { median: number; p95: number; n: number };
  keystrokeRender?: { median: number; p95: number; n: number };
  keystrokeRedraw?: { median: number; p95: number; n: number };
  productKeystroke?: { median: number; p95: number; n: number };
  productKeystrokeRender?: { median: number; p95: number; n: number };
  productKeystrokeRedraw?: { median: number; p95: number; n: number };
}

async function main(): Promise<void> {
  if (values.child) {
    await measureOneSize(Number(values.child));
    process.exit(0);
  }
  if (!values['no-build'])
    await buildPreviewSite({ ...process.env, PREVIEW_COOKIE_SECRET: SECRET });
  const sizes = values.schools.split(',').map((size) => Number(size.trim()));
  const rows: Row[] = [];
  for (const size of sizes) rows.push((await runChild(size)) as unknown as Row);
  const table = [
    [
      'schools',
      'export',
      'in-process median / p95',
      'first call',
      'local server median / p95',
      'draft → served, local server (median / max)',
      'draft → served, in-process',
    ],
    ...rows.map((row) => [
      String(row.schools),
      `${row.exportMb.toFixed(1)} MB`,
      `${ms(row.inProcess.median)} / ${ms(row.inProcess.p95)} (n=${row.inProcess.n})`,
      ms(row.cold),
      `${ms(row.server.median)} / ${ms(row.server.p95)} (n=${row.server.n})`,
      `${ms(row.serverDraft.median)} / ${ms(row.serverDraft.max)} (n=${row.serverDraft.n})`,
      ms(row.inProcessDraftMs),
    ]),
  ];
  const [header, ...body] = table.map((cells) => `| ${cells.join(' | ')} |`);
  console.log([header, `|${table[0]!.map(() => ' --- |').join('')}`, ...body].join('\n'));
  for (const row of rows) {
    const verdict = row.serverDraft.max <= 1000 ? 'within' : 'over';
    console.log(
      `${row.schools} schools: a draft written to the export is served through the local server in ${ms(row.serverDraft.median)} (slowest ${ms(row.serverDraft.max)}), ${verdict} the 1 s target; in-process ${ms(row.inProcessDraftMs)}.`,
    );
  }
  const typed = rows.filter((row) => row.keystroke);
  if (typed.length) {
    const keys = [
      [
        'schools',
        'document',
        'loader/query-change → text, median / p95',
        'render request (post → HTML parsed), median / p95',
        'redraw, median / p95',
      ],
      ...typed.flatMap((row) =>
        (
          [
            ['school document', row.keystroke!, row.keystrokeRender!, row.keystrokeRedraw!],
            [
              'product document',
              row.productKeystroke!,
              row.productKeystrokeRender!,
              row.productKeystrokeRedraw!,
            ],
          ] as const
        ).map(([document, total, render, redraw]) => [
          String(row.schools),
          document,
          `${ms(total.median)} / ${ms(total.p95)} (n=${total.n})`,
          `${ms(render.median)} / ${ms(render.p95)}`,
          `${ms(redraw.median)} / ${ms(redraw.p95)}`,
        ]),
      ),
    ];
    const [head, ...lines] = keys.map((cells) => `| ${cells.join(' | ')} |`);
    console.log(['', head, `|${keys[0]!.map(() => ' --- |').join('')}`, ...lines].join('\n'));
    for (const row of typed) {
      for (const [document, total] of [
        ['school', row.keystroke!],
        ['product', row.productKeystroke!],
      ] as const) {
        const verdict = total.median <= 300 ? 'within' : 'over';
        console.log(
          `${row.schools} schools: a keystroke in a ${document} document shows on the page in ${ms(total.median)} (median; p95 ${ms(total.p95)}), ${verdict} the 300 ms goal.`,
        );
      }
    }
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
