/**
 * Reads a dataset in Sanity's export format: a folder (data.ndjson + images/), a bare
 * data.ndjson, or the .tar.gz that `sanity dataset export` writes (read in memory, no tar needed).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { readNdjson } from '../../src/lib/content/local.ts';

export interface ExportContents {
  documents: unknown[];
  /** File names under images/, when the export carries its image files. */
  imageNames: Set<string> | undefined;
}

function imagesBeside(dataFile: string): Set<string> | undefined {
  const images = join(dirname(dataFile), 'images');
  return existsSync(images) ? new Set(readdirSync(images)) : undefined;
}

/** Entries of a tar archive: name → contents. Handles ustar prefixes and pax/GNU long names. */
export function readTar(archive: Buffer): Map<string, Buffer> {
  const entries = new Map<string, Buffer>();
  const text = (start: number, length: number) =>
    archive
      .subarray(start, start + length)
      .toString('utf8')
      .replace(/\0.*$/s, '');
  let offset = 0;
  let longName: string | undefined;
  while (offset + 512 <= archive.length) {
    if (archive.subarray(offset, offset + 512).every((byte) => byte === 0)) break;
    const size = parseInt(text(offset + 124, 12).trim() || '0', 8);
    const type = text(offset + 156, 1);
    const prefix = text(offset + 345, 155);
    const body = archive.subarray(offset + 512, offset + 512 + size);
    const name = longName ?? (prefix ? `${prefix}/${text(offset, 100)}` : text(offset, 100));
    longName = undefined;
    if (type === 'x') longName = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(body.toString('utf8'))?.[1];
    else if (type === 'L') longName = body.toString('utf8').replace(/\0.*$/s, '');
    else if (type === '0' || type === '') entries.set(name, body);
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return entries;
}

export function readExport(path: string): ExportContents {
  if (statSync(path).isDirectory()) return readExport(join(path, 'data.ndjson'));
  if (/\.(tar\.gz|tgz)$/i.test(path)) {
    const entries = readTar(gunzipSync(readFileSync(path)));
    const dataName = [...entries.keys()].find((name) => basename(name) === 'data.ndjson');
    if (!dataName) throw new Error(`${path} has no data.ndjson`);
    const root = dirname(dataName);
    const imageNames = new Set(
      [...entries.keys()]
        .filter((name) => dirname(name) === join(root, 'images'))
        .map((name) => basename(name)),
    );
    return {
      documents: readNdjson(
        (entries.get(dataName) as Buffer).toString('utf8'),
        `${path}:${dataName}`,
      ),
      imageNames,
    };
  }
  return {
    documents: readNdjson(readFileSync(path, 'utf8'), path),
    imageNames: imagesBeside(path),
  };
}
