/**
 * The test run's verdict (scripts/lib/test-verdict.ts) on small reports: what each count means.
 * tests/service/verdict/ runs it on real reports of deliberately broken files.
 */
import { describe, expect, it } from 'vitest';
import {
  checksVerdict,
  parseSteps,
  playwrightVerdict,
  verdictLines,
  vitestVerdict,
  type PlaywrightReport,
  type VitestReport,
} from '../../../scripts/lib/test-verdict.ts';

const ROOT = '/repo';
const test = (title: string, status: string, ancestorTitles: string[] = []) => ({
  title,
  status,
  ancestorTitles,
  failureMessages: [],
});

describe('checks', () => {
  it('counts each step but the runners\' (vitest, e2e) as a check; anything but "pass" fails', () => {
    const steps = parseSteps(
      'build:pass\ntypecheck:fail\nbench:pass\nstudio-build:\nvitest:fail\ne2e:pass\n',
    );
    const verdict = checksVerdict(steps);
    expect(verdict).toMatchObject({ passed: 2, failed: 2, headline: 'checks: 2 passed, 2 failed' });
    expect(verdict.details).toEqual(['failed check: typecheck', 'failed check: studio-build']);
  });

  it('a run with no checks file is a failure', () => {
    expect(checksVerdict(undefined)).toMatchObject({ passed: 0, failed: 1 });
  });
});

describe('vitest', () => {
  const report = (files: VitestReport['testResults'], success = false): VitestReport => ({
    success,
    testResults: files,
  });

  it('a file that failed with a message of its own counts once beside its failed tests (an afterAll that threw)', () => {
    const verdict = vitestVerdict(
      report([
        {
          name: '/repo/tests/a.test.ts',
          status: 'failed',
          message: 'teardown threw\n  at x',
          assertionResults: [test('works', 'passed'), test('breaks', 'failed', ['group'])],
        },
      ]),
      'fail',
      ROOT,
    );
    expect(verdict).toMatchObject({ passed: 1, failed: 2 });
    expect(verdict.details).toEqual([
      'failed test: tests/a.test.ts > group > breaks',
      'failed file: tests/a.test.ts: teardown threw',
    ]);
  });

  it('a failing test alone names the test, not its file', () => {
    const verdict = vitestVerdict(
      report([
        {
          name: '/repo/tests/a.test.ts',
          status: 'failed',
          message: '',
          assertionResults: [test('breaks', 'failed')],
        },
      ]),
      'fail',
      ROOT,
    );
    expect(verdict).toMatchObject({
      passed: 0,
      failed: 1,
      details: ['failed test: tests/a.test.ts > breaks'],
    });
  });

  it('trusts the report when the exit status is unknown, and its failures when Vitest exited 0', () => {
    const files = [
      {
        name: '/repo/tests/a.test.ts',
        status: 'passed',
        message: '',
        assertionResults: [test('works', 'passed'), test('later', 'skipped')],
      },
    ];
    expect(vitestVerdict(report(files, true), undefined, ROOT)).toMatchObject({
      passed: 1,
      failed: 0,
      headline: 'vitest: 1 passed, 0 failed, 1 skipped',
    });
    expect(vitestVerdict(report(files, false), undefined, ROOT)).toMatchObject({
      passed: 1,
      failed: 1,
    });
    const broken = [
      { name: '/repo/tests/b.test.ts', status: 'failed', message: 'boom', assertionResults: [] },
    ];
    expect(vitestVerdict(report(broken, true), 'pass', ROOT)).toMatchObject({
      failed: 1,
      details: ['failed file: tests/b.test.ts: boom (no tests collected)'],
    });
  });

  it('no report is one failure', () => {
    expect(vitestVerdict(undefined, 'fail', ROOT)).toMatchObject({
      passed: 0,
      failed: 1,
      headline: 'vitest: no report, 1 failed',
    });
  });
});

describe('playwright', () => {
  const result = (status: string, retry: number) => ({ status, retry });
  const playwrightReport: PlaywrightReport = {
    config: { rootDir: '/repo/tests/e2e' },
    suites: [
      {
        title: 'search.spec.ts',
        file: 'search.spec.ts',
        specs: [
          {
            title: 'filters',
            file: 'search.spec.ts',
            tests: [{ projectName: 'desktop', status: 'expected', results: [result('passed', 0)] }],
          },
        ],
        suites: [
          {
            title: 'the box',
            file: 'search.spec.ts',
            specs: [
              {
                title: 'opens on Enter',
                file: 'search.spec.ts',
                tests: [
                  {
                    projectName: 'desktop',
                    status: 'flaky',
                    results: [result('timedOut', 0), result('passed', 1)],
                  },
                  {
                    projectName: 'phone',
                    status: 'unexpected',
                    results: [result('failed', 0), result('failed', 1)],
                  },
                  { projectName: 'phone', status: 'skipped', results: [] },
                ],
              },
            ],
          },
        ],
      },
    ],
    errors: [],
  };

  it('names the failed and the flaky tests (flaky ones count as passed)', () => {
    const verdict = playwrightVerdict(playwrightReport, 'fail', ROOT);
    expect(verdict).toMatchObject({
      passed: 2,
      failed: 1,
      headline: 'playwright: 2 passed (1 flaky), 1 failed, 1 skipped',
    });
    expect(verdict.details).toEqual([
      'failed test: [phone] tests/e2e/search.spec.ts > the box > opens on Enter',
      'flaky (passed on retry 1): [desktop] tests/e2e/search.spec.ts > the box > opens on Enter',
    ]);
  });

  it('counts runner errors, and a non-zero exit that its report does not explain', () => {
    const withError = {
      ...playwrightReport,
      suites: [],
      errors: [{ message: 'Error: Timed out waiting 60000ms from config.webServer.\nmore' }],
    };
    expect(playwrightVerdict(withError, 'fail', ROOT)).toMatchObject({
      failed: 1,
      details: ['failed run: playwright: Error: Timed out waiting 60000ms from config.webServer.'],
    });
    expect(playwrightVerdict({ suites: [] }, 'fail', ROOT)).toMatchObject({ passed: 0, failed: 1 });
    expect(playwrightVerdict({ suites: [] }, 'pass', ROOT)).toMatchObject({ passed: 0, failed: 0 });
  });
});

describe('the closing line', () => {
  it('sums every runner: passed checks and tests, failed checks, tests, files and runs', () => {
    const { lines, passed, failed } = verdictLines([
      {
        runner: 'checks',
        passed: 7,
        failed: 1,
        headline: 'checks: 7 passed, 1 failed',
        details: ['failed check: bench'],
      },
      { runner: 'vitest', passed: 100, failed: 2, headline: 'vitest: …', details: [] },
      { runner: 'playwright', passed: 50, failed: 0, headline: 'playwright: …', details: [] },
    ]);
    expect({ passed, failed }).toEqual({ passed: 157, failed: 3 });
    expect(lines).toEqual([
      'checks: 7 passed, 1 failed',
      '  failed check: bench',
      'vitest: …',
      'playwright: …',
      '157 passed, 3 failed',
    ]);
  });
});
