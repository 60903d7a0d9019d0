/**
 * The closing line of the test run cannot hide a failure: real Vitest and Playwright runs over
 * deliberately broken files (tests/fixtures/broken-suites/, never part of the project's own
 * Vitest projects), then scripts/test-summary.ts over their reports, as scripts/test-all.sh runs it.
 */
import { execFile } from 'node:child_process';
import { existsSync, globSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import projectConfig from '../../../vitest.config.ts';
import type { PlaywrightReport, VitestReport } from '../../../scripts/lib/test-verdict.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
const FIXTURES = 'tests/fixtures/broken-suites';
const VITEST = join(ROOT, 'node_modules/vitest/vitest.mjs');
const PLAYWRIGHT = join(ROOT, 'node_modules/@playwright/test/cli.js');
const SUMMARY = join(ROOT, 'scripts/test-summary.ts');

interface Run {
  code: number;
  output: string;
}

/** This process's environment without the settings of the Vitest running this file. */
function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !/^(VITEST|TEST$|NODE_ENV$|CI$|PLAYWRIGHT_)/.test(name),
    ),
  );
  return { ...env, NO_COLOR: '1', FORCE_COLOR: '0', ...extra };
}

async function run(args: string[], env: NodeJS.ProcessEnv): Promise<Run> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, args, {
      cwd: ROOT,
      env,
      maxBuffer: 16 * 1024 * 1024,
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return {
      code: typeof failed.code === 'number' ? failed.code : 1,
      output: `${failed.stdout ?? ''}${failed.stderr ?? ''}`,
    };
  }
}

let work: string;
const file = (name: string) => join(work, name);
const readJson = <T>(name: string) => JSON.parse(readFileSync(file(name), 'utf8')) as T;

/** scripts/test-summary.ts over a checks file with these lines and the named reports. */
async function summary(
  checks: string[],
  vitestReport: string,
  playwrightReport: string,
): Promise<Run & { lines: string[] }> {
  writeFileSync(file('checks.txt'), `${checks.join('\n')}\n`);
  const result = await run(
    [SUMMARY, file('checks.txt'), file(vitestReport), file(playwrightReport)],
    cleanEnv(),
  );
  return { ...result, lines: result.output.trim().split('\n') };
}

let broken: Run;
let unhandled: Run;
let playwright: Run;
beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'verdict-'));
  const vitest = (report: string, ...filters: string[]) =>
    run(
      [
        VITEST,
        'run',
        '--config',
        `${FIXTURES}/vitest.config.ts`,
        '--reporter=dot',
        '--reporter=json',
        `--outputFile=${file(report)}`,
        ...filters,
      ],
      cleanEnv(),
    );
  // One after another: each is a small run, and the machine is shared.
  broken = await vitest('broken.json');
  unhandled = await vitest('unhandled.json', 'unhandled-rejection', 'passes');
  playwright = await run(
    [PLAYWRIGHT, 'test', '--config', `${FIXTURES}/playwright/playwright.config.ts`],
    cleanEnv({ PLAYWRIGHT_JSON_OUTPUT_FILE: file('playwright.json') }),
  );
  // Three runner starts (a browser among them) beside the rest of the suite: a ceiling for a busy
  // 2-core machine, not a speed check.
}, 180_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

const GREEN_CHECKS = ['build:pass', 'typecheck:pass', 'budgets:pass'];

describe('what Vitest reports for a broken file (the reason the summary reads files, not test counts)', () => {
  it("a throwing beforeAll skips the file's tests; a module that fails to load collects none; neither is a failed test", () => {
    expect(broken.code).toBe(1);
    const report = readJson<VitestReport & { numFailedTests: number }>('broken.json');
    const byName = new Map(
      report.testResults.map((result) => [result.name.split('/').pop(), result]),
    );
    expect(report.numFailedTests).toBe(1); // only fails.test.ts
    expect(byName.get('setup-throws.test.ts')).toMatchObject({
      status: 'failed',
      message: 'the server this file starts did not come up',
    });
    expect(byName.get('setup-throws.test.ts')?.assertionResults.map((test) => test.status)).toEqual(
      ['skipped', 'skipped'],
    );
    expect(byName.get('group-setup-throws.test.ts')).toMatchObject({
      status: 'failed',
      message: '',
    });
    expect(byName.get('missing-module.test.ts')).toMatchObject({
      status: 'failed',
      assertionResults: [],
    });
    expect(byName.get('missing-module.test.ts')?.message).toContain(
      "Cannot find module './no-such-module.ts'",
    );
    expect(byName.get('throws-while-loading.test.ts')).toMatchObject({
      status: 'failed',
      message: 'a helper module threw while loading',
      assertionResults: [],
    });
  });

  it('an unhandled rejection leaves a report where every test passed, and exits 1', () => {
    const report = readJson<VitestReport & { numPassedTests: number; numFailedTests: number }>(
      'unhandled.json',
    );
    expect({
      success: report.success,
      passed: report.numPassedTests,
      failed: report.numFailedTests,
      files: report.testResults.map((result) => result.status),
    }).toEqual({ success: true, passed: 2, failed: 0, files: ['passed', 'passed'] });
    expect(unhandled.code).toBe(1);
  });
});

describe('the summary (scripts/test-summary.ts) over those runs', () => {
  it('names each broken file and the failing test, counts each as a failure, and exits 1', async () => {
    const result = await summary(
      [...GREEN_CHECKS, 'vitest:fail', 'e2e:pass'],
      'broken.json',
      'playwright.json',
    );
    expect(result.code).toBe(1);
    expect(result.lines).toEqual(
      expect.arrayContaining([
        'checks: 3 passed, 0 failed',
        'vitest: 3 passed, 1 failed, 3 skipped; 4 test files failed outside their tests',
        `  failed test: ${FIXTURES}/fails.test.ts > arithmetic > fails on purpose`,
        `  failed file: ${FIXTURES}/group-setup-throws.test.ts: failed outside its tests (a beforeAll/afterAll of a describe block?) (1 test not run)`,
        `  failed file: ${FIXTURES}/setup-throws.test.ts: the server this file starts did not come up (2 tests not run)`,
        `  failed file: ${FIXTURES}/throws-while-loading.test.ts: a helper module threw while loading (no tests collected)`,
      ]),
    );
    expect(result.lines.find((line) => line.includes('missing-module.test.ts'))).toMatch(
      /^ {2}failed file: .*missing-module\.test\.ts: Cannot find module '\.\/no-such-module\.ts'.*\(no tests collected\)$/,
    );
    // 3 checks + 3 Vitest tests + 2 Playwright tests passed; 1 failed test + 4 broken files failed.
    expect(result.lines.at(-1)).toBe('8 passed, 5 failed');
  });

  it('fails the run when Vitest exits 1 although its report names no failure', async () => {
    const result = await summary(
      [...GREEN_CHECKS, 'vitest:fail', 'e2e:pass'],
      'unhandled.json',
      'playwright.json',
    );
    expect(result.code).toBe(1);
    expect(result.lines).toContain(
      '  failed run: vitest exited non-zero, and its report names no failing test or file (an unhandled error or rejection?): see its log above',
    );
    expect(result.lines.at(-1)).toBe('7 passed, 1 failed');
  });

  it('counts a failed check as a check, in the failed count', async () => {
    const result = await summary(
      ['build:pass', 'typecheck:fail', 'budgets:pass', 'vitest:fail', 'e2e:pass'],
      'unhandled.json',
      'playwright.json',
    );
    expect(result.lines.slice(0, 2)).toEqual([
      'checks: 2 passed, 1 failed',
      '  failed check: typecheck',
    ]);
    expect(result.lines.at(-1)).toBe('6 passed, 2 failed');
    expect(result.code).toBe(1);
  });

  it('names a Playwright test that passed only on its retry as flaky, counted as passed', async () => {
    expect(playwright.code).toBe(0);
    const report = readJson<PlaywrightReport & { stats: { flaky: number; expected: number } }>(
      'playwright.json',
    );
    expect(report.stats).toMatchObject({ flaky: 1, expected: 1 });
    // A clean Vitest run for this one: the unhandled run's report with its exit code taken as 0.
    const result = await summary(
      [...GREEN_CHECKS, 'vitest:pass', 'e2e:pass'],
      'unhandled.json',
      'playwright.json',
    );
    expect(result.lines).toEqual([
      'checks: 3 passed, 0 failed',
      'vitest: 2 passed, 0 failed, 0 skipped',
      'playwright: 2 passed (1 flaky), 0 failed, 0 skipped',
      `  flaky (passed on retry 1): [desktop] ${FIXTURES}/playwright/retried.spec.ts > the giveaway form > passes only on its retry`,
      '7 passed, 0 failed',
    ]);
    expect(result.code).toBe(0);
  });

  it('counts a runner that left no report as a failure', async () => {
    const result = await summary(
      [...GREEN_CHECKS, 'vitest:fail', 'e2e:fail'],
      'no-such-report.json',
      'no-such-report.json',
    );
    expect(result.lines).toEqual(
      expect.arrayContaining(['vitest: no report, 1 failed', 'playwright: no report, 1 failed']),
    );
    expect(result.lines.at(-1)).toBe('3 passed, 2 failed');
    expect(result.code).toBe(1);
  });
});

describe("the project's own Vitest projects", () => {
  it('never pick up the broken fixtures', () => {
    const fixtures = globSync(`${FIXTURES}/**/*.{test,spec}.ts`, { cwd: ROOT });
    expect(fixtures.length).toBeGreaterThan(5);
    const projects = (projectConfig.test?.projects ?? []) as Array<{
      test: { name: string; include: string[]; exclude?: string[] };
    }>;
    expect(projects.length).toBeGreaterThan(0);
    for (const project of projects) {
      const included = project.test.include.flatMap((pattern) =>
        globSync(pattern, { cwd: ROOT, exclude: project.test.exclude ?? [] }),
      );
      expect(
        included.filter((path) => path.startsWith('tests/fixtures/')),
        project.test.name,
      ).toEqual([]);
    }
    expect(existsSync(join(ROOT, FIXTURES, 'vitest.config.ts'))).toBe(true);
  });
});
