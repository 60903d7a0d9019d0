/**
 * A fresh install warns about nothing: every package with an install script is reviewed in
 * allowScripts (npm is moving to run approved install scripts only), and the test run's
 * install-scripts check (scripts/lib/quiet-installs.sh, over .ci/run's own installs) fails on a warning.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
const work = mkdtempSync(join(tmpdir(), 'quiet-installs-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function run(
  command: string,
  args: string[],
  cwd = ROOT,
): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(command, args, {
      cwd,
      env: { ...process.env, npm_config_update_notifier: 'false' },
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return {
      code: typeof failed.code === 'number' ? failed.code : 1,
      output: `${failed.stdout ?? ''}${failed.stderr ?? ''}`,
    };
  }
}

describe('install scripts', () => {
  it('every installed package with an install script is approved or denied in package.json', async () => {
    const result = await run('npm', ['install-scripts', 'ls']);
    expect(result.output.trim()).toBe('No packages with unreviewed install scripts.');
  });

  it.skipIf(!existsSync(join(ROOT, 'studio/node_modules')))(
    "and in studio/package.json for the Studio's install",
    async () => {
      const result = await run('npm', ['install-scripts', 'ls'], join(ROOT, 'studio'));
      expect(result.output.trim()).toBe('No packages with unreviewed install scripts.');
    },
  );
});

describe('the install-scripts check (scripts/lib/quiet-installs.sh)', () => {
  const check = (...logs: string[]) =>
    run('bash', [join(ROOT, 'scripts/lib/quiet-installs.sh'), ...logs]);
  const log = (name: string, text: string) => {
    writeFileSync(join(work, name), text);
    return join(work, name);
  };

  it('fails on an install log that warns about install scripts, naming the log and the line', async () => {
    const clean = log('setup.log', '[setup] using Node v24.21.0\n\nadded 1008 packages in 24s\n');
    const warned = log(
      'studio.log',
      'added 987 packages in 24s\nnpm warn install-scripts 1 package has install scripts not yet covered by allowScripts:\nnpm warn install-scripts   esbuild@0.28.2 (postinstall: node install.js)\n',
    );
    const result = await check(clean, warned);
    expect(result.code).toBe(1);
    expect(result.output).toContain(
      `${warned}:npm warn install-scripts   esbuild@0.28.2 (postinstall: node install.js)`,
    );
    expect(result.output).not.toContain(clean);
    expect(result.output).toContain('npm install-scripts ls');
  });

  it('passes on quiet logs, and skips a log that does not exist (no install ran)', async () => {
    const clean = log('quiet.log', 'added 1008 packages in 24s\n');
    expect(await check('', join(work, 'missing.log'), clean)).toEqual({ code: 0, output: '' });
  });
});
