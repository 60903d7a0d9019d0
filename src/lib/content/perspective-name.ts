/**
 * The perspectives a page can be asked to show, read and written in one place (the server's
 * cookie and address parameter, the overlays' `presentation/perspective` message):
 * - `published`, or `drafts` (`previewDrafts` is Sanity's older name for it);
 * - a release stack, release names leftmost first and ending in `drafts` (`rLaunch,drafts`): the
 *   leftmost release's version of a document wins, then the next, then the draft, then the
 *   published document (apply-perspective in perspective.ts; Sanity's own for the live source).
 * Presentation writes a stack comma-joined in `sanity-preview-perspective` and sends it as an
 * array over comlink. Anything else (`raw`, a stack not ending in `drafts`, a release name with
 * characters a document id path cannot hold, too many releases, an over-long value) is read as
 * `drafts`, marked `unreadable` so the page can say so. No imports: the overlays' bundle uses it.
 */

/** A release stack: the names of the releases shown, leftmost (highest precedence) first; `drafts` follows. */
export interface ReleaseStack {
  readonly releases: readonly [string, ...string[]];
}

export type ContentPerspective = 'published' | 'drafts' | ReleaseStack;

/** What was read: the perspective to show, and whether the value asked for could not be read. */
export interface ReadPerspective {
  perspective: ContentPerspective;
  /** The value was given but is not a perspective this site shows: `drafts` is shown instead. */
  unreadable?: true;
}

/** Releases in one stack: Presentation stacks the chosen release on those due before it. */
export const MAX_STACK_RELEASES = 16;
/** Longest release name read (the Studio writes `r` and 8 letters or digits). */
export const MAX_RELEASE_NAME_LENGTH = 64;
/** Longest value read at all (a full stack of the longest names fits). */
export const MAX_PERSPECTIVE_LENGTH =
  MAX_STACK_RELEASES * (MAX_RELEASE_NAME_LENGTH + 1) + 'drafts'.length;

/** A release name is one segment of `versions.<name>.<id>`: document id characters without the dot. */
const RELEASE_NAME = new RegExp(`^[A-Za-z0-9_-]{1,${MAX_RELEASE_NAME_LENGTH}}$`);
const RESERVED = new Set(['published', 'drafts', 'previewDrafts', 'raw']);

const DRAFTS: ReadPerspective = { perspective: 'drafts' };
const UNREADABLE: ReadPerspective = { perspective: 'drafts', unreadable: true };

export function isReleaseName(name: string): boolean {
  return RELEASE_NAME.test(name) && !RESERVED.has(name);
}

/**
 * A perspective from a cookie or address parameter (comma-joined) or a comlink message (an array).
 * Nothing given reads as `drafts`, Presentation's default.
 */
export function readPerspective(value: unknown): ReadPerspective {
  if (value === undefined || value === null || value === '') return DRAFTS;
  let parts: unknown[];
  if (typeof value === 'string') {
    if (value.length > MAX_PERSPECTIVE_LENGTH) return UNREADABLE;
    parts = value.split(',');
  } else if (Array.isArray(value)) {
    if (value.length > MAX_STACK_RELEASES + 1) return UNREADABLE;
    parts = value;
  } else {
    return UNREADABLE;
  }
  if (!parts.every((part): part is string => typeof part === 'string')) return UNREADABLE;
  const names = parts.map((part) => part.trim());
  if (names.length === 1) {
    if (names[0] === 'published') return { perspective: 'published' };
    if (names[0] === 'drafts' || names[0] === 'previewDrafts') return DRAFTS;
    return UNREADABLE;
  }
  const releases = names.slice(0, -1);
  if (names.at(-1) !== 'drafts' || releases.length > MAX_STACK_RELEASES) return UNREADABLE;
  if (!releases.every(isReleaseName) || new Set(releases).size !== releases.length)
    return UNREADABLE;
  return { perspective: { releases: releases as [string, ...string[]] } };
}

export function isReleaseStack(perspective: ContentPerspective): perspective is ReleaseStack {
  return typeof perspective === 'object';
}

/** The releases a perspective names, leftmost first (none for `published` and `drafts`). */
export function releaseNames(perspective: ContentPerspective): readonly string[] {
  return isReleaseStack(perspective) ? perspective.releases : [];
}

/** How the perspective is written in the cookie and the address (`published`, `drafts`, `rLaunch,drafts`); also its cache key. */
export function perspectiveName(perspective: ContentPerspective): string {
  return isReleaseStack(perspective) ? [...perspective.releases, 'drafts'].join(',') : perspective;
}

/** The perspective as `@sanity/client` takes it (a stack is an array ending in `drafts`). */
export function clientPerspective(
  perspective: ContentPerspective,
): 'published' | 'drafts' | string[] {
  return isReleaseStack(perspective) ? [...perspective.releases, 'drafts'] : perspective;
}

/** Whether two perspectives show the same content. */
export function samePerspective(a: ContentPerspective, b: ContentPerspective): boolean {
  return perspectiveName(a) === perspectiveName(b);
}

/** What is written for a value that could not be read: it reads as unreadable again. */
const UNREADABLE_SETTING = 'unreadable';

/**
 * A read perspective as the cookie and the page keep it: its name, or a value that reads back as
 * unreadable (so a page reached later still says the perspective asked for could not be read).
 */
export function perspectiveSetting(read: ReadPerspective): string {
  return read.unreadable ? UNREADABLE_SETTING : perspectiveName(read.perspective);
}
