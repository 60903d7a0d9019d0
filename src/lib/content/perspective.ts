/**
 * Which version of each document a query sees, as Sanity's perspectives define it:
 * - `published`: published documents only; drafts (`drafts.…`) and release versions
 *   (`versions.<release>.…`) are not there;
 * - `drafts`: a draft in place of its published document, and a draft never published as a
 *   document of its own;
 * - a release stack (`rLaunch,drafts`): per document, the version of the leftmost release in the
 *   stack that has one, else the draft, else the published document; a document created in a
 *   release exists only in stacks that name it; a version marked for unpublishing
 *   (`_system.delete: true`, what the Studio writes for "unpublish when releasing") leaves the
 *   document out of stacks where it wins.
 * A draft or version is shown under the published id, with its own id in `_originalId`. System
 * documents (`_.…`, such as a release's `_.releases.<name>`) are seen by release stacks only, as
 * Sanity shows them to a query with a stack (or `raw`) and not to `published` or `drafts`.
 * The live source asks Sanity for the perspective; the bundled/export source applies it here,
 * so an export that contains drafts and releases builds exactly what Sanity's view would.
 */
import { DRAFTS_PREFIX } from './school-reference.ts';
import type { ContentPerspective } from './perspective-name.ts';

export type { ContentPerspective } from './perspective-name.ts';

const VERSIONS_PREFIX = 'versions.';
const SYSTEM_PREFIX = '_.';
const PUBLISHED = 'published';
const DRAFTS = 'drafts';

type Doc = Record<string, unknown>;

const idOf = (doc: unknown) => {
  const id = doc && typeof doc === 'object' ? (doc as { _id?: unknown })._id : undefined;
  return typeof id === 'string' ? id : undefined;
};

/** Which layer a document id belongs to (`published`, `drafts` or a release name) and its published id. */
export function layerOf(id: string): { layer: string; publishedId: string } | undefined {
  if (id.startsWith(DRAFTS_PREFIX))
    return { layer: DRAFTS, publishedId: id.slice(DRAFTS_PREFIX.length) };
  if (!id.startsWith(VERSIONS_PREFIX)) return { layer: PUBLISHED, publishedId: id };
  const rest = id.slice(VERSIONS_PREFIX.length);
  const dot = rest.indexOf('.');
  // `versions.` with no release name or no document id is no document of any perspective.
  return dot > 0 && dot < rest.length - 1
    ? { layer: rest.slice(0, dot), publishedId: rest.slice(dot + 1) }
    : undefined;
}

/** The layers a perspective reads, highest precedence first. */
function layersOf(perspective: ContentPerspective): readonly string[] {
  if (perspective === PUBLISHED) return [PUBLISHED];
  if (perspective === DRAFTS) return [DRAFTS, PUBLISHED];
  return [...perspective.releases, DRAFTS, PUBLISHED];
}

const markedForUnpublish = (doc: Doc) => {
  const system = doc._system;
  return Boolean(
    system && typeof system === 'object' && (system as { delete?: unknown }).delete === true,
  );
};

/**
 * The documents as the perspective shows them, each in the place of the first of its versions in
 * `documents` (a document without an `_id`, or a system document a stack sees, stays where it is).
 */
export function applyPerspective(
  documents: readonly unknown[],
  perspective: ContentPerspective,
): unknown[] {
  const layers = layersOf(perspective);
  const wanted = new Set(layers);
  const showsSystem = typeof perspective === 'object';
  // Per published id, its document in each layer the perspective reads; ids in first-seen order.
  const byId = new Map<string, Map<string, Doc>>();
  const slots: Array<string | { unnamed: unknown }> = [];
  for (const doc of documents) {
    const id = idOf(doc);
    if (id === undefined || id.startsWith(SYSTEM_PREFIX)) {
      if (id === undefined || showsSystem) slots.push({ unnamed: doc });
      continue;
    }
    const found = layerOf(id);
    if (!found || !wanted.has(found.layer)) continue;
    let variants = byId.get(found.publishedId);
    if (!variants) {
      byId.set(found.publishedId, (variants = new Map<string, Doc>()));
      slots.push(found.publishedId);
    }
    variants.set(found.layer, doc as Doc);
  }
  const result: unknown[] = [];
  for (const slot of slots) {
    if (typeof slot !== 'string') {
      result.push(slot.unnamed);
      continue;
    }
    const variants = byId.get(slot)!;
    const layer = layers.find((name) => variants.has(name))!;
    const doc = variants.get(layer)!;
    if (layer === PUBLISHED) result.push(doc);
    else if (layer === DRAFTS || !markedForUnpublish(doc))
      result.push({ ...doc, _id: slot, _originalId: doc._id });
  }
  return result;
}
