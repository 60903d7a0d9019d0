/**
 * The functions' settings check against the local stack (scripts/local-stack/start.ts), which
 * gives the site's functions their settings as Netlify gives a site's Functions scope: each
 * production function answers the operator (proved with the stack's build hook URL) naming what it
 * lacks, with a missing setting, a misplaced one, and none; `npm run setup:check -- --deployed`
 * asks them over HTTP, and sends the giveaway form's preflight to the stack's local API, which
 * admits the site's origin and refuses another.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FUNCTION_ADDRESSES } from '../../../src/lib/setup/deployed-check.ts';
import type { SettingsCheckAnswer } from '../../../src/lib/functions/settings-check.ts';
import {
  settingsCheckProof,
  SETTINGS_CHECK_HEADER,
} from '../../../src/lib/functions/settings-proof.ts';
import { SERVING, startProcess } from '../../../scripts/support/process.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
const START = join(ROOT, 'scripts/local-stack/start.ts');
const work = mkdtempSync(join(tmpdir(), 'settings-check-'));
const emptyDist = join(work, 'empty-dist');
mkdirSync(emptyDist);

/** What the procedure gives the public site's Functions scope (the local stack adds the build hook). */
const COMPLETE = {
  SANITY_PROJECT_ID: 'prodproj1',
  SANITY_STUDIO_URL: 'https://school-mobile.sanity.studio',
  PUBLIC_API_BASE: 'https://api.k1mobile.example',
  SANITY_WEBHOOK_SECRET: 'w'.repeat(48),
  NETLIFY_DEPLOY_NOTIFICATION_SECRET: 'n'.repeat(48),
  EDITOR_PASS_SECRET: 'p'.repeat(48),
};

interface Stack {
  site: string;
  hook: string;
  api: string;
  stop: () => Promise<void>;
}

const running: Stack[] = [];

async function startStack(settings: Record<string, string>, name: string): Promise<Stack> {
  const environment: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    API_PORT: '0',
    DATA_DIR: join(work, name),
    DIST_DIR: emptyDist,
    DEPLOYS_DIR: join(ROOT, '.netlify', 'tests', `settings-check-${name}`),
    ...settings,
  };
  for (const unset of [
    'NETLIFY_BUILD_HOOK_URL',
    'NETLIFY_BLOBS_CONTEXT',
    'SITE_ID',
    'CONTEXT',
    'NETLIFY',
    'SITE_MODE',
    'PREVIEW_COOKIE_SECRET',
  ])
    if (!(unset in settings)) delete environment[unset];
  const stack = await startProcess({
    name: 'the stack',
    args: [START],
    env: environment,
    ready: SERVING,
  });
  const output = stack.output();
  const started: Stack = {
    site: /Site: +(http:\/\/127\.0\.0\.1:\d+)/.exec(output)![1]!,
    hook: /Build hook: +(\S+)/.exec(output)![1]!,
    api: /Local API: +(http:\/\/127\.0\.0\.1:\d+)/.exec(output)![1]!,
    stop: async () => {
      await stack.stop();
    },
  };
  running.push(started);
  return started;
}

afterAll(async () => {
  await Promise.all(running.map((stack) => stack.stop()));
  rmSync(work, { recursive: true, force: true });
  for (const name of ['complete', 'missing', 'misplaced'])
    rmSync(join(ROOT, '.netlify', 'tests', `settings-check-${name}`), {
      recursive: true,
      force: true,
    });
});

/** Every function a URL reaches, asked with the stack's build hook as the proof. */
async function askAll(
  stack: Stack,
  proof = settingsCheckProof(stack.hook),
): Promise<Record<string, { status: number; body: SettingsCheckAnswer }>> {
  const answers: Record<string, { status: number; body: SettingsCheckAnswer }> = {};
  for (const [name, path] of Object.entries(FUNCTION_ADDRESSES)) {
    const response = await fetch(`${stack.site}${path}`, {
      headers: { [SETTINGS_CHECK_HEADER]: proof },
    });
    answers[name] = {
      status: response.status,
      body: (await response.json()) as SettingsCheckAnswer,
    };
  }
  return answers;
}

const problemsOf = (answers: Awaited<ReturnType<typeof askAll>>) =>
  Object.fromEntries(
    Object.values(answers).flatMap(({ body }) =>
      Object.entries(body.functions ?? {}).map(([name, found]) => [name, found.problems]),
    ),
  );

describe("each production function answers the operator's settings check", () => {
  it('none missing: every function, the scheduled ones included, lacks nothing', async () => {
    const stack = await startStack(COMPLETE, 'complete');
    const answers = await askAll(stack);
    expect(Object.values(answers).map(({ status }) => status)).toEqual([200, 200, 200, 200]);
    expect(problemsOf(answers)).toEqual({
      'rebuild-on-publish': [],
      'freshness-check': [],
      'publish-retry': [],
      'deploy-notification': [],
      'publish-status': [],
      deploys: [],
    });
    expect(Object.values(answers).every(({ body }) => body.misplaced.problems.length === 0)).toBe(
      true,
    );

    // Without the proof, or with another hook's, nothing is said.
    for (const proof of ['', settingsCheckProof(`${stack.hook}-other`)]) {
      for (const { status } of Object.values(await askAll(stack, proof))) expect(status).toBe(401);
    }

    // The operator's command asks them over HTTP, proved with the hook from the settings file, and
    // sends the giveaway form's preflight to the product API (here the stack's local API) from the site's origin.
    const settingsFile = join(work, 'production.env');
    const command = (settings: Record<string, string>) => {
      writeFileSync(
        settingsFile,
        Object.entries({
          CONTENT_SOURCE: 'sanity',
          ...COMPLETE,
          PUBLIC_API_BASE: stack.api,
          NETLIFY_BUILD_HOOK_URL: stack.hook,
          ...settings,
        })
          .map(([key, value]) => `${key}=${value}`)
          .join('\n'),
      );
      return spawnSync(
        process.execPath,
        [
          join(ROOT, 'scripts/setup-check.ts'),
          '--site',
          'production',
          '--settings-file',
          settingsFile,
          '--deployed',
          stack.site,
          '--offline',
        ],
        { encoding: 'utf8' },
      );
    };
    const check = command({});
    const lines = check.stdout.trim().split('\n');
    expect(lines).toContain(
      `note: the product API admits the giveaway form from ${stack.site} (its preflight to ${stack.api}/k1mobile/giveaway/entry)`,
    );
    // The local API's address is the one problem: no deploy may publish a local address.
    expect(lines.filter((line) => line.startsWith('problem:'))).toEqual([
      'problem: PUBLIC_API_BASE: a local address [Builds, Functions]',
    ]);
    expect(lines.at(-1)).toBe(
      'the public site (production): 1 problem (settings named, values never shown); Sanity not asked (--offline); the deployed functions answered',
    );

    // From a domain the product API does not admit (the site's SITE_URL), the refusal is named and the check exits 1.
    const refused = command({ SITE_URL: 'https://school-mobile.example' });
    expect(refused.stdout).toContain(
      `problem: PUBLIC_API_BASE: the product API (${stack.api}/k1mobile/giveaway/entry) refuses the giveaway form from https://school-mobile.example: it answered the preflight (OPTIONS) with HTTP 403.`,
    );
    expect(refused.status).toBe(1);
  });

  it('a missing setting: named by the functions that read it', async () => {
    const { SANITY_PROJECT_ID: _missing, SANITY_WEBHOOK_SECRET: _local, ...settings } = COMPLETE;
    const stack = await startStack(settings, 'missing');
    const problems = problemsOf(await askAll(stack));
    expect(problems['publish-status']).toEqual([
      expect.stringMatching(/^SANITY_PROJECT_ID: not set in this site's Functions scope\./),
    ]);
    expect(problems['deploys']).toEqual(problems['publish-status']);
    // The local stack gives an unset webhook secret its documented local value, which a deployed site refuses.
    expect(problems['rebuild-on-publish']).toEqual([
      'SANITY_WEBHOOK_SECRET: the documented local value, which only the local stack takes; set a secret of its own',
    ]);
    expect(problems['deploy-notification']).toEqual([]);
    expect(problems['freshness-check']).toEqual([]);
    expect(problems['publish-retry']).toEqual([]);
  });

  it("a misplaced setting: another site's secret in this Functions scope is named, without its value", async () => {
    const stack = await startStack(
      { ...COMPLETE, PREVIEW_COOKIE_SECRET: 'LEAK-cookie-secret-0123456789abcdef' },
      'misplaced',
    );
    const answers = await askAll(stack);
    expect(problemsOf(answers)).toEqual({
      'rebuild-on-publish': [],
      'freshness-check': [],
      'publish-retry': [],
      'deploy-notification': [],
      'publish-status': [],
      deploys: [],
    });
    for (const { body } of Object.values(answers)) {
      expect(body.misplaced.problems).toEqual([
        "PREVIEW_COOKIE_SECRET: belongs to the editors' preview site, not the public site: unset it here",
      ]);
      expect(JSON.stringify(body)).not.toContain('LEAK');
    }
  });
});
