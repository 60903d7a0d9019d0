/**
 * The bundled export read by the editors' preview site, whose function may be warm (one process,
 * many requests) or cold (a new worker per request, as the local functions runtime runs it). The
 * file is read again when it changes on disk (its size, modification time or inode), so the next
 * request after an export is written sees it without a restart.
 *
 * A school page's query reads only the lines of the export it can match, found through an index
 * of the file (export-index.ts) that is made once per version of the file and kept in a cache
 * file for the next cold worker; the lines read are held while the file is unchanged. Other
 * queries, and the secret check, read the whole export (parsed once per version and held; each
 * perspective's view worked out once).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { evaluate, parse } from 'groq-js';
import { buildExportIndex, readIndexedLines, readStoredIndex, storeIndex, type ExportIndex } from './export-index.ts';
import { createLocalSource, readNdjson } from './local.ts';
import { applyPerspective, type ContentPerspective } from './perspective.ts';
import { SCHOOL_PAGE_CONTENT_QUERY } from './queries.ts';
import type { ContentSource } from './source.ts';

interface ExportVersion {
  stamp: string;
  raw: unknown[];
  views: Map<ContentPerspective, unknown[]>;
  imageNames: Set<string>;
  sources: Map<ContentPerspective, ContentSource>;
  bySchool: Map<ContentPerspective, SchoolScoped>;
}

/** A perspective's documents split by the school they reference (`school._ref`); `shared`: the rest (schools, settings…). */
interface SchoolScoped {
  shared: unknown[];
  bySchool: Map<string, unknown[]>;
}

const versions = new Map<string, ExportVersion>();

function stampOf(file: string): string {
  const stat = statSync(file, { bigint: true });
  return `${stat.ino}:${stat.size}:${stat.mtimeNs}`;
}

/** The export as it is on disk now: the held copy when the file is unchanged. */
export function currentExport(datasetDir: string): ExportVersion {
  const dir = resolve(datasetDir);
  const file = join(dir, 'data.ndjson');
  const stamp = stampOf(file);
  const held = versions.get(dir);
  if (held?.stamp === stamp) return held;
  const imagesDir = join(dir, 'images');
  const version: ExportVersion = {
    stamp,
    raw: readNdjson(readFileSync(file), file),
    views: new Map(),
    imageNames: new Set(existsSync(imagesDir) ? readdirSync(imagesDir) : []),
    sources: new Map(),
    bySchool: new Map(),
  };
  // Written while it was read: the next request reads it again.
  if (stampOf(file) !== stamp) version.stamp = '';
  versions.set(dir, version);
  return version;
}

function view(version: ExportVersion, perspective: ContentPerspective): unknown[] {
  let documents = version.views.get(perspective);
  if (!documents) version.views.set(perspective, (documents = applyPerspective(version.raw, perspective)));
  return documents;
}

const schoolRef = (doc: unknown): string | undefined => {
  const school = doc && typeof doc === 'object' ? (doc as { school?: unknown }).school : undefined;
  const ref = school && typeof school === 'object' ? (school as { _ref?: unknown })._ref : undefined;
  return typeof ref === 'string' ? ref : undefined;
};

function scoped(version: ExportVersion, perspective: ContentPerspective): SchoolScoped {
  let split = version.bySchool.get(perspective);
  if (!split) {
    split = { shared: [], bySchool: new Map() };
    for (const doc of view(version, perspective)) {
      const ref = schoolRef(doc);
      if (ref === undefined) split.shared.push(doc);
      else {
        let list = split.bySchool.get(ref);
        if (!list) split.bySchool.set(ref, (list = []));
        list.push(doc);
      }
    }
    version.bySchool.set(perspective, split);
  }
  return split;
}

/**
 * The documents SCHOOL_PAGE_CONTENT_QUERY can match for one address: every document that references
 * no school (the school registry, the settings) and those of the school(s) with that address. The
 * others cannot match `school._ref == ^._id`, so the answer is the same as over the whole export;
 * groq-js scans ~700 documents instead of ~25,000 at 600 schools (what Sanity's indexes do for it).
 */
function schoolPageDocuments(version: ExportVersion, perspective: ContentPerspective, seoSlug: unknown): unknown[] {
  const { shared, bySchool } = scoped(version, perspective);
  const ids = shared.flatMap((doc) => {
    const { _type, seoSlug: slug, _id } = doc as { _type?: unknown; seoSlug?: unknown; _id?: unknown };
    return _type === 'school' && slug === seoSlug && typeof _id === 'string' ? [_id] : [];
  });
  return [...shared, ...ids.flatMap((id) => bySchool.get(id) ?? [])];
}

interface IndexedVersion {
  stamp: string;
  /** Undefined: the export has a line the index cannot place (its queries read the whole export). */
  index: ExportIndex | undefined;
  /** The lines parsed so far, by indexed line. */
  parsed: Map<number, unknown>;
  imageNames: Set<string>;
  imageSource?: ContentSource;
}

const indexedVersions = new Map<string, IndexedVersion>();

/** The export changed on disk while its lines were read: the request starts again on the new version. */
class ExportChanged extends Error {}

const imageNamesIn = (dir: string) => {
  const imagesDir = join(dir, 'images');
  return new Set(existsSync(imagesDir) ? readdirSync(imagesDir) : []);
};

/** The index of the export as it is on disk now: held, else from the cache file, else made from the bytes (and stored). */
function currentIndex(dir: string): IndexedVersion {
  const file = join(dir, 'data.ndjson');
  const stamp = stampOf(file);
  const held = indexedVersions.get(dir);
  if (held?.stamp === stamp) return held;
  let index: ExportIndex | undefined;
  const stored = readStoredIndex(dir, stamp);
  if (stored) index = stored.index;
  else {
    const bytes = readFileSync(file);
    // Written while it was read: the bytes may be half of each version; this request reads the whole file.
    if (stampOf(file) !== stamp) return { stamp: '', index: undefined, parsed: new Map(), imageNames: imageNamesIn(dir) };
    index = buildExportIndex(bytes, stamp);
    storeIndex(dir, stamp, index);
  }
  const version: IndexedVersion = { stamp, index, parsed: new Map(), imageNames: imageNamesIn(dir) };
  indexedVersions.set(dir, version);
  return version;
}

/** The documents on the given indexed lines, in the export's order (each line parsed once per version). */
function indexedDocuments(dir: string, version: IndexedVersion, index: ExportIndex, lines: readonly number[]): unknown[] {
  const sorted = [...new Set(lines)].sort((a, b) => a - b);
  const missing = sorted.filter((line) => !version.parsed.has(line));
  if (missing.length) {
    const file = join(dir, 'data.ndjson');
    const texts = readIndexedLines(file, index, missing);
    if (stampOf(file) !== version.stamp) throw new ExportChanged();
    for (const [line, text] of texts) {
      try {
        version.parsed.set(line, JSON.parse(text) as unknown);
      } catch (error) {
        throw new Error(`${file} line ${index.lines[line * 3 + 2]} is not valid JSON: ${(error as Error).message}`);
      }
    }
  }
  return sorted.map((line) => version.parsed.get(line));
}

/**
 * SCHOOL_PAGE_CONTENT_QUERY's documents from the index: the lines that can hold a school document
 * with that address and the site settings, then the lines of the school(s) the perspective finds
 * there. Whole documents (with their drafts) in the export's order, seen through the perspective:
 * the query answers exactly as over the whole export.
 */
function indexedSchoolPageDocuments(dir: string, version: IndexedVersion, index: ExportIndex, perspective: ContentPerspective, seoSlug: string): unknown[] {
  const head = [...(index.slugs.get(seoSlug) ?? []), ...index.settings];
  const ids = applyPerspective(indexedDocuments(dir, version, index, head), perspective).flatMap((doc) => {
    const { _type, seoSlug: slug, _id } = doc as { _type?: unknown; seoSlug?: unknown; _id?: unknown };
    return _type === 'school' && slug === seoSlug && typeof _id === 'string' ? [_id] : [];
  });
  const lines = [...head, ...ids.flatMap((id) => index.schools.get(id) ?? [])];
  return applyPerspective(indexedDocuments(dir, version, index, lines), perspective);
}

/**
 * A content source over the export as it is at each query. The documents are handed to the
 * local source already seen through the perspective (`published` of a perspective's view is that
 * view: drafts are already in place under their published ids).
 */
export function createLiveLocalSource(datasetDir: string, perspective: ContentPerspective): ContentSource {
  const dir = resolve(datasetDir);
  let queryCount = 0;
  const sourceNow = () => {
    const version = currentExport(datasetDir);
    let source = version.sources.get(perspective);
    if (!source) {
      source = createLocalSource(datasetDir, view(version, perspective), 'published', version.imageNames);
      version.sources.set(perspective, source);
    }
    return source;
  };
  const imageSourceNow = () => {
    const version = currentIndex(dir);
    return (version.imageSource ??= createLocalSource(datasetDir, [], 'published', version.imageNames));
  };
  return {
    name: 'local',
    get queryCount() {
      return queryCount;
    },
    async fetch<T>(query: string, params?: Record<string, unknown>): Promise<T> {
      queryCount += 1;
      if (query === SCHOOL_PAGE_CONTENT_QUERY && params) {
        const seoSlug = params.seoSlug;
        for (let attempt = 0; typeof seoSlug === 'string' && attempt < 3; attempt += 1) {
          const version = currentIndex(dir);
          if (!version.index) break;
          try {
            const documents = indexedSchoolPageDocuments(dir, version, version.index, perspective, seoSlug);
            return createLocalSource(datasetDir, documents, 'published', version.imageNames).fetch<T>(query, params);
          } catch (error) {
            if (!(error instanceof ExportChanged)) throw error;
          }
        }
        const version = currentExport(datasetDir);
        return createLocalSource(datasetDir, schoolPageDocuments(version, perspective, params.seoSlug), 'published', version.imageNames).fetch<T>(query, params);
      }
      return sourceNow().fetch<T>(query, params);
    },
    // Image addresses need the names of the image files, not the documents.
    imageUrl: (image, widths, aspectRatio) => imageSourceNow().imageUrl(image, widths, aspectRatio),
    missingFile: (image) => imageSourceNow().missingFile(image),
    mayMissFiles: () => true,
  };
}

/**
 * The part of @sanity/client that `@sanity/preview-url-secret` uses (`config`, `withConfig`,
 * `fetch`), over the export's raw documents (every draft and system document, as the `raw`
 * perspective shows them). `now` is the clock GROQ's `now()` reads.
 */
export interface ExportClient {
  config(): { token: string };
  withConfig(config?: unknown): ExportClient;
  fetch<T>(query: string, params?: Record<string, unknown>): Promise<T>;
}

export function createExportClient(datasetDir: string, now: () => Date = () => new Date()): ExportClient {
  const client: ExportClient = {
    // No token is needed to read a file; the secret check only asks that the client has one.
    config: () => ({ token: 'bundled-export' }),
    withConfig: () => client,
    async fetch<T>(query: string, params: Record<string, unknown> = {}) {
      const result = await evaluate(parse(query), { dataset: currentExport(datasetDir).raw, params, timestamp: now() });
      return (await result.get()) as T;
    },
  };
  return client;
}
