/**
 * Sums every runner's results into the one line CI reads: "N passed, N failed".
 * A runner whose report is missing (it crashed before writing one) counts as one failure.
 */
import { existsSync, readFileSync } from 'node:fs';

const [checksFile, vitestFile, playwrightFile] = process.argv.slice(2) as [string, string, string];
let passed = 0;
let failed = 0;

for (const line of readFileSync(checksFile, 'utf8').split('\n').filter(Boolean)) {
  const [name, result] = line.split(':');
  if (result === 'pass') passed += 1;
  else { failed += 1; console.log(`failed: ${name}`); }
}

if (existsSync(vitestFile)) {
  const vitest = JSON.parse(readFileSync(vitestFile, 'utf8')) as { numPassedTests: number; numFailedTests: number; numTotalTestSuites: number; numFailedTestSuites: number };
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  console.log(`vitest: ${vitest.numPassedTests} passed, ${vitest.numFailedTests} failed`);
} else {
  failed += 1;
  console.log('vitest: no report (the runner failed to start)');
}

if (existsSync(playwrightFile)) {
  const report = JSON.parse(readFileSync(playwrightFile, 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number; skipped: number }; errors?: unknown[] };
  const { expected, unexpected, flaky } = report.stats;
  const runnerErrors = report.errors?.length ?? 0;
  passed += expected + flaky;
  failed += unexpected + runnerErrors;
  console.log(`playwright: ${expected + flaky} passed (${flaky} flaky), ${unexpected} failed${runnerErrors ? `, ${runnerErrors} runner error(s)` : ''}`);
} else {
  failed += 1;
  console.log('playwright: no report (the runner failed to start)');
}

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
