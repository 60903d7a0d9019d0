/**
 * Netlify's own tools, for the Netlify tier's tests and the Netlify build bench (scripts/support/:
 * what tests/ and scripts/bench/ share): `netlify build --offline` and `netlify dev --offline`
 * from netlify-cli (scripts/netlify-cli/, installed with `npm ci --ignore-scripts` from its own
 * lockfile), run on a clean copy of the project (the files git knows, nothing a build or a test
 * left behind), with a throwaway HOME, no token, telemetry off, and every HTTP(S) request but
 * loopback sent to a dead local proxy: netlify-cli asks Netlify's hosts for versions even offline.
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { freePort, startProcess } from '../process.ts';

export const ROOT = resolve(import.meta.dirname, '..', '..', '..');
export const CLI_DIR = join(ROOT, 'scripts', 'netlify-cli');
const CLI_BIN = join(CLI_DIR, 'node_modules', '.bin');

/** Fails with what to run when netlify-cli is not installed (scripts/test.sh installs it). */
export function requireNetlifyCli(): void {
  if (!existsSync(join(CLI_BIN, 'netlify')) || !existsSync(join(CLI_BIN, 'deno'))) {
    throw new Error(
      'netlify-cli is not installed for the Netlify tier: run `bash scripts/netlify-cli.sh install` (scripts/test.sh does it)',
    );
  }
}

/**
 * A clean copy of the project in a new temporary folder: the files git tracks or would track (not
 * ignored), as they are in the working tree, and the project's installed packages (a link to
 * node_modules, as after `npm ci`). Answers the folder; remove it with `removeCopy`.
 */
export function cleanCopy(label: string): string {
  const copy = mkdtempSync(join(tmpdir(), `netlify-${label}-`));
  const listed = spawnSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  for (const file of listed.stdout.split('\0')) {
    // Tracked files deleted in the working tree are not part of it; the Studio and this tool keep their own packages.
    if (!file || !existsSync(join(ROOT, file))) continue;
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    cpSync(join(ROOT, file), join(copy, file));
  }
  symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'), 'dir');
  return copy;
}

export function removeCopy(copy: string): void {
  rmSync(copy, { recursive: true, force: true });
}

/**
 * The environment of a Netlify tool run: only what is given (never the test runner's own settings),
 * Node and netlify-cli's bin (netlify, deno) on PATH, a throwaway HOME, and the dead proxy.
 */
export function toolEnvironment(home: string, settings: Record<string, string>): NodeJS.ProcessEnv {
  const deadProxy = 'http://127.0.0.1:9';
  return {
    PATH: [CLI_BIN, dirname(process.execPath), '/usr/bin', '/bin'].join(':'),
    HOME: home,
    LANG: 'C.UTF-8',
    NETLIFY_TELEMETRY_DISABLED: '1',
    ASTRO_TELEMETRY_DISABLED: '1',
    DO_NOT_TRACK: '1',
    NODE_USE_ENV_PROXY: '1',
    https_proxy: deadProxy,
    http_proxy: deadProxy,
    no_proxy: 'localhost,127.0.0.1,::1',
    ...settings,
  };
}

export interface ToolRun {
  code: number | null;
  output: string;
  ms: number;
}

/** Runs `netlify <args>` in `cwd` to the end; the output is stdout and stderr as they came. */
export function runNetlify(
  cwd: string,
  args: string[],
  environment: NodeJS.ProcessEnv,
  timeoutMs = 240_000,
): Promise<ToolRun> {
  const started = Date.now();
  return new Promise((done, fail) => {
    const child = spawn(join(CLI_BIN, 'netlify'), args, {
      cwd,
      env: environment,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', fail);
    child.once('close', (code) => {
      clearTimeout(timer);
      done({ code, output: Buffer.concat(output).toString('utf8'), ms: Date.now() - started });
    });
  });
}

export interface NetlifyDev {
  url: string;
  output: () => string;
  stop: () => Promise<void>;
}

/** Starts `netlify dev --offline` in `cwd` (netlify.toml's [dev]: the built site and the functions) on free ports. */
export async function startNetlifyDev(
  cwd: string,
  environment: NodeJS.ProcessEnv,
  timeoutMs = 120_000,
): Promise<NetlifyDev> {
  const [port, staticPort, functionsPort] = [await freePort(), await freePort(), await freePort()];
  const args = [
    'dev',
    '--offline',
    '--no-open',
    '--port',
    String(port),
    '--staticServerPort',
    String(staticPort),
    '--functions-port',
    String(functionsPort),
  ];
  const url = `http://localhost:${port}`;
  // Ready once the functions are loaded and the server answers.
  const dev = await startProcess({
    name: 'netlify dev',
    command: join(CLI_BIN, 'netlify'),
    args,
    cwd,
    env: environment,
    group: true,
    timeoutMs,
    ready: async (output) =>
      /Loaded function/.test(output) &&
      (await fetch(`${url}/search`).then(
        async (response) => {
          await response.arrayBuffer();
          return response.status === 200;
        },
        () => false,
      )),
  });
  return {
    url,
    output: dev.output,
    stop: async () => {
      await dev.stop();
    },
  };
}
