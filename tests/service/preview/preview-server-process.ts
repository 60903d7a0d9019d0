/**
 * `npm run preview:server` as the preview service tests run it: serving the one shared preview
 * build (shared-build.ts) from a folder of the test file's own (its blobs and data), on free
 * ports, with the given dataset and settings.
 */
import { resolve } from 'node:path';
import { SERVING, startProcess } from '../../../scripts/support/process.ts';
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
  const server = await startProcess({
    name: 'preview:server',
    args: [SERVER, '--no-build'],
    env: {
      ...process.env,
      PREVIEW_OUT_DIR: folder,
      PREVIEW_PORT: '0',
      PREVIEW_API_PORT: '0',
      ...settings,
    },
    ready: SERVING,
  });
  const port = /Preview site: http:\/\/localhost:(\d+)/.exec(server.output())?.[1];
  if (!port) {
    await server.stop();
    throw new Error(`preview:server did not say where it serves:\n${server.output()}`);
  }
  return {
    port,
    stop: async () => {
      await server.stop();
    },
  };
}
