/**
 * A published deploy's build record, turned once (by the deploy notification) into what the
 * status answers need: the document index in INDEX_SHARDS shards (each document's revision, since
 * when that revision is live, its school, and why it is not on the site, if it is not), the
 * record's summary for the deploys answer, and the revisions the deploy brought live.
 */
import { leftOutCode, type BuildRecord } from '../publish-records/build-record.ts';
import {
  LISTED_BROUGHT,
  LISTED_SCHOOLS,
  type IndexCode,
  type IndexEntry,
  type IndexShard,
  type ReportSummary,
  type Revision,
} from '../publish-records/deploy-history.ts';
import { INDEX_SHARDS, shardOf } from '../publish-records/names.ts';
import { ownEntry } from '../publish-records/record-parts.ts';

/** The summary a deploy's record keeps: counts, and a few schools by name. */
export function summaryOf(record: BuildRecord): ReportSummary {
  return {
    contentReadAt: record.contentReadAt,
    documentCount: Object.keys(record.documents).length,
    schoolCount: record.schools.length,
    schools: record.schools.slice(0, LISTED_SCHOOLS),
    leftOut: record.leftOut.slice(0, LISTED_SCHOOLS),
    leftOutMore: Math.max(0, record.leftOut.length - LISTED_SCHOOLS),
    problemCount: record.problems.length,
  };
}

/** Why each document is not on the site, from the record's schools, schools left out and problems. */
function whyNotOnSite(
  record: BuildRecord,
): (id: string, school: string | null) => [IndexCode, string | null, string] | null {
  const built = new Set(record.schools.map((school) => school.key));
  const leftOut = new Map(record.leftOut.map((entry) => [entry.key, entry]));
  const problems = new Map<string, BuildRecord['problems'][number]>();
  for (const problem of record.problems) {
    if (problem.documentId != null) {
      const id = problem.documentId.replace(/^drafts\./, '');
      if (!problems.has(id)) problems.set(id, problem);
    }
  }
  return (id, school) => {
    if (school !== null) {
      const left = leftOut.get(school);
      if (left) return [leftOutCode(left), null, left.reasons.join('; ')];
      if (!built.has(school))
        return [
          'school-not-built',
          null,
          'its school is not one the site publishes (retired, or no school of the site)',
        ];
    }
    const problem = problems.get(id);
    return problem ? ['content-problem', problem.field ?? null, problem.reason] : null;
  };
}

/**
 * The index of deploy `deployId`, published at `publishedAt`, and the revisions it brought: a
 * revision the previous index (`previous`, the shards of the deploy live before) had too keeps its
 * live time; any other (and any without a revision) is live from `publishedAt` and was brought.
 */
export function indexOf(
  deployId: string,
  publishedAt: string,
  record: BuildRecord,
  previous: ReadonlyArray<IndexShard | undefined>,
): { shards: IndexShard[]; brought: { documents: Revision[]; more: number } } {
  // No prototype: an id such as `__proto__` is an entry like any other.
  const shards: IndexShard[] = Array.from({ length: INDEX_SHARDS }, () => ({
    deployId,
    publishedAt,
    contentReadAt: record.contentReadAt,
    documents: Object.create(null) as IndexShard['documents'],
  }));
  const why = whyNotOnSite(record);
  const brought: Revision[] = [];
  let more = 0;
  for (const [id, document] of Object.entries(record.documents)) {
    const shard = shardOf(id);
    const before = ownEntry(previous[shard]?.documents, id);
    const kept = document.rev !== null && before?.[0] === document.rev;
    if (!kept) {
      if (brought.length < LISTED_BROUGHT) brought.push({ id, rev: document.rev });
      else more += 1;
    }
    const [code, field, reason] = why(id, document.school) ?? [null, null, null];
    shards[shard]!.documents[id] = [
      document.rev,
      kept ? before[1] : publishedAt,
      document.school,
      code,
      field,
      reason,
    ] satisfies IndexEntry;
  }
  return { shards, brought: { documents: brought, more } };
}
