/**
 * The test files Vitest starts first (vitest.config.ts), in this order; the rest keep Vitest's own
 * order (project by project, larger files first, as a clean clone has no timings). Each either
 * waits most of its time (a clock of the publish loop, a build, a browser), so started first it
 * waits while other files run, or is long enough that started last it would end its run alone.
 * Seconds from the clean-clone run of 7 December 2026 (docs/testing.md).
 */
export const STARTED_FIRST = [
  // The unit and studio run (nice 10): the fault model, one file on one core, 381 s there.
  'tests/unit/deploys/publish-loop.model.test.ts',
  'studio/tests/rules-agreement.test.ts', // 157
  // The service, netlify and dist run.
  'tests/service/local-stack/publish-doors.test.ts', // 103, clocks of the publish loop and of a rate limit
  'tests/service/preview/presentation.test.ts', // 107, Chromium
  'tests/service/preview/presentation-loaders.test.ts', // 78, Chromium
  'tests/service/local-stack/local-publish.test.ts', // 149, builds
  'tests/service/local-stack/freshness.test.ts', // 85, builds
  'tests/netlify/netlify-build.test.ts', // 40, Netlify's build
];
