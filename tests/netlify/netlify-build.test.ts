/**
 * Netlify's own build (`netlify build --offline`, @netlify/build as Netlify's build servers run it)
 * on a clean copy of the project, for both sites, with what Netlify's build environment sets
 * (NETLIFY=true, the context, URL, the deploy and site ids, a build hook's body): every plugin
 * loads, the build completes, Netlify packages exactly the functions each site must deploy (routes
 * and schedule read from each function's own config), takes the redirect and header rules from the
 * files the build wrote, and finds the build's record where its upload step looks. Then Netlify's
 * own upload step puts that record into a deploy store (Netlify's local Blobs server), the
 * production deploy-notification function reads it back and the publish-status function answers
 * live; on the preview site, the function Netlify packaged answers with the preview's headers.
 * What this cannot show: the upload to Netlify, the CDN, the deploy notifications Netlify sends.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseAllHeaders } from '@netlify/headers-parser';
import { parseAllRedirects } from '@netlify/redirect-parser';
import { parse as parseToml } from 'smol-toml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalBlobs, type LocalBlobs } from '../../scripts/local-stack/netlify/blobs.ts';
import { netlifySignature } from '../../scripts/support/netlify/notifications.ts';
import { BUILD_RECORD_FILE, SITE_FUNCTIONS_DIR } from '../../src/lib/build/netlify-output.ts';
import { buildRecordSchema, type BuildRecord } from '../../src/lib/publish-records/build-record.ts';
import { BUILD_RECORD_BLOB } from '../../src/lib/publish-records/names.ts';
import { PREVIEW_SITE_FUNCTIONS } from './deployed-functions.ts';
import {
  CLI_DIR,
  ROOT,
  cleanCopy,
  removeCopy,
  requireNetlifyCli,
  runNetlify,
  toolEnvironment,
  type ToolRun,
} from '../../scripts/support/netlify/cli.ts';

const DEPLOY_ID = '6a1f0c2b9d8e7f6a5b4c3d2e';
const SITE_ID = '3f2c1e0a-9b8d-4c7e-8f6a-5b4c3d2e1f00';
const HOOK_BODY = {
  kind: 'freshness',
  batch: 'b-0a1b2c3d',
  documents: [],
  more: 0,
  freshness: 'tenant records changed for 1 school (huskymobile)',
};
const HOOK_TITLE =
  'Freshness check: tenant records changed for 1 school (huskymobile) [batch b-0a1b2c3d]';

/** What Netlify's build environment sets for a production deploy of a project (netlify build sets CONTEXT from --context). */
function netlifyBuildSettings(
  site: { name: string; url: string },
  settings: Record<string, string>,
): Record<string, string> {
  return {
    NETLIFY: 'true',
    SITE_ID,
    SITE_NAME: site.name,
    URL: site.url,
    DEPLOY_URL: `https://${DEPLOY_ID}--${site.name}.netlify.app`,
    DEPLOY_PRIME_URL: `https://main--${site.name}.netlify.app`,
    DEPLOY_ID,
    BUILD_ID: DEPLOY_ID,
    BRANCH: 'main',
    HEAD: 'main',
    ...settings,
  };
}

/** Netlify's own modules from the installed netlify-cli (not the site's dependencies). */
async function netlifyBuildModule<T>(path: string): Promise<T> {
  return import(
    pathToFileURL(join(CLI_DIR, 'node_modules', '@netlify', 'build', 'lib', path)).href
  ) as Promise<T>;
}

interface ResolvedConfig {
  plugins: unknown[];
  functionsDirectory?: string;
  functionsDirectoryOrigin?: string;
  redirects?: Array<{ from: string; to: string; status: number }>;
  headers?: Array<{ for: string; values: Record<string, string> }>;
}
interface FunctionsManifest {
  functions: Array<{
    name: string;
    displayName?: string;
    mainFile: string;
    schedule?: string;
    generator?: string;
    routes?: Array<{ literal?: string; pattern: string }>;
  }>;
}

const home = mkdtempSync(join(tmpdir(), 'netlify-home-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

/** The build's log says it: every plugin of netlify.toml loaded and none failed. */
function expectPluginsLoaded(copy: string, run: ToolRun, resolved: ResolvedConfig) {
  const declared =
    (
      parseToml(readFileSync(join(copy, 'netlify.toml'), 'utf8')) as {
        plugins?: Array<{ package: string }>;
      }
    ).plugins ?? [];
  expect(run.output).not.toMatch(/Plugin ".*" internal error|Invalid event/);
  expect(resolved.plugins).toHaveLength(declared.length);
  for (const plugin of declared) expect(run.output).toContain(`- ${plugin.package}`);
}

/** Netlify's build took the rules of dist/_redirects and dist/_headers, as Netlify's parsers read those files, and no others. */
async function expectRulesFromTheBuildsFiles(copy: string, resolved: ResolvedConfig) {
  const netlifyToml = join(copy, 'netlify.toml');
  const redirectsFile = join(copy, 'dist', '_redirects');
  const parsedRedirects = existsSync(redirectsFile)
    ? await parseAllRedirects({
        redirectsFiles: [redirectsFile],
        netlifyConfigPath: netlifyToml,
        configRedirects: [],
        minimal: true,
      })
    : { redirects: [], errors: [] };
  expect(parsedRedirects.errors).toEqual([]);
  const rule = (redirect: unknown) => {
    const { from, to, status } = redirect as { from?: string; to?: string; status?: number };
    return `${from} ${to} ${status}`;
  };
  expect((resolved.redirects ?? []).map(rule)).toEqual(parsedRedirects.redirects.map(rule));

  const headersFile = join(copy, 'dist', '_headers');
  const parsedHeaders = await parseAllHeaders({
    headersFiles: existsSync(headersFile) ? [headersFile] : [],
    netlifyConfigPath: netlifyToml,
    configHeaders: undefined,
    minimal: true,
  });
  expect(parsedHeaders.errors).toEqual([]);
  const block = (header: { for: string; values: Record<string, unknown> }) =>
    `${header.for} ${JSON.stringify(Object.entries(header.values).sort())}`;
  expect((resolved.headers ?? []).map(block).sort()).toEqual(
    parsedHeaders.headers.map(block).sort(),
  );
  return { redirects: parsedRedirects.redirects.length, headers: parsedHeaders.headers.length };
}

function readResolved(copy: string): ResolvedConfig {
  return parseToml(
    readFileSync(join(copy, '.netlify', 'netlify.toml'), 'utf8'),
  ) as unknown as ResolvedConfig;
}
function readManifest(copy: string): FunctionsManifest {
  return JSON.parse(
    readFileSync(join(copy, '.netlify', 'functions', 'manifest.json'), 'utf8'),
  ) as FunctionsManifest;
}
function summary(
  label: string,
  run: ToolRun,
  manifest: FunctionsManifest,
  rules: { redirects: number; headers: number },
) {
  const completed = /\(Netlify Build completed in ([\d.]+m?s)\)/.exec(run.output)?.[1] ?? '?';
  console.log(
    `${label}: netlify build --offline exit ${run.code}, "Netlify Build completed in ${completed}" (${(run.ms / 1000).toFixed(1)} s with its start); plugins loaded: none failed; functions packaged: ${manifest.functions.map((fn) => fn.name).join(', ')}; ${rules.redirects} redirect rules and ${rules.headers} header rules taken from the build's files`,
  );
}

/** The build completed with every plugin loaded, and Netlify took its rules from the build's files; prints the summary. */
async function expectCompleted(label: string, copy: string, run: ToolRun) {
  expect(run.code, run.output.slice(-4000)).toBe(0);
  expect(run.output).toContain('Netlify Build Complete');
  const resolved = readResolved(copy);
  expectPluginsLoaded(copy, run, resolved);
  const rules = await expectRulesFromTheBuildsFiles(copy, resolved);
  summary(label, run, readManifest(copy), rules);
  return rules;
}

describe("the public site, built by Netlify's build", () => {
  let copy = '';
  let run: ToolRun;
  let blobs: LocalBlobs | undefined;

  beforeAll(async () => {
    requireNetlifyCli();
    copy = cleanCopy('public');
    run = await runNetlify(
      copy,
      ['build', '--offline', '--context', 'production'],
      toolEnvironment(
        home,
        netlifyBuildSettings(
          { name: 'school-mobile', url: 'https://school-mobile.netlify.app' },
          {
            ALLOW_DEMO_DEPLOY: 'true',
            INCOMING_HOOK_BODY: JSON.stringify(HOOK_BODY),
            INCOMING_HOOK_TITLE: HOOK_TITLE,
          },
        ),
      ),
    );
  }, 300_000);
  afterAll(async () => {
    await blobs?.stop();
    if (copy) removeCopy(copy);
  });

  it("completes, with every plugin loaded and Netlify's config resolved from netlify.toml and the build's files", async () => {
    const rules = await expectCompleted('public site', copy, run);
    // The build's own summary counts the same rules (every redirect rule, every CSP rule of _headers).
    expect(run.output).toContain(`; ${rules.redirects} redirect rules`);
    expect(rules.redirects).toBeGreaterThan(0);
  });

  it('packages exactly src/functions/*, each routed and scheduled as its own config says', async () => {
    const resolved = readResolved(copy);
    expect({
      directory: resolved.functionsDirectory,
      origin: resolved.functionsDirectoryOrigin,
    }).toEqual({ directory: join(copy, SITE_FUNCTIONS_DIR), origin: 'config-v1' });
    const sources = readdirSync(join(ROOT, SITE_FUNCTIONS_DIR))
      .filter((file) => file.endsWith('.ts'))
      .sort();
    const manifest = readManifest(copy);
    expect(manifest.functions.map((fn) => basename(fn.mainFile)).sort()).toEqual(sources);
    for (const file of sources) {
      const { config } = (await import(
        pathToFileURL(join(ROOT, SITE_FUNCTIONS_DIR, file)).href
      )) as { config?: { path?: string; schedule?: string } };
      const packaged = manifest.functions.find((fn) => basename(fn.mainFile) === file)!;
      expect({
        file,
        routes: packaged.routes?.map((route) => route.literal) ?? [],
        schedule: packaged.schedule,
      }).toEqual({ file, routes: config?.path ? [config.path] : [], schedule: config?.schedule });
    }
    // The freshness check and publish-retry are registered as scheduled functions, on their own schedules.
    expect(
      manifest.functions
        .filter((fn) => fn.schedule)
        .map((fn) => [basename(fn.mainFile), fn.schedule])
        .sort(),
    ).toEqual([
      ['freshness-check.ts', '*/15 * * * *'],
      ['publish-retry.ts', '* * * * *'],
    ]);
  });

  it("leaves the build record where Netlify's upload step finds it, and nothing else to upload", async () => {
    const record = buildRecordSchema.parse(
      JSON.parse(readFileSync(join(copy, BUILD_RECORD_FILE), 'utf8')),
    );
    expect(record.trigger).toEqual(HOOK_BODY);
    // What the freshness check compares: each published school's tenant record, read from the bundled file on a demo deploy.
    expect(record.inputs).toMatchObject({
      source: 'file',
      digest: expect.stringMatching(/^[0-9a-f]{64}$/) as string,
    });
    expect(Object.keys(record.inputs!.tenants).sort()).toEqual(
      record.schools.map((school) => school.key).sort(),
    );
    const { scanForBlobs } = await netlifyBuildModule<{
      scanForBlobs: (dir: string) => Promise<{ apiVersion: number; directory: string } | null>;
    }>('utils/blobs.js');
    const { getBlobs } = await netlifyBuildModule<{
      getBlobs: (dir: string) => Promise<Array<{ key: string }>>;
    }>('utils/frameworks_api.js');
    const found = await scanForBlobs(copy);
    expect(found?.apiVersion).toBe(3);
    expect((await getBlobs(found!.directory)).map((blob) => blob.key)).toEqual([BUILD_RECORD_BLOB]);
  });

  it("Netlify's upload step stores the record in the deploy's store; the notification function reads it there and the document is live", async () => {
    blobs = await startLocalBlobs(join(home, 'blobs'), { siteID: SITE_ID });
    const secret = 'a'.repeat(16) + 'deploy-notification-secret-0123';
    Object.assign(process.env, blobs.environment, {
      SITE_ID,
      CONTEXT: 'production',
      NETLIFY_DEPLOY_NOTIFICATION_SECRET: secret,
      EDITOR_PASS_SECRET: 'p'.repeat(40),
      NETLIFY_BUILD_HOOK_URL: 'https://api.netlify.com/build_hooks/0123456789abcdef01234567',
      SANITY_STUDIO_URL: 'https://school.sanity.studio',
    });
    // @netlify/build's own step (what Netlify's build servers run after the build command), its
    // Blobs client pointed at the local server by the same environment a function gets.
    const { uploadBlobs } = await netlifyBuildModule<{
      uploadBlobs: { coreStep: (input: object) => Promise<unknown> };
    }>('plugins_core/blobs_upload/index.js');
    const systemLog: string[] = [];
    await uploadBlobs.coreStep({
      logs: undefined,
      deployId: DEPLOY_ID,
      buildDir: copy,
      packagePath: undefined,
      constants: { SITE_ID, NETLIFY_API_TOKEN: 'local', NETLIFY_API_HOST: 'api.netlify.com' },
      systemLog: (line: string) => systemLog.push(line),
    });
    expect(systemLog).toContain('Uploading 1 blobs to deploy store...');

    const record = JSON.parse(readFileSync(join(copy, BUILD_RECORD_FILE), 'utf8')) as BuildRecord;
    const liveSchool = record.schools[0]!.key;
    const [documentId] = Object.entries(record.documents).find(
      ([, document]) => document.school === liveSchool,
    )!;
    const { default: deployNotification } =
      await import('../../src/functions/deploy-notification.ts');
    const { default: publishStatus } = await import('../../src/functions/publish-status.ts');
    const at = new Date().toISOString();
    const body = JSON.stringify({
      id: DEPLOY_ID,
      site_id: SITE_ID,
      build_id: DEPLOY_ID,
      state: 'ready',
      context: 'production',
      branch: 'main',
      title: HOOK_TITLE,
      created_at: at,
      updated_at: at,
      published_at: at,
      deploy_time: 10,
      error_message: null,
    });
    const notified = await deployNotification(
      new Request('https://school-mobile.netlify.app/api/deploy-notification', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-webhook-signature': netlifySignature(body, secret),
        },
        body,
      }),
      { deploy: { context: 'production' } },
    );
    expect(notified.status, await notified.clone().text()).toBe(200);
    const status = await publishStatus(
      new Request(`https://school-mobile.netlify.app/api/publish-status?ids=${documentId}`),
      { deploy: { context: 'production' } },
    );
    const answer = (await status.json()) as { documents: Record<string, { state: string }> };
    expect(status.status, JSON.stringify(answer)).toBe(200);
    expect(answer.documents[documentId]?.state).toBe('live');
    // The freshness check's side of it: the live deploy's inputs, copied from the record it read.
    const { getStore } = await import('@netlify/blobs');
    expect(
      await getStore({ name: 'deploys', consistency: 'strong' }).get('live-inputs', {
        type: 'json',
      }),
    ).toMatchObject({ deployId: DEPLOY_ID, source: 'file', digest: record.inputs!.digest });
  });
});

describe("the editors' preview site, built by Netlify's build", () => {
  let copy = '';
  let run: ToolRun;
  const settings = {
    SITE_MODE: 'preview',
    CONTENT_SOURCE: 'sanity',
    SANITY_PROJECT_ID: 'abcd1234',
    SANITY_DATASET: 'production',
    SANITY_API_READ_TOKEN: 'sk-preview-read-token',
    SANITY_STUDIO_URL: 'https://school.sanity.studio',
    PREVIEW_COOKIE_SECRET: 'p'.repeat(40),
    PUBLIC_API_BASE: 'https://api.k1mobile.example',
  };

  beforeAll(async () => {
    requireNetlifyCli();
    copy = cleanCopy('preview');
    run = await runNetlify(
      copy,
      ['build', '--offline', '--context', 'production'],
      toolEnvironment(
        home,
        netlifyBuildSettings(
          { name: 'school-preview', url: 'https://school-preview.netlify.app' },
          settings,
        ),
      ),
    );
  }, 300_000);
  afterAll(() => {
    if (copy) removeCopy(copy);
  });

  it("completes, with every plugin loaded and Netlify's config resolved from netlify.toml and the build's files", async () => {
    await expectCompleted('preview site', copy, run);
  });

  it("packages only the adapter's server function (none of the public site's functions), and no build record", async () => {
    const manifest = readManifest(copy);
    expect(
      manifest.functions.map((fn) => ({
        name: fn.name,
        displayName: fn.displayName,
        generator: fn.generator?.split('@').slice(0, -1).join('@'),
        routes: fn.routes?.map((route) => route.pattern),
      })),
    ).toEqual(PREVIEW_SITE_FUNCTIONS);
    expect(readResolved(copy).functionsDirectoryOrigin).not.toBe('config-v1');
    const { scanForBlobs } = await netlifyBuildModule<{
      scanForBlobs: (dir: string) => Promise<unknown>;
    }>('utils/blobs.js');
    expect(await scanForBlobs(copy)).toBeNull();
  });

  it("the function Netlify packaged answers with the preview site's headers (the site's wrapper around the adapter's handler)", async () => {
    const unpacked = mkdtempSync(join(tmpdir(), 'netlify-ssr-'));
    try {
      const { default: extract } = (await import(
        pathToFileURL(join(CLI_DIR, 'node_modules', 'extract-zip', 'index.js')).href
      )) as { default: (zip: string, options: { dir: string }) => Promise<void> };
      await extract(join(copy, '.netlify', 'functions', 'ssr.zip'), { dir: unpacked });
      // What the function gets on Netlify: the site's settings (Functions scope) and Netlify's own.
      Object.assign(process.env, settings, {
        CONTEXT: 'production',
        URL: 'https://school-preview.netlify.app',
        SITE_ID,
      });
      const { default: handler } = (await import(
        pathToFileURL(join(unpacked, 'ssr.mjs')).href
      )) as { default: (request: Request, context: object) => Promise<Response> };
      const errors: unknown[] = [];
      const consoleError = console.error;
      console.error = (...args: unknown[]) => errors.push(args);
      const answer = await handler(
        new Request('https://school-preview.netlify.app/robots.txt'),
        {},
      ).finally(() => {
        console.error = consoleError;
      });
      expect(
        answer.status,
        JSON.stringify(errors, (_, value: unknown) =>
          value instanceof Error ? value.stack : value,
        ),
      ).toBe(200);
      expect(await answer.text()).toContain('Disallow: /');
      expect(
        Object.fromEntries(
          [
            'x-robots-tag',
            'cache-control',
            'strict-transport-security',
            'x-content-type-options',
          ].map((name) => [name, answer.headers.get(name)]),
        ),
      ).toEqual({
        'x-robots-tag': 'noindex',
        'cache-control': 'private, no-store',
        'strict-transport-security': 'max-age=31536000; includeSubDomains',
        'x-content-type-options': 'nosniff',
      });
      expect(answer.headers.get('content-security-policy')).toContain(
        'frame-ancestors https://school.sanity.studio',
      );
    } finally {
      rmSync(unpacked, { recursive: true, force: true });
    }
  });
});
