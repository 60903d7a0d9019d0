/**
 * `npm run preview:server` as the preview service tests run it: serving the one shared preview
 * build (shared-build.ts) from a folder of the test file's own (its blobs and data), on free
 * ports, with the given dataset and settings.
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { previewFolderWithSharedBuild } from './shared-build.ts';

const SERVER = resolve(import.meta.dirname, '../../../scripts/local-stack/preview-server.ts');

export interface PreviewServerProcess {
  /** The preview site's port on localhost. */
  port: string;
  stop: () => Promise<void>;
}

/** Starts the server and resolves once it serves; rejects with its output if it exits first. */
export async function startPreviewServer(
  name: string,
  settings: NodeJS.ProcessEnv,
): Promise<PreviewServerProcess> {
  const folder = await previewFolderWithSharedBuild(name);
  const child = spawn(process.execPath, [SERVER, '--no-build'], {
    env: {
      ...process.env,
      PREVIEW_OUT_DIR: folder,
      PREVIEW_PORT: '0',
      PREVIEW_API_PORT: '0',
      ...settings,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.setEncoding('utf8');
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    output += chunk;
  });
  await new Promise<void>((ready, fail) => {
    child.once('exit', (code) =>
      fail(new Error(`preview:server exited early with ${code}:\n${output}`)),
    );
    child.stdout.on('data', (chunk: string) => {
      output += chunk;
      if (output.includes('Press Ctrl+C')) ready();
    });
  });
  const port = /Preview site: http:\/\/localhost:(\d+)/.exec(output)?.[1];
  if (!port) throw new Error(`preview:server did not say where it serves:\n${output}`);
  return {
    port,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
