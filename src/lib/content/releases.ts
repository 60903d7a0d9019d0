/**
 * What the preview bar says about the releases a page shows (a release stack): each release's
 * title, kind and publish time, read from its `system.release` document (`_.releases.<name>`),
 * as Sanity stores and exports it. Read over every document as stored (Sanity's `raw`
 * perspective): the reader is the one Presentation's secret is checked with (secret-client.ts).
 */
import { defineQuery } from 'groq';
import { z } from 'zod';

/** Release documents by id (`_.releases.<name>`). */
export const RELEASES_QUERY = defineQuery(
  `*[_type == "system.release" && _id in $ids]{_id, state, publishAt, metadata}`,
);

/** A release document's id: this, then the release's name. */
export const RELEASE_DOCUMENT_PREFIX = '_.releases.';

/** A field of another kind reads as absent: a release document is read as far as it can be. */
const optionalText = z.string().nullish().catch(undefined);

const releaseDocumentSchema = z.object({
  _id: z.string(),
  name: optionalText,
  state: optionalText,
  publishAt: optionalText,
  metadata: z
    .object({
      title: optionalText,
      releaseType: optionalText,
      intendedPublishAt: optionalText,
      cardinality: optionalText,
    })
    .nullish()
    .catch(undefined),
});

/** What a release document says, as written. */
export interface ReleaseDocument {
  id: string;
  /** Its `name`, else its id without RELEASE_DOCUMENT_PREFIX. */
  name: string;
  /** Blank titles read as none. */
  title: string | undefined;
  /** A scheduled draft: a release of one document (`metadata.cardinality: "one"`). */
  scheduledDraft: boolean;
  /** When it publishes, as written: `publishAt` once scheduled, else the time the editor intends; undefined when neither is a time. */
  publishAt: string | undefined;
  /** `active`, `scheduled`, `published`, `archived`… as Sanity writes it. */
  state: string | undefined;
}

export interface ReleaseInfo extends Omit<ReleaseDocument, 'id' | 'publishAt'> {
  /** ReleaseDocument's `publishAt`, as a time. */
  publishAt: Date | undefined;
}

export interface RawReader {
  fetch<T>(query: string, params?: Record<string, unknown>): Promise<T>;
}

function timeOf(value: string | null | undefined): Date | undefined {
  if (!value) return undefined;
  const time = new Date(value);
  return Number.isNaN(time.getTime()) ? undefined : time;
}

/** A release document (`system.release`) as Sanity stores and exports it; undefined when it has no id. */
export function readReleaseDocument(item: unknown): ReleaseDocument | undefined {
  const parsed = releaseDocumentSchema.safeParse(item);
  if (!parsed.success) return undefined;
  const { _id: id, name, state, publishAt, metadata } = parsed.data;
  return {
    id,
    name:
      name?.trim() ||
      (id.startsWith(RELEASE_DOCUMENT_PREFIX) ? id.slice(RELEASE_DOCUMENT_PREFIX.length) : id),
    title: metadata?.title?.trim() || undefined,
    scheduledDraft: metadata?.cardinality === 'one',
    publishAt:
      [publishAt, metadata?.intendedPublishAt].find((time) => timeOf(time) !== undefined) ??
      undefined,
    state: state ?? undefined,
  };
}

/**
 * The releases named, by name; a name with no release document (or one that does not read as a
 * release) is not in the map. One query whatever the number of names.
 */
export async function fetchReleases(
  reader: RawReader,
  names: readonly string[],
): Promise<Map<string, ReleaseInfo>> {
  const found = new Map<string, ReleaseInfo>();
  if (names.length === 0) return found;
  const answer = await reader.fetch<unknown>(RELEASES_QUERY, {
    ids: names.map((name) => `${RELEASE_DOCUMENT_PREFIX}${name}`),
  });
  for (const item of Array.isArray(answer) ? answer : []) {
    const release = readReleaseDocument(item);
    if (!release?.id.startsWith(RELEASE_DOCUMENT_PREFIX)) continue;
    const { name, title, scheduledDraft, publishAt, state } = release;
    found.set(name, { name, title, scheduledDraft, publishAt: timeOf(publishAt), state });
  }
  return found;
}
