/**
 * Which version of each document a build sees, as Sanity's perspectives define it:
 * `published` ignores drafts (`drafts.…`) and release versions (`versions.…`); `drafts` shows a
 * draft in place of its published document (under the published id, the draft's in
 * `_originalId`), and a draft that was never published as a document of its own.
 * The live source asks Sanity for the perspective; the bundled/export source applies it here,
 * so an export that contains drafts builds exactly what Sanity's published view would.
 */
import { DRAFTS_PREFIX, publishedId } from './school-reference.ts';

export type ContentPerspective = 'published' | 'drafts';

const VERSIONS_PREFIX = 'versions.';

const idOf = (doc: unknown) => {
  const id = doc && typeof doc === 'object' ? (doc as { _id?: unknown })._id : undefined;
  return typeof id === 'string' ? id : undefined;
};

export function applyPerspective(documents: readonly unknown[], perspective: ContentPerspective): unknown[] {
  const current = documents.filter((doc) => !idOf(doc)?.startsWith(VERSIONS_PREFIX));
  if (perspective === 'published') return current.filter((doc) => !idOf(doc)?.startsWith(DRAFTS_PREFIX));
  const drafts = new Map<string, Record<string, unknown>>();
  for (const doc of current) {
    const id = idOf(doc);
    if (id?.startsWith(DRAFTS_PREFIX)) drafts.set(publishedId(id), { ...(doc as Record<string, unknown>), _id: publishedId(id), _originalId: id });
  }
  const publishedIds = new Set(current.map(idOf).filter((id) => id !== undefined && !id.startsWith(DRAFTS_PREFIX)));
  const result: unknown[] = [];
  for (const doc of current) {
    const id = idOf(doc);
    if (id?.startsWith(DRAFTS_PREFIX)) {
      // A draft-only document, in the place its draft had.
      if (!publishedIds.has(publishedId(id))) result.push(drafts.get(publishedId(id)));
      continue;
    }
    result.push(id !== undefined && drafts.has(id) ? drafts.get(id) : doc);
  }
  return result;
}
