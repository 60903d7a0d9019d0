/**
 * Status cost bench (a measurement, not a test): what one call of /api/publish-status and of
 * /api/deploys costs in Netlify Blobs reads and bytes, with N production deploys recorded for S
 * schools, counted by a proxy in front of Netlify's local Blobs server; and how long the deploy
 * notification that makes a deploy live takes. The site's own function modules (src/functions)
 * answer, as Netlify runs them; each deploy's build record is put into its deploy store as
 * Netlify's build uploads it.
 *   npm run bench:status -- --schools 6,600 --deploys 5,60 [--root <checkout>]
 * `--root`: another checkout of the project whose functions to measure (its `node_modules` may be
 * a link to this one's), e.g. an earlier commit for a before/after. Prints a table; writes
 * reports/bench-status.json.
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { getDeployStore } from '@netlify/blobs';
import { netlifySignature } from '../support/netlify/notifications.ts';
import { BLOBS_CONTEXT_VARIABLE, startLocalBlobs } from '../local-stack/netlify/blobs.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
const SITE_ID = 'bench-site';
const SECRET = 'bench-deploy-notification-secret-0123456789abcdef';
/** Document types per synthetic school, about what a bundled school has. */
const TYPES_PER_SCHOOL = 41;

export interface Counted {
  reads: number;
  bytes: number;
}
export interface StatusCost {
  schools: number;
  deploys: number;
  publishStatus: Counted;
  deploysCall: Counted;
  afterRestore: { publishStatus: Counted; deploysCall: Counted };
  notifyMs: number;
}

type Handler = (request: Request, context?: unknown) => Promise<Response>;
let measurements = 0;

/** A proxy in front of the Blobs server that counts the reads (GET) and the bytes they answered. */
async function countingProxy(
  target: string,
): Promise<{ url: string; counted: Counted; reset: () => void; server: Server }> {
  const counted: Counted = { reads: 0, bytes: 0 };
  const server = createServer((incoming, outgoing) => {
    const forward = httpRequest(
      new URL(incoming.url ?? '/', target),
      { method: incoming.method, headers: incoming.headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.on('data', (chunk: Buffer) => {
          if (incoming.method === 'GET') counted.bytes += chunk.length;
        });
        answer.pipe(outgoing);
      },
    );
    if (incoming.method === 'GET') counted.reads += 1;
    incoming.pipe(forward);
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    counted,
    reset: () => {
      counted.reads = 0;
      counted.bytes = 0;
    },
    server,
  };
}

/** The build record of deploy `n` (1-based) for `schools` schools: every document, one of them at a new revision each deploy. */
export function syntheticRecord(schools: number, n: number) {
  const documents: Record<string, { rev: string; type: string; school: string | null }> = {};
  for (let school = 0; school < schools; school += 1) {
    for (let type = 0; type < TYPES_PER_SCHOOL; type += 1)
      documents[`s${school}-t${type}`] = {
        rev: `r-${school}-${type}`,
        type: `t${type}`,
        school: `s${school}`,
      };
  }
  documents['s0-t0'] = { rev: `r-deploy-${n}`, type: 't0', school: 's0' };
  return {
    version: 1,
    contentReadAt: new Date(Date.now() - 3_600_000).toISOString(),
    trigger: { kind: 'unknown' },
    documents,
    schools: Array.from({ length: schools }, (_, school) => ({
      key: `s${school}`,
      seoSlug: `school-${school}-mobile`,
      status: 'live',
    })),
    leftOut: [],
    problems: [],
  };
}

function deployId(n: number): string {
  return n.toString(16).padStart(24, '0');
}

async function read(answer: Promise<Response>): Promise<void> {
  const response = await answer;
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`the function answered ${response.status}`);
}

/** Records `deploys` production deploys of `schools` schools through `root`'s functions, then counts one call of each status function. */
export async function measureStatusCost(options: {
  schools: number;
  deploys: number;
  root?: string;
}): Promise<StatusCost> {
  const root = options.root ?? ROOT;
  const work = mkdtempSync(join(tmpdir(), 'bench-status-'));
  const blobs = await startLocalBlobs(join(work, 'blobs'), { siteID: SITE_ID });
  const proxy = await countingProxy(blobs.url);
  const context = JSON.parse(
    Buffer.from(blobs.environment[BLOBS_CONTEXT_VARIABLE], 'base64').toString('utf8'),
  ) as Record<string, string>;
  const before = { ...process.env };
  Object.assign(process.env, {
    [BLOBS_CONTEXT_VARIABLE]: Buffer.from(
      JSON.stringify({ ...context, edgeURL: proxy.url, uncachedEdgeURL: proxy.url }),
    ).toString('base64'),
    SITE_ID,
    CONTEXT: 'production',
    NETLIFY_DEPLOY_NOTIFICATION_SECRET: SECRET,
    EDITOR_PASS_SECRET: SECRET,
    SANITY_STUDIO_URL: 'https://school.sanity.studio',
    NETLIFY_BUILD_HOOK_URL: 'http://127.0.0.1:9/build-hook',
    SANITY_PROJECT_ID: '',
  });
  delete process.env['SITE_MODE'];
  try {
    // A fresh instance of each function per measurement (a module keeps its stores once set up).
    const run = (measurements += 1);
    const load = async (name: string) =>
      (
        (await import(
          `${pathToFileURL(join(root, 'src', 'functions', `${name}.ts`)).href}?instance=${run}`
        )) as { default: Handler }
      ).default;
    const [notify, publishStatus, deploysFunction] = [
      await load('deploy-notification'),
      await load('publish-status'),
      await load('deploys'),
    ];
    const invocation = { deploy: { context: 'production' } };
    const start = Date.now() - (options.deploys + 10) * 60_000;
    const at = (minute: number) => new Date(start + minute * 60_000).toISOString();
    const notifyReady = async (n: number, publishedAt: string) => {
      const body = JSON.stringify({
        id: deployId(n),
        site_id: SITE_ID,
        state: 'ready',
        context: 'production',
        branch: 'main',
        title: `Deploy ${n}`,
        created_at: at(n),
        updated_at: publishedAt,
        published_at: publishedAt,
        deploy_time: 30,
        error_message: null,
      });
      const started = performance.now();
      await read(
        notify(
          new Request('https://site.example/api/deploy-notification', {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'x-webhook-signature': netlifySignature(body, SECRET),
            },
            body,
          }),
          invocation,
        ),
      );
      return performance.now() - started;
    };
    let notifyMs = 0;
    for (let n = 1; n <= options.deploys; n += 1) {
      const record = syntheticRecord(options.schools, n);
      // Where Netlify's build uploads it (and where the build-record plugin of earlier versions stored it).
      await getDeployStore({ deployID: deployId(n) }).setJSON('build-record', record);
      await getDeployStore({ deployID: deployId(n), name: 'build-report' }).setJSON(
        'report',
        record,
      );
      notifyMs = await notifyReady(n, at(n + 0.5));
    }
    const measure = async (): Promise<{ publishStatus: Counted; deploysCall: Counted }> => {
      proxy.reset();
      await read(
        publishStatus(new Request('https://site.example/api/publish-status?ids=s0-t0'), invocation),
      );
      const status = { ...proxy.counted };
      proxy.reset();
      await read(deploysFunction(new Request('https://site.example/api/deploys'), invocation));
      return { publishStatus: status, deploysCall: { ...proxy.counted } };
    };
    const latest = await measure();
    // "Deploy restored": the first deploy again, published now; every other one is newer than it.
    await notifyReady(1, new Date().toISOString());
    const afterRestore = await measure();
    return {
      schools: options.schools,
      deploys: options.deploys,
      ...latest,
      afterRestore,
      notifyMs,
    };
  } finally {
    for (const name of Object.keys(process.env)) if (!(name in before)) delete process.env[name];
    Object.assign(process.env, before);
    await new Promise<void>((closed) => proxy.server.close(() => closed()));
    await blobs.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      schools: { type: 'string', default: '6,600' },
      deploys: { type: 'string', default: '5,60' },
      root: { type: 'string' },
    },
  });
  const rows: StatusCost[] = [];
  for (const schools of values.schools.split(',').map(Number)) {
    for (const deploys of values.deploys.split(',').map(Number)) {
      rows.push(
        await measureStatusCost({
          schools,
          deploys,
          ...(values.root ? { root: resolve(values.root) } : {}),
        }),
      );
    }
  }
  console.log(
    '| schools | deploys | publish-status: reads, bytes | deploys: reads, bytes | after a restore: publish-status | after a restore: deploys | notification (live) |',
  );
  console.log('|---:|---:|---:|---:|---:|---:|---:|');
  for (const row of rows) {
    console.log(
      `| ${row.schools} | ${row.deploys} | ${row.publishStatus.reads}, ${kb(row.publishStatus.bytes)} | ${row.deploysCall.reads}, ${kb(row.deploysCall.bytes)} | ${row.afterRestore.publishStatus.reads}, ${kb(row.afterRestore.publishStatus.bytes)} | ${row.afterRestore.deploysCall.reads}, ${kb(row.afterRestore.deploysCall.bytes)} | ${Math.round(row.notifyMs)} ms |`,
    );
  }
  mkdirSync(join(ROOT, 'reports'), { recursive: true });
  writeFileSync(join(ROOT, 'reports', 'bench-status.json'), JSON.stringify(rows, null, 2));
}

if (import.meta.main) await main();
