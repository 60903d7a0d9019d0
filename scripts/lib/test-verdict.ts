/**
 * The verdict of a test run, from each runner's own record (scripts/test-summary.ts prints it).
 * Pure: reports in, lines and counts out.
 *
 * What is counted:
 *   checks      one per check step (build, typecheck, budgets, bench, studio-*, netlify-cli-install,
 *               install-scripts, format, lint): passed or failed by its exit code
 *   vitest      one per test that passed or failed; plus one failure per test file that failed
 *               outside its tests (a beforeAll/afterAll that threw, a module that failed to load:
 *               Vitest then marks the file's tests skipped, or collects none); plus one failure
 *               when Vitest exited non-zero (or wrote no report) and its report names no failure
 *               (an unhandled error or rejection)
 *   playwright  one per test that passed (flaky ones too: they are named) or failed; plus one per
 *               runner error (global setup, the web server); plus one failure when Playwright
 *               exited non-zero (or wrote no report) with no failure in its report
 * Skipped tests are counted neither way (each runner's line shows how many).
 */

export type StepStatus = 'pass' | 'fail';

export interface Verdict {
  /** `checks`, `vitest` or `playwright`. */
  runner: string;
  passed: number;
  failed: number;
  /** The runner's line, e.g. "vitest: 1200 passed, 1 failed, 3 skipped". */
  headline: string;
  /** One line per failure (and per flaky test), each naming it. */
  details: string[];
}

/** Steps in the checks file that run a test runner: their exit status belongs to that runner. */
export const RUNNER_STEPS = { vitest: 'vitest', playwright: 'e2e' } as const;

/** The checks file: one `name:pass` or `name:fail` line per step. */
export function parseSteps(text: string): Map<string, StepStatus> {
  const steps = new Map<string, StepStatus>();
  for (const line of text
    .split('\n')
    .map((entry) => entry.trim())
    .filter(Boolean)) {
    const at = line.lastIndexOf(':');
    const name = line.slice(0, at);
    const status = line.slice(at + 1);
    // Anything but an explicit pass is a failure (a truncated line included).
    steps.set(at > 0 ? name : line, status === 'pass' ? 'pass' : 'fail');
  }
  return steps;
}

/** `steps` undefined: the run left no checks file (it stopped before its first step). */
export function checksVerdict(steps: Map<string, StepStatus> | undefined): Verdict {
  if (!steps)
    return {
      runner: 'checks',
      passed: 0,
      failed: 1,
      headline: 'checks: no record, 1 failed',
      details: ['failed run: no checks file (the run stopped before its first step)'],
    };
  const runnerSteps = new Set<string>(Object.values(RUNNER_STEPS));
  const checks = [...steps].filter(([name]) => !runnerSteps.has(name));
  const failed = checks.filter(([, status]) => status === 'fail').map(([name]) => name);
  const passed = checks.length - failed.length;
  return {
    runner: 'checks',
    passed,
    failed: failed.length,
    headline: `checks: ${passed} passed, ${failed.length} failed`,
    details: failed.map((name) => `failed check: ${name}`),
  };
}

// ---- Vitest's JSON report (reporter "json")

export interface VitestAssertion {
  ancestorTitles: string[];
  title: string;
  status: string;
  failureMessages?: string[];
}

export interface VitestFile {
  name: string;
  status: string;
  message?: string;
  assertionResults: VitestAssertion[];
}

export interface VitestReport {
  success?: boolean;
  testResults: VitestFile[];
}

const firstLine = (text: string) => text.trim().split('\n')[0]?.trim() ?? '';
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** A path as the reader knows it: relative to the project when it is inside it. */
export function shortPath(path: string, root: string): string {
  const prefix = root.endsWith('/') ? root : `${root}/`;
  return path.startsWith(prefix) ? path.slice(prefix.length) : path;
}

/**
 * `report` undefined: Vitest wrote none. `exit` undefined: the exit status is not known (the
 * report is then trusted alone).
 */
export function vitestVerdict(
  report: VitestReport | undefined,
  exit: StepStatus | undefined,
  root: string,
): Verdict {
  if (!report) {
    return {
      runner: 'vitest',
      passed: 0,
      failed: 1,
      headline: 'vitest: no report, 1 failed',
      details: [
        'failed run: vitest wrote no report (it failed to start or crashed): see its log above',
      ],
    };
  }
  let passed = 0;
  let failedTests = 0;
  let skipped = 0;
  let failedFiles = 0;
  const details: string[] = [];
  for (const file of report.testResults) {
    const path = shortPath(file.name, root);
    const tests = file.assertionResults;
    const failing = tests.filter((test) => test.status === 'failed');
    const notRun = tests.filter(
      (test) => test.status !== 'passed' && test.status !== 'failed',
    ).length;
    passed += tests.filter((test) => test.status === 'passed').length;
    failedTests += failing.length;
    skipped += notRun;
    for (const test of failing)
      details.push(`failed test: ${[path, ...test.ancestorTitles, test.title].join(' > ')}`);
    // A file-level error (its message), or a failed file none of whose tests failed: the failure
    // happened outside the tests (a hook, loading the module, a crashed worker).
    const message = firstLine(file.message ?? '');
    if (file.status === 'failed' && (message !== '' || failing.length === 0)) {
      failedFiles += 1;
      const why = message || 'failed outside its tests (a beforeAll/afterAll of a describe block?)';
      const lost =
        tests.length === 0
          ? 'no tests collected'
          : notRun > 0
            ? `${plural(notRun, 'test')} not run`
            : '';
      details.push(`failed file: ${path}: ${why}${lost ? ` (${lost})` : ''}`);
    }
  }
  let runFailures = 0;
  const named = failedTests + failedFiles;
  if (named === 0 && (exit === 'fail' || report.success === false)) {
    runFailures = 1;
    details.push(
      'failed run: vitest exited non-zero, and its report names no failing test or file (an unhandled error or rejection?): see its log above',
    );
  }
  const failed = named + runFailures;
  const parts = [`${passed} passed`, `${failedTests} failed`, `${skipped} skipped`];
  const extra = [
    failedFiles
      ? `${plural(failedFiles, 'test file')} failed outside ${failedFiles === 1 ? 'its' : 'their'} tests`
      : '',
    runFailures ? 'the run failed' : '',
  ].filter(Boolean);
  return {
    runner: 'vitest',
    passed,
    failed,
    headline: `vitest: ${parts.join(', ')}${extra.length ? `; ${extra.join('; ')}` : ''}`,
    details,
  };
}

// ---- Playwright's JSON report (reporter "json")

export interface PlaywrightResult {
  status: string;
  retry: number;
}
export interface PlaywrightTest {
  projectName?: string;
  status: string;
  results: PlaywrightResult[];
}
export interface PlaywrightSpec {
  title: string;
  file?: string;
  line?: number;
  tests: PlaywrightTest[];
}
export interface PlaywrightSuite {
  title: string;
  file?: string;
  specs?: PlaywrightSpec[];
  suites?: PlaywrightSuite[];
}
export interface PlaywrightReport {
  config?: { rootDir?: string };
  suites?: PlaywrightSuite[];
  errors?: Array<{ message?: string }>;
}

interface NamedTest {
  name: string;
  test: PlaywrightTest;
}

/** Every test of the report with its name: `[project] file > describe > title`. */
function playwrightTests(report: PlaywrightReport, root: string): NamedTest[] {
  const dir = report.config?.rootDir ? shortPath(report.config.rootDir, root) : '';
  const out: NamedTest[] = [];
  const walk = (suite: PlaywrightSuite, titles: string[]) => {
    // The top suites are files: their title is the file, which names the test already.
    for (const spec of suite.specs ?? []) {
      const file = spec.file ?? suite.file ?? '';
      const path = dir && file && !file.startsWith('/') ? `${dir}/${file}` : file;
      for (const test of spec.tests) {
        const project = test.projectName ? `[${test.projectName}] ` : '';
        out.push({
          name: `${project}${[path, ...titles, spec.title].filter(Boolean).join(' > ')}`,
          test,
        });
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const file of report.suites ?? []) walk(file, []);
  return out;
}

export function playwrightVerdict(
  report: PlaywrightReport | undefined,
  exit: StepStatus | undefined,
  root: string,
): Verdict {
  if (!report) {
    return {
      runner: 'playwright',
      passed: 0,
      failed: 1,
      headline: 'playwright: no report, 1 failed',
      details: [
        'failed run: playwright wrote no report (it failed to start or crashed): see its log above',
      ],
    };
  }
  const tests = playwrightTests(report, root);
  const of = (status: string) => tests.filter(({ test }) => test.status === status);
  const expected = of('expected');
  const flaky = of('flaky');
  const unexpected = of('unexpected');
  const skipped = of('skipped');
  const errors = (report.errors ?? []).map((error) =>
    firstLine(error.message ?? 'an error outside the tests'),
  );
  const details = [
    ...unexpected.map(({ name }) => `failed test: ${name}`),
    ...errors.map((message) => `failed run: playwright: ${message}`),
    ...flaky.map(({ name, test }) => {
      const retry = test.results.find((result) => result.status === 'passed')?.retry;
      return `flaky (passed on ${retry === undefined ? 'a retry' : `retry ${retry}`}): ${name}`;
    }),
  ];
  let runFailures = 0;
  if (unexpected.length + errors.length === 0 && exit === 'fail') {
    runFailures = 1;
    details.push(
      'failed run: playwright exited non-zero, and its report names no failing test: see its log above',
    );
  }
  const passed = expected.length + flaky.length;
  const failed = unexpected.length + errors.length + runFailures;
  const extra = [
    errors.length ? plural(errors.length, 'runner error') : '',
    runFailures ? 'the run failed' : '',
  ].filter(Boolean);
  return {
    runner: 'playwright',
    passed,
    failed,
    headline: `playwright: ${passed} passed (${flaky.length} flaky), ${unexpected.length} failed, ${skipped.length} skipped${extra.length ? `; ${extra.join('; ')}` : ''}`,
    details,
  };
}

/** The runners' lines, then the closing line CI reads: "N passed, N failed" over every runner. */
export function verdictLines(verdicts: Verdict[]): {
  lines: string[];
  passed: number;
  failed: number;
} {
  const passed = verdicts.reduce((sum, verdict) => sum + verdict.passed, 0);
  const failed = verdicts.reduce((sum, verdict) => sum + verdict.failed, 0);
  const lines = verdicts.flatMap((verdict) => [
    verdict.headline,
    ...verdict.details.map((detail) => `  ${detail}`),
  ]);
  return { lines: [...lines, `${passed} passed, ${failed} failed`], passed, failed };
}
