/**
 * `npm run dataset:import`: the checks before the Sanity CLI runs, and the exact CLI call.
 * The CLI has no dry run, so nothing here imports anything: files, network and the CLI are stand-ins.
 */
import { describe, expect, it } from 'vitest';
import { studioEnvironment } from '../../../src/lib/setup/studio-env.ts';
import { datasetNameProblem } from '../../../src/lib/config/sanity-names.ts';
import {
  importPlan,
  localAssetPaths,
  runImport,
  USAGE,
  type FsProbe,
  type Io,
  type Reach,
} from '../../../scripts/dataset/import.ts';
import {
  describeLeftOut,
  splitReleases,
  withAbsoluteAssets,
} from '../../../scripts/dataset/release-filter.ts';

const ROOT = '/repo';
const HOME = '/home/editor';
const SANITY = `${ROOT}/studio/node_modules/.bin/sanity`;
const DATA = `${ROOT}/src/dataset/data.ndjson`;

const image = (name: string) => ({
  _type: 'image',
  _sanityAsset: `image@file://./images/${name}`,
  alt: '',
});
const ndjson = (...documents: object[]) =>
  documents.map((document) => JSON.stringify(document)).join('\n') + '\n';
const BUNDLED = ndjson(
  { _id: 'school-huskymobile', _type: 'school', logo: image('huskymobile-logo-240x80.svg') },
  {
    _id: 'huskymobile-landingHeader',
    _type: 'landingHeader',
    hero: image('huskymobile-hero-1600x900.webp'),
    cards: [{ _key: 'a', icon: image('prize-phone-24x24.svg') }],
  },
);

/** A file system of the files and folders given (folders are implied by the files under them). */
function probe(files: Record<string, string>, cwd = ROOT): FsProbe {
  const dirs = new Set(
    Object.keys(files).flatMap((path) =>
      path
        .split('/')
        .slice(1, -1)
        .map((_, i, parts) => `/${parts.slice(0, i + 1).join('/')}`),
    ),
  );
  return {
    root: ROOT,
    home: HOME,
    cwd,
    isFile: (path) => path in files,
    isDirectory: (path) => dirs.has(path.replace(/\/$/, '')),
    read: (path) => files[path],
    // No links here: a path that exists is its own real path.
    realPath: (path) => (path in files || dirs.has(path) ? path : undefined),
  };
}

const installed = {
  [SANITY]: '#!/usr/bin/env node',
  [DATA]: BUNDLED,
  [`${ROOT}/src/dataset/images/huskymobile-logo-240x80.svg`]: '<svg/>',
  [`${ROOT}/src/dataset/images/huskymobile-hero-1600x900.webp`]: 'RIFF',
  [`${ROOT}/src/dataset/images/prize-phone-24x24.svg`]: '<svg/>',
};
const settings = { SANITY_STUDIO_PROJECT_ID: 'abc123xy', SANITY_AUTH_TOKEN: 'sk-editor' };

const problemsOf = (
  argv: string[],
  env: Record<string, string | undefined>,
  files: Record<string, string> = installed,
) => {
  const plan = importPlan(argv, env, probe(files));
  return plan.ok ? [] : plan.problems;
};
const planOf = (
  argv: string[],
  env: Record<string, string | undefined> = settings,
  files: Record<string, string> = installed,
) => {
  const plan = importPlan(argv, env, probe(files));
  if (!plan.ok) throw new Error(`expected a plan, got: ${plan.problems.join('; ')}`);
  return plan;
};

/** The command's output, its CLI runs and the files it wrote, with stand-ins for the network and the CLI. */
function harness(reach: Reach = () => Promise.resolve(undefined), exitCode = 0) {
  const out: string[] = [];
  const err: string[] = [];
  const runs: Array<{ command: string; args: string[]; cwd: string }> = [];
  const files = new Map<string, string>();
  const io: Io = {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    run: (command, args, { cwd }) => {
      runs.push({ command, args, cwd });
      return Promise.resolve(exitCode);
    },
    writeImportFile: (text) => {
      const path = `/tmp/dataset-import-${files.size}/data.ndjson`;
      files.set(path, text);
      return { path, remove: () => files.delete(path) };
    },
  };
  return { out, err, runs, io, reach, files };
}

describe('the CLI call', () => {
  it('runs the Studio’s own CLI in studio/ over the bundled export’s absolute path, by default with --missing', () => {
    const plan = planOf(['--dataset', 'production']);
    expect(plan.command).toBe(SANITY);
    expect(plan.cwd).toBe(`${ROOT}/studio`);
    expect(plan.args).toEqual(['datasets', 'import', DATA, '--dataset', 'production', '--missing']);
    expect(plan.args).not.toContain('--replace');
    expect(plan.summary.join('\n')).toMatch(
      /Mode --missing: only documents whose id is not in the dataset yet are created/,
    );
  });

  it('replaces only when --replace is given, and says that editors’ changes are lost', () => {
    const plan = planOf(['--dataset', 'production', '--replace']);
    expect(plan.args).toEqual(['datasets', 'import', DATA, '--dataset', 'production', '--replace']);
    expect(plan.args).not.toContain('--missing');
    expect(plan.summary.join('\n')).toMatch(
      /Mode --replace: .*overwritten.*editors' changes to those documents are lost/,
    );
  });

  it('accepts --missing spelled out, and refuses it together with --replace', () => {
    expect(planOf(['--dataset', 'production', '--missing']).args.at(-1)).toBe('--missing');
    expect(problemsOf(['--dataset', 'production', '--missing', '--replace'], settings)).toEqual([
      expect.stringMatching(/^--replace and --missing exclude each other/),
    ]);
  });

  it('says what it will import, where, and with which credentials, before running', () => {
    const plan = planOf(['--dataset', 'staging'], {
      ...settings,
      SANITY_STUDIO_DATASET: 'production',
    });
    expect(plan.summary).toEqual([
      'Importing src/dataset/data.ndjson (2 documents, 3 image files) into Sanity project abc123xy, dataset "staging", with SANITY_AUTH_TOKEN.',
      expect.stringMatching(/^Mode --missing/),
      'Note: the Studio shows dataset "production" (SANITY_STUDIO_DATASET), not "staging".',
      "The Studio's settings: no studio/.env file and the environment (mode production, as setup:check --site studio reads them).",
    ]);
    expect(plan.args).toEqual(['datasets', 'import', DATA, '--dataset', 'staging', '--missing']);
    expect(plan.summary.join('\n')).not.toContain('sk-editor');
  });

  it('leaves the environment to the CLI, without telemetry or update checks', () => {
    const plan = planOf(['--dataset', 'production']);
    expect(plan.env).toMatchObject({ ...settings, DO_NOT_TRACK: '1', NO_UPDATE_NOTIFIER: '1' });
    expect(plan.pingUrl).toBe('https://abc123xy.api.sanity.io/v2025-02-19/ping');
  });

  it('takes another export with --file, relative to where the command was typed; a folder means its data.ndjson', () => {
    const files = {
      ...installed,
      '/work/out/falcon.ndjson': ndjson({
        _id: 'school-falconmobile',
        _type: 'school',
        logo: image('falconmobile-logo.svg'),
      }),
      '/work/out/images/falconmobile-logo.svg': '<svg/>',
    };
    const plan = importPlan(
      ['--dataset', 'production', '--file', 'out/falcon.ndjson'],
      settings,
      probe(files, '/work'),
    );
    expect(plan.ok && plan.args[2]).toBe('/work/out/falcon.ndjson');
    const folder = {
      ...installed,
      '/work/export/data.ndjson': ndjson({ _id: 'siteSettings', _type: 'siteSettings' }),
    };
    const fromFolder = importPlan(
      ['--dataset', 'production', '--file', '/work/export'],
      settings,
      probe(folder),
    );
    expect(fromFolder.ok && fromFolder.args[2]).toBe('/work/export/data.ndjson');
  });
});

describe('the dataset argument', () => {
  it('is required', () => {
    expect(problemsOf([], settings)).toEqual([
      '--dataset is required: the Sanity dataset to import into, e.g. --dataset production',
    ]);
    expect(problemsOf(['--dataset', ''], settings)).toEqual([
      '--dataset is required: the Sanity dataset to import into, e.g. --dataset production',
    ]);
  });

  it.each([
    ['Production', 'must be all lowercase characters'],
    ['p', 'must be at least two characters long'],
    ['a'.repeat(65), 'must be at most 64 characters'],
    ['-prod', 'must start with a letter or a number'],
    ['prod.uction', 'must only contain letters, numbers, dashes and underscores'],
    ['prod_', 'must not end with a dash or an underscore'],
  ])('follows Sanity’s name rules: %s %s', (name, rule) => {
    expect(datasetNameProblem(name)).toBe(rule);
    expect(problemsOf([`--dataset=${name}`], settings)).toEqual([
      `dataset name "${name}" ${rule} (Sanity's dataset name rules)`,
    ]);
  });

  it.each(['production', 'staging-2', 'test_data', 'a'.repeat(64), '42'])('accepts %s', (name) => {
    expect(datasetNameProblem(name)).toBeUndefined();
  });

  it('refuses unknown options and positional arguments', () => {
    expect(problemsOf(['--dataset', 'production', '--force'], settings)).toEqual([
      expect.stringContaining("Unknown option '--force'"),
    ]);
    expect(problemsOf(['production'], settings)).toEqual([expect.stringContaining('production')]);
  });
});

describe('the Sanity project', () => {
  it('is required: without SANITY_STUDIO_PROJECT_ID the Studio would use its placeholder', () => {
    expect(problemsOf(['--dataset', 'production'], { SANITY_AUTH_TOKEN: 'sk' })).toEqual([
      expect.stringMatching(
        /^no Sanity project: SANITY_STUDIO_PROJECT_ID is not set \(in the environment or studio\/\.env\), so the Studio would use its offline placeholder "offline0"/,
      ),
    ]);
  });

  it('refuses the placeholder offline0 by name', () => {
    expect(
      problemsOf(['--dataset', 'production'], {
        SANITY_STUDIO_PROJECT_ID: 'offline0',
        SANITY_AUTH_TOKEN: 'sk',
      }),
    ).toEqual([
      'SANITY_STUDIO_PROJECT_ID is "offline0", the Studio\'s offline placeholder, not a Sanity project: set it to the project\'s id',
    ]);
  });

  it('refuses what cannot be a project id (it becomes a host name)', () => {
    expect(
      problemsOf(['--dataset', 'production'], {
        SANITY_STUDIO_PROJECT_ID: 'evil.example/',
        SANITY_AUTH_TOKEN: 'sk',
      }),
    ).toEqual([
      'SANITY_STUDIO_PROJECT_ID "evil.example/" is not a Sanity project id (letters, digits and dashes only)',
    ]);
  });

  it('is read from the studio/.env files setup:check --site studio reads (mode production unless SANITY_ACTIVE_ENV), the environment winning', () => {
    const files = {
      ...installed,
      [`${ROOT}/studio/.env`]: 'SANITY_STUDIO_PROJECT_ID=fromenvfile\n',
      [`${ROOT}/studio/.env.development.local`]: 'SANITY_STUDIO_PROJECT_ID=fromdevelopment\n',
      [`${ROOT}/studio/.env.production.local`]: 'SANITY_STUDIO_PROJECT_ID=fromproduction\n',
    };
    const plan = importPlan(['--dataset', 'production'], { SANITY_AUTH_TOKEN: 'sk' }, probe(files));
    expect(plan).toMatchObject({
      ok: true,
      projectId: 'fromproduction',
      env: { SANITY_ACTIVE_ENV: 'production' },
    });
    expect(
      importPlan(
        ['--dataset', 'production'],
        { SANITY_AUTH_TOKEN: 'sk', SANITY_STUDIO_PROJECT_ID: 'fromshell' },
        probe(files),
      ),
    ).toMatchObject({ ok: true, projectId: 'fromshell' });
    // NODE_ENV no longer changes which files count; SANITY_ACTIVE_ENV does, for the check, the import and the CLI alike.
    expect(
      importPlan(
        ['--dataset', 'production'],
        { SANITY_AUTH_TOKEN: 'sk', NODE_ENV: 'development' },
        probe(files),
      ),
    ).toMatchObject({ ok: true, projectId: 'fromproduction' });
    expect(
      importPlan(
        ['--dataset', 'production'],
        { SANITY_AUTH_TOKEN: 'sk', SANITY_ACTIVE_ENV: 'development' },
        probe(files),
      ),
    ).toMatchObject({
      ok: true,
      projectId: 'fromdevelopment',
      env: { SANITY_ACTIVE_ENV: 'development' },
    });
  });

  it('and setup:check --site studio reads the same files, chosen the same way', () => {
    const files: Record<string, string> = {
      [`${ROOT}/studio/.env`]: 'SANITY_STUDIO_PROJECT_ID=fromenvfile\n',
      [`${ROOT}/studio/.env.development`]: 'SANITY_STUDIO_PROJECT_ID=fromdevelopment\n',
      [`${ROOT}/studio/.env.production`]: 'SANITY_STUDIO_PROJECT_ID=fromproduction\n',
    };
    for (const env of [
      {},
      { SANITY_ACTIVE_ENV: 'development' },
      { SANITY_ACTIVE_ENV: 'staging' },
    ]) {
      const check = studioEnvironment(env, `${ROOT}/studio`, (path) => files[path]).values[
        'SANITY_STUDIO_PROJECT_ID'
      ];
      const plan = importPlan(
        ['--dataset', 'production'],
        { SANITY_AUTH_TOKEN: 'sk', ...env },
        probe({ ...installed, ...files }),
      );
      expect(plan.ok && plan.projectId, JSON.stringify(env)).toBe(check);
    }
  });
});

describe('the token', () => {
  const noToken = { SANITY_STUDIO_PROJECT_ID: 'abc123xy' };

  it('is required, naming both ways the CLI takes one', () => {
    expect(problemsOf(['--dataset', 'production'], noToken)).toEqual([
      `no Sanity token: SANITY_AUTH_TOKEN is not set and there is no \`sanity login\` session (no authToken in ${HOME}/.config/sanity/config.json); set SANITY_AUTH_TOKEN to a token with write access (manage → API → Tokens, Editor) or run \`npx sanity login\` in studio/`,
    ]);
    expect(
      problemsOf(['--dataset', 'production'], { ...noToken, SANITY_AUTH_TOKEN: '  ' }),
    ).toHaveLength(1);
  });

  it('may come from a `sanity login` session (authToken in the CLI’s config file)', () => {
    const session = {
      ...installed,
      [`${HOME}/.config/sanity/config.json`]: JSON.stringify({
        authToken: 'sk-session',
        telemetryDisclosed: 1,
      }),
    };
    expect(planOf(['--dataset', 'production'], noToken, session).summary[0]).toContain(
      `with the \`sanity login\` session in ${HOME}/.config/sanity/config.json`,
    );
    const noSession = {
      ...installed,
      [`${HOME}/.config/sanity/config.json`]: JSON.stringify({ telemetryDisclosed: 1 }),
    };
    expect(problemsOf(['--dataset', 'production'], noToken, noSession)).toEqual([
      expect.stringMatching(/^no Sanity token/),
    ]);
    const elsewhere = { ...installed, '/etc/sanity.json': JSON.stringify({ authToken: 'sk' }) };
    expect(
      importPlan(
        ['--dataset', 'production'],
        { ...noToken, SANITY_CLI_CONFIG_PATH: '/etc/sanity.json' },
        probe(elsewhere),
      ).ok,
    ).toBe(true);
  });

  it('may come from SANITY_IMPORT_TOKEN (the import command’s own variable) or studio/.env', () => {
    expect(
      planOf(['--dataset', 'production'], { ...noToken, SANITY_IMPORT_TOKEN: 'sk' }).summary[0],
    ).toContain('with SANITY_IMPORT_TOKEN');
    const envFile = { ...installed, [`${ROOT}/studio/.env.local`]: 'SANITY_AUTH_TOKEN=sk\n' };
    expect(importPlan(['--dataset', 'production'], noToken, probe(envFile)).ok).toBe(true);
  });
});

describe('the Studio install and the export', () => {
  it('needs the Studio’s CLI', () => {
    const { [SANITY]: _, ...notInstalled } = installed;
    expect(problemsOf(['--dataset', 'production'], settings, notInstalled)).toEqual([
      'the Studio is not installed (no studio/node_modules/.bin/sanity): run `bash scripts/studio.sh install`',
    ]);
  });

  it('needs the export file', () => {
    const { [DATA]: _, ...noData } = installed;
    expect(problemsOf(['--dataset', 'production'], settings, noData)).toEqual([
      'no export file at src/dataset/data.ndjson',
    ]);
    expect(problemsOf(['--dataset', 'production', '--file', '/tmp/none.ndjson'], settings)).toEqual(
      ['no export file at /tmp/none.ndjson'],
    );
  });

  it('needs its images folder, and every image file it names', () => {
    const noImages = Object.fromEntries(
      Object.entries(installed).filter(([path]) => !path.includes('/images/')),
    );
    expect(problemsOf(['--dataset', 'production'], settings, noImages)).toEqual([
      'no images folder at src/dataset/images (the export names 3 files in it)',
    ]);
    const { [`${ROOT}/src/dataset/images/prize-phone-24x24.svg`]: _, ...oneMissing } = installed;
    expect(problemsOf(['--dataset', 'production'], settings, oneMissing)).toEqual([
      '1 of the 3 image files the export names are missing beside src/dataset/data.ndjson: images/prize-phone-24x24.svg',
    ]);
  });

  it('refuses a file that is not NDJSON', () => {
    expect(
      problemsOf(['--dataset', 'production'], settings, {
        ...installed,
        [DATA]: `${BUNDLED}{not json\n`,
      }),
    ).toEqual(['src/dataset/data.ndjson line 3 is not a JSON document']);
  });

  it('refuses a line that is JSON but no document (null, a number, a list), naming it', () => {
    for (const line of ['null', '42', '[]']) {
      expect(
        problemsOf(['--dataset', 'production'], settings, {
          ...installed,
          [DATA]: `${BUNDLED}${line}\n`,
        }),
      ).toEqual(['src/dataset/data.ndjson line 3 is not a JSON document']);
    }
  });

  it('lists every problem at once', () => {
    expect(problemsOf([], {}, {})).toEqual([
      expect.stringMatching(/^--dataset is required/),
      expect.stringMatching(/^no Sanity project/),
      expect.stringMatching(/^no Sanity token/),
      expect.stringMatching(/^the Studio is not installed/),
      'no export file at src/dataset/data.ndjson',
    ]);
  });

  it('finds nested and %-escaped local asset references', () => {
    const text = ndjson({
      _id: 'a',
      a: [{ b: { _sanityAsset: 'file@file://./images/my%20file.pdf' } }],
      c: { _sanityAsset: 'image@https://cdn.example/x.png' },
    });
    expect(localAssetPaths(text)).toEqual({ paths: new Set(['images/my file.pdf']), documents: 1 });
  });
});

describe('the command', () => {
  it('exits 2 with every problem and the usage, without calling the CLI (no project: nothing to reach)', async () => {
    let reached = false;
    const h = harness(() => {
      reached = true;
      return Promise.resolve(undefined);
    });
    expect(
      await runImport(
        ['--dataset', 'production'],
        { SANITY_STUDIO_PROJECT_ID: 'offline0' },
        probe(installed),
        h.reach,
        h.io,
      ),
    ).toBe(2);
    expect(h.err.join('\n')).toBe(
      [
        'dataset:import: cannot import:',
        '  - SANITY_STUDIO_PROJECT_ID is "offline0", the Studio\'s offline placeholder, not a Sanity project: set it to the project\'s id',
        `  - no Sanity token: SANITY_AUTH_TOKEN is not set and there is no \`sanity login\` session (no authToken in ${HOME}/.config/sanity/config.json); set SANITY_AUTH_TOKEN to a token with write access (manage → API → Tokens, Editor) or run \`npx sanity login\` in studio/`,
        USAGE,
      ].join('\n'),
    );
    expect(reached).toBe(false);
    expect(h.runs).toEqual([]);
  });

  it('names an unreachable Sanity with the other problems, in the same run', async () => {
    const h = harness(() => Promise.resolve('getaddrinfo ENOTFOUND abc123xy.api.sanity.io'));
    expect(
      await runImport(
        ['--dataset', 'production'],
        { SANITY_STUDIO_PROJECT_ID: 'abc123xy' },
        probe(installed),
        h.reach,
        h.io,
      ),
    ).toBe(2);
    const said = h.err.join('\n');
    expect(said).toMatch(/^ {2}- no Sanity token: /m);
    expect(said).toContain(
      '  - cannot reach Sanity (https://abc123xy.api.sanity.io/v2025-02-19/ping: getaddrinfo ENOTFOUND abc123xy.api.sanity.io): the import needs network access',
    );
    expect(h.runs).toEqual([]);
  });

  it('says plainly that Sanity cannot be reached, and does not call the CLI', async () => {
    const asked: string[] = [];
    const h = harness((url) => {
      asked.push(url);
      return Promise.resolve('getaddrinfo ENOTFOUND abc123xy.api.sanity.io');
    });
    expect(
      await runImport(['--dataset', 'production'], settings, probe(installed), h.reach, h.io),
    ).toBe(2);
    expect(asked).toEqual(['https://abc123xy.api.sanity.io/v2025-02-19/ping']);
    expect(h.err).toEqual([
      'dataset:import: cannot reach Sanity (https://abc123xy.api.sanity.io/v2025-02-19/ping: getaddrinfo ENOTFOUND abc123xy.api.sanity.io): the import needs network access',
    ]);
    expect(h.out).toEqual([]);
    expect(h.runs).toEqual([]);
  });

  it('prints what it will do, then runs the CLI and exits with its code', async () => {
    const h = harness(() => Promise.resolve(undefined), 1);
    expect(
      await runImport(
        ['--dataset', 'production', '--replace'],
        settings,
        probe(installed),
        h.reach,
        h.io,
      ),
    ).toBe(1);
    expect(h.out[0]).toMatch(
      /^Importing src\/dataset\/data.ndjson \(2 documents, 3 image files\) into Sanity project abc123xy, dataset "production"/,
    );
    expect(h.out.slice(-2)).toEqual([
      `Running in studio/: sanity datasets import ${DATA} --dataset production --replace`,
      'Left out nothing: the export has no releases.',
    ]);
    expect(h.runs).toEqual([
      {
        command: SANITY,
        args: ['datasets', 'import', DATA, '--dataset', 'production', '--replace'],
        cwd: `${ROOT}/studio`,
      },
    ]);
    expect(h.err).toEqual([]);
  });

  it('prints the usage for --help', async () => {
    const h = harness();
    expect(await runImport(['--help'], {}, probe({}), h.reach, h.io)).toBe(0);
    expect(h.out).toEqual([USAGE]);
  });
});

describe('releases and scheduled drafts are left out unless --with-releases', () => {
  /** A scheduled draft as Sanity exports one: the release document and its version of a document. */
  const scheduledDraft = {
    _id: '_.releases.rSpring',
    _type: 'system.release',
    name: 'rSpring',
    state: 'scheduled',
    publishAt: '2027-03-01T09:00:00Z',
    metadata: {
      title: 'Scheduled publish',
      releaseType: 'scheduled',
      cardinality: 'one',
      intendedPublishAt: '2027-03-01T09:00:00Z',
    },
  };
  const version = {
    _id: 'versions.rSpring.huskymobile-landingHeader',
    _type: 'landingHeader',
    hero: image('huskymobile-hero-1600x900.webp'),
  };
  const WITH_RELEASE = ndjson(
    { _id: 'school-huskymobile', _type: 'school', logo: image('huskymobile-logo-240x80.svg') },
    scheduledDraft,
    {
      _id: 'huskymobile-landingHeader',
      _type: 'landingHeader',
      hero: image('huskymobile-hero-1600x900.webp'),
      cards: [{ _key: 'a', icon: image('prize-phone-24x24.svg') }],
    },
    version,
    {
      _id: 'drafts.huskymobile-landingHeader',
      _type: 'landingHeader',
      title: 'a draft schedules nothing',
    },
  );
  const withRelease = { ...installed, [DATA]: WITH_RELEASE };
  const ids = (lines: readonly string[]) =>
    lines.map((line) => (JSON.parse(line) as { _id: string })._id);

  it('the filter keeps published documents and drafts, and leaves out release documents and release versions, naming each release', () => {
    const split = splitReleases(WITH_RELEASE);
    expect(ids(split.kept)).toEqual([
      'school-huskymobile',
      'huskymobile-landingHeader',
      'drafts.huskymobile-landingHeader',
    ]);
    expect(split.leftOut.releases).toEqual([
      { name: 'rSpring', scheduledDraft: true, publishAt: '2027-03-01T09:00:00Z' },
    ]);
    expect([...split.leftOut.versions]).toEqual([['rSpring', 1]]);
    expect(describeLeftOut(split.leftOut)).toBe(
      '1 release, rSpring (a scheduled draft, to publish 2027-03-01T09:00:00Z), and 1 version document in it',
    );
    // With --with-releases everything stays, and what would have been left out is still known.
    const all = splitReleases(WITH_RELEASE, true);
    expect(all.kept).toHaveLength(5);
    expect(describeLeftOut(all.leftOut)).toBe(describeLeftOut(split.leftOut));
  });

  it('names a release by its id when it has no name, a release that is not a scheduled draft, and versions whose release the export lacks', () => {
    const split = splitReleases(
      ndjson(
        {
          _id: '_.releases.rLaunch',
          _type: 'system.release',
          metadata: { title: 'Launch', releaseType: 'asap' },
        },
        { _id: 'versions.rLaunch.a', _type: 'faqs' },
        { _id: 'versions.rLaunch.b', _type: 'faqs' },
        { _id: 'versions.rOther.c', _type: 'faqs' },
        { _id: 'siteSettings', _type: 'siteSettings' },
      ),
    );
    expect(ids(split.kept)).toEqual(['siteSettings']);
    expect(describeLeftOut(split.leftOut)).toBe(
      '1 release, rLaunch (a release), and 3 version documents of 2 releases (rLaunch, rOther)',
    );
    expect(
      describeLeftOut(
        splitReleases(ndjson({ _id: 'siteSettings', _type: 'siteSettings' })).leftOut,
      ),
    ).toBeUndefined();
  });

  it("makes the kept documents' local image references absolute, so they are read from the export's folder wherever the file is written", () => {
    const text = withAbsoluteAssets(splitReleases(WITH_RELEASE).kept, '/repo/src/dataset');
    expect(text).toContain(
      '"_sanityAsset":"image@file:///repo/src/dataset/images/huskymobile-logo-240x80.svg"',
    );
    expect(text).not.toContain('file://./');
    expect(
      withAbsoluteAssets([JSON.stringify({ _id: 'a', logo: image('my logo.svg') })], '/my exports'),
    ).toContain('image@file:///my%20exports/images/my logo.svg');
  });

  it('the plan counts what it imports and says before it runs what it leaves out, and why', () => {
    const plan = planOf(['--dataset', 'production'], settings, withRelease);
    expect(plan.summary.slice(0, 2)).toEqual([
      'Importing src/dataset/data.ndjson (3 documents, 3 image files) into Sanity project abc123xy, dataset "production", with SANITY_AUTH_TOKEN.',
      'Leaving out 1 release, rSpring (a scheduled draft, to publish 2027-03-01T09:00:00Z), and 1 version document in it: in a dataset the sites read, a release is one click in the Studio from changing the live site. --with-releases imports them.',
    ]);
    expect(ids(plan.importText!.trim().split('\n'))).toEqual([
      'school-huskymobile',
      'huskymobile-landingHeader',
      'drafts.huskymobile-landingHeader',
    ]);
    expect(plan.leftOut).toBe(
      'Left out 1 release, rSpring (a scheduled draft, to publish 2027-03-01T09:00:00Z), and 1 version document in it. To import them too: --with-releases.',
    );
    // An export without releases is imported as it is.
    expect(planOf(['--dataset', 'production']).importText).toBeUndefined();
  });

  it('the CLI imports a file without them, removed afterwards; the last line says what was left out, whatever the CLI answered', async () => {
    for (const exitCode of [0, 1]) {
      const h = harness(() => Promise.resolve(undefined), exitCode);
      expect(
        await runImport(['--dataset', 'production'], settings, probe(withRelease), h.reach, h.io),
      ).toBe(exitCode);
      expect(h.runs).toEqual([
        {
          command: SANITY,
          args: [
            'datasets',
            'import',
            '/tmp/dataset-import-0/data.ndjson',
            '--dataset',
            'production',
            '--missing',
          ],
          cwd: `${ROOT}/studio`,
        },
      ]);
      expect(h.out.at(-2)).toBe(
        'Running in studio/: sanity datasets import /tmp/dataset-import-0/data.ndjson --dataset production --missing',
      );
      expect(h.out.at(-1)).toBe(
        'Left out 1 release, rSpring (a scheduled draft, to publish 2027-03-01T09:00:00Z), and 1 version document in it. To import them too: --with-releases.',
      );
      expect(h.files.size, 'the written file is removed').toBe(0);
    }
  });

  it('--with-releases imports the export as it is, and says so first and last', async () => {
    const h = harness();
    expect(
      await runImport(
        ['--dataset', 'production', '--with-releases'],
        settings,
        probe(withRelease),
        h.reach,
        h.io,
      ),
    ).toBe(0);
    expect(h.runs[0]!.args).toEqual([
      'datasets',
      'import',
      DATA,
      '--dataset',
      'production',
      '--missing',
    ]);
    expect(h.out[0]).toContain('(5 documents, 3 image files)');
    expect(h.out[1]).toBe(
      'With releases (--with-releases): 1 release, rSpring (a scheduled draft, to publish 2027-03-01T09:00:00Z), and 1 version document in it. Each changes the live site at its time once it is scheduled in the Studio.',
    );
    expect(h.out.at(-1)).toBe(
      'Left out nothing (--with-releases): 1 release, rSpring (a scheduled draft, to publish 2027-03-01T09:00:00Z), and 1 version document in it went to the import.',
    );
  });
});
