/**
 * Start a process and wait until it is ready (scripts/support/: what tests/ and scripts/bench/
 * share): the local stack, the preview server, `netlify dev`. Ready is what the process prints once
 * it serves (the stack's and the preview server's "Press Ctrl+C to stop.") or, for a server that
 * says so too early, any check of the caller's. A process that exits first fails the start with its
 * output; so does one not ready within `timeoutMs`, when given (it is stopped first).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

export interface ProcessOptions {
  /** What the errors call it: "the local stack". */
  name: string;
  /** The arguments; the command is Node itself unless `command` says otherwise. */
  args: readonly string[];
  command?: string;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Ready: the output (stdout and stderr as they came) matches, or the check answers true. */
  ready: RegExp | ((output: string) => boolean | Promise<boolean>);
  timeoutMs?: number;
  /** `inherit`: the process's stderr goes to this one's (a bench's reader sees it), not into `output`. */
  stderr?: 'pipe' | 'inherit';
  /** Its own process group, stopped as one (a tool that starts servers of its own). */
  group?: boolean;
}

export interface StartedProcess {
  child: ChildProcess;
  /** Everything it printed so far. */
  output: () => string;
  /** The first match of `ready` when it is a pattern (its groups: the address it printed). */
  match: RegExpExecArray | null;
  /** Stops it (SIGTERM unless told; its group SIGKILLed 5 s later if still there): its exit code. */
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
}

const CHECK_EVERY_MS = 250;

/** The line the local stack (scripts/local-stack/start.ts) and the preview server print once they serve. */
export const SERVING = /^Press Ctrl\+C to stop\.$/m;

export async function startProcess(options: ProcessOptions): Promise<StartedProcess> {
  const child = spawn(options.command ?? process.execPath, [...options.args], {
    env: options.env ?? process.env,
    cwd: options.cwd,
    stdio: ['ignore', 'pipe', options.stderr ?? 'pipe'],
    detached: options.group ?? false,
  });
  let output = '';
  const collect = (chunk: string) => {
    output += chunk;
  };
  child.stdout!.setEncoding('utf8').on('data', collect);
  child.stderr?.setEncoding('utf8').on('data', collect);
  const exited = new Promise<number | null>((done) => child.once('close', (code) => done(code)));

  const signal = (name: NodeJS.Signals) => {
    try {
      if (options.group) process.kill(-child.pid!, name);
      else child.kill(name);
    } catch {
      // Already gone.
    }
  };
  const stop = async (name: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
    signal(name);
    const killed = options.group ? setTimeout(() => signal('SIGKILL'), 5_000) : undefined;
    const code = await exited;
    clearTimeout(killed);
    return code;
  };

  let match: RegExpExecArray | null = null;
  const isReady = async () => {
    if (options.ready instanceof RegExp) {
      match = options.ready.exec(output);
      return match !== null;
    }
    return options.ready(output);
  };
  await new Promise<void>((ready, fail) => {
    let settled = false;
    let checking = false;
    const finish = (error?: Error) => {
      if (settled) return;
      settled = true;
      clearInterval(ticker);
      clearTimeout(limit);
      child.stdout!.off('data', check);
      child.stderr?.off('data', check);
      if (error) {
        void stop().then(() => fail(error));
      } else ready();
    };
    const check = () => {
      if (settled || checking) return;
      checking = true;
      isReady().then(
        (yes) => {
          checking = false;
          if (yes) finish();
        },
        (error: unknown) => {
          checking = false;
          finish(error as Error);
        },
      );
    };
    child.stdout!.on('data', check);
    child.stderr?.on('data', check);
    const ticker = setInterval(check, CHECK_EVERY_MS);
    const limit =
      options.timeoutMs === undefined
        ? undefined
        : setTimeout(
            () =>
              finish(
                new Error(
                  `${options.name} was not ready within ${options.timeoutMs! / 1000} s:\n${output.slice(-3000)}`,
                ),
              ),
            options.timeoutMs,
          );
    child.once('error', (error) => finish(error));
    void exited.then((code) =>
      finish(new Error(`${options.name} exited with ${code} before it was ready:\n${output}`)),
    );
  });
  return { child, output: () => output, match, stop };
}

/** A loopback port free at the moment of asking (for a server a process is told of before it starts). */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((ready) => probe.listen(0, '127.0.0.1', ready));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((closed) => probe.close(() => closed()));
  return port;
}
