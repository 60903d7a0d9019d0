/**
 * A local build gets what Netlify gives a build command, and no more: the Builds scope's variables,
 * never a function's secret, and no Netlify Blobs context, so a build that called Blobs would fail
 * here as it fails on Netlify. The local build hook's deploys (scripts/local-stack/netlify/deploys.ts)
 * run a small build command here, in the stack's process environment with the functions' settings
 * and Netlify's local Blobs in it, as `npm start` sets them.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startLocalBlobs } from '../../../scripts/local-stack/netlify/blobs.ts';
import {
  createLocalDeploys,
  localBuildHookUrl,
  type BuildOutcome,
} from '../../../scripts/local-stack/netlify/deploys.ts';
import { ROOT } from './stack-process.ts';

const work = mkdtempSync(join(tmpdir(), 'build-environment-'));
const deploysDir = join(ROOT, '.netlify', 'tests', 'build-environment');
afterAll(() => {
  vi.unstubAllEnvs();
  rmSync(work, { recursive: true, force: true });
  rmSync(deploysDir, { recursive: true, force: true });
});

/** A build command that reports what it was given and what a Blobs call does (@netlify/blobs, as a build would call it). */
const BUILD = `
import { getStore } from '@netlify/blobs';
const names = ['SANITY_WEBHOOK_SECRET', 'NETLIFY_DEPLOY_NOTIFICATION_SECRET', 'EDITOR_PASS_SECRET', 'NETLIFY_BUILD_HOOK_URL', 'SANITY_STUDIO_URL', 'NETLIFY_BLOBS_CONTEXT', 'SANITY_PROJECT_ID', 'INCOMING_HOOK_BODY', 'DEPLOY_ID'];
let blobs;
try { await getStore({ name: 'deploys', consistency: 'strong' }).get('history/production'); blobs = 'answered'; } catch (error) { blobs = error.name; }
console.log(JSON.stringify({ given: names.filter((name) => process.env[name] !== undefined), blobs }));
`;

describe("a local build's environment", () => {
  it("has the Builds scope and Netlify's build variables, none of the functions' secrets, and a Blobs call fails as on Netlify", async () => {
    const blobs = await startLocalBlobs(join(work, 'blobs'), { siteID: 'local-site' });
    // The stack's process, as start.ts leaves it: the functions' settings and Blobs context in it.
    for (const [name, value] of Object.entries({
      SANITY_WEBHOOK_SECRET: 'local-webhook-secret-not-for-deploys',
      NETLIFY_DEPLOY_NOTIFICATION_SECRET: 'local-deploy-notification-secret-not-for-deploys',
      EDITOR_PASS_SECRET: 'local-editor-pass-secret-not-for-deploys',
      NETLIFY_BUILD_HOOK_URL: 'http://127.0.0.1:1/.netlify/local/build-hook/t',
      SANITY_STUDIO_URL: 'http://localhost:3333',
      SANITY_PROJECT_ID: 'abc123',
      ...blobs.environment,
    }))
      vi.stubEnv(name, value);
    const reports: string[] = [];
    const runBuild = (environment: NodeJS.ProcessEnv): Promise<BuildOutcome> =>
      new Promise((done, fail) => {
        const child = spawn(process.execPath, ['--input-type=module', '-e', BUILD], {
          cwd: ROOT,
          env: environment,
          stdio: ['ignore', 'pipe', 'inherit'],
        });
        let output = '';
        child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
          output += chunk;
        });
        child.once('error', fail);
        child.once('close', (code) => {
          reports.push(output.trim());
          done(code === 0 ? { ok: true } : { ok: false, cause: 'build-command' });
        });
      });
    mkdirSync(deploysDir, { recursive: true });
    const deploys = createLocalDeploys({
      initialDistDir: work,
      deploysDir,
      siteId: 'local-site',
      siteUrl: () => 'http://127.0.0.1:1',
      notificationPath: '/api/deploy-notification',
      notificationSecret: 'local-deploy-notification-secret-not-for-deploys',
      hookToken: 't',
      uploadDeployFiles: () => Promise.resolve([]),
      buildEnvironment: {},
      runBuild,
      log: () => {},
      warn: () => {},
    });
    const hook = await deploys.handle(
      new Request(localBuildHookUrl('http://127.0.0.1:1', 't'), {
        method: 'POST',
        body: '{"kind":"manual","batch":"b-00000001","documents":[],"more":0}',
      }),
    );
    expect(hook?.status).toBe(200);
    await deploys.idle();
    await blobs.stop();
    expect(reports.map((line) => JSON.parse(line) as unknown)).toEqual([
      {
        given: ['SANITY_PROJECT_ID', 'INCOMING_HOOK_BODY', 'DEPLOY_ID'],
        blobs: 'MissingBlobsEnvironmentError',
      },
    ]);
  });
});
