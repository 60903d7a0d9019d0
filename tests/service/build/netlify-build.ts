/**
 * Builds as Netlify runs them, for the service tests of deploy contexts: the platform's
 * environment without any project setting of this process, one build at a time (the build lock),
 * and the files a build wrote.
 */
import { execFile } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { withBuildLock } from '../../../scripts/lib/build-lock.ts';

export const ROOT = resolve(import.meta.dirname, '../../..');
const ASTRO = join(ROOT, 'node_modules/astro/bin/astro.mjs');

/** The settings a project or a proxy could have set in this process: a Netlify build has none of them. */
const PROJECT_SETTING =
  /^(CONTENT_|SANITY_|PUBLIC_|SITE_URL|MAIN_SITE_URL|ORDER_SERVICE_URL|ACTIVE_|HIDDEN_|CONTEXT|URL|DEPLOY_PRIME_URL|ALLOW_DEMO_DEPLOY|BUILD_|NETLIFY|https?_proxy|HTTPS?_PROXY|NODE_USE_ENV_PROXY)/;

/** The environment of a Netlify build: this process's, minus every project setting, plus `extra`. */
export function netlifyEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const clean: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (!PROJECT_SETTING.test(name)) clean[name] = value;
  }
  return { ...clean, ASTRO_TELEMETRY_DISABLED: '1', NETLIFY: 'true', ...extra };
}

/** `astro build` with that environment; a refused build answers its exit code and output. */
export async function build(env: NodeJS.ProcessEnv): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await withBuildLock(() =>
      promisify(execFile)(process.execPath, [ASTRO, 'build'], {
        cwd: ROOT,
        env,
        maxBuffer: 64 * 1024 * 1024,
      }),
    );
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

export function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}
