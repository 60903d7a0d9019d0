/**
 * A per-school document names its school with a reference to the `school` document
 * (`school._ref` = the school's document id). Pure helpers for resolving and migrating it.
 */

export const DRAFTS_PREFIX = 'drafts.';

/** The published id of a document id (`drafts.x` → `x`). */
export function publishedId(id: string): string {
  return id.startsWith(DRAFTS_PREFIX) ? id.slice(DRAFTS_PREFIX.length) : id;
}

export interface SchoolReference {
  _type: 'reference';
  _ref: string;
}

export function schoolReference(schoolDocumentId: string): SchoolReference {
  return { _type: 'reference', _ref: publishedId(schoolDocumentId) };
}

/** The referenced school document id of a raw document, if it has one. */
export function schoolRefOf(doc: unknown): string | undefined {
  const school =
    doc && typeof doc === 'object' ? (doc as Record<string, unknown>).school : undefined;
  const ref =
    school && typeof school === 'object' ? (school as Record<string, unknown>)._ref : undefined;
  return typeof ref === 'string' ? ref : undefined;
}

export interface MigrationResult {
  documents: Record<string, unknown>[];
  migrated: number;
  alreadyReferenced: number;
  unresolved: { id: string; key: string }[];
}

/**
 * Replaces each `tenant: "<key>"` with `school: <reference to the school whose key it is>`, in the
 * same place among the document's keys. Documents without `tenant` are returned unchanged.
 */
export function migrateSchoolReferences(documents: Record<string, unknown>[]): MigrationResult {
  const schoolIdByKey = new Map<string, string>();
  for (const doc of documents) {
    if (doc._type === 'school' && typeof doc.key === 'string' && typeof doc._id === 'string') {
      // A published school wins over its draft; a draft-only school still gets its (future) published id.
      if (!schoolIdByKey.has(doc.key) || !doc._id.startsWith(DRAFTS_PREFIX))
        schoolIdByKey.set(doc.key, publishedId(doc._id));
    }
  }
  let migrated = 0;
  let alreadyReferenced = 0;
  const unresolved: MigrationResult['unresolved'] = [];
  const result = documents.map((doc) => {
    if (doc._type === 'school') return doc;
    if (typeof doc.tenant !== 'string') {
      if (schoolRefOf(doc)) alreadyReferenced += 1;
      return doc;
    }
    const schoolId = schoolIdByKey.get(doc.tenant);
    if (!schoolId) {
      unresolved.push({ id: String(doc._id), key: doc.tenant });
      return doc;
    }
    migrated += 1;
    return Object.fromEntries(
      Object.entries(doc).flatMap(([key, value]) => {
        if (key === 'tenant')
          return schoolRefOf(doc) ? [] : [['school', schoolReference(schoolId)]];
        return [[key, value]];
      }),
    );
  });
  return { documents: result, migrated, alreadyReferenced, unresolved };
}
