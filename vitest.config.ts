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
