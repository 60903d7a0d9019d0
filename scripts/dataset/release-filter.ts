/**
 * What `npm run dataset:import` leaves out unless `--with-releases` is given: releases (their
 * `system.release` documents, `_.releases.<name>`, scheduled drafts included) and the version
 * documents in them (`versions.<release>.<id>`). A release in a dataset the sites read is one
 * click in the Studio from changing the live site at its time, so an import never brings one by
 * surprise. Pure: NDJSON text in, the documents kept and what was left out.
 */
import { pathToFileURL } from 'node:url';
import { layerOf } from '../../src/lib/content/perspective.ts';

const RELEASE_PREFIX = '_.releases.';
const RELEASE_TYPE = 'system.release';

export interface LeftOutRelease {
  name: string;
  /** A release of one document (`metadata.cardinality: "one"`), as the Studio's "Schedule draft" makes. */
  scheduledDraft: boolean;
  /** `publishAt`, else the time the editor intends (`metadata.intendedPublishAt`), as written. */
  publishAt: string | undefined;
}

export interface LeftOut {
  releases: LeftOutRelease[];
  /** Version documents (`versions.<release>.<id>`) left out, by release name. */
  versions: Map<string, number>;
}

export interface ReleaseSplit {
  /** The documents to import, one JSON document a line. */
  kept: string[];
  leftOut: LeftOut;
}

type Doc = Record<string, unknown>;

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : undefined);

function releaseOf(doc: Doc, id: string): LeftOutRelease {
  const metadata = (doc.metadata && typeof doc.metadata === 'object' ? doc.metadata : {}) as Doc;
  return {
    name: text(doc.name) ?? id.slice(RELEASE_PREFIX.length),
    scheduledDraft: metadata.cardinality === 'one',
    publishAt: text(doc.publishAt) ?? text(metadata.intendedPublishAt),
  };
}

/**
 * The export's documents without its releases and their versions; with `withReleases`, all of
 * them, and `leftOut` says what would have been. Blank lines are dropped; a line that is not JSON
 * is kept as it is (the import's own checks name it first).
 */
export function splitReleases(ndjson: string, withReleases = false): ReleaseSplit {
  const kept: string[] = [];
  const leftOut: LeftOut = { releases: [], versions: new Map() };
  for (const line of ndjson.split('\n')) {
    if (line.trim() === '') continue;
    let doc: Doc;
    try {
      doc = JSON.parse(line) as Doc;
    } catch {
      kept.push(line);
      continue;
    }
    const id = typeof doc._id === 'string' ? doc._id : '';
    const version = id.startsWith('versions.') ? layerOf(id) : undefined;
    if (version) leftOut.versions.set(version.layer, (leftOut.versions.get(version.layer) ?? 0) + 1);
    else if (doc._type === RELEASE_TYPE || id.startsWith(RELEASE_PREFIX)) leftOut.releases.push(releaseOf(doc, id));
    if (withReleases || (!version && doc._type !== RELEASE_TYPE && !id.startsWith(RELEASE_PREFIX))) kept.push(line);
  }
  return { kept, leftOut };
}

/** Whether the split left anything out of `kept`. */
export function leftOutAnything(leftOut: LeftOut, withReleases = false): boolean {
  return !withReleases && (leftOut.releases.length > 0 || leftOut.versions.size > 0);
}

/** Every release the split names: left out as documents, or only as the release of a version left out. */
export function releaseNames(leftOut: LeftOut): string[] {
  return [...new Set([...leftOut.releases.map((release) => release.name), ...leftOut.versions.keys()])];
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

function describeRelease(release: LeftOutRelease): string {
  const kind = release.scheduledDraft ? 'a scheduled draft' : 'a release';
  return `${release.name} (${kind}${release.publishAt ? `, to publish ${release.publishAt}` : ''})`;
}

/** "1 release, rHuskyL27 (a scheduled draft, to publish 2027-03-01T09:00:00Z), and 1 version document in it" */
export function describeLeftOut(leftOut: LeftOut): string | undefined {
  const versions = [...leftOut.versions.values()].reduce((sum, count) => sum + count, 0);
  if (leftOut.releases.length === 0 && versions === 0) return undefined;
  const known = new Set(leftOut.releases.map((release) => release.name));
  const orphans = [...leftOut.versions.keys()].filter((name) => !known.has(name));
  const parts: string[] = [];
  if (leftOut.releases.length) parts.push(`${plural(leftOut.releases.length, 'release')}, ${leftOut.releases.map(describeRelease).join(', ')}`);
  if (versions) {
    const inWhat = orphans.length === 0 ? (leftOut.releases.length === 1 ? 'in it' : 'in them') : `of ${plural(releaseNames(leftOut).length, 'release')} (${releaseNames(leftOut).join(', ')})`;
    parts.push(`${plural(versions, 'version document')} ${inWhat}`);
  }
  return parts.join(', and ');
}

/**
 * The kept documents with their local image references (`file://./images/…`, relative to the
 * export's folder) made absolute, so the import can read them from a file written elsewhere.
 */
export function withAbsoluteAssets(lines: readonly string[], exportFolder: string): string {
  const base = `${pathToFileURL(exportFolder).href}/`;
  // The reference is a JSON string value "<kind>@file://./<path>"; nothing else in an export starts so.
  return lines.map((line) => line.replace(/("[a-z]+@)file:\/\/\.\//gi, (_, kind: string) => `${kind}${base}`)).join('\n') + '\n';
}

/**
 * What the import says about releases: a line before it runs (none when the export has none), and
 * its last line, after the Sanity CLI, whatever the CLI's outcome.
 */
export function releaseLines(leftOut: LeftOut, withReleases: boolean): { before?: string; last: string } {
  const described = describeLeftOut(leftOut);
  if (described === undefined) return { last: 'Left out nothing: the export has no releases.' };
  if (withReleases) {
    return {
      before: `With releases (--with-releases): ${described}. Each changes the live site at its time once it is scheduled in the Studio.`,
      last: `Left out nothing (--with-releases): ${described} went to the import.`,
    };
  }
  return {
    before: `Leaving out ${described}: in a dataset the sites read, a release is one click in the Studio from changing the live site. --with-releases imports them.`,
    last: `Left out ${described}. To import them too: --with-releases.`,
  };
}
