/**
 * The bundled export read by the editors' preview site, whose function stays warm (one process,
 * many requests): the export is parsed once per version of the file and held in module scope,
 * each perspective's view, its source and its split by school worked out once and kept for the
 * MAX_HELD_PERSPECTIVES perspectives used last (release stacks are open-ended: each editor's can
 * differ). The file is read again when it changes on disk (its size, modification time or inode),
 * so the next request after an export is written sees it without a restart.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { evaluate, parse } from 'groq-js';
import { LRUCache } from 'lru-cache';
import { createLocalSource, readNdjson } from './local.ts';
import { applyPerspective } from './perspective.ts';
import { perspectiveName, type ContentPerspective } from './perspective-name.ts';
import { SCHOOL_PAGE_CONTENT_QUERY } from './queries.ts';
import type { ContentSource } from './source.ts';

/** Perspectives whose view of one export is held at once (the least recently used goes first). */
export const MAX_HELD_PERSPECTIVES = 8;

/** One perspective's view of an export: its documents, a source over them, and their split by school. */
interface PerspectiveView {
  documents: unknown[];
  source?: ContentSource;
  bySchool?: SchoolScoped;
}

interface ExportVersion {
  stamp: string;
  raw: unknown[];
  imageNames: Set<string>;
  /** By perspective name (perspective-name.ts). */
  views: LRUCache<string, PerspectiveView>;
  /** A source over no documents: image addresses need only the image files' names. */
  imageSource?: ContentSource;
}

/** A document and its place in the perspective's view. */
interface Placed {
  doc: unknown;
  at: number;
}

/**
 * A perspective's documents split by the school they reference (`school._ref`); `shared`: the rest
 * (schools, settings, the product documents…), each with its place, so a school's are answered in
 * the export's order.
 */
interface SchoolScoped {
  shared: Placed[];
  bySchool: Map<string, Placed[]>;
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
    views: new LRUCache({ max: MAX_HELD_PERSPECTIVES }),
    imageNames: new Set(existsSync(imagesDir) ? readdirSync(imagesDir) : []),
  };
  // Written while it was read: the next request reads it again.
  if (stampOf(file) !== stamp) version.stamp = '';
  versions.set(dir, version);
  return version;
}

function view(version: ExportVersion, perspective: ContentPerspective): PerspectiveView {
  const name = perspectiveName(perspective);
  let held = version.views.get(name);
  if (!held)
    version.views.set(name, (held = { documents: applyPerspective(version.raw, perspective) }));
  return held;
}

const schoolRef = (doc: unknown): string | undefined => {
  const school = doc && typeof doc === 'object' ? (doc as { school?: unknown }).school : undefined;
  const ref =
    school && typeof school === 'object' ? (school as { _ref?: unknown })._ref : undefined;
  return typeof ref === 'string' ? ref : undefined;
};

function scoped(version: ExportVersion, perspective: ContentPerspective): SchoolScoped {
  const held = view(version, perspective);
  let split = held.bySchool;
  if (!split) {
    split = { shared: [], bySchool: new Map() };
    for (const [at, doc] of held.documents.entries()) {
      const ref = schoolRef(doc);
      if (ref === undefined) split.shared.push({ doc, at });
      else {
        let list = split.bySchool.get(ref);
        if (!list) split.bySchool.set(ref, (list = []));
        list.push({ doc, at });
      }
    }
    held.bySchool = split;
  }
  return split;
}

/**
 * The documents SCHOOL_PAGE_CONTENT_QUERY can match for one address, in the export's order: every
 * document that references no school (the school registry, the settings, the product documents)
 * and those of the school(s) with that address. The others cannot match `school._ref == ^._id`, so
 * the answer is the same as over the whole export; groq-js scans ~700 documents instead of ~25,000
 * at 600 schools (what Sanity's indexes do for it).
 */
function schoolPageDocuments(
  version: ExportVersion,
  perspective: ContentPerspective,
  seoSlug: unknown,
): unknown[] {
  const { shared, bySchool } = scoped(version, perspective);
  const ids = shared.flatMap(({ doc }) => {
    const {
      _type,
      seoSlug: slug,
      _id,
    } = doc as { _type?: unknown; seoSlug?: unknown; _id?: unknown };
    return _type === 'school' && slug === seoSlug && typeof _id === 'string' ? [_id] : [];
  });
  const own = ids.flatMap((id) => bySchool.get(id) ?? []);
  if (own.length === 0) return shared.map(({ doc }) => doc);
  return [...shared, ...own].sort((a, b) => a.at - b.at).map(({ doc }) => doc);
}

/**
 * A content source over the export as it is at each query. The documents are handed to the
 * local source already seen through the perspective (`published` of a perspective's view is that
 * view: drafts are already in place under their published ids).
 */
export function createLiveLocalSource(
  datasetDir: string,
  perspective: ContentPerspective,
): ContentSource {
  let queryCount = 0;
  const sourceNow = () => {
    const version = currentExport(datasetDir);
    const held = view(version, perspective);
    return (held.source ??= createLocalSource(
      datasetDir,
      held.documents,
      'published',
      version.imageNames,
    ));
  };
  const imageSourceNow = () => {
    const version = currentExport(datasetDir);
    return (version.imageSource ??= createLocalSource(
      datasetDir,
      [],
      'published',
      version.imageNames,
    ));
  };
  return {
    name: 'local',
    get queryCount() {
      return queryCount;
    },
    async fetch<T>(query: string, params?: Record<string, unknown>): Promise<T> {
      queryCount += 1;
      if (query === SCHOOL_PAGE_CONTENT_QUERY && params) {
        const version = currentExport(datasetDir);
        return createLocalSource(
          datasetDir,
          schoolPageDocuments(version, perspective, params.seoSlug),
          'published',
          version.imageNames,
        ).fetch<T>(query, params);
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

export function createExportClient(
  datasetDir: string,
  now: () => Date = () => new Date(),
): ExportClient {
  const client: ExportClient = {
    // No token is needed to read a file; the secret check only asks that the client has one.
    config: () => ({ token: 'bundled-export' }),
    withConfig: () => client,
    async fetch<T>(query: string, params: Record<string, unknown> = {}) {
      const result = await evaluate(parse(query), {
        dataset: currentExport(datasetDir).raw,
        params,
        timestamp: now(),
      });
      return (await result.get()) as T;
    },
  };
  return client;
}
