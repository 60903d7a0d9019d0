/**
 * The bundled export read by a long-running process (the editors' preview site): parsed once and
 * held, read again when the file changes on disk (its size, modification time or inode), so the next
 * request after an export is written sees it without a restart. Each perspective's view of the
 * documents is worked out once per version of the file.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { evaluate, parse } from 'groq-js';
import { createLocalSource, readNdjson } from './local.ts';
import { applyPerspective, type ContentPerspective } from './perspective.ts';
import type { ContentSource } from './source.ts';

interface ExportVersion {
  stamp: string;
  raw: unknown[];
  views: Map<ContentPerspective, unknown[]>;
  imageNames: Set<string>;
  sources: Map<ContentPerspective, ContentSource>;
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

/**
 * A content source over the export as it is at each query. The documents are handed to the
 * local source already seen through the perspective (`published` of a perspective's view is that
 * view: drafts are already in place under their published ids).
 */
export function createLiveLocalSource(datasetDir: string, perspective: ContentPerspective): ContentSource {
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
  return {
    name: 'local',
    get queryCount() {
      return queryCount;
    },
    fetch<T>(query: string, params?: Record<string, unknown>) {
      queryCount += 1;
      return sourceNow().fetch<T>(query, params);
    },
    imageUrl: (image, widths, aspectRatio) => sourceNow().imageUrl(image, widths, aspectRatio),
    missingFile: (image) => sourceNow().missingFile(image),
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
