/**
 * `npm run dataset:import` as a process: the Sanity CLI run with this terminal, and the temporary
 * copy of an export without its releases, removed however the command ends.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** What the command does outside itself: its terminal, the CLI and the temporary file (import.ts takes it as a parameter). */
export interface Io {
  out(line: string): void;
  err(line: string): void;
  /** Runs the command with inherited stdio and resolves to its exit code. */
  run(
    command: string,
    args: string[],
    options: { cwd: string; env: Record<string, string | undefined> },
  ): Promise<number>;
  /** Writes the text to be imported to a file of its own (`data.ndjson` in a new folder): its path, and how to remove it. */
  writeImportFile(text: string): { path: string; remove(): void };
}

/** The signals that end the command from outside: Ctrl-C, `kill`, a closed terminal. */
const ENDING_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * Runs the CLI with this terminal. A signal that ends this command is passed on to the CLI (Ctrl-C
 * reaches it from the terminal anyway; `kill` of this process alone would not), and the command
 * ends when the CLI does, so nothing is imported after it was told to stop.
 */
const spawnInherited: Io['run'] = (command, args, { cwd, env }) =>
  new Promise((done) => {
    const child = spawn(command, args, { cwd, env, stdio: 'inherit' });
    const passOn = (signal: NodeJS.Signals) => child.kill(signal);
    for (const signal of ENDING_SIGNALS) process.on(signal, passOn);
    const finish = (code: number) => {
      for (const signal of ENDING_SIGNALS) process.off(signal, passOn);
      done(code);
    };
    child.on('error', (error) => {
      console.error(`dataset:import: cannot start ${command}: ${error.message}`);
      finish(1);
    });
    child.on('exit', (code, signal) => finish(code ?? (signal ? 1 : 0)));
  });

/**
 * The text to import, in a folder of its own under the system's temporary folder. It is removed
 * however the command ends: when the CLI is done (`remove`), on an exception or `process.exit`
 * (Node's `exit` event), and at once on Ctrl-C, SIGTERM or SIGHUP, which otherwise end Node
 * before any `finally` runs.
 */
const writeTemporaryImportFile: Io['writeImportFile'] = (text) => {
  const folder = mkdtempSync(join(tmpdir(), 'dataset-import-'));
  const path = join(folder, 'data.ndjson');
  const removeFolder = () => rmSync(folder, { recursive: true, force: true });
  const onSignal = (signal: NodeJS.Signals) => {
    removeFolder();
    // Nothing else takes it (no CLI running to pass it on to): end as the signal would have.
    if (process.listenerCount(signal) === 1) {
      remove();
      process.kill(process.pid, signal);
    }
  };
  const remove = () => {
    removeFolder();
    process.off('exit', removeFolder);
    for (const signal of ENDING_SIGNALS) process.off(signal, onSignal);
  };
  process.on('exit', removeFolder);
  for (const signal of ENDING_SIGNALS) process.on(signal, onSignal);
  try {
    writeFileSync(path, text);
  } catch (error) {
    remove();
    throw error;
  }
  return { path, remove };
};

/** The command's terminal, CLI and temporary file. */
export const nodeIo: Io = {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
  run: spawnInherited,
  writeImportFile: writeTemporaryImportFile,
};
