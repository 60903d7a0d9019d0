/**
 * What the Presentation tests run against: `npm run preview:server` on a copy of the bundled
 * dataset (with a Presentation secret, so draft mode can be switched on the way the Studio does),
 * and a host page on another origin that plays the Studio's side (scripts/dev/studio-host.ts) and
 * frames the preview site, or opens it in a window of its own.
 */
import {
  appendFileSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  startStudioHost,
  type HostOptions,
  type PreviewMode,
} from '../../../scripts/dev/studio-host.ts';
import { signDraftMode, DRAFT_MODE_COOKIE } from '../../../src/lib/preview/server/draft-cookie.ts';
import { startPreviewServer } from './preview-server-process.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
export const COOKIE_SECRET = 'presentation-test-cookie-secret-0123456789';
export const PREVIEW_SECRET = 'presentation-secret-for-the-overlay-test';

export { CHROMIUM } from '../../../scripts/dev/studio-host.ts';

export type Doc = Record<string, unknown> & { _id: string; _type: string };

export interface PreviewStack {
  /** The preview site, e.g. http://localhost:43123. */
  site: string;
  /** The host page's origin (the "Studio"), e.g. http://127.0.0.1:43124. */
  studio: string;
  exportFile: string;
  /** The export's documents as they are now on disk. */
  documents: () => Doc[];
  /** A draft-mode cookie header for direct requests. */
  draftCookie: string;
  /**
   * The host page that frames `path` of the preview site after switching draft mode on through
   * Presentation's secret, in `perspective` (drafts by default, as written in the address); with
   * mode 'window', its button opens it in a window of its own instead.
   */
  hostUrl: (path: string, mode?: PreviewMode, perspective?: string, host?: HostOptions) => string;
  stop: () => Promise<void>;
}

export type { HostOptions, PreviewMode } from '../../../scripts/dev/studio-host.ts';

/** `name`: the server's folder of its own (.preview/tests/<name>: blobs and data), so test files serving at once never share one. */
export async function startPresentationStack(name = 'presentation'): Promise<PreviewStack> {
  const work = mkdtempSync(join(tmpdir(), 'presentation-'));
  const datasetDir = join(work, 'dataset');
  mkdirSync(datasetDir);
  const exportFile = join(datasetDir, 'data.ndjson');
  copyFileSync(join(ROOT, 'src/dataset/data.ndjson'), exportFile);
  symlinkSync(join(ROOT, 'src/dataset/images'), join(datasetDir, 'images'));

  // The host page: its own origin (127.0.0.1), the preview site on localhost: another site, as the Studio is.
  const host = await startStudioHost(exportFile, PREVIEW_SECRET);
  const studio = host.origin;
  appendFileSync(exportFile, `${host.secretDocument()}\n`);

  const server = await startPreviewServer(name, {
    PREVIEW_DATA_DIR: join(work, 'api-data'),
    CONTENT_DATASET_DIR: datasetDir,
    PREVIEW_COOKIE_SECRET: COOKIE_SECRET,
    SANITY_STUDIO_URL: studio,
  });
  const { port } = server;
  const previewOrigin = `http://localhost:${port}`;
  host.setPreviewOrigin(previewOrigin);

  return {
    site: previewOrigin,
    studio,
    exportFile,
    documents: () =>
      readFileSync(exportFile, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Doc),
    draftCookie: `${DRAFT_MODE_COOKIE}=${signDraftMode(COOKIE_SECRET)}`,
    hostUrl: host.url,
    stop: async () => {
      await server.stop();
      await host.close();
      rmSync(work, { recursive: true, force: true });
    },
  };
}
