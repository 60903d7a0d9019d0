import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalApi } from '../../../scripts/local-stack/api/server.ts';
import { FIXTURE_DATASET, FIXTURE_TENANTS, OPEN_EVENT, tempDir, validEntry } from './helpers.ts';

const SCRIPT = resolve(import.meta.dirname, '../../../scripts/entries-export.ts');
const dir = tempDir();

function run(args: string[]) {
  return spawnSync(process.execPath, [SCRIPT, ...args], {
    env: { ...process.env, DATA_DIR: dir.path },
    encoding: 'utf8',
  });
}

beforeAll(() => {
  const api = createLocalApi({
    dataDir: dir.path,
    tenantsFile: FIXTURE_TENANTS,
    datasetFile: FIXTURE_DATASET,
    allowedOrigins: [],
    warn: () => {},
  });
  for (const overrides of [
    {},
    { name: 'O"Brien, Jr.', emailAddress: 'ob@example.com', phone: '3125550100' },
    {
      name: '=HYPERLINK("http://evil.example","Prize")',
      emailAddress: '@evil@example.com',
      phone: '5035550100',
    },
  ]) {
    api.handle({
      method: 'POST',
      path: '/k1mobile/giveaway/entry',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(validEntry(overrides)),
    });
  }
  api.store.close();
});
afterAll(() => dir.remove());

describe('entries:export', () => {
  it('prints the event entries as RFC 4180 CSV', () => {
    const result = run(['--event', OPEN_EVENT.toUpperCase()]);
    expect(result.status).toBe(0);
    const lines = result.stdout.split('\r\n');
    expect(lines[0]).toBe('entryId,eventGUID,name,emailAddress,stateCode,phone,createdAt');
    expect(lines).toHaveLength(5); // header, 3 rows, trailing empty
    expect(lines[2]).toContain(',"O""Brien, Jr.",ob@example.com,WA,3125550100,');
  });
  it('defuses cells a spreadsheet would run as formulas, unless --raw', () => {
    const safe = run(['--event', OPEN_EVENT]).stdout.split('\r\n')[3];
    expect(safe).toContain(
      ',"\'=HYPERLINK(""http://evil.example"",""Prize"")",\'@evil@example.com,WA,5035550100,',
    );
    const raw = run(['--event', OPEN_EVENT, '--raw']).stdout.split('\r\n')[3];
    expect(raw).toContain(
      ',"=HYPERLINK(""http://evil.example"",""Prize"")",@evil@example.com,WA,5035550100,',
    );
  });
  it('writes to --out', () => {
    const out = join(dir.path, 'out.csv');
    expect(run(['--event', OPEN_EVENT, '--out', out]).status).toBe(0);
    expect(readFileSync(out, 'utf8').split('\r\n')).toHaveLength(5);
  });
  it('requires --event', () => {
    const result = run([]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('--event is required');
  });
});
