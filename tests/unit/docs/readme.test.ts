/**
 * The README is the front door: short, and every part it used to hold still has a home. The fixture
 * lists each ## and ### heading of the README before the split and the file holding that part now.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { headings } from './markdown-links.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const README_MAX_LINES = 150;

interface Home {
  heading: string;
  file: string;
  /** The heading's text in its new file, when it was renamed. */
  now?: string;
}

/** Lines as `wc -l` counts them. */
export function lineCount(text: string): number {
  return (text.match(/\n/g) ?? []).length + (text.length > 0 && !text.endsWith('\n') ? 1 : 0);
}

/** The old headings whose named file is missing or has no heading of that text (or its new name). */
export function homeless(homes: Home[], read: (path: string) => string | undefined): string[] {
  return homes.flatMap((home) => {
    const text = read(home.file);
    if (text === undefined) return [`${home.heading}: ${home.file} does not exist`];
    const wanted = home.now ?? home.heading;
    return headings(text).some((heading) => heading.raw === wanted)
      ? []
      : [`${home.heading}: ${home.file} has no heading "${wanted}"`];
  });
}

const readRepositoryFile = (path: string) =>
  existsSync(join(ROOT, path)) ? readFileSync(join(ROOT, path), 'utf8') : undefined;
const fixture = JSON.parse(
  readFileSync(new URL('./readme-headings-2026-11.json', import.meta.url), 'utf8'),
) as { headings: Home[] };

describe('the README', () => {
  it(`is at most ${README_MAX_LINES} lines`, () => {
    expect(lineCount(readRepositoryFile('README.md') ?? '')).toBeLessThanOrEqual(README_MAX_LINES);
  });

  it('gives every heading of the README before the split a home (each in exactly one file)', () => {
    const homes: Home[] = fixture.headings;
    expect(homes.length).toBe(23);
    expect(new Set(homes.map((home) => home.heading)).size).toBe(homes.length);
    expect(homeless(homes, readRepositoryFile)).toEqual([]);
  });
});

describe('the checks themselves', () => {
  it('count lines as wc -l does', () => {
    expect(lineCount('')).toBe(0);
    expect(lineCount('a\nb\n')).toBe(2);
    expect(lineCount('a\nb')).toBe(2);
  });

  it('name a heading whose file or heading has gone', () => {
    const files: Record<string, string> = {
      'docs/a.md': '# A\n\n## Environment variables\n\n```\n## Tests\n```\n',
    };
    expect(
      homeless(
        [
          { heading: 'Configuration', file: 'docs/a.md', now: 'Environment variables' },
          { heading: 'Configuration', file: 'docs/a.md' },
          { heading: 'Tests', file: 'docs/a.md' },
          { heading: 'Deploying', file: 'docs/gone.md' },
        ],
        (path) => files[path],
      ),
    ).toEqual([
      'Configuration: docs/a.md has no heading "Configuration"',
      'Tests: docs/a.md has no heading "Tests"',
      'Deploying: docs/gone.md does not exist',
    ]);
  });
});
