/**
 * Publish bench (a measurement, not a test): how long after a publish visitors get the new text,
 * on the local stack that plays Netlify (scripts/local-stack/start.ts: the site's own functions,
 * a local build hook, builds, atomic publish, signed deploy notifications).
 *   npm run bench:publish -- --schools 6,600 [--runs 5] [--keep]
 * For each size it makes N synthetic schools from the bundled ones (as bench:build does; tenant
 * records from a file, no API latency), starts the stack on free ports, deploys once through the
 * build hook, then runs one lone publish at a time (`publishLocally`: a changed landing header
 * title written with a new revision, the content webhook signed as Sanity signs it) and measures
 * from the webhook's answer (accepted) to
 *   - served: the school's page has the new title (polled every 50 ms);
 *   - live:   /api/publish-status says `live` for that revision (polled every 100 ms);
 * and splits it, from the local deploy's own timings, into the wait before the build starts (the
 * hook call, any build before it), the build, and the swap (the new folder read, then published),
 * plus what follows (the page and status polls seeing it). Prints the median of the runs per size
 * and the goal: served within the build's own time + 2 s. Writes reports/bench-publish-<N>.json.
 * Fails only when a publish is refused, a build fails or a step does not arrive (never on times).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { type DocumentStatus } from '../../src/lib/publish-records/status-answers.ts';
import { manualBody, triggerBuild } from '../../src/lib/rebuild/build-hook.ts';
import {
  LOCAL_DEPLOYS_PATH,
  localBuildHookUrl,
  type LocalDeploy,
} from '../local-stack/netlify/deploys.ts';
import { publishLocally } from '../local-stack/publish.ts';
import { workingDatasetDir } from '../local-stack/working-dataset.ts';
import { writeSyntheticDataset } from './synthetic-files.ts';
import { SERVING, startProcess } from '../support/process.ts';
import { median } from '../support/stats.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
const DOCUMENT = 'huskymobile-landingHeader';
const PAGE = '/uw-husky-mobile';
const PAGE_POLL_MS = 50;
const STATUS_POLL_MS = 100;
const STEP_TIMEOUT_MS = 15 * 60_000;
/** The local build hook's token for this bench's stacks. */
const HOOK_TOKEN = 'bench-publish-hook';
/** The goal: a lone publish is served within the build's own time plus this. */
const GOAL_MARGIN_MS = 2_000;

const { values } = parseArgs({
  options: {
    schools: { type: 'string', default: '6' },
    runs: { type: 'string', default: '5' },
    keep: { type: 'boolean', default: false },
  },
});
const SIZES = values.schools.split(',').map((size) => Number(size.trim()));
const RUNS = Number(values.runs);
if (SIZES.some((size) => !Number.isInteger(size) || size < 1))
  throw new Error('--schools must be positive whole numbers, e.g. 6,600');
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error('--runs must be a positive whole number');

interface Run {
  deploy: string;
  /** ms from the webhook's answer. */
  servedMs: number;
  liveMs: number;
  /** From the webhook's answer to the build's start (the hook call and anything queued before it). */
  waitMs: number;
  buildMs: number;
  swapMs: number;
  /** After the publish: until the page poll saw the new text, and until the status said live. */
  servedAfterPublishMs: number;
  liveAfterPublishMs: number;
  states: string[];
}

const sleep = (ms: number) => new Promise((wait) => setTimeout(wait, ms));

async function startStack(
  environment: NodeJS.ProcessEnv,
  logFile: string,
): Promise<{ url: string; stop: () => Promise<void>; output: () => string }> {
  const stack = await startProcess({
    name: 'the local stack',
    args: [join(ROOT, 'scripts/local-stack/start.ts')],
    env: environment,
    ready: SERVING,
  });
  const url = /Site: +(http:\/\/127\.0\.0\.1:\d+)/.exec(stack.output())?.[1];
  if (!url) {
    await stack.stop();
    throw new Error(`the local stack did not say where it serves:\n${stack.output()}`);
  }
  return {
    url,
    output: stack.output,
    stop: async () => {
      writeFileSync(logFile, stack.output());
      await stack.stop();
    },
  };
}

async function text(url: string): Promise<{ status: number; body: string }> {
  const answer = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  return { status: answer.status, body: await answer.text() };
}

/** Polls `check` every `everyMs` until it answers true; resolves with performance.now() of that answer. */
async function when(
  check: () => Promise<boolean>,
  everyMs: number,
  label: string,
): Promise<number> {
  const deadline = performance.now() + STEP_TIMEOUT_MS;
  for (;;) {
    if (await check()) return performance.now();
    if (performance.now() > deadline)
      throw new Error(`${label}: not within ${STEP_TIMEOUT_MS / 60_000} min`);
    await sleep(everyMs);
  }
}

async function deploys(site: string): Promise<LocalDeploy[]> {
  return (
    JSON.parse((await text(`${site}${LOCAL_DEPLOYS_PATH}`)).body) as { deploys: LocalDeploy[] }
  ).deploys;
}

async function benchSize(
  work: string,
  schools: number,
): Promise<{ schools: number; pages: number; firstBuildMs: number; runs: Run[] }> {
  const synthetic = writeSyntheticDataset(work, schools);
  const { datasetDir, tenantsFile } = synthetic;
  const emptyDist = join(work, 'empty-dist');
  mkdirSync(emptyDist, { recursive: true });
  // Inside the project: Astro moves its output there with rename (EXDEV across file systems).
  const deploysDir = join(ROOT, '.netlify', 'bench-publish', String(schools));
  rmSync(deploysDir, { recursive: true, force: true });

  const environment: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    API_PORT: '0',
    DATA_DIR: join(work, 'data'),
    DIST_DIR: emptyDist,
    CONTENT_DATASET_DIR: datasetDir,
    TENANTS_FILE: tenantsFile,
    DEPLOYS_DIR: deploysDir,
    ASTRO_TELEMETRY_DISABLED: '1',
    LOCAL_BUILD_HOOK_TOKEN: HOOK_TOKEN,
  };
  for (const name of [
    'NETLIFY_BUILD_HOOK_URL',
    'NETLIFY_BLOBS_CONTEXT',
    'PUBLIC_API_BASE',
    'CONTEXT',
    'NETLIFY',
  ])
    delete environment[name];
  const stack = await startStack(environment, join(work, 'stack.log'));
  const site = stack.url;
  try {
    // The first deploy: the site as `npm start` would serve it, with its documents recorded.
    await triggerBuild(localBuildHookUrl(site, HOOK_TOKEN), manualBody());
    await when(
      async () => ['ready', 'error'].includes((await deploys(site))[0]?.state ?? ''),
      500,
      'the first deploy',
    );
    const [first] = await deploys(site);
    if (first?.state !== 'ready')
      throw new Error(
        `the first build failed (${first?.errorMessage}); log in ${first?.dir}/build.log`,
      );
    const report = JSON.parse(readFileSync(join(first.dir, 'build-report.json'), 'utf8')) as {
      pages: number;
    };
    process.stdout.write(
      `${schools} schools: first deploy built in ${(first.buildMs! / 1000).toFixed(1)} s (${report.pages} pages)\n`,
    );

    const runs: Run[] = [];
    for (let run = 1; run <= RUNS; run += 1) {
      const title = `Bench publish ${run} at ${new Date().toISOString()}`;
      const before = (await deploys(site)).length;
      // Into the stack's working copy of the synthetic dataset, which its builds read.
      const published = await publishLocally({
        datasetDir: workingDatasetDir(environment.DATA_DIR!),
        id: DOCUMENT,
        changes: { title },
        siteUrl: site,
      });
      if (published.status !== 202)
        throw new Error(`the publish was answered ${published.status}: ${published.answer}`);
      const accepted = published.acceptedAt;
      const acceptedWall = Date.now() - (performance.now() - accepted);
      const states: string[] = [];
      const [served, live] = await Promise.all([
        when(
          async () => (await text(`${site}${PAGE}`)).body.includes(title),
          PAGE_POLL_MS,
          'the new text served',
        ),
        when(
          async () => {
            const answer = await text(
              `${site}/api/publish-status?ids=${DOCUMENT}:${published.rev}`,
            );
            const state =
              (JSON.parse(answer.body) as { documents: Record<string, DocumentStatus> }).documents[
                DOCUMENT
              ]?.state ?? 'none';
            if (states.at(-1) !== state) states.push(state);
            if (state === 'not-live') throw new Error(`the publish is not live: ${answer.body}`);
            return state === 'live';
          },
          STATUS_POLL_MS,
          'the status live',
        ),
      ]);
      const list = await deploys(site);
      if (list.length !== before + 1)
        throw new Error(`expected one deploy for the publish, found ${list.length - before}`);
      const deploy = list[0]!;
      const buildStarted = Date.parse(deploy.buildStartedAt!);
      const publishedAt = Date.parse(deploy.publishedAt!);
      const result: Run = {
        deploy: deploy.id,
        servedMs: served - accepted,
        liveMs: live - accepted,
        waitMs: Math.round(buildStarted - acceptedWall),
        buildMs: deploy.buildMs!,
        swapMs: deploy.swapMs!,
        servedAfterPublishMs: served - accepted - (publishedAt - acceptedWall),
        liveAfterPublishMs: live - accepted - (publishedAt - acceptedWall),
        states,
      };
      runs.push(result);
      process.stdout.write(
        `  run ${run}: served ${(result.servedMs / 1000).toFixed(2)} s, live ${(result.liveMs / 1000).toFixed(2)} s (wait ${Math.round(result.waitMs)} ms, build ${(result.buildMs / 1000).toFixed(2)} s, swap ${result.swapMs} ms; states ${states.join(' → ')})\n`,
      );
    }
    return { schools, pages: report.pages, firstBuildMs: first.buildMs!, runs };
  } finally {
    await stack.stop();
    if (!values.keep) rmSync(deploysDir, { recursive: true, force: true });
  }
}

const work = mkdtempSync(join(tmpdir(), 'school-bench-publish-'));
const loadBefore = loadavg();
try {
  const results = [];
  for (const schools of SIZES) results.push(await benchSize(join(work, String(schools)), schools));
  const loadAfter = loadavg();
  const s = (ms: number) => (ms / 1000).toFixed(2);
  const row = (cells: Array<string | number>) => `| ${cells.join(' | ')} |`;
  console.log(
    `\npublish benchmark: median of ${RUNS} lone publish(es) per size, from the signed webhook's answer; load average ${loadBefore[0]?.toFixed(1)} before, ${loadAfter[0]?.toFixed(1)} after\n`,
  );
  console.log(
    row([
      'schools',
      'pages',
      'publish → served s',
      'publish → live s',
      'wait before build s',
      'build s',
      'swap s',
      'served after publish s',
      'live after publish s',
      'goal: served ≤ build + 2 s',
    ]),
  );
  console.log(row(Array.from({ length: 10 }, () => '---:')));
  for (const result of results) {
    const m = (pick: (run: Run) => number) => median(result.runs.map(pick));
    const met = result.runs.filter((run) => run.servedMs <= run.buildMs + GOAL_MARGIN_MS).length;
    console.log(
      row([
        result.schools,
        result.pages,
        s(m((run) => run.servedMs)),
        s(m((run) => run.liveMs)),
        s(m((run) => run.waitMs)),
        s(m((run) => run.buildMs)),
        s(m((run) => run.swapMs)),
        s(m((run) => run.servedAfterPublishMs)),
        s(m((run) => run.liveAfterPublishMs)),
        `${met} of ${result.runs.length} runs`,
      ]),
    );
  }
  mkdirSync(join(ROOT, 'reports'), { recursive: true });
  for (const result of results) {
    writeFileSync(
      join(ROOT, 'reports', `bench-publish-${result.schools}.json`),
      JSON.stringify({ ...result, loadBefore, loadAfter }, null, 2),
    );
  }
} finally {
  if (values.keep) console.log(`kept ${work}`);
  else rmSync(work, { recursive: true, force: true });
}
