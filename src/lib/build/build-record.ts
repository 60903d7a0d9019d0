/**
 * What a build records for the deploy notifications and the publish status (src/lib/deploys/records.ts
 * `BuildRecord`): when its content was read, what started it (the build hook's body, read from
 * INCOMING_HOOK_BODY), which revision of each document it carried, the schools it published and
 * left out (and why), and every content problem per document and field. The build report carries
 * the same fields (`reports/build-report.json` parses as a BuildRecord); the record alone goes into
 * the deploy's Netlify Blobs store, where the notification function reads it.
 */
import { getDeployStore } from '@netlify/blobs';
import type { ContentProblem, ContentRead } from '../content/index.ts';
import type { SiteMatrix } from '../routing/matrix.ts';
import {
  BUILD_REPORT_KEY,
  BUILD_REPORT_STORE,
  buildRecordSchema,
  leftOutCode,
  parseBuildTrigger,
  type BuildProblem,
  type BuildRecord,
  type BuildTrigger,
  type LeftOutEntry,
} from '../deploys/records.ts';

/** One row per document and field: a document failing its schema gives a row for each failing field. */
export function recordProblems(problems: readonly ContentProblem[]): BuildProblem[] {
  return problems.flatMap((problem) => {
    const base = { school: problem.school, documentType: problem.documentType, documentId: problem.documentId ?? null };
    if (problem.issues?.length) return problem.issues.map((issue) => ({ ...base, field: issue.field, reason: issue.message }));
    return [{ ...base, field: problem.field ?? null, reason: problem.reason }];
  });
}

export function recordLeftOut(matrix: Pick<SiteMatrix, 'leftOut'>): LeftOutEntry[] {
  return matrix.leftOut.map((school) => {
    const entry = { key: school.key, seoSlug: school.seoSlug ?? null, status: school.status, reasons: school.reasons };
    return { ...entry, code: leftOutCode(entry) };
  });
}

export function buildRecord(matrix: Pick<SiteMatrix, 'schools' | 'leftOut' | 'problems'>, read: ContentRead, trigger: BuildTrigger): BuildRecord {
  return {
    version: 1,
    contentReadAt: read.at.toISOString(),
    trigger,
    documents: read.documents,
    schools: matrix.schools.map((site) => ({ key: site.key, seoSlug: site.seoSlug, status: site.status })),
    leftOut: recordLeftOut(matrix),
    problems: recordProblems(matrix.problems),
  };
}

/** What started this build: Netlify hands a build hook's POST body to the build as INCOMING_HOOK_BODY. */
export function buildTrigger(environment: Record<string, string | undefined> = process.env): BuildTrigger {
  return parseBuildTrigger(environment['INCOMING_HOOK_BODY']);
}

/** The record as the deploy store keeps it: exactly the BuildRecord fields (a build report has more). */
export function leanRecord(record: BuildRecord): BuildRecord {
  return buildRecordSchema.parse(record);
}

export interface RecordStore {
  setJSON(key: string, value: unknown): Promise<unknown>;
}

/**
 * Writes the record into the deploy's store (`getDeployStore('build-report')`, key `report`) when
 * Netlify Blobs is available to this build: NETLIFY_BLOBS_CONTEXT names the deploy (the local
 * stack's build hook sets it; on Netlify a build plugin has it, the build command does not:
 * netlify/plugins/build-record). Never fails the build: a record that cannot be written leaves
 * that deploy's documents `unknown`, the pages are still right. Answers the one line to log.
 */
export async function storeBuildRecord(
  record: BuildRecord,
  options: { environment?: Record<string, string | undefined>; openStore?: () => RecordStore } = {},
): Promise<string> {
  const environment = options.environment ?? process.env;
  if (!environment['NETLIFY_BLOBS_CONTEXT']) {
    return environment['NETLIFY'] === 'true'
      ? 'Build record: Netlify Blobs is not available to the build command; the build-record plugin stores it after the build'
      : 'Build record: Netlify Blobs is not available to this build, so the record is only in the build report';
  }
  try {
    const store = options.openStore?.() ?? getDeployStore(BUILD_REPORT_STORE);
    await store.setJSON(BUILD_REPORT_KEY, leanRecord(record));
    return `Build record: ${Object.keys(record.documents).length} documents stored in the deploy's Netlify Blobs (${BUILD_REPORT_STORE}/${BUILD_REPORT_KEY})`;
  } catch (error) {
    return `Build record: could not be stored in the deploy's Netlify Blobs (${(error as Error).message}); this deploy's documents will read as unknown`;
  }
}
