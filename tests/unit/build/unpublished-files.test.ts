import { describe, expect, it } from 'vitest';
import { withUnpublishedFiles } from '../../../src/lib/build/unpublished-files.ts';
import { bundledMatrix } from '../views/school-pages.ts';

const DROPPED = 'kentuckymobile-perk-esim-64x64.svg';

describe('files the build itself did not publish', () => {
  it('changes nothing when the build dropped no file, or none that a page uses', async () => {
    const matrix = await bundledMatrix();
    expect(withUnpublishedFiles(matrix, new Set(), true)).toBe(matrix);
    expect(withUnpublishedFiles(matrix, new Set(['unused-10x10.svg']), true)).toBe(matrix);
  });

  it('stops a production build for a live school, naming school, document, field and file', async () => {
    const matrix = await bundledMatrix();
    expect(() => withUnpublishedFiles(matrix, new Set([DROPPED]), true)).toThrow(
      new RegExp(
        `^School kentuckymobile \\(.+\\) is live but refers to files that the build did not publish \\(nothing was left of them after sanitising\\):\\n  - \\w+ \\([\\w-]+\\) field [\\w.]+: file ${DROPPED} is missing`,
      ),
    );
  });

  it('reports it in any other build', async () => {
    const matrix = await bundledMatrix();
    const checked = withUnpublishedFiles(matrix, new Set([DROPPED]), false);
    const added = checked.problems.filter((problem) => problem.file === DROPPED);
    expect(added.length).toBeGreaterThan(0);
    expect(added[0]).toMatchObject({
      school: 'kentuckymobile',
      reason: expect.stringContaining(`file ${DROPPED}`) as string,
    });
  });
});
