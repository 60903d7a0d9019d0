/**
 * Imports the bundled dataset (data.ndjson and the images it names) into a Sanity dataset with
 * the Studio's own Sanity CLI, run in studio/ so that studio/sanity.cli.ts names the project:
 *
 *   npm run dataset:import -- --dataset production [--replace] [--with-releases] [--file path/to/data.ndjson]
 *
 * By default only documents that do not exist yet are created (`--missing`); `--replace`
 * overwrites documents with the same id. Releases and their versions are left out unless
 * `--with-releases` is given (release-filter.ts), and the last line says what was. Everything the
 * CLI needs is checked first: problems exit 2 without calling it; otherwise the exit code is the CLI's.
 */
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { setGlobalProxyFromEnv } from 'node:http';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { OFFLINE_PROJECT_ID, studioProject } from '../../src/lib/config/studio-project.ts';
import { datasetNameProblem, isSanityProjectId } from '../../src/lib/config/sanity-names.ts';
import {
  studioEnvironment,
  studioEnvMode,
  type StudioEnvironment,
} from '../../src/lib/setup/studio-env.ts';
import {
  leftOutAnything,
  releaseLines,
  splitReleases,
  withAbsoluteAssets,
} from './release-filter.ts';
import { assetsOutsideFolder, outsideAssetProblem } from './asset-references.ts';
// What the command does outside itself lives in import-process.ts, which imports nothing from here.
import { nodeIo, type Io } from './import-process.ts';

export type { Io };

export const USAGE =
  'usage: npm run dataset:import -- --dataset <name> [--replace] [--with-releases] [--file <data.ndjson>]';

/** The API version `sanity datasets import` uses; /ping on it answers without a token. */
const API_VERSION = 'v2025-02-19';

/** What the plan may look at on disk: injected so that tests need no real Studio or home folder. */
export interface FsProbe {
  /** The repository root (the folder holding studio/). */
  root: string;
  /** The user's home folder, where `sanity login` keeps its session. */
  home: string;
  /** The current folder a relative --file is read from. */
  cwd: string;
  isFile: (path: string) => boolean;
  isDirectory: (path: string) => boolean;
  /** The file's text, or undefined when it cannot be read. */
  read: (path: string) => string | undefined;
  /** The path with every link on it followed, or undefined when it does not exist. */
  realPath: (path: string) => string | undefined;
}

export type ImportPlan =
  | {
      ok: false;
      problems: string[];
      /** Known when the project id is valid: Sanity's reachability is named with the rest. */
      pingUrl?: string;
    }
  | {
      ok: true;
      /** Absolute path of studio/node_modules/.bin/sanity. */
      command: string;
      args: string[];
      /** studio/: the CLI reads sanity.cli.ts (the project) and studio/.env* from there. */
      cwd: string;
      env: Record<string, string | undefined>;
      projectId: string;
      /** A token-free address on the project's API host, to learn whether Sanity can be reached. */
      pingUrl: string;
      /** What the import will do, printed before it starts. */
      summary: string[];
      /**
       * The export without its releases, when it had any and `--with-releases` was not given: the
       * CLI imports this text (written to a file of its own) instead of the export file in `args`.
       */
      importText?: string;
      /** The last line: what was left out (or, with `--with-releases`, what was not). */
      leftOut: string;
    };

/**
 * The environment the CLI sees: the Studio's env files chosen as `setup:check --site studio`
 * chooses them (src/lib/setup/studio-env.ts), the process environment winning over all of them.
 */
export function studioCliEnv(
  env: Record<string, string | undefined>,
  fs: FsProbe,
): StudioEnvironment {
  return studioEnvironment(env, join(fs.root, 'studio'), fs.read);
}

/** Where the CLI keeps a `sanity login` session (cli-core's getCliUserConfigPath). */
export function loginConfigPath(env: Record<string, string | undefined>, home: string): string {
  return env.SANITY_CLI_CONFIG_PATH || join(home, '.config', 'sanity', 'config.json');
}

function hasLoginSession(path: string, fs: FsProbe): boolean {
  const text = fs.read(path);
  if (text === undefined) return false;
  try {
    const token = (JSON.parse(text) as { authToken?: unknown }).authToken;
    return typeof token === 'string' && token.trim() !== '';
  } catch {
    return false;
  }
}

// The import turns the reference into a file URL, so %-escapes name the decoded file.
const decoded = (path: string) => {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
};

/** Every `file://./…` asset an NDJSON export names, relative to the file's folder. */
export function localAssetPaths(ndjson: string): { paths: Set<string>; documents: number } {
  const paths = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        const local =
          key === '_sanityAsset' && typeof inner === 'string'
            ? /^[a-z]+@file:\/\/\.\/(.+)$/i.exec(inner)
            : null;
        if (local) paths.add(decoded(local[1] as string));
        else visit(inner);
      }
    }
  };
  let documents = 0;
  for (const line of ndjson.split('\n')) {
    if (line.trim() === '') continue;
    try {
      visit(JSON.parse(line));
    } catch {
      // splitReleases names the line; what follows it is not counted.
      break;
    }
    documents += 1;
  }
  return { paths, documents };
}

const shown = (path: string, fs: FsProbe) => {
  const fromRoot = relative(fs.root, path);
  return fromRoot.startsWith('..') || isAbsolute(fromRoot) ? path : fromRoot;
};

/**
 * Reads the arguments and settings and returns either every problem found (nothing is run) or
 * the exact command to run. Pure apart from the injected file probe.
 */
export function importPlan(
  argv: string[],
  env: Record<string, string | undefined>,
  fs: FsProbe,
): ImportPlan {
  let values: {
    dataset?: string;
    replace?: boolean;
    missing?: boolean;
    file?: string;
    'with-releases'?: boolean;
  };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        dataset: { type: 'string' },
        replace: { type: 'boolean', default: false },
        // The default; accepted so that spelling it out is not an error.
        missing: { type: 'boolean', default: false },
        'with-releases': { type: 'boolean', default: false },
        file: { type: 'string' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    return { ok: false, problems: [(error as Error).message] };
  }
  const problems: string[] = [];
  if (values.replace && values.missing)
    problems.push(
      '--replace and --missing exclude each other: --missing (the default) keeps existing documents, --replace overwrites them',
    );

  const dataset = values.dataset;
  if (dataset === undefined || dataset === '') {
    problems.push(
      '--dataset is required: the Sanity dataset to import into, e.g. --dataset production',
    );
  } else {
    const problem = datasetNameProblem(dataset);
    if (problem)
      problems.push(`dataset name "${dataset}" ${problem} (Sanity's dataset name rules)`);
  }

  const studioEnv = studioCliEnv(env, fs);
  const cliEnv = studioEnv.values;
  const given = cliEnv.SANITY_STUDIO_PROJECT_ID;
  const { projectId, dataset: studioDataset } = studioProject(cliEnv);
  if (!given) {
    problems.push(
      `no Sanity project: SANITY_STUDIO_PROJECT_ID is not set (in the environment or studio/.env), so the Studio would use its offline placeholder "${OFFLINE_PROJECT_ID}"; set it to the project's id (manage → project → Project ID)`,
    );
  } else if (projectId === OFFLINE_PROJECT_ID) {
    problems.push(
      `SANITY_STUDIO_PROJECT_ID is "${OFFLINE_PROJECT_ID}", the Studio's offline placeholder, not a Sanity project: set it to the project's id`,
    );
  } else if (!isSanityProjectId(projectId)) {
    problems.push(
      `SANITY_STUDIO_PROJECT_ID "${projectId}" is not a Sanity project id (letters, digits and dashes only)`,
    );
  }

  // The CLI takes a token from --token / SANITY_IMPORT_TOKEN, else SANITY_AUTH_TOKEN, else the
  // `sanity login` session (authToken in its config file), and refuses to import without one.
  const loginPath = loginConfigPath(cliEnv, fs.home);
  const tokenVariable = ['SANITY_IMPORT_TOKEN', 'SANITY_AUTH_TOKEN'].find(
    (name) => (cliEnv[name] ?? '').trim() !== '',
  );
  if (!tokenVariable && !hasLoginSession(loginPath, fs)) {
    problems.push(
      `no Sanity token: SANITY_AUTH_TOKEN is not set and there is no \`sanity login\` session (no authToken in ${loginPath}); set SANITY_AUTH_TOKEN to a token with write access (manage → API → Tokens, Editor) or run \`npx sanity login\` in studio/`,
    );
  }

  const studio = join(fs.root, 'studio');
  const command = join(studio, 'node_modules', '.bin', 'sanity');
  if (!fs.isFile(command)) {
    problems.push(
      'the Studio is not installed (no studio/node_modules/.bin/sanity): run `bash scripts/studio.sh install`',
    );
  }

  // The CLI reads its source as a stream, so a folder is not accepted: take its data.ndjson.
  let file = values.file
    ? resolve(fs.cwd, values.file)
    : join(fs.root, 'src', 'dataset', 'data.ndjson');
  if (fs.isDirectory(file)) file = join(file, 'data.ndjson');
  const folder = dirname(file);
  let documents = 0;
  let images = 0;
  const text = fs.isFile(file) ? fs.read(file) : undefined;
  const withReleases = values['with-releases'] === true;
  const split = splitReleases(text ?? '', withReleases);
  const releases = releaseLines(split.leftOut, withReleases);
  if (text === undefined) {
    problems.push(`no export file at ${shown(file, fs)}`);
  } else {
    const assets = localAssetPaths(split.kept.join('\n'));
    documents = assets.documents;
    images = assets.paths.size;
    if (split.badLine !== undefined)
      problems.push(`${shown(file, fs)} line ${split.badLine} is not a JSON document`);
    else if (documents === 0) problems.push(`${shown(file, fs)} holds no documents`);
    if (split.badVersion)
      problems.push(
        `${shown(file, fs)} line ${split.badVersion.line}: "${split.badVersion.id}" is no document id (a release's version is versions.<release>.<document id>)`,
      );
    const outside = assetsOutsideFolder(text, folder, fs.realPath);
    for (const asset of outside)
      problems.push(outsideAssetProblem(asset, shown(file, fs), shown(folder, fs)));
    // A file named outside the folder is refused above, found or not.
    const missing = outside.length
      ? []
      : [...assets.paths].filter((path) => !fs.isFile(join(folder, path)));
    const imagesFolder = join(folder, 'images');
    if (
      missing.length &&
      missing.every((path) => path.startsWith('images/')) &&
      !fs.isDirectory(imagesFolder)
    ) {
      problems.push(
        `no images folder at ${shown(imagesFolder, fs)} (the export names ${images} files in it)`,
      );
    } else if (missing.length) {
      const listed =
        missing.slice(0, 5).join(', ') +
        (missing.length > 5 ? `, and ${missing.length - 5} more` : '');
      problems.push(
        `${missing.length} of the ${images} image files the export names are missing beside ${shown(file, fs)}: ${listed}`,
      );
    }
  }

  const pingUrl =
    isSanityProjectId(projectId) && projectId !== OFFLINE_PROJECT_ID
      ? `https://${projectId}.api.sanity.io/${API_VERSION}/ping`
      : undefined;
  if (problems.length) return { ok: false, problems, ...(pingUrl ? { pingUrl } : {}) };

  const mode = values.replace ? '--replace' : '--missing';
  // An absolute source: the CLI resolves `file://./images/…` against the source's folder, and runs in studio/.
  const args = ['datasets', 'import', file, '--dataset', dataset as string, mode];
  const token = tokenVariable ?? `the \`sanity login\` session in ${loginPath}`;
  const summary = [
    `Importing ${shown(file, fs)} (${documents} documents, ${images} image files) into Sanity project ${projectId}, dataset "${dataset}", with ${token}.`,
    ...(releases.before ? [releases.before] : []),
    values.replace
      ? "Mode --replace: every document whose id is in the file is overwritten with the file's version; editors' changes to those documents are lost. Documents only in the dataset stay."
      : 'Mode --missing: only documents whose id is not in the dataset yet are created, with their images; existing documents, edited or not, are left as they are. (--replace overwrites them.)',
    ...(dataset !== studioDataset
      ? [
          `Note: the Studio shows dataset "${studioDataset}" (SANITY_STUDIO_DATASET), not "${dataset}".`,
        ]
      : []),
    `The Studio's settings: ${studioEnv.files.length ? studioEnv.files.map((name) => `studio/${name}`).join(', ') : 'no studio/.env file'} and the environment (mode ${studioEnv.mode}, as setup:check --site studio reads them).`,
  ];
  return {
    ok: true,
    command,
    args,
    cwd: studio,
    // The CLI loads studio/.env* itself: told the mode, it loads the files this plan read (and
    // setup:check --site studio reads). As in scripts/studio.sh, no telemetry or update check.
    env: {
      DO_NOT_TRACK: '1',
      NO_UPDATE_NOTIFIER: '1',
      ...env,
      SANITY_ACTIVE_ENV: studioEnvMode(env),
    },
    projectId,
    pingUrl: pingUrl as string,
    summary,
    ...(leftOutAnything(split.leftOut, withReleases)
      ? { importText: withAbsoluteAssets(split.kept, folder) }
      : {}),
    leftOut: releases.last,
  };
}

/** Undefined when the address answers at all (any HTTP status), else why it could not be reached. */
export type Reach = (url: string) => Promise<string | undefined>;

export const reachOverNetwork: Reach = async (url) => {
  // The CLI's HTTP client honours HTTPS_PROXY / NO_PROXY; so does this check.
  setGlobalProxyFromEnv();
  try {
    await fetch(url, { method: 'GET', signal: AbortSignal.timeout(5000) });
    return undefined;
  } catch (error) {
    if ((error as Error).name === 'TimeoutError') return 'no answer within 5 s';
    const cause = (error as { cause?: { message?: string } }).cause;
    return cause?.message ?? (error as Error).message;
  }
};

/** The whole command: plan, reachability, then the CLI. Resolves to the exit code. */
export async function runImport(
  argv: string[],
  env: Record<string, string | undefined>,
  fs: FsProbe,
  reach: Reach,
  io: Io,
): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.out(USAGE);
    return 0;
  }
  const plan = importPlan(argv, env, fs);
  // Asked even when something else is wrong, so that every problem is named in one run.
  const unreachable = plan.pingUrl === undefined ? undefined : await reach(plan.pingUrl);
  const noSanity =
    unreachable === undefined
      ? []
      : [`cannot reach Sanity (${plan.pingUrl}: ${unreachable}): the import needs network access`];
  if (!plan.ok) {
    const problems = [...plan.problems, ...noSanity];
    io.err(
      `dataset:import: cannot import:\n${problems.map((problem) => `  - ${problem}`).join('\n')}\n${USAGE}`,
    );
    return 2;
  }
  if (noSanity.length) {
    io.err(`dataset:import: ${noSanity[0]}`);
    return 2;
  }
  for (const line of plan.summary) io.out(line);
  const written = plan.importText === undefined ? undefined : io.writeImportFile(plan.importText);
  const args = written
    ? plan.args.map((arg, index) => (index === 2 ? written.path : arg))
    : plan.args;
  io.out(`Running in studio/: sanity ${args.join(' ')}`);
  try {
    return await io.run(plan.command, args, { cwd: plan.cwd, env: plan.env });
  } finally {
    written?.remove();
    io.out(plan.leftOut);
  }
}

export const nodeFs = (root: string): FsProbe => ({
  root,
  home: homedir(),
  // npm runs scripts in the package root; INIT_CWD is where `npm run` was typed.
  cwd: process.env.INIT_CWD ?? process.cwd(),
  isFile: (path) => existsSync(path) && statSync(path).isFile(),
  isDirectory: (path) => existsSync(path) && statSync(path).isDirectory(),
  read: (path) => {
    try {
      return readFileSync(path, 'utf8');
    } catch {
      return undefined;
    }
  },
  realPath: (path) => {
    try {
      return realpathSync(path);
    } catch {
      return undefined;
    }
  },
});

// Run as a command, not when a test imports it (import.meta.main needs Node 22.18/24.2; this works on every Node the project allows).
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  process.exitCode = await runImport(
    process.argv.slice(2),
    process.env,
    nodeFs(root),
    reachOverNetwork,
    nodeIo,
  );
}
