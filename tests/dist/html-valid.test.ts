/**
 * Every page the build writes is valid HTML by the W3C Nu HTML Checker (the `vnu-jar` package,
 * which runs on Java): one Java process checks all of dist/ at once, errors only, and the test
 * names each error's file, line, column and message. Needs `java` (11 or later) on PATH, or its
 * path in JAVA.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DIST } from './helpers.ts';

/** The checker's jar: the package's main export is its path. */
const VNU_JAR = String(createRequire(import.meta.url)('vnu-jar'));
const JAVA = process.env.JAVA ?? 'java';

/** One message of `vnu --format json`; `non-document-error` is the checker failing to read a file. */
interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: string;
  url?: string;
  firstLine?: number;
  lastLine?: number;
  firstColumn?: number;
  lastColumn?: number;
  message: string;
  extract?: string;
}

/** Every .html file under dir, as paths relative to it. */
export function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

/** The checker's errors over the files (relative to dir), from one Java process. */
export function checkHtml(dir: string, files: readonly string[]): VnuMessage[] {
  const run = spawnSync(
    JAVA,
    ['-jar', VNU_JAR, '--format', 'json', '--errors-only', '--exit-zero-always', ...files],
    {
      cwd: dir,
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    },
  );
  if (run.error) {
    throw new Error(
      `Could not run the Nu HTML Checker with "${JAVA}" (${run.error.message}): it needs Java 11 or later on PATH (Debian: apt-get install -y default-jre-headless).`,
    );
  }
  // The JSON report goes to stderr; the JVM may print its own notes before it.
  const report = run.stderr.slice(run.stderr.indexOf('{'));
  let parsed: { messages?: VnuMessage[] };
  try {
    parsed = JSON.parse(report) as { messages?: VnuMessage[] };
  } catch {
    throw new Error(
      `The Nu HTML Checker gave no report (exit ${run.status}):\n${run.stdout}${run.stderr}`.slice(
        0,
        4000,
      ),
    );
  }
  return (parsed.messages ?? []).filter((message) => message.type !== 'info');
}

/** "uw-husky-mobile/coverage-map.html:1:8890: A “style” element …". */
export function describeMessage(dir: string, message: VnuMessage): string {
  const file = message.url?.startsWith('file:')
    ? relative(dir, fileURLToPath(message.url))
    : (message.url ?? '(no file)');
  const line = message.lastLine ?? message.firstLine;
  const where =
    line === undefined ? file : `${file}:${line}:${message.firstColumn ?? message.lastColumn ?? 1}`;
  const extract = message.extract ? `\n    ${message.extract.replace(/\s+/g, ' ').trim()}` : '';
  return `${where}: ${message.message}${extract}`;
}

describe('HTML validity (Nu HTML Checker)', () => {
  it('finds no error on any built page', { timeout: 300_000 }, () => {
    expect(existsSync(DIST), `no build at ${DIST}: run \`npm run build\` first`).toBe(true);
    const files = htmlFiles(DIST);
    expect(files.length, `no HTML pages in ${DIST}`).toBeGreaterThan(0);
    const errors = checkHtml(DIST, files).map((message) => describeMessage(DIST, message));
    expect(
      errors,
      `${errors.length} error(s) in ${files.length} page(s):\n${errors.join('\n')}`,
    ).toEqual([]);
  });
});
