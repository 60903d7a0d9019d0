/**
 * An index of the bundled export for pages rendered on request: per school, which lines of
 * `data.ndjson` (byte ranges) can hold its documents, and which lines can hold a school document
 * of a given address or the site settings. A request then reads and parses only those lines (a
 * few dozen) instead of the whole export, which matters where every call is a cold function (the
 * local functions runtime starts a new worker per call: ~0.4 s to parse 33 MB at 600 schools).
 *
 * The index is worked out once per version of the file (its inode, size and modification time) by
 * searching its bytes for the keys that matter (`_id`, `_ref`, `seoSlug`, `siteSettings`; no
 * document is decoded, ~0.13 s at 600 schools in a cold worker), held in memory and written to a
 * cache file in the OS temp folder, so the next cold worker reads that small file instead.
 *
 * Lines are grouped by document (a published document with its drafts: `drafts.x` goes with `x`),
 * and a group is listed under every school any of its versions may reference: a perspective
 * applied to the lines read gives the same documents as applied to the whole export. A line may be
 * listed where it cannot match (a read more), never left out where it can. Release versions
 * (`versions.…`) are never read: no perspective shows them.
 */
import { createHash } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, readSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { publishedId } from './school-reference.ts';

/** Bumped when the file's layout changes: an older cache file is then ignored. */
const FORMAT = 3;
const VERSIONS_PREFIX = 'versions.';

export interface ExportIndex {
  format: number;
  /** `ino:size:mtimeNs` of the export the index was made from. */
  stamp: string;
  /** Every indexed line: [start, end) byte offsets and its 1-based line number, flat (3 numbers a line). */
  lines: number[];
  /** School id (the `school._ref` value) → indexed lines (positions in `lines` / 3) that can hold its documents. */
  schools: Map<string, number[]>;
  /** seo slug → lines that can hold a `school` document with that address. */
  slugs: Map<string, number[]>;
  /** Lines that can hold a `siteSettings` document. */
  settings: number[];
}

/** Undefined: the export holds a line that is not JSON (the caller reads the whole file, which reports it). */
export type IndexOutcome = ExportIndex | undefined;

const QUOTE = 0x22;
const COLON = 0x3a;
const isSpace = (byte: number | undefined) => byte === 0x20 || byte === 0x0d || byte === 0x09;

/** The string value after a key ending at `at` (`: "value"`), when the key is one and its value a string. */
function stringAfterKey(bytes: Buffer, at: number, end: number): string | undefined {
  let i = at;
  while (i < end && isSpace(bytes[i])) i += 1;
  if (bytes[i] !== COLON) return undefined;
  i += 1;
  while (i < end && isSpace(bytes[i])) i += 1;
  if (bytes[i] !== QUOTE) return undefined;
  const close = bytes.indexOf(QUOTE, i + 1);
  return close === -1 || close > end ? undefined : bytes.toString('utf8', i + 1, close);
}

/** Whether `text` has `expected` just before `at`. */
const preceded = (text: string, at: number, expected: string) => at >= expected.length && text.startsWith(expected, at - expected.length);

/**
 * The index of an export's bytes. The bytes are searched (natively, never decoded whole) for the
 * keys that matter: in a line without a backslash every quote opens or closes a string, so `"_id"`
 * followed by a colon is a key named `_id` at some depth, and its value is the text up to the next
 * quote. Every such value counts: the top-level one is among them, and a line listed where it
 * cannot match costs a read, never a wrong answer. A line with a backslash (an escape) is parsed.
 * A document's versions are one group (united through every id its lines may have).
 */
export function buildExportIndex(bytes: Buffer, stamp: string): IndexOutcome {
  // One byte per character (latin1): positions in the text are positions in the bytes, and V8's
  // string search is several times faster than Buffer.indexOf for these patterns (short ones
  // with a rare first character are fastest: each is searched so, then checked whole).
  const text = bytes.toString('latin1');
  const ends: number[] = [];
  for (let start = 0; start < text.length;) {
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline;
    ends.push(end);
    start = end + 1;
  }
  const startOf = (line: number) => (line === 0 ? 0 : ends[line - 1]! + 1);
  let line = 0;
  /** The line holding position `at`, searching forward from the last one (each search runs forward). */
  const lineAt = (at: number) => {
    while (ends[line]! < at) line += 1;
    return line;
  };

  const escaped = new Set<number>();
  line = 0;
  for (let at = text.indexOf('\\'); at !== -1; at = text.indexOf('\\', ends[line]! + 1)) escaped.add(lineAt(at));

  // Every place a key is followed by a string value: [line, value, line, value, …].
  const search = (pattern: string, before: string, after: number): Array<number | string> => {
    const hits: Array<number | string> = [];
    line = 0;
    for (let at = text.indexOf(pattern); at !== -1; at = text.indexOf(pattern, at + pattern.length)) {
      if (!preceded(text, at, before)) continue;
      const found = lineAt(at);
      if (escaped.has(found)) continue;
      const value = stringAfterKey(bytes, at + after, ends[found]!);
      if (value !== undefined) hits.push(found, value);
    }
    return hits;
  };
  const ids = search('_id"', '"', 4);
  const refs = search('_ref"', '"', 5);
  const slugs = search('Slug"', '"seo', 5);
  const settingsLines: number[] = [];
  line = 0;
  for (let at = text.indexOf('Setti'); at !== -1; at = text.indexOf('Setti', at + 5)) {
    if (!preceded(text, at, '"site') || !text.startsWith('ngs"', at + 5)) continue;
    const found = lineAt(at);
    if (!escaped.has(found)) settingsLines.push(found);
  }
  // Lines with an escape: exactly what JSON.parse sees.
  for (const at of escaped) {
    let doc: unknown;
    try {
      doc = JSON.parse(bytes.toString('utf8', startOf(at), ends[at])) as unknown;
    } catch {
      return undefined;
    }
    const record = doc && typeof doc === 'object' ? (doc as Record<string, unknown>) : {};
    const school = record.school && typeof record.school === 'object' ? (record.school as Record<string, unknown>) : {};
    if (typeof record._id === 'string') ids.push(at, record._id);
    if (typeof school._ref === 'string') refs.push(at, school._ref);
    if (record._type === 'school' && typeof record.seoSlug === 'string') slugs.push(at, record.seoSlug);
    if (record._type === 'siteSettings') settingsLines.push(at);
  }

  // Groups: lines that share a (published) id, united through every id a line may have.
  const groupOfLine = new Int32Array(ends.length).fill(-1);
  const parent: number[] = [];
  const root = (group: number) => {
    let top = group;
    while (parent[top] !== top) top = parent[top]!;
    parent[group] = top;
    return top;
  };
  const groupOfKey = new Map<string, number>();
  const onlyReleases = new Set<number>();
  for (let k = 0; k < ids.length; k += 2) {
    const at = ids[k] as number;
    const id = ids[k + 1] as string;
    if (id.startsWith(VERSIONS_PREFIX)) {
      onlyReleases.add(at);
      continue;
    }
    const key = publishedId(id);
    const byKey = groupOfKey.get(key);
    const byLine = groupOfLine[at]!;
    if (byKey === undefined && byLine === -1) {
      parent.push(parent.length);
      groupOfKey.set(key, (groupOfLine[at] = parent.length - 1));
    } else if (byKey === undefined) groupOfKey.set(key, byLine);
    else if (byLine === -1) groupOfLine[at] = byKey;
    else if (root(byKey) !== root(byLine)) parent[root(byLine)] = root(byKey);
  }
  // A line with no id of its own is a group of its own; a line with only release versions' ids is never read.
  const groupOf = (at: number) => {
    if (groupOfLine[at] === -1 && !onlyReleases.has(at)) {
      parent.push(parent.length);
      groupOfLine[at] = parent.length - 1;
    }
    return groupOfLine[at] === -1 ? -1 : root(groupOfLine[at]!);
  };
  const refGroups: Array<[number, string]> = [];
  // A reference counts only to an id a line with a seo slug may have (only schools are looked up by id).
  const schoolIds = new Set<string>();
  const slugLines = new Set<number>();
  for (let k = 0; k < slugs.length; k += 2) slugLines.add(slugs[k] as number);
  for (let k = 0; k < ids.length; k += 2) if (slugLines.has(ids[k] as number)) schoolIds.add(publishedId(ids[k + 1] as string));
  for (let k = 0; k < refs.length; k += 2) {
    if (!schoolIds.has(refs[k + 1] as string)) continue;
    const group = groupOf(refs[k] as number);
    if (group !== -1) refGroups.push([group, refs[k + 1] as string]);
  }
  const slugGroups: Array<[number, string]> = [];
  for (let k = 0; k < slugs.length; k += 2) {
    const group = groupOf(slugs[k] as number);
    if (group !== -1) slugGroups.push([group, slugs[k + 1] as string]);
  }
  const settingsGroups = settingsLines.map(groupOf).filter((group) => group !== -1);

  // The lines of each group (in the export's order), as positions in `lines`.
  const lines: number[] = [];
  const members = new Map<number, number[]>();
  for (let at = 0; at < ends.length; at += 1) {
    if (groupOfLine[at] === -1) continue;
    const group = root(groupOfLine[at]!);
    const position = lines.length / 3;
    lines.push(startOf(at), ends[at]!, at + 1);
    const list = members.get(group);
    if (list) list.push(position);
    else members.set(group, [position]);
  }
  const listed = (pairs: Array<[number, string]>) => {
    const map = new Map<string, number[]>();
    const seen = new Set<string>();
    for (const [group, key] of pairs) {
      const pair = `${group} ${key}`;
      if (seen.has(pair)) continue;
      seen.add(pair);
      push(map, key, members.get(root(group))!);
    }
    return map;
  };
  const schools = listed(refGroups);
  const slugMap = listed(slugGroups);
  const settings = [...new Set(settingsGroups.map(root))].flatMap((group) => members.get(group)!);
  return { format: FORMAT, stamp, lines, schools, slugs: slugMap, settings };
}

const push = <K>(map: Map<K, number[]>, key: K, values: number[]) => {
  const list = map.get(key);
  if (list) list.push(...values);
  else map.set(key, [...values]);
};

/** Where the index of the export in `datasetDir` is kept between processes. */
export function exportIndexFile(datasetDir: string): string {
  const key = createHash('sha256').update(resolve(datasetDir)).digest('hex').slice(0, 20);
  return join(tmpdir(), 'school-site-export-index', `${key}.json`);
}

interface StoredIndex {
  format: number;
  stamp: string;
  /** False: the export holds a line the scan does not understand. */
  usable: boolean;
  lines?: number[];
  schools?: Array<[string, number[]]>;
  slugs?: Array<[string, number[]]>;
  settings?: number[];
}

/** The cached index for this version of the export, if one was written (`index` undefined: known to be unusable). */
export function readStoredIndex(datasetDir: string, stamp: string): { index: IndexOutcome } | undefined {
  let stored: StoredIndex;
  try {
    stored = JSON.parse(readFileSync(exportIndexFile(datasetDir), 'utf8')) as StoredIndex;
  } catch {
    return undefined;
  }
  if (stored.format !== FORMAT || stored.stamp !== stamp) return undefined;
  if (!stored.usable) return { index: undefined };
  return {
    index: { format: FORMAT, stamp, lines: stored.lines ?? [], schools: new Map(stored.schools), slugs: new Map(stored.slugs), settings: stored.settings ?? [] },
  };
}

/** Writes the index for other processes (atomically: a reader sees the old file or the new one). Best effort. */
export function storeIndex(datasetDir: string, stamp: string, index: IndexOutcome): void {
  const file = exportIndexFile(datasetDir);
  const stored: StoredIndex = index
    ? { format: FORMAT, stamp, usable: true, lines: index.lines, schools: [...index.schools], slugs: [...index.slugs], settings: index.settings }
    : { format: FORMAT, stamp, usable: false };
  try {
    mkdirSync(join(file, '..'), { recursive: true, mode: 0o700 });
    const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    writeFileSync(partial, JSON.stringify(stored));
    renameSync(partial, file);
  } catch {
    // A read-only temp folder: the index stays in memory only.
  }
}

/** The text of the given indexed lines, by line, read at their offsets (lines close together in one read). */
export function readIndexedLines(file: string, index: ExportIndex, lineIds: readonly number[]): Map<number, string> {
  const texts = new Map<number, string>();
  if (!lineIds.length) return texts;
  const sorted = [...new Set(lineIds)].sort((a, b) => a - b);
  const fd = openSync(file, 'r');
  try {
    for (let k = 0; k < sorted.length;) {
      // One read for a run of lines with small gaps between them.
      const first = sorted[k]!;
      let last = k;
      while (last + 1 < sorted.length && index.lines[sorted[last + 1]! * 3]! - index.lines[sorted[last]! * 3 + 1]! <= 16_384) last += 1;
      const from = index.lines[first * 3]!;
      const to = index.lines[sorted[last]! * 3 + 1]!;
      const chunk = Buffer.allocUnsafe(to - from);
      let got = 0;
      while (got < chunk.length) {
        const read = readSync(fd, chunk, got, chunk.length - got, from + got);
        if (read === 0) break;
        got += read;
      }
      for (let j = k; j <= last; j += 1) {
        const line = sorted[j]!;
        const start = index.lines[line * 3]! - from;
        const end = index.lines[line * 3 + 1]! - from;
        texts.set(line, end <= got ? chunk.toString('utf8', start, end) : '');
      }
      k = last + 1;
    }
  } finally {
    closeSync(fd);
  }
  return texts;
}
