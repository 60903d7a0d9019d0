/**
 * No dead link and no dead anchor in the documentation: README.md, CONTRIBUTING.md and docs/*.md link
 * each other relatively, and every `#anchor` names a heading of its target as GitHub slugs it.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { anchors, headings, linkProblems, links, type Repository } from './markdown-links.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

const repository: Repository = {
  exists: (path) => existsSync(join(ROOT, path)),
  isDirectory: (path) => statSync(join(ROOT, path)).isDirectory(),
  read: (path) => readFileSync(join(ROOT, path), 'utf8'),
};

/** The documents a reader follows from the README. */
function documents(): string[] {
  const docs = readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`);
  return ['README.md', 'CONTRIBUTING.md', ...docs];
}

/** A repository held in memory, for the checker's own tests. */
function inMemory(files: Record<string, string>): Repository {
  const folders = new Set(
    Object.keys(files).flatMap((path) =>
      path
        .split('/')
        .slice(0, -1)
        .map((_, i, parts) => parts.slice(0, i + 1).join('/')),
    ),
  );
  return {
    exists: (path) => path in files || folders.has(path),
    isDirectory: (path) => folders.has(path),
    read: (path) => files[path] ?? '',
  };
}

describe('the documentation', () => {
  it('covers the README, CONTRIBUTING and every document under docs/', () => {
    expect(documents()).toEqual(
      expect.arrayContaining([
        'README.md',
        'CONTRIBUTING.md',
        'docs/architecture.md',
        'docs/behaviour.md',
        'docs/testing.md',
      ]),
    );
  });

  it('has no dead link, no dead anchor and no absolute link to the repository', () => {
    expect(linkProblems(documents(), repository)).toEqual([]);
  });

  it('links the documents from the README', () => {
    const targets = links(repository.read('README.md')).map((link) => link.target.split('#')[0]);
    for (const document of documents().filter((path) => path !== 'README.md'))
      expect(targets, document).toContain(document);
  });
});

describe('the link check', () => {
  const check = (files: Record<string, string>) =>
    linkProblems(
      Object.keys(files).filter((path) => path.endsWith('.md')),
      inMemory(files),
    );

  it('accepts relative links to files, folders and headings, in the file and across files', () => {
    expect(
      check({
        'README.md':
          '# Title\n\nSee [a](docs/a.md), [its part](docs/a.md#the-build-hook-netlify), [here](#title), [src](src), ![x](docs/x.png)\n',
        'docs/a.md':
          '# A\n\n## The build hook (Netlify)\n\nBack to [the README](../README.md#title).\n',
        'docs/x.png': '',
        'src/index.ts': '',
      }),
    ).toEqual([]);
  });

  it('finds a link to a missing file', () => {
    expect(check({ 'README.md': 'See [a](docs/missing.md).\n' })).toEqual([
      {
        file: 'README.md',
        line: 1,
        target: 'docs/missing.md',
        reason: 'no such file: docs/missing.md',
      },
    ]);
  });

  it('finds an anchor no heading has, in the file and across files', () => {
    const problems = check({
      'README.md': '# Title\n\n[x](#no-such-part) and [y](docs/a.md#gone)\n',
      'docs/a.md': '# A\n',
    });
    expect(problems.map((problem) => [problem.target, problem.line])).toEqual([
      ['#no-such-part', 3],
      ['docs/a.md#gone', 3],
    ]);
  });

  it('finds absolute links to the repository and root-relative links, and lets other addresses be', () => {
    const problems = check({
      'README.md':
        '[a](https://github.com/acme/site/blob/main/docs/a.md) [b](/docs/a.md) [c](https://www.sanity.io/docs) <http://localhost:4321> [d](mailto:a@b.example)\n',
      'docs/a.md': '# A\n',
    });
    expect(problems.map((problem) => problem.target)).toEqual([
      'https://github.com/acme/site/blob/main/docs/a.md',
      '/docs/a.md',
    ]);
  });

  it('reads a link whose text wraps onto the next line', () => {
    expect(
      check({ 'README.md': 'Intro line,\nthen [the school\nlifecycle](docs/gone.md#x).\n' }),
    ).toEqual([
      {
        file: 'README.md',
        line: 2,
        target: 'docs/gone.md#x',
        reason: 'no such file: docs/gone.md',
      },
    ]);
  });

  it('checks image sources in HTML', () => {
    expect(
      check({ 'README.md': '<img src="docs/images/gone.png" alt="">\n' }).map(
        (problem) => problem.target,
      ),
    ).toEqual(['docs/images/gone.png']);
  });

  it('ignores what only looks like a link inside code', () => {
    expect(
      check({
        'README.md':
          'The `[[headers]](x)` blocks.\n\n```md\n[a](missing.md)\n```\n\n  ~~~\n  [b](gone.md)\n  ~~~\n',
      }),
    ).toEqual([]);
  });
});

describe('heading anchors', () => {
  it('are GitHub slugs of the heading text, numbered when repeated', () => {
    const text =
      "# Serving: Netlify's own engine\n## Build bench (`npm run bench:build`)\n## Notes\n## Notes\n```\n# not a heading\n```\n";
    expect(headings(text).map((heading) => heading.slug)).toEqual([
      'serving-netlifys-own-engine',
      'build-bench-npm-run-benchbuild',
      'notes',
      'notes-1',
    ]);
    expect(anchors('<a id="top"></a>\n# A\n')).toEqual(new Set(['a', 'top']));
  });
});
