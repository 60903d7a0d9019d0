/**
 * `source scripts/env.sh`: after ./scripts/run.sh installed Node 24 into .tools/ (the machine's own
 * Node being older), a new shell finds that Node first on PATH, so the README's `npm run …` commands
 * run with it; with nothing in .tools/ the shell's PATH stays as it was. A stand-in `node` in a copy
 * of the repository plays the installed one.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
const copies: string[] = [];

/** A checkout holding scripts/env.sh, with a stand-in Node 24 in .tools/ or none. */
function checkout(withTools: boolean): string {
  const dir = mkdtempSync(join(tmpdir(), 'env-sh-'));
  copies.push(dir);
  mkdirSync(join(dir, 'scripts'));
  copyFileSync(join(ROOT, 'scripts/env.sh'), join(dir, 'scripts/env.sh'));
  if (withTools) {
    const bin = join(dir, '.tools/node_modules/.bin');
    mkdirSync(bin, { recursive: true });
    writeFileSync(
      join(bin, 'node'),
      '#!/bin/sh\nif [ "$1" = "-v" ]; then echo v24.99.0; fi\nexit 0\n',
    );
    chmodSync(join(bin, 'node'), 0o755);
  }
  return dir;
}

/** In a new bash at `dir`: PATH before and after sourcing, the node found after, and what env.sh said. */
function sourced(
  dir: string,
  times = 1,
): { before: string; after: string; node: string; said: string } {
  const script = `before="$PATH"; for i in $(seq ${times}); do source scripts/env.sh > said.txt 2>&1; done; printf '%s\\n%s\\n%s\\n' "$before" "$PATH" "$(command -v node)"; cat said.txt`;
  const shell = spawnSync('bash', ['-c', script], {
    cwd: dir,
    env: { PATH: '/usr/local/bin:/usr/bin:/bin', HOME: process.env['HOME'] ?? '/tmp' },
    encoding: 'utf8',
  });
  const [before, after, node, ...said] = shell.stdout.split('\n');
  return { before: before!, after: after!, node: node!, said: said.join('\n') };
}

afterAll(() => {
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
});

describe('source scripts/env.sh', () => {
  const bin = (dir: string) => join(dir, '.tools/node_modules/.bin');

  it('puts the Node run.sh installed into .tools/ first on PATH, and says which Node it is', () => {
    const dir = checkout(true);
    const shell = sourced(dir);
    expect(shell.after).toBe(`${bin(dir)}:${shell.before}`);
    expect(shell.node).toBe(join(bin(dir), 'node'));
    expect(shell.said).toContain('[env] node v24.99.0');
  });

  it('does not add it twice when sourced again', () => {
    const dir = checkout(true);
    const shell = sourced(dir, 2);
    expect(shell.after).toBe(`${bin(dir)}:${shell.before}`);
  });

  it('leaves PATH as it was when .tools/ holds no Node', () => {
    const shell = sourced(checkout(false));
    expect(shell.after).toBe(shell.before);
  });
});
