/**
 * The facts README.md, CONTRIBUTING.md and docs/*.md state about the code are the code's: the Node
 * version, the local stack's ports and the Netlify functions' HTTP methods. Each fact is read from
 * the code here (and the code's own copies of it are held equal), then every statement of it in the
 * documents is checked (stated-facts.ts); a failure names the file, the line and what it says.
 */
import { statusHandlers } from '../deploys/fixtures.ts';
import { defineFunction } from '../../../src/lib/functions/define-function.ts';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  LOCAL_API_PORT,
  LOCAL_SITE_PORT,
  LOCAL_STUDIO_URL,
} from '../../../src/lib/config/local-addresses.ts';
import { freshnessCheck } from '../../../src/lib/rebuild/freshness-check.ts';
import { createPublishWebhook } from '../../../src/lib/rebuild/publish-webhook.ts';
import { publishRetry } from '../../../src/lib/rebuild/publish-retry.ts';
import { memoryStateStore } from '../../../src/lib/functions/state-store.ts';
import { createDeployStore } from '../../../src/lib/deploys/deploy-store.ts';
import { handleNotification } from '../../../src/lib/deploys/notification.ts';
import {
  readFreshnessSettings,
  readPublishRetrySettings,
  readStatusSettings,
} from '../../../src/lib/functions/function-settings.ts';
import { createPublishQueue } from '../../../src/lib/rebuild/publish-queue.ts';
import { STATUS_VARY } from '../../../src/lib/deploys/status-http.ts';
import {
  factProblems,
  problemLines,
  type Document,
  type Facts,
  type PortRole,
} from './stated-facts.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

/** The documents a reader follows from the README (as tests/unit/docs/links.test.ts reads them). */
function documents(): Document[] {
  const docs = readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`);
  return ['README.md', 'CONTRIBUTING.md', ...docs].map((path) => ({ path, text: read(path) }));
}

/** The one value every match of `pattern` in `text` captures; fails naming the file when there is none or several. */
function onlyValue(path: string, pattern: RegExp): string {
  const values = new Set([...read(path).matchAll(pattern)].map((match) => match[1]!));
  expect([...values], `${path}: ${pattern}`).toHaveLength(1);
  return [...values][0]!;
}

// ---- Node -------------------------------------------------------------------------------------

/**
 * Node runs a .ts file without a flag (type stripping on by default) from 22.18 on the 22 line
 * (and from 23.6); the scripts (`node scripts/….ts`) need that.
 */
const TYPE_STRIPPING_WITHOUT_FLAG: readonly [number, number] = [22, 18];

function engineFloor(path: string): [number, number] {
  const range = (JSON.parse(read(path)) as { engines?: { node?: string } }).engines?.node ?? '';
  const match = /^>=\s*(\d+)\.(\d+)(?:\.\d+)?$/.exec(range.trim());
  expect(match, `${path} engines.node is ">=major.minor" (it is "${range}")`).not.toBeNull();
  return [Number(match![1]), Number(match![2])];
}

const atLeast = (version: readonly [number, number], least: readonly [number, number]) =>
  version[0] > least[0] || (version[0] === least[0] && version[1] >= least[1]);

/** Does the package's own npm scripts run a .ts file with `node`? */
function runsTypeScript(path: string): boolean {
  const scripts = (JSON.parse(read(path)) as { scripts?: Record<string, string> }).scripts ?? {};
  return Object.values(scripts).some((command) => /\bnode\s+(?:--\S+\s+)*\S+\.ts\b/.test(command));
}

const nodeFloor = engineFloor('package.json');
const nodeRuns = Number(onlyValue('scripts/lib/toolchain.sh', /\bnode@(\d+)/g));

// ---- Ports ------------------------------------------------------------------------------------

const previewServer = 'scripts/local-stack/preview-server.ts';
const ports: Record<PortRole, number> = {
  site: LOCAL_SITE_PORT,
  'local API': LOCAL_API_PORT,
  'preview site': Number(onlyValue(previewServer, /export const PREVIEW_PORT = (\d+);/g)),
  'preview API': Number(onlyValue(previewServer, /export const PREVIEW_API_PORT = (\d+);/g)),
  Studio: Number(new URL(LOCAL_STUDIO_URL).port),
};

/** Settings that set a port, and whose port they set (scripts/local-stack, playwright.config.ts). */
const portSettings: Record<string, PortRole> = {
  PORT: 'site',
  API_PORT: 'local API',
  E2E_PORT: 'site',
  E2E_API_PORT: 'local API',
  PREVIEW_PORT: 'preview site',
  PREVIEW_API_PORT: 'preview API',
};

// ---- Function methods -------------------------------------------------------------------------

/** A method no function accepts: each answers it with 405 and its Allow header. */
const probe = () =>
  new Request('http://localhost/.netlify/functions/probe', { method: 'PROPFIND' });

/** Each function in src/functions, the definition it hands to defineFunction, and its answer to the probe. */
const FUNCTIONS: Record<string, { handler: string; answer: () => Promise<Response> }> = {
  'freshness-check': {
    handler: 'freshnessCheck',
    answer: () =>
      defineFunction(freshnessCheck, {
        openStores: { queue: memoryStateStore, deploys: memoryStateStore },
        readSettings: () => readFreshnessSettings({}),
        site: {},
        log: () => undefined,
      })(probe()),
  },
  'publish-retry': {
    handler: 'publishRetry',
    answer: () =>
      defineFunction(publishRetry, {
        openStores: { queue: memoryStateStore },
        readSettings: () => readPublishRetrySettings({}),
        site: {},
        log: () => undefined,
      })(probe()),
  },
  'rebuild-on-publish': {
    handler: 'rebuildOnPublish',
    answer: () =>
      createPublishWebhook({
        secret: 'secret',
        settings: {
          NETLIFY_BUILD_HOOK_URL: 'https://hooks.invalid/build',
          PUBLISH_RETRY_BASE_SECONDS: undefined,
          DEPLOY_BUDGET_PER_HOUR: undefined,
        },
        store: memoryStateStore(),
        log: () => undefined,
      })(probe()),
  },
  'deploy-notification': {
    handler: 'deployNotification',
    answer: () =>
      handleNotification(probe(), {
        secret: 'secret',
        siteId: 'site',
        log: () => undefined,
        deploys: createDeployStore({
          store: memoryStateStore(),
          readBuildReport: () => Promise.resolve(undefined),
        }),
        queue: createPublishQueue({
          store: memoryStateStore(),
          trigger: () => Promise.resolve(''),
        }),
      }),
  },
  'publish-status': {
    handler: 'statusFunctions',
    answer: () => statusFunctions().publishStatus(probe()),
  },
  deploys: {
    handler: 'statusFunctions',
    answer: () => statusFunctions().deploys(probe()),
  },
};

function statusFunctions() {
  return statusHandlers({
    openStores: { deploys: memoryStateStore, queue: memoryStateStore },
    readSettings: () => readStatusSettings({}),
    site: {},
    log: () => undefined,
    deps: { verifyToken: () => Promise.resolve('refused') },
  });
}

/** The methods a function takes: its Allow header when it answers the probe 405, else `any`. */
async function acceptedMethods(name: string): Promise<string[] | 'any'> {
  const response = await FUNCTIONS[name]!.answer();
  await response.arrayBuffer();
  if (response.status !== 405) return 'any';
  return (response.headers.get('allow') ?? '')
    .split(',')
    .map((method) => method.trim())
    .filter(Boolean);
}

async function codeFacts(): Promise<Facts> {
  const methods: Record<string, string[] | 'any'> = {};
  for (const name of Object.keys(FUNCTIONS)) methods[name] = await acceptedMethods(name);
  return {
    node: { floor: nodeFloor, runs: nodeRuns },
    ports: { ports, settings: portSettings },
    functions: { methods, aliases: { 'freshness check': 'freshness-check' } },
  };
}

describe('the code agrees with itself on each fact the documents state', () => {
  it('the scripts, CI and Netlify run one Node major, at or above the floor in package.json engines', () => {
    expect(
      Number(onlyValue('scripts/lib/toolchain.sh', /-lt (\d+) \]/g)),
      'toolchain.sh installs Node when older than',
    ).toBe(nodeRuns);
    expect(
      Number(onlyValue('netlify.toml', /NODE_VERSION = "(\d+)"/g)),
      'netlify.toml NODE_VERSION',
    ).toBe(nodeRuns);
    expect(nodeFloor[0]).toBeLessThanOrEqual(nodeRuns);
  });

  it('the floor in package.json engines is what the scripts need: Node that strips types without a flag', () => {
    expect(runsTypeScript('package.json')).toBe(true);
    expect(
      atLeast(nodeFloor, TYPE_STRIPPING_WITHOUT_FLAG),
      `package.json engines >=${nodeFloor.join('.')}`,
    ).toBe(true);
  });

  it('the Studio runs on any Node the site runs on (its CLI loads its own TypeScript)', () => {
    const studio = engineFloor('studio/package.json');
    expect(atLeast(nodeFloor, studio), `studio/package.json engines >=${studio.join('.')}`).toBe(
      true,
    );
    if (runsTypeScript('studio/package.json'))
      expect(atLeast(studio, TYPE_STRIPPING_WITHOUT_FLAG)).toBe(true);
  });

  it('every copy of a local port in the code is the one the local stack uses', () => {
    expect(
      Number(new URL(onlyValue('studio/presentation.ts', /DEFAULT_PREVIEW_URL = '([^']+)'/g)).port),
      'studio/presentation.ts',
    ).toBe(ports['preview site']);
    expect(
      Number(new URL(onlyValue(previewServer, /'SANITY_STUDIO_URL'\) \?\? '([^']+)'/g)).port),
      previewServer,
    ).toBe(ports.Studio);
    expect(
      Number(onlyValue('playwright.config.ts', /E2E_PORT \?\? (\d+)/g)),
      'playwright.config.ts E2E_PORT',
    ).toBe(ports.site);
    expect(
      Number(onlyValue('playwright.config.ts', /E2E_API_PORT \?\? (\d+)/g)),
      'playwright.config.ts E2E_API_PORT',
    ).toBe(ports['local API']);
    expect(new Set(Object.values(ports)).size, 'five different ports').toBe(5);
  });

  it('every function in src/functions is probed here, through the module its file hands requests to', async () => {
    const files = readdirSync(join(ROOT, 'src/functions'))
      .filter((name) => name.endsWith('.ts'))
      .map((name) => name.replace(/\.ts$/, ''))
      .sort();
    expect(
      files,
      'a new function needs its line in FUNCTIONS (tests/unit/docs/facts.test.ts)',
    ).toEqual(Object.keys(FUNCTIONS).sort());
    for (const name of files)
      expect(read(`src/functions/${name}.ts`), name).toContain(FUNCTIONS[name]!.handler);
    // The scheduler's method is not documented by Netlify, and no URL reaches a scheduled function there.
    expect(await acceptedMethods('freshness-check')).toBe('any');
    expect(await acceptedMethods('publish-retry')).toBe('any');
    expect(await acceptedMethods('rebuild-on-publish')).toEqual(['POST']);
  });
});

describe('the documents state the Node version, the local ports and the function methods the code uses', () => {
  it('README.md, CONTRIBUTING.md and docs/*.md: every statement agrees with the code (file:line for each that does not)', async () => {
    const facts = await codeFacts();
    expect(problemLines(factProblems(documents(), facts))).toEqual([]);
  });
});

describe("the status functions' headers as the documents state them", () => {
  it('every `vary:` a document names is the one the status answers send', () => {
    const stated = documents().flatMap(({ path, text }) =>
      [...text.matchAll(/`vary: ([^`]+)`/gi)].map((match) => `${path}: ${match[1]}`),
    );
    expect(stated.length).toBeGreaterThan(0);
    for (const line of stated) expect(line).toMatch(new RegExp(`: ${STATUS_VARY}$`));
  });
});

describe('the fact check itself', () => {
  const facts: Facts = {
    node: { floor: [22, 18], runs: 24 },
    ports: {
      ports: {
        site: 4321,
        'local API': 8787,
        'preview site': 4322,
        'preview API': 8788,
        Studio: 3333,
      },
      settings: portSettings,
    },
    functions: {
      methods: { 'freshness-check': ['POST'], 'rebuild-on-publish': ['POST'] },
      aliases: { 'freshness check': 'freshness-check' },
    },
  };
  const check = (text: string) => problemLines(factProblems([{ path: 'docs/x.md', text }], facts));

  it('accepts the facts as the code has them, in prose, tables and code blocks', () => {
    expect(
      check(
        [
          '# X',
          '',
          'Node 22.18 or later (`engines`: `>=22.18`); the scripts install Node 24 (`node@24`).',
          'On the local stack, `POST /.netlify/functions/freshness-check` runs it;',
          "the Studio at <http://localhost:3333>, the editors' preview site at http://localhost:4322.",
          '',
          '| <http://127.0.0.1:8787> | the local product API |',
          "| `npm run preview:server` | the editors' preview site at <http://localhost:4322> |",
          '',
          '```sh',
          'npm run dev    # the Studio at http://localhost:3333',
          'npm test       # with Node 22.18+',
          '```',
          '',
          'It reads `PORT` (4321), `API_PORT` (8787) and `PREVIEW_API_PORT` (8788), on port 4322.',
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  it('names the file and line of a wrong Node version, the floor or the version run', () => {
    expect(
      check('# X\n\nNeeds Node 22.12.\n\nWith Node 22 on your PATH; engines says >=22.12.\n'),
    ).toEqual([
      'docs/x.md:3: says "Node 22.12": the least Node the code needs is 22.18 (package.json engines: >=22.18)',
      'docs/x.md:5: says "Node 22": the scripts install, CI and Netlify run Node 24 (scripts/lib/toolchain.sh, netlify.toml); the least it needs is 22.18 (package.json engines: >=22.18)',
      'docs/x.md:5: says ">=22.12": the least Node the code needs is 22.18 (package.json engines: >=22.18)',
    ]);
  });

  it('names a port no part of the stack uses, a setting with another port, and an address given to the wrong server', () => {
    expect(
      check(
        [
          '# X',
          '',
          'Open http://localhost:4000 first.',
          'It reads `PREVIEW_PORT` (4321).',
          "Then the editors' preview site at",
          'http://localhost:4321 and the Studio at http://localhost:4322.',
        ].join('\n'),
      ),
    ).toEqual([
      'docs/x.md:3: says "localhost:4000": no part of the local stack uses port 4000 (the code\'s ports: 4321 site, 8787 local API, 4322 preview site, 8788 preview API, 3333 Studio)',
      'docs/x.md:4: says "`PREVIEW_PORT` (4321)": PREVIEW_PORT defaults to 4322 (the preview site)',
      'docs/x.md:6: says "localhost:4321": the preview site is on port 4322, not 4321',
      'docs/x.md:6: says "localhost:4322": the Studio is on port 3333, not 4322',
    ]);
  });

  it('names a method a function does not accept, on the line it is written, across wrapped lines', () => {
    expect(
      check(
        [
          '# X',
          '',
          'The freshness check runs on a',
          'GET. The webhook posts to `/.netlify/functions/rebuild-on-publish` (POST);',
          'on the local stack, `GET /.netlify/functions/freshness-check` runs it.',
        ].join('\n'),
      ),
    ).toEqual([
      'docs/x.md:4: says "GET (freshness-check)": src/functions/freshness-check.ts accepts only POST; any other method answers 405',
      'docs/x.md:5: says "GET (freshness-check)": src/functions/freshness-check.ts accepts only POST; any other method answers 405',
    ]);
  });
});
