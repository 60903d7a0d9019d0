/** The test files vitest.config.ts starts first are test files that exist (a renamed file would silently lose its place). */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { STARTED_FIRST } from '../../started-first.ts';

const ROOT = resolve(import.meta.dirname, '../../..');

describe('the files started first', () => {
  it('are test files of this project, each named once', () => {
    expect(STARTED_FIRST.length).toBeGreaterThan(0);
    expect(new Set(STARTED_FIRST).size).toBe(STARTED_FIRST.length);
    expect(
      STARTED_FIRST.filter(
        (path) => !path.endsWith('.test.ts') || !existsSync(resolve(ROOT, path)),
      ),
    ).toEqual([]);
  });
});
