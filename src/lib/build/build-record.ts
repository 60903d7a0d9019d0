/**
 * What a build records for the deploy notifications and the publish status (src/lib/publish-records/build-record.ts
 * `BuildRecord`): when its content was read, what started it (the build hook's body, read from
 * INCOMING_HOOK_BODY), which revision of each document it carried, the schools it published and
 * left out (and why), every content problem per document and field, and a digest of each published
 * school's tenant record (its inputs without an event, for the freshness check). The build report carries
 * the same fields (`reports/build-report.json` parses as a BuildRecord); the record alone goes into
 * the deploy's Netlify Blobs store (./netlify-output.ts), where the notification function reads it.
 */
import type { ContentProblem, ContentRead } from '../content/index.ts';
import type { SiteMatrix } from '../routing/matrix.ts';
import { inputsDigest, tenantDigest } from '../tenants/digest.ts';
import {
  buildRecordSchema,
  leftOutCode,
  type BuildInputs,
  type BuildProblem,
  type BuildRecord,
  type LeftOutEntry,
} from '../publish-records/build-record.ts';
import { parseBuildTrigger, type BuildTrigger } from '../publish-records/hook-body.ts';

/** One row per document and field: a document failing its schema gives a row for each failing field. */
export function recordProblems(problems: readonly ContentProblem[]): BuildProblem[] {
  return problems.flatMap((problem) => {
    const base = {
      school: problem.school,
      documentType: problem.documentType,
      documentId: problem.documentId ?? null,
    };
    if (problem.issues?.length)
      return problem.issues.map((issue) => ({
        ...base,
        field: issue.field,
        reason: issue.message,
      }));
    return [{ ...base, field: problem.field ?? null, reason: problem.reason }];
  });
}

export function recordLeftOut(matrix: Pick<SiteMatrix, 'leftOut'>): LeftOutEntry[] {
  return matrix.leftOut.map((school) => {
    const entry = {
      key: school.key,
      seoSlug: school.seoSlug ?? null,
      status: school.status,
      reasons: school.reasons,
    };
    return { ...entry, code: leftOutCode(entry) };
  });
}

/** The tenant records of the schools this build published, digested; `source`: where they were read (the product API, or a file). */
export function buildInputs(
  matrix: Pick<SiteMatrix, 'schools'>,
  source: BuildInputs['source'],
): BuildInputs {
  const tenants = Object.create(null) as Record<string, string>;
  for (const site of matrix.schools) tenants[site.key] = tenantDigest(site.tenant);
  return { source, digest: inputsDigest(tenants), tenants };
}

export function buildRecord(
  matrix: Pick<SiteMatrix, 'schools' | 'leftOut' | 'problems'>,
  read: ContentRead,
  trigger: BuildTrigger,
  source: BuildInputs['source'] = 'file',
): BuildRecord {
  return {
    version: 1,
    contentReadAt: read.at.toISOString(),
    trigger,
    inputs: buildInputs(matrix, source),
    documents: read.documents,
    schools: matrix.schools.map((site) => ({
      key: site.key,
      seoSlug: site.seoSlug,
      status: site.status,
    })),
    leftOut: recordLeftOut(matrix),
    problems: recordProblems(matrix.problems),
  };
}

/** What started this build: Netlify hands a build hook's POST body to the build as INCOMING_HOOK_BODY. */
export function buildTrigger(
  environment: Record<string, string | undefined> = process.env,
): BuildTrigger {
  return parseBuildTrigger(environment['INCOMING_HOOK_BODY']);
}

/** The record as the deploy store keeps it: exactly the BuildRecord fields (a build report has more). */
export function leanRecord(record: BuildRecord): BuildRecord {
  return buildRecordSchema.parse(record);
}
