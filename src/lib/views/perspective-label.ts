/**
 * What the preview bar calls the content a page shows in draft mode (the editors' preview site):
 * "Published", "Drafts", or the release shown first in a stack, by its title, with when it
 * publishes (in UTC, said so). A release the site cannot find, or a perspective it could not
 * read, is named as such beside "Drafts", the content it then shows.
 */
import { releaseNames, type ContentPerspective } from '../content/perspective-name.ts';
import type { ReleaseInfo } from '../content/releases.ts';

/** Which content a page shows, and what the site knows of the releases in it. */
export interface ShownPerspective {
  perspective: ContentPerspective;
  /** The perspective asked for could not be read: drafts are shown. */
  unreadable?: boolean;
  /** For a release stack: each release by name, as found (absent: no such release). */
  releases?: ReadonlyMap<string, ReleaseInfo>;
}

export interface PerspectiveLabel {
  /** "Published", "Drafts", or a release's title. */
  name: string;
  /** What else the editor should know: when it publishes, or what could not be found or read. */
  detail?: string;
}

const PARTS = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'UTC',
});

/** "Mon 2 Mar, 09:00 UTC"; the year is said when it is not this year's. */
export function publishTime(time: Date, now: Date = new Date()): string {
  const part = Object.fromEntries(
    PARTS.formatToParts(time).map(({ type, value }) => [type, value]),
  );
  const year = time.getUTCFullYear() === now.getUTCFullYear() ? '' : ` ${part.year}`;
  return `${part.weekday} ${part.day} ${part.month}${year}, ${part.hour}:${part.minute} UTC`;
}

function releaseName(release: ReleaseInfo): string {
  return (
    release.title ??
    (release.scheduledDraft ? 'Untitled scheduled draft' : `Untitled release ${release.name}`)
  );
}

function when(release: ReleaseInfo, now: Date): string {
  if (!release.publishAt)
    return release.scheduledDraft ? 'no publish time set' : 'release with no publish time set';
  const kind = release.scheduledDraft ? 'scheduled draft' : 'release';
  const verb = release.publishAt.getTime() > now.getTime() ? 'publishes' : 'was due';
  return `${kind}, ${verb} ${publishTime(release.publishAt, now)}`;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export function perspectiveLabel(
  shown: ShownPerspective,
  now: Date = new Date(),
): PerspectiveLabel {
  const { perspective } = shown;
  if (perspective === 'published') return { name: 'Published' };
  if (perspective === 'drafts')
    return shown.unreadable
      ? { name: 'Drafts', detail: 'the perspective asked for could not be read' }
      : { name: 'Drafts' };
  const names = releaseNames(perspective);
  const known = shown.releases ?? new Map<string, ReleaseInfo>();
  const missing = names.filter((name) => !known.has(name));
  const notFound = missing.length
    ? `release ${missing.map((name) => `“${name}”`).join(', ')} not found`
    : undefined;
  const first = known.get(names[0]!);
  if (!first) return { name: 'Drafts', detail: notFound };
  // The releases Presentation stacked under the one chosen (those due before it), found.
  const earlier = names.length - 1 - missing.length;
  const details = [
    when(first, now),
    ...(earlier > 0 ? [`with the ${plural(earlier, 'release', 'releases')} before it`] : []),
    ...(notFound ? [notFound] : []),
  ];
  return { name: releaseName(first), detail: details.join('; ') };
}
