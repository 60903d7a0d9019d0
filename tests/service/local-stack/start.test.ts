import { spawn, spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
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
    const result = spawnSync(process.execPath, [START], { env: { ...env, DIST_DIR: resolve(dir.path, 'no-dist') }, encoding: 'utf8' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Run npm run build first');
  });

  it('prints both URLs, serves, proxies and stops cleanly on SIGINT', async () => {
    const child = spawn(process.execPath, [START], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.setEncoding('utf8');
    await new Promise<void>((ready, fail) => {
      child.once('exit', (code) => fail(new Error(`exited early with ${code}`)));
      child.stdout.on('data', (chunk: string) => {
        output += chunk;
        if (output.includes('Press Ctrl+C')) ready();
      });
    });
    const site = /Site: +(http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
    expect(site).toBeDefined();
    expect(output).toMatch(/Local API: +http:\/\/127\.0\.0\.1:\d+/);
    expect((await raw(`${site}/search`)).status).toBe(200);
    expect((await raw(`${site}/k1mobile/tenant/code/osu-beavs-mobile`)).body.toString()).toBe('{"result":{"id":102,"affiliateId":5002}}');
    const exited = new Promise<number | null>((done) => {
      child.removeAllListeners('exit');
      child.once('exit', (code) => done(code));
    });
    child.kill('SIGINT');
    expect(await exited).toBe(0);
  }, 20_000);
});
