import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, SERVING, startProcess } from '../../../scripts/support/process.ts';
import { FIXTURE_DATASET, FIXTURE_SITE, FIXTURE_TENANTS, raw, tempDir } from './helpers.ts';

const START = resolve(import.meta.dirname, '../../../scripts/local-stack/start.ts');
const dir = tempDir();
afterAll(() => dir.remove());

const env = {
  ...process.env,
  PORT: '0',
  API_PORT: '0',
  DATA_DIR: dir.path,
  DIST_DIR: FIXTURE_SITE,
  TENANTS_FILE: FIXTURE_TENANTS,
  DATASET_FILE: FIXTURE_DATASET,
};

describe('npm run serve (scripts/local-stack/start.ts)', () => {
  it('fails clearly when dist/ is missing', () => {
    const result = spawnSync(process.execPath, [START], {
      env: { ...env, DIST_DIR: resolve(dir.path, 'no-dist') },
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Run npm run build first');
  });

  it('stops at start, naming SITE_URL, when it is no http(s) address (never a request failing later)', () => {
    for (const value of [
      'localhost:4321',
      'http://',
      'ftp://files.example',
      'http://exa mple.com',
    ]) {
      const result = spawnSync(process.execPath, [START], {
        env: { ...env, SITE_URL: value },
        encoding: 'utf8',
      });
      expect(result.status, value).toBe(1);
      expect(result.stderr).toContain(
        `SITE_URL must be an http(s) address such as http://localhost:4321, got "${value}".`,
      );
      expect(result.stdout).not.toContain('Press Ctrl+C');
    }
  });

  it("a CONTENT_DATASET_DIR other than the working copy's source starts a new working copy; the earlier one is kept aside, named in the start line", async () => {
    const data = tempDir();
    try {
      const first = join(data.path, 'first');
      const second = join(data.path, 'second');
      for (const source of [first, second]) {
        mkdirSync(source);
        copyFileSync(FIXTURE_DATASET, join(source, 'data.ndjson'));
      }
      const startOnce = async (source: string) => {
        const stack = await startProcess({
          name: 'the local stack',
          args: [START],
          env: { ...env, DATA_DIR: data.path, CONTENT_DATASET_DIR: source },
          ready: SERVING,
        });
        await stack.stop('SIGINT');
        return (
          stack
            .output()
            .split('\n')
            .find((line) => line.startsWith('Content:')) ?? ''
        );
      };
      expect(await startOnce(first)).toContain(`a new working copy of ${first}`);
      expect(await startOnce(first)).toContain(
        `the working copy of ${first}, with earlier local publishes`,
      );
      const switched = await startOnce(second);
      const aside = /is kept at (\S+)\)$/.exec(switched)?.[1];
      expect(switched).toContain(
        `a new working copy of ${second}, which is not the dataset the copy there was made from; the copy of ${first}, with its local publishes, is kept at `,
      );
      expect(aside && existsSync(join(aside, 'data.ndjson'))).toBe(true);
    } finally {
      data.remove();
    }
  }, 60_000);

  it('npm start with PUBLIC_API_BASE naming its own local API: the API listens first, and the build reads the tenant records from it', async () => {
    const apiPort = await freePort();
    const stack = await startProcess({
      name: 'the local stack with its build',
      args: [START, '--build'],
      // The bundled tenant records and content (the fixtures' records name other schools).
      env: {
        ...env,
        TENANTS_FILE: undefined,
        DATASET_FILE: undefined,
        API_PORT: String(apiPort),
        PUBLIC_API_BASE: `http://127.0.0.1:${apiPort}`,
        DIST_DIR: join(dir.path, 'built'),
      },
      ready: SERVING,
      timeoutMs: 240_000,
    });
    try {
      const output = stack.output();
      // The build's reads, logged by the API before the site serves.
      expect(output).toMatch(/^api {2}\S+ GET \/k1mobile\/tenant\/code\/huskymobile 200 /m);
      expect(output).not.toContain('ECONNREFUSED');
      const site = /Site: +(http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
      expect((await raw(`${site}/uw-husky-mobile`)).status).toBe(200);
    } finally {
      await stack.stop('SIGINT');
    }
  }, 300_000);

  it('prints both URLs, serves, proxies and stops cleanly on SIGINT', async () => {
    const stack = await startProcess({
      name: 'the local stack',
      args: [START],
      env,
      ready: SERVING,
    });
    const output = stack.output();
    const site = /Site: +(http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
    expect(site).toBeDefined();
    expect(output).toMatch(/Local API: +http:\/\/127\.0\.0\.1:\d+/);
    expect((await raw(`${site}/search`)).status).toBe(200);
    expect((await raw(`${site}/k1mobile/tenant/code/osu-beavs-mobile`)).body.toString()).toBe(
      '{"result":{"id":102,"affiliateId":5002}}',
    );
    expect(await stack.stop('SIGINT')).toBe(0);
  }, 20_000);
});
