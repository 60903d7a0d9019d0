import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest, longest first, across projects (the clean-clone run of 7 December
 * 2026, in seconds; docs/testing.md): most of their time is a wait (a clock of the publish loop, a
 * build, a browser), so started first they wait while other files run, where Vitest's own order
 * (project by project, larger files first, as a clean clone has no timings) left the deploy budget's
 * two minutes of waiting to end the run alone.
 */
export const LONGEST_FIRST = [
  'tests/service/preview/presentation.test.ts', // 141
  'tests/service/local-stack/deploy-budget.test.ts', // 126, two one-minute waits
  'tests/service/local-stack/publish-loop.test.ts', // 126
  'tests/service/local-stack/publish-doors.test.ts', // 109
  'tests/service/preview/presentation-loaders.test.ts', // 108
  'tests/netlify/netlify-build.test.ts', // 90
  'tests/service/local-stack/freshness.test.ts', // 82, a 65 s wait
  'tests/netlify/build-failure.test.ts', // 52
  'tests/dist/search-scale.test.ts', // 50
  'tests/service/local-stack/local-publish.test.ts', // 45
  'tests/netlify/plugins.test.ts', // 44
];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (spec: TestSpecification) => {
      const at = LONGEST_FIRST.findIndex((path) => spec.moduleId.endsWith(`/${path}`));
      return at < 0 ? LONGEST_FIRST.length : at;
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
    sequence: { sequencer: LongestFirst },
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
