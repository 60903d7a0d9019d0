/**
 * What `npm run dataset:import` refuses to hand the Sanity CLI: an id `versions.<x>` with no
 * document part, and a local asset outside the import file's folder (`..`, `%2e%2e`, an absolute
 * `file:///…`, a link that leads out), which the CLI would upload to the project's public CDN. The
 * plan is read from a real folder on disk (links and all); nothing is imported.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { importPlan, nodeFs } from '../../../scripts/dataset/import.ts';
import { splitReleases } from '../../../scripts/dataset/release-filter.ts';

const ndjson = (...documents: object[]) =>
  documents.map((document) => JSON.stringify(document)).join('\n') + '\n';
const SETTINGS = { SANITY_STUDIO_PROJECT_ID: 'abc123xy', SANITY_AUTH_TOKEN: 'sk-editor' };

let work: string;
let exportFolder: string;
beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'import-paths-'));
  // A repository root with the Studio's CLI, and an export folder beside a secret.
  mkdirSync(join(work, 'repo', 'studio', 'node_modules', '.bin'), { recursive: true });
  writeFileSync(join(work, 'repo', 'studio', 'node_modules', '.bin', 'sanity'), '');
  exportFolder = join(work, 'export');
  mkdirSync(join(exportFolder, 'images'), { recursive: true });
  writeFileSync(join(exportFolder, 'images', 'logo.svg'), '<svg/>');
  writeFileSync(join(work, 'secret.txt'), 'not for the CDN');
});
afterEach(() => {
  rmSync(work, { recursive: true, force: true });
});

/** The problems of importing `text` as export/data.ndjson (none: the plan would run the CLI). */
function problemsOf(text: string): string[] {
  writeFileSync(join(exportFolder, 'data.ndjson'), text);
  const plan = importPlan(
    ['--dataset', 'production', '--file', join(exportFolder, 'data.ndjson')],
    SETTINGS,
    { ...nodeFs(join(work, 'repo')), home: work },
  );
  return plan.ok ? [] : plan.problems;
}

const logo = {
  _id: 'school-a',
  _type: 'school',
  logo: { _sanityAsset: 'image@file://./images/logo.svg' },
};
const withAsset = (reference: string) => ({
  _id: 'school-b',
  _type: 'school',
  cards: [{ _key: 'k', icon: { _type: 'image', _sanityAsset: reference } }],
});

describe('release version ids', () => {
  it('an id "versions.<x>" with no document part is refused, naming the line, with or without --with-releases', () => {
    for (const id of ['versions.rSpring', 'versions.', 'versions.rSpring.', 'versions..a']) {
      const text = ndjson(logo, { _id: id, _type: 'faqs' });
      expect(problemsOf(text), id).toEqual([
        `${join(exportFolder, 'data.ndjson')} line 2: "${id}" is no document id (a release's version is versions.<release>.<document id>)`,
      ]);
      for (const withReleases of [false, true]) {
        const split = splitReleases(text, withReleases);
        expect(split.kept.map((line) => (JSON.parse(line) as { _id: string })._id)).toEqual([
          'school-a',
        ]);
        expect(split.badVersion).toEqual({ line: 2, id });
      }
    }
  });

  it('a whole version id is still a version (left out without --with-releases), never refused', () => {
    const split = splitReleases(
      ndjson(logo, { _id: 'versions.rSpring.school-a', _type: 'school' }),
    );
    expect(split.badVersion).toBeUndefined();
    expect([...split.leftOut.versions]).toEqual([['rSpring', 1]]);
  });
});

describe('local assets outside the import file’s folder', () => {
  it('a file inside the folder is imported', () => {
    expect(problemsOf(ndjson(logo))).toEqual([]);
  });

  it.each([
    ['a path up out of the folder', 'image@file://./../secret.txt', 'secret.txt'],
    [
      'a path up out of its images folder and the export',
      'image@file://./images/../../secret.txt',
      'secret.txt',
    ],
    ['%-escaped dots', 'file@file://./images/%2e%2e/%2E%2E/secret.txt', 'secret.txt'],
    ['an absolute file URL', 'image@file:///etc/passwd', '/etc/passwd'],
    [
      'an absolute file URL to a file beside the export',
      'file@FILE:///__WORK__/secret.txt',
      'secret.txt',
    ],
  ])('%s is refused, naming the line and the path (%s)', (_case, reference, named) => {
    const problems = problemsOf(
      ndjson(logo, withAsset(reference.replace('__WORK__', work.slice(1)))),
    );
    const path = named.startsWith('/') ? named : join(work, named);
    expect(problems).toEqual([
      `${join(exportFolder, 'data.ndjson')} line 2: "${reference.replace('__WORK__', work.slice(1))}" names ${path}, outside the import file's folder ${exportFolder}: the Sanity CLI would upload it to the public CDN, so only files inside that folder are imported`,
    ]);
  });

  it('a link inside the folder that leads out is refused, naming where it leads; one that stays inside is imported', () => {
    symlinkSync(join(work, 'secret.txt'), join(exportFolder, 'images', 'innocent.png'));
    symlinkSync(
      join(exportFolder, 'images', 'logo.svg'),
      join(exportFolder, 'images', 'alias.svg'),
    );
    expect(problemsOf(ndjson(logo, withAsset('image@file://./images/innocent.png')))).toEqual([
      `${join(exportFolder, 'data.ndjson')} line 2: "image@file://./images/innocent.png" names ${join(exportFolder, 'images', 'innocent.png')}, a link to ${join(work, 'secret.txt')}, outside the import file's folder ${exportFolder}: the Sanity CLI would upload it to the public CDN, so only files inside that folder are imported`,
    ]);
    expect(problemsOf(ndjson(logo, withAsset('image@file://./images/alias.svg')))).toEqual([]);
  });

  it('a linked images folder that leads out is refused too', () => {
    const elsewhere = join(work, 'elsewhere');
    mkdirSync(elsewhere);
    writeFileSync(join(elsewhere, 'photo.png'), 'PNG');
    symlinkSync(elsewhere, join(exportFolder, 'linked'));
    expect(problemsOf(ndjson(logo, withAsset('image@file://./linked/photo.png')))).toEqual([
      expect.stringContaining(`a link to ${join(elsewhere, 'photo.png')}, outside`),
    ]);
  });

  it('a file URL naming no path of this machine is refused; an https asset is not a local file and is left to the CLI', () => {
    expect(problemsOf(ndjson(logo, withAsset('image@file://other-host/share/x.png')))).toEqual([
      `${join(exportFolder, 'data.ndjson')} line 2: "image@file://other-host/share/x.png" names no file path of this machine, outside the import file's folder ${exportFolder}: the Sanity CLI would upload it to the public CDN, so only files inside that folder are imported`,
    ]);
    expect(problemsOf(ndjson(logo, withAsset('image@https://cdn.example/x.png')))).toEqual([]);
  });

  it('names every such line', () => {
    const problems = problemsOf(
      ndjson(withAsset('image@file://./../secret.txt'), logo, withAsset('image@file:///etc/hosts')),
    );
    expect(problems.map((problem) => /line (\d+):/.exec(problem)?.[1])).toEqual(['1', '3']);
  });
});
