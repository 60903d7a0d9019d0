/**
 * The layout rules of the functions' code, read from the code itself:
 * - every Netlify function entry (src/functions/*.ts) is a definition handed to `defineFunction`
 *   (src/lib/functions/define-function.ts) and its Netlify `config`, a literal Netlify reads
 *   statically; nothing else;
 * - the functions never load the build's settings (config/env.ts): those carry the build's
 *   refusals (production without a product API...), which must not take the webhook or the
 *   freshness check down (every relative import from src/functions is followed);
 * - nothing in src/ imports the Studio (studio/): the names both need live in src/lib/config/;
 * - JSON is checked in one place (src/lib/http/json-body.ts, which runs anywhere): a door that
 *   reads a request through the kit never parses JSON itself, and any other `JSON.parse` in src/
 *   is one listed here with its reason.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const FUNCTIONS = resolve('src/functions');
const KIT = resolve('src/lib/functions');
const JSON_CHECK = resolve('src/lib/http/json-body.ts');
const ENTRIES = readdirSync(FUNCTIONS).filter((name) => name.endsWith('.ts'));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|astro)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The files a module imports by a relative path (import, export … from, import()). */
function importsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const specifiers = [
    ...source.matchAll(/^\s*(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]/gm),
    ...source.matchAll(/\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g),
  ].map((match) => match[1]!);
  return specifiers.map((specifier) => resolve(dirname(file), specifier));
}

function reachable(entry: string): Set<string> {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...importsOf(file));
  }
  return seen;
}

const repoPath = (file: string) => relative(process.cwd(), file);

describe('Netlify function entries', () => {
  it.each(ENTRIES)("%s does not load the build's settings", (name) => {
    const loaded = [...reachable(join(FUNCTIONS, name))].map(repoPath);
    expect(loaded).toContain(`src/functions/${name}`);
    expect(loaded.length).toBeGreaterThan(2);
    expect(loaded).not.toContain('src/lib/config/env.ts');
  });

  it.each(ENTRIES)('%s is a definition handed to defineFunction, and a literal config', (name) => {
    const source = readFileSync(join(FUNCTIONS, name), 'utf8');
    const code = source.replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm, '');
    expect(importsOf(join(FUNCTIONS, name)).map(repoPath)).toContain(
      'src/lib/functions/define-function.ts',
    );
    expect(code).toMatch(/^export default defineFunction\([\w.()]+\);$/m);
    // Its only other export is Netlify's config, written out (Netlify reads it without running the code).
    const exports = [
      ...code.matchAll(/^export\s+(?!default\b)(?:const|function|let|class)\s+(\w+)/gm),
    ];
    expect(exports.map((match) => match[1])).toEqual(
      code.includes('export const config') ? ['config'] : [],
    );
    if (code.includes('export const config'))
      expect(code).toMatch(/^export const config = \{ (?:path|schedule): '[^']+' \};$/m);
  });
});

describe('what imports what', () => {
  it('nothing in src/ imports the Studio (studio/)', () => {
    const studio = resolve('studio');
    const found = sourceFiles(resolve('src')).flatMap((file) =>
      importsOf(file)
        .filter((target) => target === studio || target.startsWith(`${studio}/`))
        .map((target) => `${repoPath(file)} → ${repoPath(target)}`),
    );
    expect(found).toEqual([]);
  });

  it('finds an import of the Studio where there is one', () => {
    expect(importsOf(resolve('studio/sanity.config.ts')).map(repoPath)).toContain(
      'src/lib/config/studio-project.ts',
    );
  });
});

/** The JSON.parse calls src/ may have outside the kit, each with why it is not the JSON check. */
const OTHER_JSON_READS: Record<string, string> = {
  'src/lib/functions/blob-store.ts':
    'the memory store hands back a copy of what it wrote, as Netlify Blobs does (tests, local runs)',
  'src/lib/content/local.ts': 'an export file, line by line: a bad line stops the build, naming it',
  'src/lib/giveaway/entry-submission.ts':
    "in the browser: the product API's answer to an entry, and the outcome the page kept for a reload",
  'src/lib/tenants/client.ts':
    'a file of tenant records (TENANTS_FILE): a bad file stops the build',
};

describe('the one JSON check', () => {
  const files = sourceFiles(resolve('src')).filter((file) => file !== JSON_CHECK);
  const parsing = files.filter((file) => readFileSync(file, 'utf8').includes('JSON.parse('));

  it('a door that reads requests through the kit never parses JSON itself', () => {
    const doors = files.filter((file) => importsOf(file).includes(join(KIT, 'function-http.ts')));
    expect(doors.length).toBeGreaterThan(3);
    expect(doors.filter((file) => parsing.includes(file)).map(repoPath)).toEqual([]);
  });

  it('any other JSON.parse in src/ is one listed with its reason', () => {
    expect(parsing.map(repoPath).sort()).toEqual(Object.keys(OTHER_JSON_READS).sort());
  });
});
