/**
 * One build of the editors' preview site for every service test that serves or invokes it, made
 * once per source: the first test file to ask builds it (under a lock of its own, the build itself
 * under the project's build lock) into `.preview/shared/<digest>/`; the others, at once or later,
 * find it there. The digest covers what the build reads (src/ with the bundled dataset's images,
 * public/, the Astro config, the lockfile, the preview build's script), so a change to any of them
 * builds again and an older build is removed.
 *
 * It is built as a local build with no project settings (the bundled content, the offline
 * defaults), as preview-site-settings.test.ts always built it. A preview build bakes in nothing of
 * a test's settings but Astro's `site` (the default local address here): the function reads its
 * settings (the dataset, the Studio's address, the cookie secret, the API) from its environment
 * on each request, so each test's server gives it its own.
 */
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { withBuildLock } from '../../../scripts/lib/build-lock.ts';
import { buildPreviewSiteInto } from '../../../scripts/local-stack/preview/build.ts';
import { netlifyEnv } from '../build/netlify-build.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
const SHARED = join(ROOT, '.preview', 'shared');
/** What the preview build reads, relative to the project. */
const INPUTS = [
  'src',
  'public',
  'astro.config.mjs',
  'package-lock.json',
  'tsconfig.json',
  'scripts/local-stack/preview/build.ts',
];

function files(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => files(join(path, name)));
}

/** A digest of every input file's path and bytes (a symlinked folder is followed). */
export function previewSourceDigest(): string {
  const hash = createHash('sha256');
  for (const input of INPUTS)
    for (const file of files(join(ROOT, input))) {
      hash.update(relative(ROOT, file));
      hash.update('\0');
      hash.update(readFileSync(file));
      hash.update('\0');
    }
  return hash.digest('hex').slice(0, 16);
}

/** The shared build's folder (its `dist/` and `functions/`), built first when this source has none. */
export async function sharedPreviewBuild(): Promise<string> {
  const digest = previewSourceDigest();
  const root = join(SHARED, digest);
  const done = join(root, 'built');
  if (existsSync(done)) return root;
  await withBuildLock(
    async () => {
      if (existsSync(done)) return;
      mkdirSync(SHARED, { recursive: true });
      for (const older of readdirSync(SHARED))
        if (older !== digest) rmSync(join(SHARED, older), { recursive: true, force: true });
      rmSync(root, { recursive: true, force: true });
      // A local build: the platform's environment without the project's settings, nor Netlify's.
      const local = netlifyEnv({});
      delete local['NETLIFY'];
      await buildPreviewSiteInto(root, local);
      writeFileSync(done, `${new Date().toISOString()}\n`);
    },
    join(ROOT, '.preview', 'shared.lock'),
  );
  return root;
}

/**
 * A test's own preview folder (`.preview/tests/<name>`: its blobs and data) serving the shared
 * build: `dist/` and `functions/` link to it, so `preview:server --no-build` serves it from there.
 */
export async function previewFolderWithSharedBuild(name: string): Promise<string> {
  const shared = await sharedPreviewBuild();
  const folder = join(ROOT, '.preview', 'tests', name);
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  for (const part of ['dist', 'functions']) symlinkSync(join(shared, part), join(folder, part));
  return folder;
}
