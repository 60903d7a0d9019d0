/**
 * What the documents name, held to the repository: every path they write exists (or is one git
 * ignores, made by a build or by the reader); every `npm run` names a script of the package it runs
 * in; every function answer they quote is one the functions send (sent-messages.ts); the README's
 * list of functions is src/functions/; the Node floor is one fact; the import's overwriting is said
 * with its flag; the import's output and the dataset's counts are read from the bundled dataset;
 * what the product API must admit is what the giveaway form sends; step 10 expects of the preview
 * site only the functions Netlify's build deploys there; every Netlify Blobs key named is one the
 * code writes. A failure names the file and line.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { importPlan, nodeFs } from '../../../scripts/dataset/import.ts';
import { checkContent } from '../../../scripts/dataset/content-check.ts';
import { splitReleases } from '../../../scripts/dataset/release-filter.ts';
import { readExport } from '../../../scripts/dataset/sanity-export.ts';
import { LOCAL_STUDIO_URL } from '../../../src/lib/config/local-addresses.ts';
import { createLocalSource } from '../../../src/lib/content/local.ts';
import { PREVIEW_LOOKUP_TTL_MS } from '../../../src/lib/preview/server/held-lookups.ts';
import { entryEndpoint, entryRequestHeaders } from '../../../src/lib/giveaway/entry-submission.ts';
import {
  entryPreflight,
  preflightRefusal,
  refusalText,
} from '../../../src/lib/setup/product-api-check.ts';
import { PREVIEW_SITE_FUNCTIONS } from '../../netlify/deployed-functions.ts';
import {
  declares,
  importOverwriteProblems,
  namedBlobKeys,
  namedPaths,
  npmRunProblems,
  placedNames,
  quotedMessages,
  type Document,
} from './doc-references.ts';
import { sentMessages } from './sent-messages.ts';
import { DEPLOY_STORE, keyMatches, SITE_STORES, writtenBlobKeys } from './written-blob-keys.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

const tracked = spawnSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' })
  .stdout.split('\n')
  .filter(Boolean);
const trackedPaths = new Set(
  tracked.flatMap((file) =>
    file.split('/').map((_, index, parts) => parts.slice(0, index + 1).join('/')),
  ),
);
const topFolders = new Set(
  tracked.filter((file) => file.includes('/')).map((file) => file.split('/')[0]!),
);

/** The documents a reader follows: the README, CONTRIBUTING, docs/*.md and the dataset's README. */
const documents: Document[] = [
  'README.md',
  'CONTRIBUTING.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`),
  'src/dataset/README.md',
].map((path) => ({ path, text: read(path) }));

/** The paths among `paths` git ignores (made by a build, an install or the reader: dist/…, studio/.env). */
function ignored(paths: string[]): Set<string> {
  // Each as a file and as a folder: a pattern like studio/.gitignore's `/dist/` matches only the latter.
  const asked = paths.flatMap((path) => [path, `${path}/`]);
  const answer = spawnSync('git', ['check-ignore', '--no-index', '--stdin'], {
    cwd: ROOT,
    input: asked.join('\n'),
    encoding: 'utf8',
  });
  return new Set(
    answer.stdout
      .split('\n')
      .filter(Boolean)
      .map((path) => path.replace(/\/$/, '')),
  );
}

const scripts = (path: string) =>
  new Set(Object.keys((JSON.parse(read(path)) as { scripts: Record<string, string> }).scripts));

describe('every path the documents write exists', () => {
  it('in the repository, or is one git ignores (file:line of each that is neither)', () => {
    const named = documents.flatMap((document) =>
      namedPaths(document, topFolders).map((found) => ({ ...found, file: document.path })),
    );
    expect(named.length).toBeGreaterThan(200);
    const missing = named.filter((found) => !trackedPaths.has(found.path));
    const made = ignored(missing.map((found) => found.path));
    expect(
      missing
        .filter((found) => !made.has(found.path))
        .map((found) => `${found.file}:${found.line}: ${found.path}`),
    ).toEqual([]);
  });

  it('the finder reads placeholders as the folder before them, and names a path that is not there', () => {
    const document = {
      path: 'docs/x.md',
      text: 'See `src/lib/views/<page>.ts`, `scripts/….ts` and netlify/deploy-notifications.ts (`./scripts/run.sh`).',
    };
    expect(
      namedPaths(document, new Set(['src', 'scripts', 'netlify'])).map((found) => found.path),
    ).toEqual(['src/lib/views', 'scripts', 'netlify/deploy-notifications.ts', 'scripts/run.sh']);
    expect(trackedPaths.has('netlify/deploy-notifications.ts')).toBe(false);
  });
});

describe('code the documents place in a file is declared there', () => {
  it('"`NAME` in `path`": the file declares NAME itself, not only passes it on (file:line of each it does not)', () => {
    const placed = documents.flatMap((document) =>
      placedNames(document).map((found) => ({ ...found, file: document.path })),
    );
    expect(placed.length).toBeGreaterThan(5);
    expect(
      placed
        .filter((found) => !declares(read(found.path), found.name))
        .map(
          (found) => `${found.file}:${found.line}: ${found.name} is not declared in ${found.path}`,
        ),
    ).toEqual([]);
  });

  it('the finder reads lists of names, and a re-export is no declaration', () => {
    const placed = placedNames({
      path: 'docs/x.md',
      text: 'the values (`A_B`, `C` in\n`src/lib/x.ts`) and `d` in `scripts/y.ts`.',
    });
    expect(placed.map(({ name, path }) => `${name} ${path}`)).toEqual([
      'A_B src/lib/x.ts',
      'C src/lib/x.ts',
      'd scripts/y.ts',
    ]);
    expect(declares("export { A_B } from './z.ts';", 'A_B')).toBe(false);
    expect(declares('export const A_B = 1;', 'A_B')).toBe(true);
  });
});

describe('every `npm run` names a script of the package it runs in', () => {
  const root = scripts('package.json');
  const studio = scripts('studio/package.json');
  const studioPort = Number(new URL(LOCAL_STUDIO_URL).port);

  it('README.md, CONTRIBUTING.md, docs/*.md (file:line of each that does not)', () => {
    expect(
      documents.flatMap((document) => npmRunProblems(document, root, studio, studioPort)),
    ).toEqual([]);
  });

  it("names a script no package has, a Studio script not said to run in studio/, and the root's dev server given the Studio's address", () => {
    const check = (text: string) =>
      npmRunProblems({ path: 'docs/x.md', text }, root, studio, studioPort);
    expect(check('Run `npm run nonsense` first.')).toEqual([
      'docs/x.md:1: says "npm run nonsense": no such script in package.json or studio/package.json',
    ]);
    expect(check('Then `npm run deploy -- --url x`.')).toEqual([
      'docs/x.md:1: says "npm run deploy": only studio/package.json has it, and the text does not say it runs in studio/',
    ]);
    expect(check('From `studio/`:\n\n```sh\nnpm run deploy -- --url x\n```')).toEqual([]);
    expect(check('`npm run dev` needs `http://localhost:3333` there the same way.')).toEqual([
      'docs/x.md:1: says "npm run dev": next to the Studio\'s address; at the repository\'s root it is another script (say "in studio/")',
    ]);
    expect(
      check('The Studio run locally (`npm run dev` in `studio/`, at `http://localhost:3333`).'),
    ).toEqual([]);
  });
});

describe('every function answer the documents quote is one the functions send', () => {
  let sent: Map<string, Set<number>>;
  beforeAll(async () => {
    sent = await sentMessages();
  });

  it('each {"message":…} (file:line of each the code does not send)', () => {
    const quoted = documents.flatMap((document) =>
      quotedMessages(document).map((found) => ({ ...found, file: document.path })),
    );
    expect(quoted.length).toBeGreaterThan(10);
    expect(
      quoted
        .filter((found) => !sent.has(found.message))
        .map((found) => `${found.file}:${found.line}: ${found.message}`),
    ).toEqual([]);
  });

  it('each with the status the functions send it with, where the text gives one (file:line of each that differs)', () => {
    const quoted = documents.flatMap((document) =>
      quotedMessages(document).map((found) => ({ ...found, file: document.path })),
    );
    expect(quoted.filter((found) => found.status !== undefined).length).toBeGreaterThan(10);
    expect(
      quoted
        .filter(
          (found) =>
            found.status !== undefined &&
            sent.has(found.message) &&
            !sent.get(found.message)!.has(found.status),
        )
        .map(
          (found) =>
            `${found.file}:${found.line}: says ${found.status} for ${found.message}; the code sends it with ${[...sent.get(found.message)!].join(', ')}`,
        ),
    ).toEqual([]);
  });

  it('reads the status a text gives a quoted answer: after it, before it, or opening its item', () => {
    const statuses = (text: string) =>
      quotedMessages({ path: 'docs/x.md', text }).map((found) => found.status);
    expect(statuses('answers `{"message":"a"}` (401): and `{"message":"b"}` (500) means')).toEqual([
      401, 500,
    ]);
    expect(statuses('| 404 `{"message":"a"}` | x |')).toEqual([404]);
    expect(statuses('* **202** to a publish: `{"message":"a"}` or `{"message":"b"}`;')).toEqual([
      202, 202,
    ]);
    expect(statuses('* **200** `{"message":"a"}`, nothing recorded')).toEqual([200]);
    expect(statuses('It says `{"message":"a"}`.')).toEqual([undefined]);
  });

  it('a message the code no longer sends fails (the old webhook wording)', () => {
    expect(sent.has('rebuild webhook is not configured')).toBe(false);
    expect(
      sent.has(
        'deploy notifications are not configured: NETLIFY_DEPLOY_NOTIFICATION_SECRET not set',
      ),
    ).toBe(false);
  });
});

describe('every Netlify Blobs key the documents name is one the code writes, in that store', () => {
  let written: Map<string, Set<string>>;
  beforeAll(async () => {
    written = await writtenBlobKeys();
  });

  it('each key, with its store (file:line of each the code never writes)', () => {
    const named = documents.flatMap((document) =>
      namedBlobKeys(document, DEPLOY_STORE).map((found) => ({ ...found, file: document.path })),
    );
    expect(named.length).toBeGreaterThan(5);
    expect(
      named
        .filter(
          (found) =>
            !(SITE_STORES as readonly string[]).includes(found.store) &&
            found.store !== DEPLOY_STORE,
        )
        .map((found) => `${found.file}:${found.line}: store ${found.store}`),
    ).toEqual([]);
    expect(
      named
        .filter((found) => !keyMatches(found.key, written.get(found.store) ?? new Set()))
        .map(
          (found) =>
            `${found.file}:${found.line}: ${found.store} ${found.key}: never written there`,
        ),
    ).toEqual([]);
  });

  it('the finder reads commands, "store, key", "blob" and a store\'s key table; a key no code writes fails', () => {
    const text = [
      '## Records',
      '',
      'The `deploys` store holds:',
      '',
      '| key | what |',
      '|---|---|',
      '| `history/production` | … |',
      '| `live-index/0` … `live-index/31` | … |',
      '',
      '```sh',
      'netlify blobs:get deploys report/<deploy id>',
      '```',
      '',
      'store `rebuild-on-publish`, key `publish-queue`; the blob `build-record`.',
    ].join('\n');
    const named = namedBlobKeys({ path: 'docs/x.md', text }, DEPLOY_STORE).map(
      ({ store, key }) => `${store} ${key}`,
    );
    expect(named).toEqual([
      'deploys history/production',
      'deploys live-index/0',
      'deploys live-index/31',
      'deploys report/<deploy id>',
      'rebuild-on-publish publish-queue',
      `${DEPLOY_STORE} build-record`,
    ]);
    expect(keyMatches('report/<deploy id>', written.get('deploys')!)).toBe(false);
    expect(keyMatches('live-index/<n>', written.get('deploys')!)).toBe(true);
  });
});

describe('the credits the documents count are deploys times the one per-deploy figure', () => {
  const deploying = read('docs/deploying.md');
  const number = (text: string) => Number(text.replace(/,/g, ''));

  it('the price of a production deploy is stated once, in operations.md, with its source and date', () => {
    const stated = documents.flatMap((document) =>
      [...document.text.matchAll(/costs \*\*(\d+) credits\*\*/g)].map((match) => ({
        file: document.path,
        credits: Number(match[1]),
      })),
    );
    expect(stated.map(({ file }) => file)).toEqual(['docs/operations.md']);
    const paragraph = read('docs/operations.md')
      .split('\n\n')
      .find((text) => /costs \*\*\d+ credits\*\*/.test(text))!;
    expect(paragraph).toMatch(
      /How credits work\]\(https:\/\/docs\.netlify\.com\/[^)]+\),\s+as published on \d{1,2} [A-Z][a-z]+ \d{4}/,
    );
  });

  it("each plan's month in deploying.md: its allotment as the plan table gives it, each behaviour's month from bench:month at that price, what is left or over, and the day a hard limit pauses", () => {
    const price = Number(/costs \*\*(\d+) credits\*\*/.exec(read('docs/operations.md'))![1]);
    const allotments = new Map(
      [
        ...deploying.matchAll(
          /^\s*\| (Free|Personal|Pro) \| (?:from )?\$[^|]+ \| ([\d,]+)[^|]* \|/gm,
        ),
      ].map((match) => [match[1]!, number(match[2]!)]),
    );
    expect([...allotments.keys()]).toEqual(['Free', 'Personal', 'Pro']);
    const block = /<!-- month-spend[^>]*-->\n([\s\S]*?)<!-- \/month-spend -->/.exec(deploying)?.[1];
    expect(block, 'deploying.md has its month-spend table').toBeDefined();
    const header = block!.split('\n').find((line) => line.trim().startsWith('| plan |'))!;
    const deploys = [...header.matchAll(/\| [^|]+?: ([\d,]+) deploys /g)].map((match) =>
      number(match[1]!),
    );
    // The same months as performance.md's bench:month table, in its order.
    expect(deploys).toEqual(benchMonth().map((row) => row.deploys));
    const rows = [...block!.matchAll(/^\s*\| (Free|Personal|Pro) \| ([\d,]+) \| (.+) \|$/gm)];
    expect(rows.map((row) => row[1])).toEqual(['Free', 'Personal', 'Pro']);
    for (const [, plan, allotment, cellText] of rows) {
      expect(number(allotment!), plan).toBe(allotments.get(plan!));
      const cells = cellText!.split(' | ');
      expect(cells, plan).toHaveLength(deploys.length);
      cells.forEach((cell, at) => {
        const spent = deploys[at]! * price;
        const over = spent - number(allotment!);
        const expected =
          over > 0
            ? new RegExp(
                `^${spent.toLocaleString('en-US')} credits: ${over.toLocaleString('en-US')} over; paused by day (\\d+)$`,
              )
            : new RegExp(
                `^${spent.toLocaleString('en-US')} credits: ${(-over).toLocaleString('en-US')} left$`,
              );
        const match = expected.exec(cell.trim());
        expect(match, `${plan}, ${cell}`).not.toBeNull();
        if (over > 0) {
          expect(Number(match![1]), `${plan}, ${cell}`).toBeGreaterThanOrEqual(1);
          expect(Number(match![1])).toBeLessThanOrEqual(30);
        }
      });
    }
  });

  it("operations.md's month is bench:month's, at the one price", () => {
    const price = Number(/costs \*\*(\d+) credits\*\*/.exec(read('docs/operations.md'))![1]);
    const section = read('docs/operations.md')
      .split('### What a build costs')[1]!
      .split('\n### ')[0]!;
    const rows = [...section.matchAll(/^\| [^|]+ \| ([\d,]+) \| ([\d,]+) \|$/gm)].map((match) => ({
      deploys: number(match[1]!),
      credits: number(match[2]!),
    }));
    expect(rows.map((row) => row.deploys)).toEqual(benchMonth().map((row) => row.deploys));
    for (const row of rows) expect(row.credits).toBe(row.deploys * price);
    for (const row of benchMonth()) expect(row.credits).toBe(row.deploys * price);
  });
});

/** performance.md's bench:month table: each behaviour's production deploys and credits, and the deploys saved against the first. */
function benchMonth(): Array<{ deploys: number; saved: number; credits: number }> {
  const block = /<!-- bench-month -->\n([\s\S]*?)<!-- \/bench-month -->/.exec(
    read('docs/performance.md'),
  )?.[1];
  expect(block, 'performance.md has its bench:month table').toBeDefined();
  const rows = [...block!.matchAll(/^\| [^|]+ \| ([\d,]+) \| ([\d,]+) \| ([\d,]+) \|/gm)].map(
    (match) => ({
      deploys: Number(match[1]!.replace(/,/g, '')),
      saved: Number(match[2]!.replace(/,/g, '')),
      credits: Number(match[3]!.replace(/,/g, '')),
    }),
  );
  expect(rows).toHaveLength(3);
  for (const row of rows) expect(row.saved).toBe(rows[0]!.deploys - row.deploys);
  return rows;
}

describe('how long the preview keeps a tenant record', () => {
  it('is PREVIEW_LOOKUP_TTL_MS wherever a document states it', () => {
    const stated = documents.flatMap((document) =>
      [...document.text.matchAll(/for (\d+) s \(`PREVIEW_LOOKUP_TTL_MS`/g)].map(
        (match) => `${document.path}: ${match[1]} s`,
      ),
    );
    expect(stated).toEqual([`docs/architecture.md: ${PREVIEW_LOOKUP_TTL_MS / 1000} s`]);
  });
});

describe("the README's list of functions is src/functions/", () => {
  it('names each function file, and nothing else', () => {
    const line = read('README.md')
      .split('\n')
      .find((text) => text.startsWith('src/functions/'));
    expect(line, 'README.md has a src/functions/ line in its repository map').toBeDefined();
    const listed = line!
      .replace(/^src\/functions\/\s+Netlify functions:\s*/, '')
      .split(',')
      .map((name) => name.trim())
      .sort();
    const files = readdirSync(join(ROOT, 'src/functions'))
      .filter((name) => name.endsWith('.ts'))
      .map((name) => name.replace(/\.ts$/, ''))
      .sort();
    expect(listed).toEqual(files);
  });
});

describe('the Node floor is one fact', () => {
  const floor = /^>=\s*(\d+\.\d+)$/.exec(
    (JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node,
  )![1]!;

  it("the Studio's engines say the same floor as the site's", () => {
    expect(
      (JSON.parse(read('studio/package.json')) as { engines: { node: string } }).engines.node,
    ).toBe(`>=${floor}`);
    const lock = JSON.parse(read('studio/package-lock.json')) as {
      packages: Record<string, { engines?: { node?: string } }>;
    };
    expect(lock.packages['']?.engines?.node).toBe(`>=${floor}`);
  });

  it.each(['README.md', 'CONTRIBUTING.md', 'docs/deploying.md'])(
    '%s says "Node %s or later" and no other least version',
    (path) => {
      const text = read(path);
      expect(text).toContain(`Node ${floor} or later`);
      for (const match of text.matchAll(/Node (\d+(?:\.\d+)?) or later/g))
        expect(match[1], path).toBe(floor);
    },
  );
});

describe("the import's overwriting is said with its flag", () => {
  it('no document says the import never overwrites without naming --replace', () => {
    expect(documents.flatMap(importOverwriteProblems)).toEqual([]);
    expect(
      importOverwriteProblems({
        path: 'README.md',
        text: "| `npm run dataset:import` | the bundled content, never overwriting an editor's work |",
      }),
    ).toHaveLength(1);
  });
});

describe("the import's output and the dataset's counts are the bundled dataset's", () => {
  const DATASET = join(ROOT, 'src/dataset');
  const text = read('src/dataset/data.ndjson');
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  const split = splitReleases(text);
  const deploying = read('docs/deploying.md');
  const datasetReadme = read('src/dataset/README.md');
  const step3 = deploying.slice(deploying.indexOf('### 3. Import'), deploying.indexOf('### 4. '));
  /** The numbers a pattern captures in a text, each as found. */
  const numbers = (source: string, pattern: RegExp) =>
    [...source.matchAll(pattern)].map((match) => Number(match[1]));

  it("step 3 shows the import's own lines for the bundled dataset: what it imports, what it leaves out and why, its last line", () => {
    const projectId = 'abc123xy';
    const fs = nodeFs(ROOT);
    // The plan needs no Studio install or token to say what it would do; nothing runs.
    const plan = importPlan(
      ['--dataset', 'production'],
      { SANITY_STUDIO_PROJECT_ID: projectId, SANITY_AUTH_TOKEN: 'x' },
      {
        ...fs,
        cwd: ROOT,
        isFile: (path) => path.endsWith('/node_modules/.bin/sanity') || fs.isFile(path),
      },
    );
    if (!plan.ok) throw new Error(plan.problems.join('; '));
    const block = /```\n(Importing [\s\S]*?)\n```/.exec(step3)?.[1]?.split('\n');
    expect(block, "step 3 shows the import's output").toBeDefined();
    const shown = plan.summary
      .filter((line) => !line.startsWith("The Studio's settings"))
      .map((line) => line.replace(projectId, '<id>'));
    expect(block!.slice(0, shown.length)).toEqual(shown);
    expect(block!.at(-1)).toBe(plan.leftOut);
    expect(plan.leftOut).toContain('rHuskyL27');
    // The release the text explains is the one the import leaves out.
    expect(split.leftOut.releases.map((release) => release.name)).toEqual(['rHuskyL27']);
    expect(step3).toContain('`rHuskyL27`');
  });

  it("the documents the import brings, the content check's count and the dataset's total, wherever a document states them", async () => {
    const contents = readExport(DATASET);
    const checked = await checkContent(createLocalSource(DATASET, contents.documents), {
      imageNames: contents.imageNames,
    });
    const schoolDocuments = contents.documents.filter(
      (doc) => (doc as { _type?: string })._type === 'school',
    ).length;
    expect(split.kept.length).toBeLessThan(lines.length);
    expect(numbers(step3, /Produces\*\* the content: (\d+) documents/g)).toEqual([
      split.kept.length,
    ]);
    expect(numbers(step3, /content check passed: (\d+) documents/g)).toEqual([checked.documents]);
    expect(numbers(step3, /content check passed: \d+ documents, (\d+) schools/g)).toEqual([
      checked.schools,
    ]);
    expect(numbers(datasetReadme, /(\d+) documents in all/g)).toEqual([lines.length]);
    expect(numbers(datasetReadme, /dataset ok: (\d+) documents/g)).toEqual([lines.length]);
    expect(numbers(datasetReadme, /dataset ok: \d+ documents, (\d+) schools/g)).toEqual([
      schoolDocuments,
    ]);
    expect(numbers(datasetReadme, /reports `(\d+) documents, \d+ schools`/g)).toEqual([
      checked.documents,
    ]);
  });
});

describe("docs/deploying.md's checks are what the code sends and what Netlify deploys", () => {
  const deploying = read('docs/deploying.md');
  const section = (heading: string) => {
    const start = deploying.indexOf(heading);
    expect(start, heading).toBeGreaterThanOrEqual(0);
    const rest = deploying.slice(start + heading.length);
    return rest.slice(0, rest.search(/^#{2,3} /m));
  };
  const productApi = section("## The product API's part\n");
  const step10 = section('### 10. ');

  it("the product API's part names the form's address, method and headers, and shows the check's own refusal", () => {
    const { method, headers } = entryPreflight();
    const sentNames = Object.keys(entryRequestHeaders('k')).filter((name) =>
      headers.includes(name.toLowerCase()),
    );
    expect(productApi).toContain(`<PUBLIC_API_BASE>${entryEndpoint('')}`);
    expect(productApi).toContain(`Access-Control-Request-Method: ${method}`);
    for (const text of [productApi, step10])
      expect(text).toContain(`Access-Control-Request-Headers: ${headers.join(',')}`);
    expect(productApi).toContain(sentNames.map((name) => `\`${name}\``).join(' and '));
    const example = /```\n(problem: PUBLIC_API_BASE: [^\n]*)\n```/.exec(productApi)?.[1];
    const url = /\(([^)]*\/k1mobile\/giveaway\/entry)\)/.exec(example ?? '')?.[1];
    const reason = preflightRefusal('https://<site>.netlify.app', entryPreflight(), {
      status: 403,
      headers: new Headers(),
    })!;
    expect(example).toBe(
      `problem: ${refusalText(url!, { origin: 'https://<site>.netlify.app', reason })}`,
    );
  });

  it("step 10 expects of the preview site only what Netlify's build deploys there: its one function, and 404 for the public site's", () => {
    const publicSite = readdirSync(join(ROOT, 'src/functions')).map((name) =>
      name.replace(/\.ts$/, ''),
    );
    for (const fn of PREVIEW_SITE_FUNCTIONS)
      expect(step10).toContain(`\`${fn.displayName}\` (\`${fn.name}\`)`);
    // No answer of a public site's function is expected there: they are not deployed.
    expect(step10).not.toMatch(/\{"message":"not on the preview site/);
    for (const match of step10.matchAll(
      /<preview>\.netlify\.app\/\.netlify\/functions\/([\w-]+)/g,
    )) {
      expect(publicSite).toContain(match[1]);
      expect(PREVIEW_SITE_FUNCTIONS.map((fn) => fn.name)).not.toContain(match[1]);
      expect(step10).toMatch(new RegExp(`prints \`404\`[^.]*\`${match[1]}\``));
    }
  });
});
