/**
 * What tests and benches share lives under scripts/ (scripts/support/), so the benches never reach
 * into tests/: no file under scripts/ imports anything from tests/ (statically, re-exported or with
 * a literal `import()`).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** The project's own files under scripts/ (tracked, or new and not ignored: never an install's). */
const files = spawnSync(
  'git',
  ['ls-files', '--cached', '--others', '--exclude-standard', '--', 'scripts'],
  { cwd: ROOT, encoding: 'utf8' },
)
  .stdout.split('\n')
  .filter((file) => /\.(ts|tsx|mjs|js)$/.test(file));

/** The paths (from the root) that a module's relative specifiers name. */
function importedPaths(file: string, source: string): string[] {
  const specifiers = [
    ...source.matchAll(/^\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]/gm),
    ...source.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm),
    ...source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map((match) => match[1]!);
  return specifiers
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => relative(ROOT, resolve(ROOT, dirname(file), specifier)));
}

describe('scripts/ never imports tests/', () => {
  it('finds the project’s scripts', () => {
    expect(files).toContain('scripts/support/stats.ts');
    expect(files.some((file) => file.startsWith('scripts/bench/'))).toBe(true);
  });

  it('reads every kind of import the check looks for', () => {
    const source = [
      "import { a } from '../../tests/a.ts';",
      "export { b } from '../../tests/b.ts';",
      "import '../../tests/c.ts';",
      "const d = await import('../../tests/d.ts');",
      "import { e } from 'node:fs';",
    ].join('\n');
    expect(importedPaths('scripts/bench/x.ts', source)).toEqual([
      'tests/a.ts',
      'tests/b.ts',
      'tests/c.ts',
      'tests/d.ts',
    ]);
  });

  it('no file under scripts/ imports from tests/', () => {
    const reaching = files.flatMap((file) =>
      importedPaths(file, readFileSync(join(ROOT, file), 'utf8'))
        .filter((path) => path === 'tests' || path.startsWith('tests/'))
        .map((path) => `${file} imports ${path}`),
    );
    expect(reaching).toEqual([]);
  });
});
