/**
 * Netlify's own build at scale (a measurement, not a test: minutes at 2,400 schools):
 * `netlify build --offline --context production` (netlify-cli as `bash scripts/netlify-cli.sh
 * install` installs it, run as the Netlify tier runs it: scripts/support/netlify/cli.ts) on a clean
 * copy of the project, building the build bench's synthetic schools (scripts/bench/synthetic-files.ts)
 * with what Netlify's build environment sets. Prints the wall time, the peak memory of the whole
 * process tree (netlify-cli, npm, Astro and their workers, sampled every 100 ms), the deploy's files
 * (the publish folder and the functions Netlify packaged) and its rules, beside Netlify's
 * documented limits. Fails only when the build fails.
 *   npm run bench:netlify-build -- [--schools 2400] [--keep]
 */
import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  cleanCopy,
  CLI_DIR,
  removeCopy,
  requireNetlifyCli,
  toolEnvironment,
} from '../support/netlify/cli.ts';
import { writeSyntheticDataset } from './synthetic-files.ts';
import { NETLIFY_REDIRECT_ADVICE } from '../../src/lib/config/settings/sites.ts';
import { buildHookBodySchema } from '../../src/lib/publish-records/hook-body.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');

/**
 * Netlify's documented limits that this build can meet (read 2026-12-02):
 * - memory: "we guarantee you only 3GByte of memory and 1 CPU" for every build (Netlify support
 *   guide "Making sure your builds use appropriate resources for Netlify's build system",
 *   answers.netlify.com/t/5349, updated November 2021);
 * - files: "Files over 10 MByte in size are not well-supported by our CDN"; "Sites with tens of
 *   thousands of html files can lead to long processing times. This shouldn't cause the deploy to
 *   fail" (Netlify's "Build Gotchas", netlify.com/docs/build-gotchas);
 * - redirect rules: a deploy may fail when its serialised rules are too large; wildcards advised
 *   from NETLIFY_REDIRECT_ADVICE rules (docs.netlify.com/manage/routing/redirects/overview, quoted
 *   where the constant is): REDIRECT_RULE_LIMIT.
 */
const NETLIFY_BUILD_MEMORY_MB = 3 * 1024;
const NETLIFY_LARGE_FILE_BYTES = 10 * 1024 * 1024;

const { values } = parseArgs({
  options: {
    schools: { type: 'string', default: '2400' },
    keep: { type: 'boolean', default: false },
  },
});
const SCHOOLS = Number(values.schools);
if (!Number.isInteger(SCHOOLS) || SCHOOLS < 1)
  throw new Error('--schools must be a positive whole number');

/** Every process under `root` (itself included), from /proc: pid → parent. */
function treeRssBytes(root: number): number {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command name is in parentheses and may hold spaces: the fields after the last `)`.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(Number(entry), parent);
    } catch {
      // gone meanwhile
    }
  }
  const inTree = (pid: number): boolean => {
    for (
      let at: number | undefined = pid, steps = 0;
      at !== undefined && at > 1 && steps < 64;
      at = parents.get(at), steps += 1
    )
      if (at === root) return true;
    return false;
  };
  let bytes = 0;
  for (const pid of parents.keys()) {
    if (!inTree(pid)) continue;
    try {
      bytes += Number(readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]) * 4096;
    } catch {
      // gone meanwhile
    }
  }
  return bytes;
}

function filesUnder(dir: string): Array<{ path: string; bytes: number }> {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const path = join(entry.parentPath, entry.name);
      return { path, bytes: readFileSync(path).byteLength };
    });
}

const ruleLines = (file: string) =>
  existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => line.trim() && !line.trimStart().startsWith('#'))
    : [];

requireNetlifyCli();
const work = mkdtempSync(join(tmpdir(), 'netlify-build-bench-'));
const home = join(work, 'home');
mkdirSync(home);
const copy = cleanCopy('bench');
try {
  const { datasetDir, tenantsFile } = writeSyntheticDataset(work, SCHOOLS);
  const environment = toolEnvironment(home, {
    NETLIFY: 'true',
    SITE_ID: '3f2c1e0a-9b8d-4c7e-8f6a-5b4c3d2e1f00',
    SITE_NAME: 'school-mobile',
    URL: 'https://school-mobile.netlify.app',
    DEPLOY_ID: '6a1f0c2b9d8e7f6a5b4c3d2e',
    BUILD_ID: '6a1f0c2b9d8e7f6a5b4c3d2e',
    BRANCH: 'main',
    HEAD: 'main',
    DEPLOY_PRIME_URL: 'https://main--school-mobile.netlify.app',
    DEPLOY_URL: 'https://6a1f0c2b9d8e7f6a5b4c3d2e--school-mobile.netlify.app',
    // The bench's schools are the bundled content's copies: a demo deploy of local content.
    ALLOW_DEMO_DEPLOY: 'true',
    CONTENT_SOURCE: 'local',
    CONTENT_DATASET_DIR: datasetDir,
    TENANTS_FILE: tenantsFile,
    // What a build of today carries when no publish waits: the freshness check's build hook body.
    INCOMING_HOOK_BODY: JSON.stringify(
      buildHookBodySchema.parse({
        kind: 'freshness',
        batch: 'b-0be4c400',
        documents: [],
        more: 0,
        freshness: 'tenant records changed for 1 school (huskymobile)',
      }),
    ),
  });
  const loadBefore = loadavg();
  const started = performance.now();
  const child = spawn(
    join(CLI_DIR, 'node_modules', '.bin', 'netlify'),
    ['build', '--offline', '--context', 'production'],
    { cwd: copy, env: environment, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const log: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => log.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => log.push(chunk));
  let peak = 0;
  const sampler = setInterval(() => {
    if (child.pid) peak = Math.max(peak, treeRssBytes(child.pid));
  }, 100);
  const code = await new Promise<number | null>((done) => child.on('close', done));
  clearInterval(sampler);
  const seconds = (performance.now() - started) / 1000;
  const loadAfter = loadavg();
  const output = Buffer.concat(log).toString('utf8');
  writeFileSync(join(work, 'netlify-build.log'), output);
  if (code !== 0) {
    process.stderr.write(output.slice(-4000));
    throw new Error(
      `netlify build failed (exit ${code}); log in ${join(work, 'netlify-build.log')}`,
    );
  }

  const published = filesUnder(join(copy, 'dist'));
  const functions = readdirSync(join(copy, '.netlify', 'functions')).filter((name) =>
    name.endsWith('.zip'),
  );
  const html = published.filter((file) => file.path.endsWith('.html'));
  const largest = published.reduce((most, file) => (file.bytes > most.bytes ? file : most), {
    path: '',
    bytes: 0,
  });
  const redirects = ruleLines(join(copy, 'dist', '_redirects')).length;
  const headersFile = join(copy, 'dist', '_headers');
  const headerLines = existsSync(headersFile)
    ? readFileSync(headersFile, 'utf8').split('\n').filter(Boolean).length
    : 0;
  const headerBytes = existsSync(headersFile) ? readFileSync(headersFile).byteLength : 0;
  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
  const result = {
    schools: SCHOOLS,
    seconds,
    peakMb: peak / 1024 / 1024,
    files: published.length,
    htmlFiles: html.length,
    functions: functions.length,
    publishMb: published.reduce((sum, file) => sum + file.bytes, 0) / 1024 / 1024,
    largestFile: { path: largest.path.slice(copy.length), bytes: largest.bytes },
    redirectRules: redirects,
    headerLines,
    headerBytes,
    loadBefore,
    loadAfter,
  };
  const { version: cliVersion } = JSON.parse(
    readFileSync(join(CLI_DIR, 'node_modules', 'netlify-cli', 'package.json'), 'utf8'),
  ) as { version: string };
  console.log(
    `\nNetlify's build (netlify build --offline, netlify-cli ${cliVersion}) at ${SCHOOLS} schools; load average ${loadBefore[0]?.toFixed(1)} before, ${loadAfter[0]?.toFixed(1)} after\n`,
  );
  console.log("| measure | this build | Netlify's documented limit |");
  console.log('|---|---:|---|');
  console.log(`| wall time | ${seconds.toFixed(1)} s | – |`);
  console.log(
    `| peak memory (the whole process tree) | ${(peak / 1024 / 1024).toFixed(0)} MB | ${NETLIFY_BUILD_MEMORY_MB} MB guaranteed (support guide, Nov 2021) |`,
  );
  console.log(
    `| deploy files | ${published.length.toLocaleString('en-US')} (${html.length.toLocaleString('en-US')} HTML), ${mb(result.publishMb * 1024 * 1024)} MB, and ${functions.length} functions | none documented; "tens of thousands of html files" process slowly, never fail (Build Gotchas) |`,
  );
  console.log(
    `| largest file | ${result.largestFile.path}, ${(largest.bytes / 1024).toFixed(0)} KB | ${NETLIFY_LARGE_FILE_BYTES / 1024 / 1024} MB (Build Gotchas) |`,
  );
  console.log(
    `| redirect rules | ${redirects.toLocaleString('en-US')} | wildcards advised from ${NETLIFY_REDIRECT_ADVICE.toLocaleString('en-US')} (redirects docs) |`,
  );
  console.log(
    `| _headers | ${headerLines} lines, ${(headerBytes / 1024).toFixed(1)} KB | none documented |`,
  );
  mkdirSync(join(ROOT, 'reports'), { recursive: true });
  writeFileSync(
    join(ROOT, 'reports', `bench-netlify-build-${SCHOOLS}.json`),
    JSON.stringify(result, null, 2),
  );
} finally {
  if (values.keep) console.log(`kept ${work} and ${copy}`);
  else {
    removeCopy(copy);
    rmSync(work, { recursive: true, force: true });
  }
}
