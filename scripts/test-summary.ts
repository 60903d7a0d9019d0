/**
 * Sums every runner's results into the one line CI reads: "N passed, N failed", and exits 1 when
 * anything failed.
 *   node scripts/test-summary.ts <checks file> <vitest JSON report> <playwright JSON report>
 * The checks file has one `name:pass|fail` line per step of scripts/test-all.sh; the `vitest` and
 * `e2e` steps' lines are those runners' exit status, the others are checks. What each count
 * means: scripts/lib/test-verdict.ts. A missing report (or
 * checks file) counts as one failure.
 */
import { existsSync, readFileSync } from 'node:fs';
import {
  checksVerdict,
  parseSteps,
  playwrightVerdict,
  RUNNER_STEPS,
  verdictLines,
  vitestVerdict,
  type PlaywrightReport,
  type VitestReport,
} from './lib/test-verdict.ts';

const [checksFile, vitestFile, playwrightFile] = process.argv.slice(2);
if (!checksFile || !vitestFile || !playwrightFile) {
  console.error(
    'usage: node scripts/test-summary.ts <checks file> <vitest JSON report> <playwright JSON report>',
  );
  process.exit(2);
}

function readReport<T>(file: string): T | undefined {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    // A report cut short (the runner died while writing) is no report.
    return undefined;
  }
}

const steps = existsSync(checksFile) ? parseSteps(readFileSync(checksFile, 'utf8')) : undefined;
const root = process.cwd();
const { lines, failed } = verdictLines([
  checksVerdict(steps),
  vitestVerdict(readReport<VitestReport>(vitestFile), steps?.get(RUNNER_STEPS.vitest), root),
  playwrightVerdict(
    readReport<PlaywrightReport>(playwrightFile),
    steps?.get(RUNNER_STEPS.playwright),
    root,
  ),
]);
for (const line of lines) console.log(line);
process.exit(failed > 0 ? 1 : 0);
