/**
 * What a build records (the build writes it into its deploy's own store; the deploy notification
 * copies it into the deploy's record): what it read, from which inputs, which schools it built and
 * left out, and the problems it found.
 */
import { z } from 'zod';
import { buildTriggerSchema } from './hook-body.ts';
import { isoTime, ownRecord, stringOrNull } from './record-parts.ts';

export const leftOutCodeSchema = z.enum(['not-launched', 'no-tenant', 'school-left-out']);
export type LeftOutCode = z.infer<typeof leftOutCodeSchema>;

/**
 * What a build read that has no event of its own: each published school's tenant record (digested:
 * src/lib/tenants/digest.ts) and where it was read from (`api`: the product API; `file`: a file of
 * records, TENANTS_FILE, which changes only with a deploy). The freshness check compares it with
 * the tenant records as they are now.
 */
export const buildInputsSchema = z.object({
  source: z.enum(['api', 'file']),
  /** The digest of every school's digest. */
  digest: z.string().min(1),
  /** School key → its tenant record's digest. */
  tenants: ownRecord((entry): entry is string => typeof entry === 'string'),
});
export type BuildInputs = z.infer<typeof buildInputsSchema>;

export const buildRecordSchema = z.object({
  version: z.literal(1),
  contentReadAt: isoTime,
  trigger: buildTriggerSchema,
  /** Absent in the records of builds made before the freshness check: such a live deploy has no digest. */
  inputs: buildInputsSchema.optional(),
  /** Every document the build read: published id → revision, type, school key (null: site-wide). */
  documents: ownRecord(
    (entry): entry is { rev: string | null; type: string; school: string | null } => {
      const document = entry as Record<string, unknown> | null;
      return (
        typeof document === 'object' &&
        document !== null &&
        stringOrNull(document['rev']) &&
        typeof document['type'] === 'string' &&
        stringOrNull(document['school'])
      );
    },
  ),
  schools: z.array(z.object({ key: z.string(), seoSlug: z.string(), status: z.string() })),
  leftOut: z.array(
    z.object({
      key: z.string(),
      seoSlug: z.string().nullish(),
      status: z.string(),
      reasons: z.array(z.string()),
      /** Optional: derived from status and reasons by leftOutCode() when absent. */
      code: leftOutCodeSchema.optional(),
    }),
  ),
  problems: z.array(
    z.object({
      school: z.string().nullish(),
      documentType: z.string(),
      documentId: z.string().nullish(),
      field: z.string().nullish(),
      reason: z.string(),
    }),
  ),
});
export type BuildRecord = z.infer<typeof buildRecordSchema>;
export type LeftOutEntry = BuildRecord['leftOut'][number];
export type BuildProblem = BuildRecord['problems'][number];

/** Why a school was left out, as a code: a preparing school is "not launched" first of all. */
export function leftOutCode(entry: LeftOutEntry): LeftOutCode {
  if (entry.code) return entry.code;
  if (
    entry.status === 'preparing' &&
    entry.reasons.some((reason) => reason.startsWith('not launched'))
  )
    return 'not-launched';
  if (entry.reasons.some((reason) => reason.startsWith('no tenant record'))) return 'no-tenant';
  return 'school-left-out';
}
