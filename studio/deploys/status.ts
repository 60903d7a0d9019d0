/**
 * A published document's live status, as the public site answers it (`/api/publish-status`,
 * shapes in src/lib/publish-records/status-answers.ts), turned into the document badge editors see, and how
 * often to ask again. Pure: no React, no Sanity runtime; the badge component and the poller are
 * thin layers over it.
 */
import type { DocumentBadgeDescription } from 'sanity';
import { PASS_HEADER } from '../../src/lib/publish-records/names.ts';
import {
  MAX_STATUS_IDS,
  publishStatusAnswerSchema,
  SANITY_ID_PATTERN,
  type DocumentStatus,
  type NotLiveCode,
} from '../../src/lib/publish-records/status-answers.ts';

export type { DocumentStatus, NotLiveCode };

/** How the badge writes times: the editor's locale unless given (tests and screenshots fix both). */
export interface TimeFormat {
  now?: Date;
  locale?: string;
  timeZone?: string;
}

/** The badge's words for each reason a revision is not live; the public site's full reason goes in the tooltip. */
export const NOT_LIVE_SHORT: Record<NotLiveCode, string> = {
  'build-failed': 'build failed',
  'content-problem': 'content problem',
  'not-launched': 'school not launched',
  'school-left-out': 'school left out',
  'no-tenant': 'no tenant record',
  'site-locked': 'site locked',
  'rolled-back': 'older version restored',
};

/** What the editor can do about each reason (the tooltip's last sentence; docs/editors.md says the same). */
export const NOT_LIVE_ADVICE: Record<NotLiveCode, string> = {
  'build-failed': "Tell the site's operators; the Deploys tool shows the error.",
  'content-problem': 'Fix the field named and publish again.',
  'not-launched': 'It goes live when an admin sets the school live.',
  'school-left-out':
    'Fix what the reason names and publish again; the Deploys tool lists why the school was left out.',
  'no-tenant':
    "Ask the site's operators to add the school's tenant record; the next build then publishes it.",
  'site-locked': "It goes live when the site's operators unlock Netlify's deploys.",
  'rolled-back': "Ask the site's operators; it goes live with the next deploy they publish.",
};

const dayKey = (date: Date, format: TimeFormat) =>
  new Intl.DateTimeFormat('en-CA', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone: format.timeZone,
  }).format(date);

/** "12:05" (in the editor's locale) today; with the date on any other day, and the year when not this year. */
export function shortTime(iso: string, format: TimeFormat = {}): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const now = format.now ?? new Date();
  const options: Intl.DateTimeFormatOptions = {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: format.timeZone,
  };
  if (dayKey(date, format) !== dayKey(now, format)) {
    options.day = 'numeric';
    options.month = 'short';
    if (dayKey(date, format).slice(0, 4) !== dayKey(now, format).slice(0, 4))
      options.year = 'numeric';
  }
  return new Intl.DateTimeFormat(format.locale, options).format(date);
}

/** The full date and time, for tooltips. */
export function fullTime(iso: string, format: TimeFormat = {}): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(format.locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: format.timeZone,
  }).format(date);
}

/** The public site's reason, with the field and school it names for editors, and what to do. */
export function notLiveTitle(status: Extract<DocumentStatus, { state: 'not-live' }>): string {
  const reason = status.reason.trim().replace(/\.?$/, '.');
  const named = [
    status.field && !status.reason.includes(status.field) ? `Field: ${status.field}.` : '',
    status.school && !status.reason.includes(status.school) ? `School: ${status.school}.` : '',
  ].filter(Boolean);
  return [reason, ...named, NOT_LIVE_ADVICE[status.code]].join(' ');
}

/** What the badge may show: the site's status of the document, or that the site is still checking who is asking. */
export type BadgeStatus = DocumentStatus | { state: 'checking-access'; retryAfterSeconds: number };

/** The document badge for a status: label, colour (Sanity's badge tones) and tooltip. */
export function badgeFor(status: BadgeStatus, format: TimeFormat = {}): DocumentBadgeDescription {
  switch (status.state) {
    case 'checking-access':
      return {
        label: 'Checking your access…',
        title: `The public site is checking that you are an editor (it asks Sanity, and many unknown sign-ins reached it just now); the badge asks again in ${status.retryAfterSeconds} s.`,
      };
    case 'live':
      return {
        label: `Live ${shortTime(status.since, format)}`,
        color: 'success',
        title: `This version is on the public site since ${fullTime(status.since, format)}${status.deploy ? ` (deploy ${status.deploy})` : ''}.`,
      };
    case 'publishing':
      if (status.waiting?.cause === 'restored') {
        return {
          label: 'Waiting: earlier deploy restored',
          color: 'warning',
          title: `Waiting to build: ${status.waiting.reason}. When is the site's operators' decision; this version then builds by itself, and the badge changes when it is live.`,
        };
      }
      if (status.waiting?.cause === 'deploy-budget' && status.waiting.nextTryAt) {
        const at = shortTime(status.waiting.nextTryAt, format);
        return {
          label: `Waiting: next build at ${at} (deploy budget)`,
          color: 'warning',
          title: `The site's deploy budget allows its next build at ${at}; that build carries this version. The site starts it by itself; the badge changes when it is live.`,
        };
      }
      if (status.waiting) {
        const next = status.waiting.nextTryAt
          ? `; next try at ${shortTime(status.waiting.nextTryAt, format)}. The site tries again by itself`
          : '. The site starts it by itself';
        return {
          label: 'Waiting to build',
          color: 'warning',
          title: `Waiting to build: ${status.waiting.reason}${next}; the badge changes when it is live.`,
        };
      }
      return {
        label: 'Publishing…',
        color: 'warning',
        title: status.startedAt
          ? `The site is being rebuilt with this version (build started ${shortTime(status.startedAt, format)}); the badge changes when it is live.`
          : 'This version waits for the next build of the site; the badge changes when it is live.',
      };
    case 'not-live':
      return {
        label: `Not live: ${NOT_LIVE_SHORT[status.code]}`,
        color: 'danger',
        title: notLiveTitle(status),
      };
    case 'unknown':
      // No colour: neither good nor bad news, only that the site could not say.
      return { label: 'Live status unknown', title: status.reason };
  }
}

// ---------------------------------------------------------------------------------------------
// Asking

/** The first wait, the longest, and how long after a publish an unknown answer is still worth asking again. */
export const POLL_FIRST_MS = 2_000;
export const POLL_MAX_MS = 30_000;
export const AFTER_PUBLISH_MS = 2 * 60_000;

/**
 * How long to wait before asking again, or null: the answer has settled. `attempt` counts the
 * answers since the state last changed (the wait doubles from 2 s to 30 s); `sincePublishMs` is
 * the time since this revision was published. While a build carries the revision the badge keeps
 * asking; live and not-live are final for a revision; unknown is asked again only shortly after
 * a publish, while the publish webhook may not have reached the site yet.
 */
export function pollSchedule(
  status: BadgeStatus | undefined,
  { attempt, sincePublishMs }: { attempt: number; sincePublishMs: number },
): number | null {
  const wait = Math.min(POLL_FIRST_MS * 2 ** Math.max(0, attempt), POLL_MAX_MS);
  switch (status?.state) {
    case 'checking-access':
      return status.retryAfterSeconds * 1000;
    case 'publishing':
      return wait;
    case 'live':
    case 'not-live':
      return null;
    default:
      return sincePublishMs < AFTER_PUBLISH_MS ? wait : null;
  }
}

/** What the status question names: a published id and, when known, its revision. */
export function statusKey(id: string, rev?: string): string {
  return rev ? `${id}:${rev}` : id;
}

/** Ids the public site accepts (Sanity's pattern, no drafts): others are never asked about. */
export function askable(id: string): boolean {
  return SANITY_ID_PATTERN.test(id) && !id.startsWith('drafts.');
}

/** The status question's address for up to MAX_STATUS_IDS keys. */
export function statusUrl(origin: string, keys: string[]): string {
  if (keys.length > MAX_STATUS_IDS)
    throw new Error(`at most ${MAX_STATUS_IDS} ids in one question`);
  return `${origin}/api/publish-status?ids=${keys.map(encodeURIComponent).join(',')}`;
}

/** The request headers: the editor's token, when the Studio has one, proves an editor is asking; the site's pass for it spares a call to Sanity. */
export function statusHeaders(token: string | undefined, pass?: string): Record<string, string> {
  return {
    accept: 'application/json',
    ...(token ? { authorization: `Bearer ${token}` } : {}),
    ...(token && pass ? { [PASS_HEADER.toLowerCase()]: pass } : {}),
  };
}

/** One document's status from the answer's body (keyed by `id:rev` or by id), or why there is none. */
export function statusFromAnswer(body: unknown, id: string, rev?: string): DocumentStatus {
  const parsed = publishStatusAnswerSchema.safeParse(body);
  if (!parsed.success)
    return { state: 'unknown', reason: "The public site's answer was not understood." };
  const documents = parsed.data.documents;
  return (
    documents[statusKey(id, rev)] ??
    documents[id] ?? {
      state: 'unknown',
      reason: 'The public site did not answer for this document.',
    }
  );
}

/** An answer that is not a status (network failure, refusal) as the unknown state it means for the badge. */
export function unreachable(detail: string): DocumentStatus {
  return { state: 'unknown', reason: `The public site could not be reached: ${detail}` };
}
