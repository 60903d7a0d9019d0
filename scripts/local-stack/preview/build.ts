/**
 * Builds the editors' preview site (SITE_MODE=preview) into its own folders, never dist/: the
 * static files into `.preview/dist`, and the rendering function Netlify's adapter writes to
 * `.netlify/v1/functions/ssr` moved to `.preview/functions/ssr` (with the adapter's other
 * scratch output removed), so a later static build or its tests never find adapter output.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { withBuildLock } from '../../lib/build-lock.ts';
import { REPO_ROOT } from '../env.ts';

/**
 * `.preview/`, or PREVIEW_OUT_DIR: test files that each build and serve a preview site at the
 * same time give each its own folder, so one file's build never replaces the function another
 * file's server is answering with. Keep it inside the project (Astro moves its output with rename).
 */
export const PREVIEW_ROOT = resolve(REPO_ROOT, process.env.PREVIEW_OUT_DIR || '.preview');
export const PREVIEW_DIST = join(PREVIEW_ROOT, 'dist');
export const PREVIEW_FUNCTIONS = join(PREVIEW_ROOT, 'functions');
/** The local Netlify Blobs server's data (stores the preview function reads through `getStore`). */
export const PREVIEW_BLOBS = join(PREVIEW_ROOT, 'blobs');
/** The built rendering function's entry (a Netlify function, `export default handler`). */
export const PREVIEW_FUNCTION_ENTRY = join(PREVIEW_FUNCTIONS, 'ssr', 'ssr.mjs');

const ADAPTER_OUTPUT = [
  '.netlify/build',
  '.netlify/v1/functions/ssr',
  '.netlify/v1/edge-functions/middleware',
  '.netlify/v1/config.json',
];

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, {
      cwd: REPO_ROOT,
      env,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.once('error', fail);
    child.once('exit', (code) =>
      code === 0 ? done() : fail(new Error(`the preview build failed (exit ${code})`)),
    );
  });
}

export async function buildPreviewSite(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  await buildPreviewSiteInto(PREVIEW_ROOT, env);
}

/** The same build into `root` (its `dist/` and `functions/`), inside the project. */
export async function buildPreviewSiteInto(root: string, env: NodeJS.ProcessEnv): Promise<void> {
  const functions = join(root, 'functions');
  await withBuildLock(async () => {
    await run(process.execPath, [join(REPO_ROOT, 'node_modules/astro/bin/astro.mjs'), 'build'], {
      ...env,
      SITE_MODE: 'preview',
      BUILD_OUT_DIR: join(root, 'dist'),
      ASTRO_TELEMETRY_DISABLED: '1',
    });
    rmSync(functions, { recursive: true, force: true });
    mkdirSync(functions, { recursive: true });
    const built = join(REPO_ROOT, '.netlify/v1/functions/ssr');
    if (!existsSync(built))
      throw new Error('the preview build wrote no rendering function (.netlify/v1/functions/ssr)');
    renameSync(built, join(functions, 'ssr'));
    for (const path of ADAPTER_OUTPUT)
      rmSync(join(REPO_ROOT, path), { recursive: true, force: true });
  });
}
