/** The offline content source: groq-js over a dataset in Sanity's export format (data.ndjson + images/). */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { evaluate, parse } from 'groq-js';
import { dimensionsFromName, type ContentSource, type ImageAsset } from './source.ts';
import type { RawImage } from './schemas.ts';
import { applyPerspective, type ContentPerspective } from './perspective.ts';

/** Where the build publishes the dataset's image files (copied into the site's public folder). */
export const LOCAL_IMAGE_PATH = '/content-images/';

const RASTER = /\.(webp|jpe?g|png|avif)$/i;

/** The file name of a smaller copy of a raster image, made by the build (`hero-1600x900.webp` → `hero-1600x900-480w.webp`). */
export function responsiveVariantName(fileName: string, width: number): string {
  return fileName.replace(RASTER, `-${width}w.webp`);
}

/** Which smaller copies a raster image gets: the offered widths narrower than the original. */
export function responsiveWidths(
  fileName: string,
  originalWidth: number,
  widths: readonly number[],
): number[] {
  return RASTER.test(fileName) ? widths.filter((width) => width < originalWidth) : [];
}

/**
 * The documents of an NDJSON export, one per line. From bytes each line is decoded on its own, so
 * a line of plain ASCII stays a one-byte string (a whole 30 MB export with one "é" in it would be
 * decoded as two-byte text, which is slower to decode and to parse).
 */
export function readNdjson(text: string | Buffer, fileName: string): unknown[] {
  const documents: unknown[] = [];
  const parseLine = (line: string, index: number) => {
    if (!line.trim()) return;
    try {
      documents.push(JSON.parse(line) as unknown);
    } catch (error) {
      throw new Error(
        `${fileName} line ${index + 1} is not valid JSON: ${(error as Error).message}`,
        { cause: error },
      );
    }
  };
  if (typeof text === 'string') {
    text.split('\n').forEach(parseLine);
    return documents;
  }
  for (let start = 0, index = 0; start < text.length; index += 1) {
    const newline = text.indexOf(0x0a, start);
    const end = newline === -1 ? text.length : newline;
    parseLine(text.toString('utf8', start, end), index);
    start = end + 1;
  }
  return documents;
}

/** How the export names an image file in an asset's `_sanityAsset`, and the bytes that end a name in JSON. */
const EXPORT_IMAGE_PREFIX = Buffer.from('image@file://./images/');
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** The export's image file name (`image@file://./images/x-10x10.svg` → `x-10x10.svg`). */
export function exportImageFile(image: RawImage): string | undefined {
  return image._sanityAsset?.replace(/^image@file:\/\/\.\/images\//, '') || undefined;
}

/**
 * `perspective`: which version of each document queries see (drafts are ignored unless `drafts`).
 * `imageNames`: the files the export carries (default: the names in `{datasetDir}/images`).
 */
export function createLocalSource(
  datasetDir: string,
  documents?: unknown[],
  perspective: ContentPerspective = 'published',
  imageNames?: ReadonlySet<string>,
): ContentSource {
  const file = join(datasetDir, 'data.ndjson');
  let names = imageNames;
  const imagesDir = join(datasetDir, 'images');
  const hasFile = (name: string) =>
    (names ??= new Set(existsSync(imagesDir) ? readdirSync(imagesDir) : [])).has(name);
  const missingFile = (image: RawImage) => {
    const name = exportImageFile(image);
    return name && !hasFile(name) ? name : undefined;
  };
  // Whether the export refers to a file its images/ lacks: known from the raw text (undefined: not read from a file).
  let refersToMissingFile: boolean | undefined;
  const readExport = () => {
    const bytes = readFileSync(file);
    refersToMissingFile = false;
    // Searched in the bytes: the export is never decoded as one string.
    for (
      let at = bytes.indexOf(EXPORT_IMAGE_PREFIX);
      at !== -1;
      at = bytes.indexOf(EXPORT_IMAGE_PREFIX, at + 1)
    ) {
      const start = at + EXPORT_IMAGE_PREFIX.length;
      let end = start;
      while (end < bytes.length && bytes[end] !== QUOTE && bytes[end] !== BACKSLASH) end += 1;
      // An escaped name (a backslash in the JSON) is not worked out here: the flag makes the build
      // look at every image itself.
      if (bytes[end] === BACKSLASH || !hasFile(bytes.toString('utf8', start, end))) {
        refersToMissingFile = true;
        break;
      }
    }
    return readNdjson(bytes, file);
  };
  // Read per query rather than held: a build runs one query, and the source lives as long as the
  // build, so holding the raw dataset would keep a third copy of all content in memory (GC time at scale).
  const load = () => applyPerspective(documents ?? readExport(), perspective);
  let queryCount = 0;
  return {
    name: 'local',
    get queryCount() {
      return queryCount;
    },
    async fetch<T>(query: string, params: Record<string, unknown> = {}) {
      queryCount += 1;
      const result = await evaluate(parse(query), { dataset: load(), params });
      return (await result.get()) as T;
    },
    missingFile,
    mayMissFiles: () => refersToMissingFile ?? true,
    imageUrl(image: RawImage, widths: readonly number[] = []): ImageAsset | undefined {
      const fileName = exportImageFile(image);
      if (!fileName || missingFile(image)) return undefined;
      const size = dimensionsFromName(fileName.replace(/\.[a-z0-9]+$/i, ''));
      if (!size) return undefined;
      const src = `${LOCAL_IMAGE_PATH}${fileName}`;
      const smaller = responsiveWidths(fileName, size.width, widths);
      if (!smaller.length) return { src, ...size };
      const srcset = [
        ...smaller.map((w) => `${LOCAL_IMAGE_PATH}${responsiveVariantName(fileName, w)} ${w}w`),
        `${src} ${size.width}w`,
      ].join(', ');
      return { src, ...size, srcset };
    },
  };
}
