/**
 * The build-record plugin (netlify/plugins/build-record): on Netlify it stores the record the
 * build wrote into the deploy's Blobs store under the names the notification function reads, and
 * never fails the deploy.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NETLIFY_BUILD_RECORD_FILE } from '../../../src/lib/build/integration.ts';
import { BUILD_REPORT_KEY, BUILD_REPORT_STORE } from '../../../src/lib/deploys/records.ts';

const setJSON = vi.fn(async () => undefined);
vi.mock('@netlify/blobs', () => ({ getDeployStore: vi.fn(() => ({ setJSON })) }));
const blobs = await import('@netlify/blobs');
const plugin = await import('../../../netlify/plugins/build-record/index.js');

const cwd = process.cwd();
const work = mkdtempSync(join(tmpdir(), 'build-record-plugin-'));
afterEach(() => {
  process.chdir(cwd);
  setJSON.mockClear();
});

describe('the build-record plugin', () => {
  it('uses the store, key and file the build and the notification function use', () => {
    expect([plugin.STORE, plugin.KEY, plugin.RECORD_FILE]).toEqual([BUILD_REPORT_STORE, BUILD_REPORT_KEY, NETLIFY_BUILD_RECORD_FILE]);
  });

  it('stores the record the build wrote', async () => {
    process.chdir(work);
    mkdirSync('.netlify', { recursive: true });
    writeFileSync(NETLIFY_BUILD_RECORD_FILE, JSON.stringify({ version: 1, documents: {} }));
    await plugin.onPostBuild();
    expect(blobs.getDeployStore).toHaveBeenCalledWith(BUILD_REPORT_STORE);
    expect(setJSON).toHaveBeenCalledWith(BUILD_REPORT_KEY, { version: 1, documents: {} });
  });

  it('without a record, or when the store fails, logs one line and lets the deploy go on', async () => {
    process.chdir(work);
    setJSON.mockRejectedValueOnce(new Error('store down'));
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    await expect(plugin.onPostBuild()).resolves.toBeUndefined();
    expect(log).toHaveBeenLastCalledWith(expect.stringMatching(/could not be stored .*store down/));
    rmSync(join(work, '.netlify'), { recursive: true, force: true });
    await expect(plugin.onPostBuild()).resolves.toBeUndefined();
    expect(log).toHaveBeenLastCalledWith(expect.stringMatching(/this build wrote none/));
    log.mockRestore();
  });
});
