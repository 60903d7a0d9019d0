/**
 * The import's temporary copy of an export (written when releases are left out) never stays in the
 * temporary folder: not after Ctrl-C (SIGINT to the whole process group, as a terminal sends it),
 * SIGTERM or SIGHUP to the command alone, an exit in the middle, or a signal with no CLI running.
 * A signal is passed on to the Sanity CLI, so it never imports on after the command was stopped.
 * Real processes: the command (import-process-driver.ts) and a stand-in CLI that waits.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const DRIVER = resolve(import.meta.dirname, 'import-process-driver.ts');

let work: string;
let temporary: string;
/** The commands started here: any still running after a test (it failed) is ended with its process group. */
const started: ChildProcess[] = [];
let marker: string;
beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'import-process-'));
  temporary = join(work, 'tmp');
  marker = join(work, 'marker');
  mkdirSync(temporary);
  // A stand-in repository: the Studio's CLI says which process it is and which file it imports, then waits.
  const bin = join(work, 'repo', 'studio', 'node_modules', '.bin');
  mkdirSync(bin, { recursive: true });
  writeFileSync(join(bin, 'sanity'), `#!/bin/sh\necho "$$ $3" > "${marker}"\nexec sleep 60\n`);
  chmodSync(join(bin, 'sanity'), 0o755);
  // An export with a release: the import writes a copy without it.
  writeFileSync(
    join(work, 'data.ndjson'),
    [
      { _id: 'siteSettings', _type: 'siteSettings' },
      { _id: '_.releases.rSpring', _type: 'system.release', name: 'rSpring' },
      { _id: 'versions.rSpring.siteSettings', _type: 'siteSettings' },
    ]
      .map((document) => JSON.stringify(document))
      .join('\n'),
  );
});
afterEach(() => {
  for (const command of started.splice(0))
    if (command.exitCode === null && command.signalCode === null) {
      try {
        process.kill(-command.pid!, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
  rmSync(work, { recursive: true, force: true });
});

function startImport(run?: 'exit' | 'hang'): ChildProcess {
  const command = spawn(process.execPath, [DRIVER, join(work, 'repo'), join(work, 'data.ndjson')], {
    env: {
      ...process.env,
      TMPDIR: temporary,
      SANITY_STUDIO_PROJECT_ID: 'abc123xy',
      SANITY_AUTH_TOKEN: 'sk-editor',
      IMPORT_MARKER: marker,
      ...(run ? { IMPORT_RUN: run } : {}),
    },
    // Its own process group, as a command typed in a terminal has.
    detached: true,
    stdio: 'ignore',
  });
  started.push(command);
  return command;
}

/** Once the CLI (or what stands in for it) runs: its process id and the copy it was given. */
async function running(): Promise<{ pid: number; copy: string }> {
  for (let waited = 0; waited < 20_000; waited += 50) {
    const text = existsSync(marker) ? readFileSync(marker, 'utf8') : '';
    if (text.endsWith('\n')) {
      const [pid, copy] = text.trim().split(' ');
      return { pid: Number(pid), copy: copy! };
    }
    await new Promise((wait) => setTimeout(wait, 50));
  }
  throw new Error('the import never ran its CLI');
}

const ended = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) => {
    if (child.exitCode !== null || child.signalCode !== null)
      done({ code: child.exitCode, signal: child.signalCode });
    else child.once('exit', (code, signal) => done({ code, signal }));
  });

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const copiesLeft = () =>
  readdirSync(temporary).filter((name) => name.startsWith('dataset-import-'));

describe('the temporary copy is removed however the import ends', () => {
  it.each([
    ['Ctrl-C (SIGINT to the process group)', 'SIGINT', true],
    ['SIGTERM to the command alone', 'SIGTERM', false],
    ['SIGHUP to the command alone (the terminal closed)', 'SIGHUP', false],
  ] as const)(
    '%s: the copy is gone, and the CLI was stopped too',
    async (_case, signal, toGroup) => {
      const command = startImport();
      const cli = await running();
      expect(cli.copy.startsWith(join(temporary, 'dataset-import-'))).toBe(true);
      expect(existsSync(cli.copy)).toBe(true);
      process.kill(toGroup ? -command.pid! : command.pid!, signal);
      const end = await ended(command);
      expect(end.code ?? end.signal).not.toBe(0);
      expect(copiesLeft()).toEqual([]);
      expect(alive(cli.pid)).toBe(false);
    },
    30_000,
  );

  it('an exit in the middle (process.exit while the CLI runs): the copy is gone', async () => {
    const command = startImport('exit');
    const { copy } = await running();
    expect(await ended(command)).toEqual({ code: 3, signal: null });
    expect(existsSync(copy)).toBe(false);
    expect(copiesLeft()).toEqual([]);
  }, 30_000);

  it('a signal with no CLI running to pass it to: the copy is gone, and the command ends by the signal', async () => {
    const command = startImport('hang');
    await running();
    expect(copiesLeft()).toHaveLength(1);
    process.kill(command.pid!, 'SIGTERM');
    expect(await ended(command)).toEqual({ code: null, signal: 'SIGTERM' });
    expect(copiesLeft()).toEqual([]);
  }, 30_000);
});
