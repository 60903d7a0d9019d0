/**
 * The local stack's working copy of the content: `DATA_DIR/dataset` (beside the local Blobs and
 * the local API's data), made from the dataset the stack is given (CONTENT_DATASET_DIR, default
 * the bundled src/dataset). `npm start` builds from it and `npm run publish:local` writes into
 * it, so local publishes never change a tracked file; `--reset-content` makes it again from the
 * source. Its `data.ndjson` is a copy; `images/` links to the source's images (publishes change
 * documents only).
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, realpathSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The folder under DATA_DIR that holds the working copy. */
export const WORKING_DATASET_FOLDER = 'dataset';
/** Written beside the copy: which dataset it was made from, and when. */
const ORIGIN_FILE = 'made-from.json';

export function workingDatasetDir(dataDir: string): string {
  return join(resolve(dataDir), WORKING_DATASET_FOLDER);
}

export interface WorkingDataset {
  dir: string;
  /** Made now (first use, or asked to reset); otherwise an earlier copy, with its local publishes. */
  made: boolean;
  /** The copy was made from another dataset than the one given now, or before the source last changed. */
  stale: boolean;
}

interface Origin {
  source: string;
  madeAt: string;
}

function readOrigin(dir: string): Origin | undefined {
  try {
    return JSON.parse(readFileSync(join(dir, ORIGIN_FILE), 'utf8')) as Origin;
  } catch {
    return undefined;
  }
}

/**
 * The working copy of `sourceDir` under `dataDir`: made when missing or when `reset` is asked
 * (a new folder renamed into place, so a build never reads half of one).
 */
export function ensureWorkingDataset(sourceDir: string, dataDir: string, reset = false): WorkingDataset {
  const source = resolve(sourceDir);
  const dir = workingDatasetDir(dataDir);
  if (source === dir) throw new Error(`CONTENT_DATASET_DIR is the working copy itself (${dir}): name the dataset it is made from`);
  const sourceFile = join(source, 'data.ndjson');
  if (!existsSync(sourceFile)) throw new Error(`no dataset at ${source} (no data.ndjson): set CONTENT_DATASET_DIR to a dataset folder`);
  const origin = readOrigin(dir);
  if (!reset && origin && existsSync(join(dir, 'data.ndjson'))) {
    const stale = origin.source !== source || statSync(sourceFile).mtimeMs > Date.parse(origin.madeAt);
    return { dir, made: false, stale };
  }
  mkdirSync(resolve(dataDir), { recursive: true });
  const fresh = `${dir}.new-${process.pid}`;
  rmSync(fresh, { recursive: true, force: true });
  mkdirSync(fresh);
  copyFileSync(sourceFile, join(fresh, 'data.ndjson'));
  const images = join(source, 'images');
  if (existsSync(images)) symlinkSync(realpathSync(images), join(fresh, 'images'), 'dir');
  writeFileSync(join(fresh, ORIGIN_FILE), `${JSON.stringify({ source, madeAt: new Date().toISOString() } satisfies Origin)}\n`);
  rmSync(dir, { recursive: true, force: true });
  renameSync(fresh, dir);
  return { dir, made: true, stale: false };
}

/** One line for the stack's start: where its content is and how to start it again. */
export function workingDatasetLine(working: WorkingDataset, sourceDir: string): string {
  const from = resolve(sourceDir);
  if (working.made) return `Content:   ${working.dir}  (a new working copy of ${from}; local publishes change it, never ${from})`;
  const note = working.stale ? `; ${from} changed since it was made: --reset-content copies it again` : '; --reset-content starts again from it';
  return `Content:   ${working.dir}  (the working copy of ${from}, with earlier local publishes${note})`;
}
