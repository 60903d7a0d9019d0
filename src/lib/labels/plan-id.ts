/**
 * FCC unique plan identifiers: 'F' (fixed) or 'M' (mobile), the provider's 10-digit FRN and a
 * 15-character plan code. A label whose id is malformed or used twice is reported, not dropped:
 * the label still renders, the build report says what to fix.
 */
import type { ContentProblem } from '../content/index.ts';

export const FCC_PLAN_ID_PATTERN = /^[FM]\d{10}[A-Z0-9]{15}$/;

export interface PlanIdEntry {
  school: string;
  documentId?: string | undefined;
  uniquePlanId: string;
}

const where = (entry: PlanIdEntry) =>
  `${entry.school}${entry.documentId ? ` (${entry.documentId})` : ''}`;

/** How many of the other users of a repeated id a report line names (the rest are counted). */
const OTHERS_NAMED = 3;

function otherUsers(others: readonly PlanIdEntry[]): string {
  const named = others.slice(0, OTHERS_NAMED).map(where).join(', ');
  return others.length > OTHERS_NAMED ? `${named} and ${others.length - OTHERS_NAMED} more` : named;
}

export function planIdProblems(entries: readonly PlanIdEntry[]): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const byId = new Map<string, PlanIdEntry[]>();
  for (const entry of entries) {
    const users = byId.get(entry.uniquePlanId);
    if (users) users.push(entry);
    else byId.set(entry.uniquePlanId, [entry]);
  }
  for (const entry of entries) {
    const base = {
      school: entry.school,
      documentType: 'broadbandFacts',
      ...(entry.documentId ? { documentId: entry.documentId } : {}),
    };
    if (!FCC_PLAN_ID_PATTERN.test(entry.uniquePlanId)) {
      problems.push({
        ...base,
        reason: `uniquePlanId "${entry.uniquePlanId}" is not an FCC plan id (F or M, 10 digits, 15 capital letters or digits)`,
      });
    }
    const others = (byId.get(entry.uniquePlanId) ?? []).filter((other) => other !== entry);
    if (others.length > 0) {
      problems.push({
        ...base,
        reason: `uniquePlanId "${entry.uniquePlanId}" is also used by ${otherUsers(others)}`,
      });
    }
  }
  return problems;
}

/** The check over every school's broadband facts records. */
export function schoolPlanIdProblems(
  schools: ReadonlyArray<{
    key: string;
    content: {
      documents: { broadbandFacts: ReadonlyArray<{ _id: string; uniquePlanId: string }> };
    };
  }>,
): ContentProblem[] {
  return planIdProblems(
    schools.flatMap((site) =>
      site.content.documents.broadbandFacts.map((record) => ({
        school: site.key,
        documentId: record._id,
        uniquePlanId: record.uniquePlanId,
      })),
    ),
  );
}
