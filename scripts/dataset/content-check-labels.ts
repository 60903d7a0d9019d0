/**
 * The content check's rows for the FCC label rules (src/lib/labels/fcc-checks.ts), over the
 * resolved content the build reads: errors for a live school (the build stops on them), warnings
 * for a school being prepared.
 */
import type { SchoolContent } from '../../src/lib/content/group.ts';
import { fccLabelProblems } from '../../src/lib/labels/fcc-checks.ts';
import type { CheckRow } from './check-row.ts';

export function fccRows(schools: readonly SchoolContent[]): CheckRow[] {
  const problems = fccLabelProblems(
    schools.map(({ school, documents }) => ({
      key: school.key,
      status: school.status,
      planCards: documents.planCards,
      broadbandFacts: documents.broadbandFacts,
    })),
  );
  return problems.map((problem) => ({
    level: problem.live ? 'error' : 'warning',
    school: problem.school,
    documentType: problem.documentType,
    documentId: problem.documentId,
    field: problem.field,
    message: problem.reason,
  }));
}
