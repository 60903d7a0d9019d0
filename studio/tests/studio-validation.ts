/**
 * The Studio's own validation, run in Node without a project or network: the compiled Studio
 * schema and Sanity's `validateDocument`, with reference checks and the validators' queries
 * (other schools' addresses) answered from the dataset.
 */
import { existsSync, readFileSync } from 'node:fs';
import { evaluate, parse } from 'groq-js';
import { createSchema, validateDocument, type SanityDocument } from 'sanity';
import { schemaTypes } from '../schemaTypes/index.ts';

export const DATASET_IMAGES = new URL('../../src/dataset/images/', import.meta.url);

export const studioSchema = createSchema({ name: 'default', types: schemaTypes });

const DATASET = new URL('../../src/dataset/data.ndjson', import.meta.url);
const datasetDocuments = readFileSync(DATASET, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as Record<string, unknown>);

/** What a validator's `getClient().fetch` sees: the query run with GROQ over the bundled dataset. */
const datasetClient = {
  fetch: async (query: string, params: Record<string, unknown> = {}): Promise<unknown> =>
    (await evaluate(parse(query, { params }), { dataset: datasetDocuments, params })).get(),
};

export interface StudioMarker {
  level: string;
  path: string;
  message: string;
}

/** An exported image (`_sanityAsset: image@file://./images/x-1600x900.webp`) as `sanity dataset import` stores it: an asset reference. */
const importedAssetFiles = new Map<string, string>();

export function asImported<T>(value: T): T {
  if (Array.isArray(value)) return value.map(asImported) as T;
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const entries = Object.entries(record).flatMap(([key, inner]) => {
      if (key !== '_sanityAsset') return [[key, asImported(inner)]];
      const file = String(inner).replace(/^image@file:\/\/\.\/images\//, '');
      const match = /^(.*)-(\d+x\d+)\.([a-z0-9]+)$/i.exec(file);
      const ref = match
        ? `image-${match[1].replace(/[^a-z0-9]/gi, '')}-${match[2]}-${match[3]}`
        : `image-unknown`;
      importedAssetFiles.set(ref, file);
      return [['asset', { _type: 'reference', _ref: ref }]];
    });
    return Object.fromEntries(entries) as T;
  }
  return value;
}

/** An imported image asset exists when the export carries its file. */
const assetExists = (id: string, imagesDir: URL) => {
  const file = importedAssetFiles.get(id);
  return file !== undefined && existsSync(new URL(file, imagesDir));
};

/**
 * Validates one document with the Studio's rules; `existingIds` are the dataset's documents.
 * `cli` (as `sanity documents validate` runs) also warns about fields the schema does not know,
 * and then reports a whole object's rules, `required` included, as warnings; `studio` gives the
 * levels an editor sees.
 */
export async function studioMarkers(
  document: Record<string, unknown>,
  existingIds: ReadonlySet<string>,
  environment: 'cli' | 'studio' = 'cli',
  imagesDir = DATASET_IMAGES,
): Promise<StudioMarker[]> {
  const markers = await validateDocument({
    document: asImported(document) as SanityDocument,
    workspace: { schema: studioSchema } as never,
    getClient: () => datasetClient as never,
    getDocumentExists: ({ id }) =>
      Promise.resolve(existingIds.has(id) || assetExists(id, imagesDir)),
    environment,
  });
  return markers.map((marker) => ({
    level: marker.level,
    path: marker.path
      .map((segment) =>
        typeof segment === 'object' && segment && '_key' in segment
          ? `[${segment._key}]`
          : String(segment),
      )
      .join('.'),
    message: marker.message,
  }));
}

/** The errors an editor sees (the document cannot be published). */
export const studioErrors = async (
  document: Record<string, unknown>,
  existingIds: ReadonlySet<string>,
) =>
  (await studioMarkers(document, existingIds, 'studio')).filter(
    (marker) => marker.level === 'error',
  );
