import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { STARTED_FIRST } from './tests/started-first.ts';

/** Vitest's order, with the files of STARTED_FIRST first (tests/started-first.ts says why). */
class StartedFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (spec: TestSpecification) => {
      const at = STARTED_FIRST.findIndex((path) => spec.moduleId.endsWith(`/${path}`));
      return at < 0 ? STARTED_FIRST.length : at;
    };
    // A stable sort: the rest keep Vitest's order.
    return (await super.sort(files)).toSorted((a, b) => rank(a) - rank(b));
  }
}

// tests/fixtures/ holds inputs, never tests of the project: among them deliberately broken test
// files (broken-suites/, run by their own config in tests/service/verdict/).
const exclude = [...configDefaults.exclude, 'tests/fixtures/**'];

export default defineConfig({
  test: {
    sequence: { sequencer: StartedFirst },
    // At least 2 test files at once, where Vitest's default on 2 cores is 1: the service tests spend
    // most of their time waiting on servers, builds and clocks, and a second file fills those waits
    // (a wait-bound subset on this 2-core machine, shared: 402 s with 1 worker, 338 s with 2).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          exclude,
          environment: 'node',
          // The files of a worker share its imported modules: importing them again for each file
          // was 41% of the unit and studio projects' time (shared machine: 198 CPU-s isolated, 125
          // not, the same tests passing both ways). So a test that changes a global (process.env, timers,
          // a spy) restores it.
          isolate: false,
          // A ceiling for a busy 2-core machine, not a speed check.
          testTimeout: 60_000,
        },
      },
      {
        // Tests that start a process or a server of their own (local API, content check, a stand-in Sanity).
        test: {
          name: 'service',
          include: ['tests/service/**/*.test.{ts,tsx}'],
          exclude,
          environment: 'node',
          // A ceiling for a busy 2-core machine, not a speed check.
          testTimeout: 60_000,
        },
      },
      {
        // The Studio (studio/, its own install): schema agreement with the build, dataset validation.
        test: {
          name: 'studio',
          include: ['studio/tests/**/*.test.ts'],
          exclude,
          environment: 'node',
          // As the unit project: the files of a worker share its imported modules.
          isolate: false,
          // A ceiling for a busy 2-core machine, not a speed check.
          testTimeout: 120_000,
        },
      },
      {
        // Netlify's own build and dev server (netlify-cli, scripts/netlify-cli/) on clean copies of the project.
        test: {
          name: 'netlify',
          include: ['tests/netlify/**/*.test.ts'],
          exclude,
          environment: 'node',
          // A ceiling for a busy 2-core machine, not a speed check.
          testTimeout: 240_000,
          hookTimeout: 300_000,
        },
      },
      {
        test: {
          name: 'dist',
          include: ['tests/dist/**/*.test.ts'],
          exclude,
          environment: 'node',
          // A ceiling for a busy 2-core machine, not a speed check.
          testTimeout: 60_000,
        },
      },
    ],
  },
});
