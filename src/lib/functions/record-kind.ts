/**
 * Every record the functions keep in Netlify Blobs carries a version (`version`, a whole number at
 * its top level), and each kind of record says which version this code writes and how an older
 * one becomes it. The rule for changing a record (docs/operations.md, "Records that never
 * vanish"): a new optional field whose absence means what the code did before needs no new
 * version; a field whose loss would change what the site does, a changed meaning, a renamed or
 * removed field needs one, and a migration from the version before. A record this code cannot
 * read (not JSON, a newer or unknown version, one that fails its schema) is never taken for none:
 * blob-store.ts keeps it aside and the function answers 5xx.
 */
import type { z } from 'zod';
import { parseJson } from '../http/json-body.ts';

/** A record as stored: its fields and its version. */
export type StoredRecord = Record<string, unknown>;

export interface RecordKind<T> {
  /** What it is, in the words a log line, an alert and the Deploys tool use: "the publish queue". */
  name: string;
  /** The version this code writes. */
  version: number;
  /** Its fields as this code reads them (without `version`). */
  schema: z.ZodType<T>;
  /** `migrations[n]`: a record of version n as version n + 1 (pure; it may throw on a record it cannot take). */
  migrations: Readonly<Record<number, (record: StoredRecord) => StoredRecord>>;
}

/**
 * Records written before records had versions carry none: they are version 1. Version 2 is the
 * same fields with the version written: its migration only says so.
 */
export const UNVERSIONED = 1;
export const fromUnversioned = (record: StoredRecord): StoredRecord => record;

/** A kind of record at version 2, the first that writes its version: one written before (version 1) has the same fields. */
export function recordKind<T>(name: string, schema: z.ZodType<T>): RecordKind<T> {
  return { name, version: 2, schema, migrations: { [UNVERSIONED]: fromUnversioned } };
}

/** Why a record cannot be read: the part of the key it is kept aside under, and the words a log line uses. */
export type UnreadableReason =
  'not-json' | 'not-a-record' | 'unknown-version' | 'newer-version' | 'fails-schema';

export type Reading<T> =
  { ok: true; value: T; version: number } | { ok: false; reason: UnreadableReason; detail: string };

/** A stored record's text, read as `kind`: migrated from an older version, or why it cannot be. Pure. */
export function readRecord<T>(text: string, kind: RecordKind<T>): Reading<T> {
  const parsed = parseJson(text);
  if (!parsed.ok) return { ok: false, reason: 'not-json', detail: 'it is not JSON' };
  const data = parsed.value;
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    return { ok: false, reason: 'not-a-record', detail: 'it is not a JSON object' };
  const stored = data as StoredRecord;
  const version = Object.hasOwn(stored, 'version') ? stored['version'] : UNVERSIONED;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < UNVERSIONED)
    return {
      ok: false,
      reason: 'unknown-version',
      detail: `its version ${JSON.stringify(version)} is no version`,
    };
  if (version > kind.version)
    return {
      ok: false,
      reason: 'newer-version',
      detail: `it is version ${version}, newer than this code reads (${kind.version}): a later deploy wrote it`,
    };
  let record: StoredRecord = stored;
  for (let at = version; at < kind.version; at += 1) {
    const migrate = kind.migrations[at];
    if (!migrate)
      return { ok: false, reason: 'unknown-version', detail: `no migration from version ${at}` };
    try {
      record = migrate(record);
    } catch (error) {
      return {
        ok: false,
        reason: 'fails-schema',
        detail: `its migration from version ${at} failed: ${(error as Error).message}`,
      };
    }
  }
  const checked = kind.schema.safeParse(withoutVersion(record));
  if (!checked.success) {
    const issue = checked.error.issues[0];
    return {
      ok: false,
      reason: 'fails-schema',
      detail: `version ${version} fails its schema${issue ? ` at ${issue.path.join('.') || 'the top'}: ${issue.message}` : ''}`,
    };
  }
  return { ok: true, value: checked.data, version };
}

/** What is written for `value`: its fields and this code's version, first. */
export function storedRecord<T>(value: T, kind: RecordKind<T>): StoredRecord {
  return { version: kind.version, ...withoutVersion(value as StoredRecord) };
}

/** A record's fields without its version. */
export function withoutVersion(record: StoredRecord): StoredRecord {
  const fields = { ...record };
  delete fields['version'];
  return fields;
}
