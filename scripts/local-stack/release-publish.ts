/**
 * A release (or scheduled draft) publishing, as Sanity publishes one: in one transaction, each of
 * its versions (`versions.<name>.<id>`) becomes the published document `<id>` (the version's
 * content, the transaction's id as every document's `_rev`, the publish time as `_updatedAt`); a
 * version marked for unpublishing (`_system.delete`) deletes the published document instead; the
 * versions are gone, and the release document (`_.releases.<name>`) is `published` with its
 * `publishedAt` and the documents it left (`finalDocumentStates`). Pure: publish.ts writes the
 * result and posts one webhook per document.
 */
import { layerOf } from '../../src/lib/content/perspective.ts';

export type Doc = Record<string, unknown> & { _id: string; _type: string };

/** One document the publish changed, as the content webhook's projection names it. */
export interface ReleaseChange {
  _id: string;
  _type: string;
  _rev: string;
  _updatedAt: string;
  /** The release deleted it (it was marked for unpublishing). */
  deleted: boolean;
}

export interface PublishedRelease {
  documents: Doc[];
  changes: ReleaseChange[];
}

const markedForUnpublish = (doc: Doc) =>
  (doc._system as { delete?: unknown } | undefined)?.delete === true;

/** The published id a document is a version of in release `name`, if it is one. */
function versionIn(doc: Doc, name: string): string | undefined {
  const layer = doc._id.startsWith('versions.') ? layerOf(doc._id) : undefined;
  return layer?.layer === name ? layer.publishedId : undefined;
}

/**
 * The dataset after `name` publishes with transaction `rev` at `now`. Throws when the dataset
 * holds no such release, or a release with no versions (Sanity has nothing to publish then either).
 */
export function publishRelease(
  documents: readonly Doc[],
  name: string,
  rev: string,
  now: Date,
): PublishedRelease {
  const releaseId = `_.releases.${name}`;
  const release = documents.find((doc) => doc._id === releaseId);
  if (!release) throw new Error(`no release ${name} (no document ${releaseId}) in the dataset`);
  if (release.state === 'published') throw new Error(`release ${name} is already published`);
  const versions = new Map<string, Doc>();
  for (const doc of documents) {
    const publishedId = versionIn(doc, name);
    if (publishedId !== undefined) versions.set(publishedId, doc);
  }
  if (versions.size === 0) throw new Error(`release ${name} has no documents to publish`);
  const updatedAt = now.toISOString();
  const changes: ReleaseChange[] = [];
  const published = new Map<string, Doc>();
  for (const [id, version] of versions) {
    const {
      _id: _version,
      _type,
      _rev: _old,
      _updatedAt: _before,
      _createdAt: _created,
      _system: _marker,
      ...fields
    } = version;
    const deleted = markedForUnpublish(version);
    changes.push({ _id: id, _type, _rev: rev, _updatedAt: updatedAt, deleted });
    if (!deleted)
      published.set(id, { _id: id, _type, _rev: rev, _updatedAt: updatedAt, ...fields });
  }
  const existing = new Set(documents.map((doc) => doc._id));
  const result: Doc[] = [];
  for (const doc of documents) {
    const versionOf = versionIn(doc, name);
    if (versions.has(doc._id)) {
      // The published document: replaced where it was, or gone.
      const next = published.get(doc._id);
      if (next) result.push(next);
    } else if (doc._id === releaseId) {
      result.push({
        ...doc,
        _rev: rev,
        _updatedAt: updatedAt,
        state: 'published',
        publishedAt: updatedAt,
        finalDocumentStates: [...versions.keys()].map((id) => ({ id })),
      });
    } else if (versionOf === undefined) {
      result.push(doc);
    } else if (!existing.has(versionOf)) {
      // A document the release created: published where its version was.
      const next = published.get(versionOf);
      if (next) result.push(next);
    }
  }
  return { documents: result, changes };
}
