/**
 * Where the Studio's settings come from, one rule for `setup:check --site studio`, the import
 * (`npm run dataset:import`) and the Sanity CLI the import runs: studio/.env, .env.local,
 * .env.<mode> and .env.<mode>.local, later files winning, the environment winning over all.
 *
 * The mode is SANITY_ACTIVE_ENV, else `production`: the files `sanity build` and `sanity deploy`
 * read, so the check and the import look at the project the deployed Studio shows. (Left to
 * itself the CLI reads `development` files for every other command, the import's included: the
 * import hands it the mode, so it cannot look at another project than the check.)
 */
import { join } from 'node:path';
import { parseEnv } from 'node:util';

type Environment = Record<string, string | undefined>;

export const STUDIO_DEFAULT_MODE = 'production';

export function studioEnvMode(env: Environment): string {
  return env['SANITY_ACTIVE_ENV']?.trim() || STUDIO_DEFAULT_MODE;
}

/** The files of `mode`, in the order they are read (a later one wins). */
export function studioEnvFiles(mode: string): string[] {
  return ['.env', '.env.local', `.env.${mode}`, `.env.${mode}.local`];
}

export interface StudioEnvironment {
  mode: string;
  /** The files found, relative to studio/. */
  files: string[];
  /** The names some file set (the environment's own are not among them unless a file set them too). */
  fromFiles: Set<string>;
  /** Files, then the environment over them. */
  values: Environment;
}

/** The Studio's settings as the check, the import and the CLI see them; `read` gives a file's text (undefined when absent). */
export function studioEnvironment(
  env: Environment,
  studioDir: string,
  read: (path: string) => string | undefined,
): StudioEnvironment {
  const mode = studioEnvMode(env);
  const fromFiles: Record<string, string> = {};
  const files: string[] = [];
  for (const name of studioEnvFiles(mode)) {
    const text = read(join(studioDir, name));
    if (text === undefined) continue;
    files.push(name);
    Object.assign(fromFiles, parseEnv(text));
  }
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined));
  return {
    mode,
    files,
    fromFiles: new Set(Object.keys(fromFiles)),
    values: { ...fromFiles, ...given },
  };
}
