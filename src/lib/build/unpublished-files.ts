/**
 * The last check that no page refers to a file the output lacks: the bundled content's image
 * references against the files the image step dropped. The content source already leaves out
 * files the dataset lacks; this catches a file the build itself did not publish.
 */
import { missingFileProblems } from '../content/image-files.ts';
import { exportImageFile } from '../content/local.ts';
import type { ContentProblem } from '../content/problems.ts';
import { missingFilesMessage, type SiteMatrix } from '../routing/matrix.ts';
import { mayFailBuild } from '../schools/lifecycle.ts';

const fileKey = (problem: ContentProblem) =>
  [problem.school, problem.documentId, problem.field, problem.file].join('\u0000');

/**
 * Image references of published schools to a file the image step dropped although the dataset
 * has it (an SVG with nothing left after sanitising). Stops a production build for a live
 * school; otherwise reported with the other missing files.
 */
export function withUnpublishedFiles(
  matrix: SiteMatrix,
  droppedFiles: ReadonlySet<string>,
  production: boolean,
): SiteMatrix {
  // Nearly every build drops nothing: then there is nothing to look for.
  if (droppedFiles.size === 0) return matrix;
  const known = new Set(matrix.problems.filter((problem) => problem.file).map(fileKey));
  const unpublished = missingFileProblems(
    { schools: matrix.schools.map((site) => site.content) },
    (image) => {
      const file = exportImageFile(image);
      return file && droppedFiles.has(file) ? file : undefined;
    },
  )
    .filter((problem) => !known.has(fileKey(problem)))
    .map((problem) => ({
      ...problem,
      reason: `file ${problem.file} (field ${problem.field}) was not published: nothing was left of it after sanitising`,
    }));
  if (unpublished.length === 0) return matrix;
  for (const site of matrix.schools) {
    const own = unpublished.filter((problem) => problem.school === site.key);
    if (production && mayFailBuild(site.status) && own.length)
      throw new Error(
        missingFilesMessage(
          site.key,
          site.content.school.schoolName,
          own,
          'that the build did not publish (nothing was left of them after sanitising)',
        ),
      );
  }
  return { ...matrix, problems: [...matrix.problems, ...unpublished] };
}
