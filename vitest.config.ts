import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          // A ceiling for a busy 2-core machine, not a speed check.
          testTimeout: 60_000,
        },
      },
      {
        // Tests that start a process or a server of their own (local API, content check, a stand-in Sanity).
        test: {
          name: 'service',
          include: ['tests/service/**/*.test.{ts,tsx}'],
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
          environment: 'node',
          // A ceiling for a busy 2-core machine, not a speed check.
          testTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'dist',
          include: ['tests/dist/**/*.test.ts'],
          environment: 'node',
          // A ceiling for a busy 2-core machine, not a speed check.
          testTimeout: 60_000,
        },
      },
    ],
  },
});
