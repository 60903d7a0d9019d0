/**
 * The files that take longest, longest first, across projects (the clean-clone run of 7 December
 * 2026, in seconds; docs/testing.md; vitest.config.ts runs them first): most of their time is a wait (a clock of the publish loop, a
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
