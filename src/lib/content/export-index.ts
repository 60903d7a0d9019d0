/**
 * An index of the bundled export for pages rendered on request: per school, which lines of
 * `data.ndjson` (byte ranges) can hold its documents, and which lines can hold a school document
 * of a given address or the site settings. A request then reads and parses only those lines (a
 * few dozen) instead of the whole export, which matters where every call is a cold function (the
 * local functions runtime starts a new worker per call: ~0.4 s to parse 33 MB at 600 schools).
 *
 * The index is worked out once per version of the file (its inode, size and modification time) by
 * one pass over the bytes (no document is decoded whole: only the top-level `_id`, `_type`,
 * `seoSlug` and `school` values of each line), held in memory and written to a cache file in the
 * OS temp folder, so the next cold worker reads that small file instead of scanning again.
 *
 * Lines are grouped by document (a published document with its drafts: `drafts.x` goes with `x`),
 * and a group is listed under every school any of its versions references: a perspective applied
 * to the lines read gives the same documents as applied to the whole export. Release versions
 * (`versions.…`) are never read: no perspective shows them.
 */
import { createHash } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, readSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { publishedId } from './school-reference.ts';

/** Bumped when the file's layout changes: an older cache file is then ignored. */
const FORMAT = 2;
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

/** What one line may be: the values it may have as `_id`, `school._ref` and school `seoSlug`, and whether it may be the settings. */
interface LineCandidates {
  ids: string[];
  refs: string[];
  slugs: string[];
  settings: boolean;
}

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
  // One byte per character (latin1): positions in the text are positions in the bytes, and
  // V8's string search is several times faster than Buffer.indexOf for these patterns.
  const text = bytes.toString('latin1');
  const starts: number[] = [];
  const ends: number[] = [];
  for (let start = 0; start < text.length;) {
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline;
    starts.push(start);
    ends.push(end);
    start = end + 1;
  }
  const candidates: Array<LineCandidates | undefined> = new Array(starts.length);
  const of = (line: number) => (candidates[line] ??= { ids: [], refs: [], slugs: [], settings: false });
  /** The line holding position `at`, searching forward from line `from` (each search runs forward). */
  const lineAt = (at: number, from: number) => {
    let found = from;
    while (ends[found]! < at) found += 1;
    return found;
  };

  const escaped = new Set<number>();
  let line = 0;
  for (let at = text.indexOf('\\'); at !== -1; at = text.indexOf('\\', ends[line]! + 1)) {
    line = lineAt(at, line);
    escaped.add(line);
  }
  /** Every place `"{key}"` is a key with a string value (searched from a rarer tail of the key, then checked whole). */
  const search = (key: string, tail: string, found: (line: number, value: string) => void) => {
    const head = `"${key.slice(0, key.length - tail.length)}`;
    line = 0;
    for (let at = text.indexOf(`${tail}"`); at !== -1; at = text.indexOf(`${tail}"`, at + tail.length)) {
      if (!preceded(text, at, head)) continue;
      line = lineAt(at, line);
      if (escaped.has(line)) continue;
      const value = stringAfterKey(bytes, at + tail.length + 1, ends[line]!);
      if (value !== undefined) found(line, value);
    }
  };
  search('_id', '_id', (at, value) => of(at).ids.push(value));
  search('_ref', '_ref', (at, value) => of(at).refs.push(value));
  search('seoSlug', 'Slug', (at, value) => of(at).slugs.push(value));
  line = 0;
  for (let at = text.indexOf('Settings"'); at !== -1; at = text.indexOf('Settings"', at + 9)) {
    if (!preceded(text, at, '"site')) continue;
    line = lineAt(at, line);
    if (!escaped.has(line)) of(line).settings = true;
  }
  // Lines with an escape: exactly what JSON.parse sees.
  for (const at of escaped) {
    let doc: unknown;
    try {
      doc = JSON.parse(bytes.toString('utf8', starts[at], ends[at])) as unknown;
    } catch {
      return undefined;
    }
    const record = doc && typeof doc === 'object' ? (doc as Record<string, unknown>) : {};
    const school = record.school && typeof record.school === 'object' ? (record.school as Record<string, unknown>) : {};
    candidates[at] = {
      ids: typeof record._id === 'string' ? [record._id] : [],
      refs: typeof school._ref === 'string' ? [school._ref] : [],
      slugs: record._type === 'school' && typeof record.seoSlug === 'string' ? [record.seoSlug] : [],
      settings: record._type === 'siteSettings',
    };
  }

  // Groups: lines that share a (published) id, united through every id a line may have.
  const parent = new Map<number, number>();
  const root = (at: number): number => {
    let top = at;
    while (parent.get(top) !== undefined && parent.get(top) !== top) top = parent.get(top)!;
    parent.set(at, top);
    return top;
  };
  const lineOfKey = new Map<string, number>();
  const lines: number[] = [];
  const indexed: number[] = [];
  for (let at = 0; at < starts.length; at += 1) {
    const found = candidates[at];
    if (!found) continue;
    const keys = found.ids.filter((id) => !id.startsWith(VERSIONS_PREFIX)).map(publishedId);
    // Only release versions: no perspective shows the line.
    if (found.ids.length && !keys.length) {
      candidates[at] = undefined;
      continue;
    }
    indexed[at] = lines.length / 3;
    lines.push(starts[at]!, ends[at]!, at + 1);
    parent.set(at, at);
    for (const key of keys) {
      const other = lineOfKey.get(key);
      if (other === undefined) lineOfKey.set(key, at);
      else parent.set(root(at), root(other));
    }
  }
  const groups = new Map<number, number[]>();
  for (let at = 0; at < starts.length; at += 1) {
    if (!candidates[at]) continue;
    const top = root(at);
    const members = groups.get(top);
    if (members) members.push(at);
    else groups.set(top, [at]);
  }

  // A reference counts only to an id a line with a seo slug may have (only schools are looked up by id).
  const schoolIds = new Set<string>();
  for (const found of candidates) if (found?.slugs.length) for (const id of found.ids) schoolIds.add(publishedId(id));
  const schools = new Map<string, number[]>();
  const slugs = new Map<string, number[]>();
  const settings: number[] = [];
  for (const members of groups.values()) {
    const positions = members.map((at) => indexed[at]!);
    const refs = new Set<string>();
    const groupSlugs = new Set<string>();
    let isSettings = false;
    for (const at of members) {
      const found = candidates[at]!;
      for (const ref of found.refs) if (schoolIds.has(ref)) refs.add(ref);
      for (const slug of found.slugs) groupSlugs.add(slug);
      isSettings ||= found.settings;
    }
    for (const ref of refs) push(schools, ref, positions);
    for (const slug of groupSlugs) push(slugs, slug, positions);
    if (isSettings) settings.push(...positions);
  }
  return { format: FORMAT, stamp, lines, schools, slugs, settings };
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
    mkdirSync(join(file, '..'), { recursive: true });
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
