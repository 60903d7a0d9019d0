/**
 * What the preview bar says about the releases a page shows (a release stack): each release's
 * title, kind and publish time, read from its `system.release` document (`_.releases.<name>`),
 * as Sanity stores and exports it. Read over every document as stored (Sanity's `raw`
 * perspective): the reader is the one Presentation's secret is checked with (secret-client.ts).
 */
import { defineQuery } from 'groq';
import { z } from 'zod';

/** Release documents by id (`_.releases.<name>`). */
export const RELEASES_QUERY = defineQuery(`*[_type == "system.release" && _id in $ids]{_id, state, publishAt, metadata}`);

const RELEASE_DOCUMENT_PREFIX = '_.releases.';

const releaseDocumentSchema = z.object({
  _id: z.string(),
  state: z.string().nullish(),
  publishAt: z.string().nullish(),
  metadata: z.object({
    title: z.string().nullish(),
    releaseType: z.string().nullish(),
    intendedPublishAt: z.string().nullish(),
    cardinality: z.string().nullish(),
  }).nullish(),
});

export interface ReleaseInfo {
  name: string;
  /** Blank titles read as none. */
  title: string | undefined;
  /** A scheduled draft: a release of one document (`metadata.cardinality: "one"`). */
  scheduledDraft: boolean;
  /** When it publishes: `publishAt` once scheduled, else the time the editor intends; undefined when not set (or not a time). */
  publishAt: Date | undefined;
  /** `active`, `scheduled`, `published`, `archived`… as Sanity writes it. */
  state: string | undefined;
}

export interface RawReader {
  fetch<T>(query: string, params?: Record<string, unknown>): Promise<T>;
}

function timeOf(value: string | null | undefined): Date | undefined {
  if (!value) return undefined;
  const time = new Date(value);
  return Number.isNaN(time.getTime()) ? undefined : time;
}

/**
 * The releases named, by name; a name with no release document (or one that does not read as a
 * release) is not in the map. One query whatever the number of names.
 */
export async function fetchReleases(reader: RawReader, names: readonly string[]): Promise<Map<string, ReleaseInfo>> {
  const found = new Map<string, ReleaseInfo>();
  if (names.length === 0) return found;
  const answer = await reader.fetch<unknown>(RELEASES_QUERY, { ids: names.map((name) => `${RELEASE_DOCUMENT_PREFIX}${name}`) });
  for (const item of Array.isArray(answer) ? answer : []) {
    const parsed = releaseDocumentSchema.safeParse(item);
    if (!parsed.success || !parsed.data._id.startsWith(RELEASE_DOCUMENT_PREFIX)) continue;
    const { _id, state, publishAt, metadata } = parsed.data;
    const name = _id.slice(RELEASE_DOCUMENT_PREFIX.length);
    found.set(name, {
      name,
      title: metadata?.title?.trim() || undefined,
      scheduledDraft: metadata?.cardinality === 'one',
      publishAt: timeOf(publishAt) ?? timeOf(metadata?.intendedPublishAt),
      state: state ?? undefined,
    });
  }
  return found;
}
