/**
 * `npm run bench:lighthouse`: Lighthouse is not in the project's install (it and its own
 * dependencies weigh about 140 MB). It lives in scripts/bench/lighthouse with its own
 * package.json and lockfile, installed there with `npm ci` on first use and again whenever that
 * lockfile changes; then the benchmark (scripts/bench/lighthouse/bench.ts) runs.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const dir = join(import.meta.dirname, 'lighthouse');
const lockHash = createHash('sha256')
  .update(readFileSync(join(dir, 'package-lock.json')))
  .digest('hex');
const stamp = join(dir, 'node_modules', '.installed-lock');

if (!existsSync(stamp) || readFileSync(stamp, 'utf8') !== lockHash) {
  console.error(
    'Installing Lighthouse into scripts/bench/lighthouse (first use or a changed lockfile)...',
  );
  const installed = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], {
    cwd: dir,
    stdio: 'inherit',
  });
  if (installed.status !== 0) throw new Error('npm ci in scripts/bench/lighthouse failed');
  writeFileSync(stamp, lockHash);
}

// A computed specifier: the project's type check (which leaves scripts/bench/lighthouse out, as it
// has no Lighthouse types without that install) does not follow it.
await import(pathToFileURL(join(dir, 'bench.ts')).href);
