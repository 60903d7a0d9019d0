/**
 * The local stack's working copy of the content: `DATA_DIR/dataset` (beside the local Blobs and
 * the local API's data), made from the dataset the stack is given (CONTENT_DATASET_DIR, default
 * the bundled src/dataset). `npm start` builds from it and `npm run publish:local` writes into
 * it, so local publishes never change a tracked file; `--reset-content` makes it again from the
 * source. Its `data.ndjson` is a copy; `images/` links to the source's images (publishes change
 * documents only). Given another dataset than the one it was made from, the stack makes a new copy
 * of that one and keeps the earlier copy aside (`dataset-kept-<time>`), named in the start line.
 */
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
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
  /** Made now (first use, another dataset, or asked to reset); otherwise an earlier copy, with its local publishes. */
  made: boolean;
  /** The copy was made before its source last changed. */
  stale: boolean;
  /** Made now because the dataset given is another: where the earlier copy (of `from`), with its local publishes, was kept. */
  keptAside?: { dir: string; from: string | undefined };
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
export function ensureWorkingDataset(
  sourceDir: string,
  dataDir: string,
  reset = false,
): WorkingDataset {
  const source = resolve(sourceDir);
  const dir = workingDatasetDir(dataDir);
  if (source === dir)
    throw new Error(
      `CONTENT_DATASET_DIR is the working copy itself (${dir}): name the dataset it is made from`,
    );
  const sourceFile = join(source, 'data.ndjson');
  if (!existsSync(sourceFile))
    throw new Error(
      `no dataset at ${source} (no data.ndjson): set CONTENT_DATASET_DIR to a dataset folder`,
    );
  const origin = readOrigin(dir);
  const existing = existsSync(join(dir, 'data.ndjson'));
  if (!reset && origin && existing && origin.source === source) {
    return { dir, made: false, stale: statSync(sourceFile).mtimeMs > Date.parse(origin.madeAt) };
  }
  mkdirSync(resolve(dataDir), { recursive: true });
  // Another dataset than the copy's own (or a copy whose origin is unknown): the copy and its local publishes are kept aside, never lost.
  let keptAside: WorkingDataset['keptAside'];
  if (!reset && existing) {
    const stamp = `${dir}-kept-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    let aside = stamp;
    for (let again = 2; existsSync(aside); again += 1) aside = `${stamp}-${again}`;
    renameSync(dir, aside);
    keptAside = { dir: aside, from: origin?.source };
  }
  const fresh = `${dir}.new-${process.pid}`;
  rmSync(fresh, { recursive: true, force: true });
  mkdirSync(fresh);
  copyFileSync(sourceFile, join(fresh, 'data.ndjson'));
  const images = join(source, 'images');
  if (existsSync(images)) symlinkSync(realpathSync(images), join(fresh, 'images'), 'dir');
  writeFileSync(
    join(fresh, ORIGIN_FILE),
    `${JSON.stringify({ source, madeAt: new Date().toISOString() } satisfies Origin)}\n`,
  );
  rmSync(dir, { recursive: true, force: true });
  renameSync(fresh, dir);
  return { dir, made: true, stale: false, ...(keptAside ? { keptAside } : {}) };
}

/** One line for the stack's start: where its content is and how to start it again. */
export function workingDatasetLine(working: WorkingDataset, sourceDir: string): string {
  const from = resolve(sourceDir);
  if (working.made && working.keptAside) {
    const earlier = working.keptAside.from
      ? `the copy of ${working.keptAside.from}`
      : 'the earlier copy';
    return `Content:   ${working.dir}  (a new working copy of ${from}, which is not the dataset the copy there was made from; ${earlier}, with its local publishes, is kept at ${working.keptAside.dir})`;
  }
  if (working.made)
    return `Content:   ${working.dir}  (a new working copy of ${from}; local publishes change it, never ${from})`;
  const note = working.stale
    ? `; ${from} changed since it was made: --reset-content copies it again`
    : '; --reset-content starts again from it';
  return `Content:   ${working.dir}  (the working copy of ${from}, with earlier local publishes${note})`;
}
