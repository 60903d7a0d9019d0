/**
 * The local files an import file names. The Sanity CLI uploads every `_sanityAsset` it finds
 * (`image@file://…`, `file@file://…`) to the project's CDN, where anyone can read it, so an import
 * file may name only files inside its own folder, as `sanity dataset export` writes them
 * (`file://./images/…`). A path out of the folder (`..`, `%2e%2e`, an absolute `file:///…`) or a
 * link inside it that leads out is refused, naming the line and the path.
 */
import { isAbsolute, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** A `_sanityAsset` value that names a local file: its kind and its `file:` URL. */
const LOCAL_ASSET = /^([a-z]+)@(file:.*)$/i;

export interface OutsideAsset {
  /** The line of the import file (from 1). */
  line: number;
  /** The `_sanityAsset` value as written. */
  reference: string;
  /** The file it names, as the CLI would read it; undefined when it names no path of this machine. */
  path?: string;
  /** Where a link on that path leads (outside the folder). */
  linksTo?: string;
}

/** The file a local asset reference names, as the CLI reads it (its absolutifyPaths, then fileURLToPath), or undefined. */
export function assetPath(url: string, folder: string): string | undefined {
  try {
    return fileURLToPath(url.replace(/^file:\/\/\.\//i, `${pathToFileURL(folder).href}/`));
  } catch {
    return undefined;
  }
}

const inside = (path: string, folder: string) => {
  const from = relative(folder, path);
  return from !== '' && !from.startsWith('..') && !isAbsolute(from);
};

/** Every `_sanityAsset` string in a document, at any depth. */
function assetReferences(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) assetReferences(item, found);
  else if (value && typeof value === 'object')
    for (const [key, inner] of Object.entries(value)) {
      if (key === '_sanityAsset' && typeof inner === 'string') found.push(inner);
      else assetReferences(inner, found);
    }
  return found;
}

/**
 * The local asset references of `ndjson` (the import file, every line) that lead out of `folder`
 * (its folder): by their path, or by where a link on it leads (`realPath`: the path with every link
 * followed, undefined when it does not exist). Lines that are not JSON are the import's other check.
 */
export function assetsOutsideFolder(
  ndjson: string,
  folder: string,
  realPath: (path: string) => string | undefined,
): OutsideAsset[] {
  const realFolder = realPath(folder) ?? folder;
  const outside: OutsideAsset[] = [];
  for (const [index, text] of ndjson.split('\n').entries()) {
    let document: unknown;
    try {
      document = JSON.parse(text);
    } catch {
      continue;
    }
    for (const reference of assetReferences(document)) {
      const url = LOCAL_ASSET.exec(reference)?.[2];
      if (url === undefined) continue;
      const line = index + 1;
      const path = assetPath(url, folder);
      if (path === undefined) outside.push({ line, reference });
      else if (!inside(path, folder)) outside.push({ line, reference, path });
      else {
        const real = realPath(path);
        if (real !== undefined && !inside(real, realFolder))
          outside.push({ line, reference, path, linksTo: real });
      }
    }
  }
  return outside;
}

/** What the import says of one: `<file> line 3: "image@file://./../x.png" names /x.png, outside …`. */
export function outsideAssetProblem(asset: OutsideAsset, file: string, folder: string): string {
  const names =
    asset.path === undefined
      ? 'no file path of this machine'
      : asset.linksTo !== undefined
        ? `${asset.path}, a link to ${asset.linksTo}`
        : asset.path;
  return `${file} line ${asset.line}: "${asset.reference}" names ${names}, outside the import file's folder ${folder}: the Sanity CLI would upload it to the public CDN, so only files inside that folder are imported`;
}
