/**
 * A school's lifecycle, written once for the build (zod schema, site matrix, redirects) and the
 * Studio: `preparing` (being set up: previews only), `live` (published everywhere) and `retired`
 * (gone: its addresses send visitors on). Dependency-free: the Studio bundles this file.
 */

export const SCHOOL_STATUSES = ['preparing', 'live', 'retired'] as const;
export type SchoolStatus = (typeof SCHOOL_STATUSES)[number];

/** A school document written before the lifecycle existed has no status: it is live. */
export const DEFAULT_SCHOOL_STATUS: SchoolStatus = 'live';

export const SCHOOL_STATUS_TITLES: Record<SchoolStatus, string> = {
  preparing: 'Preparing (previews only, not launched yet)',
  live: 'Live',
  retired: 'Retired (pages removed, addresses redirect)',
};

/** The status a raw value stands for; missing means live, anything unknown is undefined (invalid). */
export function schoolStatusOf(value: unknown): SchoolStatus | undefined {
  if (value === undefined || value === null) return DEFAULT_SCHOOL_STATUS;
  return (SCHOOL_STATUSES as readonly string[]).includes(value as string)
    ? (value as SchoolStatus)
    : undefined;
}

/** A Sanity document id without its draft or release prefix. */
function publishedId(id: string): string {
  return id.replace(/^(drafts|versions\.[^.]+)\./, '');
}

/**
 * The successor rule: only a retired school names one, and never itself. Returns what is wrong
 * (in an editor's words), or undefined when the pair is fine.
 */
export function successorProblem(school: {
  _id?: string | undefined;
  status?: unknown;
  successor?: { _ref?: string | undefined } | undefined;
}): string | undefined {
  const ref = school.successor?._ref;
  if (!ref) return undefined;
  if (schoolStatusOf(school.status) !== 'retired')
    return 'Only a retired school names a successor: clear it, or set the status to Retired';
  if (school._id && publishedId(ref) === publishedId(school._id))
    return 'A school cannot be its own successor';
  return undefined;
}

/** Which build a school's pages go into: Netlify's production context publishes live schools only. */
export function isPublishedIn(status: SchoolStatus, build: { production: boolean }): boolean {
  if (status === 'retired') return false;
  return status === 'live' || !build.production;
}

/** Only a live school may stop a production build; any other school is left out and reported instead. */
export function mayFailBuild(status: SchoolStatus): boolean {
  return status === 'live';
}

/** The words the preview bar shows on every page of a school that is not launched yet. */
export const NOT_LAUNCHED_NOTICE = 'Not launched yet: this school is shown on previews only';
