/**
 * What `npm run dataset:import` leaves out unless `--with-releases` is given: releases (their
 * `system.release` documents, `_.releases.<name>`, scheduled drafts included) and the version
 * documents in them (`versions.<release>.<id>`). A release in a dataset the sites read is one
 * click in the Studio from changing the live site at its time, so an import never brings one by
 * surprise. Pure: NDJSON text in, the documents kept and what was left out.
 */
import { pathToFileURL } from 'node:url';
import { layerOf } from '../../src/lib/content/perspective.ts';
import {
  readReleaseDocument,
  RELEASE_DOCUMENT_PREFIX,
  type ReleaseDocument,
} from '../../src/lib/content/releases.ts';

const RELEASE_TYPE = 'system.release';

/** A scheduled draft is a release of one document, as the Studio's "Schedule draft" makes. */
export type LeftOutRelease = Pick<ReleaseDocument, 'name' | 'scheduledDraft' | 'publishAt'>;

export interface LeftOut {
  releases: LeftOutRelease[];
  /** Version documents (`versions.<release>.<id>`) left out, by release name. */
  versions: Map<string, number>;
}

export interface ReleaseSplit {
  /** The documents to import, one JSON document a line. */
  kept: string[];
  leftOut: LeftOut;
  /** The first line of the export (from 1) that is not JSON, if any. */
  badLine?: number;
  /**
   * The first line whose id starts `versions.` with no release or no document part (`versions.x`):
   * no document of any perspective, refused (never kept, with or without releases).
   */
  badVersion?: { line: number; id: string };
}

type Doc = Record<string, unknown>;

/** A release document read as the preview bar reads it (releases.ts); any object with an id reads. */
function releaseOf(doc: Doc, id: string): LeftOutRelease {
  const { name, scheduledDraft, publishAt } = readReleaseDocument({ ...doc, _id: id })!;
  return { name, scheduledDraft, publishAt };
}

/**
 * The export's documents without its releases and their versions; with `withReleases`, all of
 * them, and `leftOut` says what would have been. Blank lines are dropped; a line that is not JSON
 * is kept as it is, and the first one named (`badLine`) for the import's own checks.
 */
export function splitReleases(ndjson: string, withReleases = false): ReleaseSplit {
  const kept: string[] = [];
  const leftOut: LeftOut = { releases: [], versions: new Map() };
  let badLine: number | undefined;
  let badVersion: ReleaseSplit['badVersion'];
  for (const [index, line] of ndjson.split('\n').entries()) {
    if (line.trim() === '') continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      parsed = undefined;
    }
    // Not JSON, or JSON that is no document (`null`, a number, a list).
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
      badLine ??= index + 1;
      kept.push(line);
      continue;
    }
    const doc = parsed as Doc;
    const id = typeof doc._id === 'string' ? doc._id : '';
    const version = id.startsWith('versions.') ? layerOf(id) : undefined;
    if (id.startsWith('versions.') && !version) {
      badVersion ??= { line: index + 1, id };
      continue;
    }
    if (version)
      leftOut.versions.set(version.layer, (leftOut.versions.get(version.layer) ?? 0) + 1);
    else if (doc._type === RELEASE_TYPE || id.startsWith(RELEASE_DOCUMENT_PREFIX))
      leftOut.releases.push(releaseOf(doc, id));
    if (
      withReleases ||
      (!version && doc._type !== RELEASE_TYPE && !id.startsWith(RELEASE_DOCUMENT_PREFIX))
    )
      kept.push(line);
  }
  return {
    kept,
    leftOut,
    ...(badLine === undefined ? {} : { badLine }),
    ...(badVersion === undefined ? {} : { badVersion }),
  };
}

/** Whether the split left anything out of `kept`. */
export function leftOutAnything(leftOut: LeftOut, withReleases = false): boolean {
  return !withReleases && (leftOut.releases.length > 0 || leftOut.versions.size > 0);
}

/** Every release the split names: left out as documents, or only as the release of a version left out. */
export function releaseNames(leftOut: LeftOut): string[] {
  return [
    ...new Set([...leftOut.releases.map((release) => release.name), ...leftOut.versions.keys()]),
  ];
}

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;

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
  if (leftOut.releases.length)
    parts.push(
      `${plural(leftOut.releases.length, 'release')}, ${leftOut.releases.map(describeRelease).join(', ')}`,
    );
  if (versions) {
    const inWhat =
      orphans.length === 0
        ? leftOut.releases.length === 1
          ? 'in it'
          : 'in them'
        : `of ${plural(releaseNames(leftOut).length, 'release')} (${releaseNames(leftOut).join(', ')})`;
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
  return (
    lines
      .map((line) =>
        line.replace(/("[a-z]+@)file:\/\/\.\//gi, (_, kind: string) => `${kind}${base}`),
      )
      .join('\n') + '\n'
  );
}

/**
 * What the import says about releases: a line before it runs (none when the export has none), and
 * its last line, after the Sanity CLI, whatever the CLI's outcome.
 */
export function releaseLines(
  leftOut: LeftOut,
  withReleases: boolean,
): { before?: string; last: string } {
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
