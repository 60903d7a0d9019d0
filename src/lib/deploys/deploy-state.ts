/**
 * The deploy state machine, pure: a deploy's record after one notification. Netlify's deploy
 * notifications can arrive twice, late or out of order (succeeded before started), so they are
 * ordered by the payload's own times, never by arrival: one whose `updated_at` (then
 * `published_at`) is not newer than what the record holds changes nothing.
 *
 * | Netlify `state`                                   | record `state` |
 * |---------------------------------------------------|----------------|
 * | new, pending_review, accepted, enqueued, building, uploading, uploaded, preparing, prepared, processing, processed, retrying (any other) | building |
 * | ready                                             | ready (published when `published_at` is set) |
 * | error, rejected, failed                           | error          |
 * | canceled, cancelled, skipped, deleted             | canceled       |
 *
 * A restore ("Deploy restored") posts an older deploy again, `ready` with a new `published_at`:
 * its record's `publishedAt` moves on, `firstPublishedAt` stays.
 */
import {
  type DeployNotification,
  type DeployRecord,
  type DeployState,
} from '../publish-records/deploy-history.ts';
import {
  batchFromTitle,
  boundedDocuments,
  FRESHNESS_TITLE,
  type BuildTrigger,
  type PublishedDocument,
} from '../publish-records/hook-body.ts';
import { asPublished, MAX_WAITING_DOCUMENTS, type Batch } from '../publish-records/queue-record.ts';

export type RecordState = Exclude<DeployState, 'live'>;

const ERROR_STATES = new Set(['error', 'rejected', 'failed']);
const CANCELED_STATES = new Set(['canceled', 'cancelled', 'skipped', 'deleted']);

export function recordState(netlifyState: string): RecordState {
  if (netlifyState === 'ready') return 'ready';
  if (ERROR_STATES.has(netlifyState)) return 'error';
  if (CANCELED_STATES.has(netlifyState)) return 'canceled';
  return 'building';
}

export function isFinished(state: RecordState): boolean {
  return state !== 'building';
}

/** Milliseconds of an ISO time; missing or unreadable counts as the earliest (a notification without a usable time is refused before it gets here). */
export function timeOf(iso: string | null | undefined): number {
  const ms = iso ? Date.parse(iso) : Number.NaN;
  return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
}

/** The notification's order key against the record's: positive when the notification is newer. */
export function compareOrder(
  notification: DeployNotification,
  record: Pick<DeployRecord, 'updatedAt' | 'publishedAt' | 'createdAt'>,
): number {
  const updated =
    timeOf(notification.updated_at ?? notification.created_at) -
    timeOf(record.updatedAt ?? record.createdAt);
  if (updated !== 0) return updated;
  return timeOf(notification.published_at) - timeOf(record.publishedAt);
}

/** Only a production deploy (context `production`: Netlify's production branch) can be live. */
export function isProductionNotification(notification: DeployNotification): boolean {
  return notification.context === 'production';
}

/** Published: succeeded and made the site's current deploy (a locked site publishes nothing new). */
export function isPublished(record: Pick<DeployRecord, 'state' | 'publishedAt'>): boolean {
  return record.state === 'ready' && record.publishedAt !== null;
}

/** What started a deploy, from its title and the publish queue's batches, before its build's report says. */
export function triggerFromTitle(
  title: string | null | undefined,
  batches: readonly Batch[],
): { trigger: BuildTrigger; carried: PublishedDocument[] } {
  const batch = batchFromTitle(title);
  if (!batch || !title) return { trigger: { kind: 'unknown' }, carried: [] };
  const known = batches.find((entry) => entry.batch === batch);
  if (known) {
    const carried = known.documents.map(asPublished);
    const kind = carried.length + known.more === 0 && known.freshness ? 'freshness' : 'publish';
    return {
      trigger: {
        kind,
        batch,
        ...boundedDocuments(carried, known.more),
        ...(known.freshness ? { freshness: known.freshness.reason } : {}),
      },
      carried,
    };
  }
  const kind = title.startsWith('Publish of')
    ? 'publish'
    : title.startsWith(FRESHNESS_TITLE)
      ? 'freshness'
      : title.startsWith('Nightly rebuild')
        ? 'nightly'
        : 'manual';
  return { trigger: { kind, batch, documents: [], more: 0 }, carried: [] };
}

/**
 * The record after `notification`, or undefined when it changes nothing (a duplicate, or older
 * than what the record holds). `batches`: the publish queue's in-flight and recent batches.
 */
export function applyNotification(
  previous: DeployRecord | undefined,
  notification: DeployNotification,
  batches: readonly Batch[],
): DeployRecord | undefined {
  if (previous && compareOrder(notification, previous) <= 0) return undefined;
  const state = recordState(notification.state);
  const title = notification.title ?? previous?.title ?? null;
  const fromTitle = triggerFromTitle(title, batches);
  const keepTrigger = previous && (previous.report !== null || previous.trigger.kind !== 'unknown');
  const publishedAt =
    state === 'ready'
      ? (notification.published_at ?? previous?.publishedAt ?? null)
      : (previous?.publishedAt ?? null);
  return {
    version: 2,
    id: notification.id,
    state,
    netlifyState: notification.state,
    context: notification.context ?? previous?.context ?? null,
    branch: notification.branch ?? previous?.branch ?? null,
    production:
      isProductionNotification(notification) ||
      (notification.context == null && (previous?.production ?? false)),
    title,
    batch: batchFromTitle(title) ?? previous?.batch ?? null,
    deployUrl: notification.deploy_ssl_url ?? previous?.deployUrl ?? null,
    trigger: keepTrigger ? previous.trigger : fromTitle.trigger,
    carried: previous?.carried.length
      ? previous.carried
      : fromTitle.carried.slice(0, MAX_WAITING_DOCUMENTS),
    createdAt: notification.created_at ?? previous?.createdAt ?? null,
    updatedAt: notification.updated_at ?? previous?.updatedAt ?? null,
    publishedAt,
    firstPublishedAt:
      previous?.firstPublishedAt ??
      (state === 'ready' ? (notification.published_at ?? null) : null),
    deployTimeSec: notification.deploy_time ?? previous?.deployTimeSec ?? null,
    errorMessage:
      state === 'error' ? (notification.error_message ?? previous?.errorMessage ?? null) : null,
    report: previous?.report ?? null,
    brought: previous?.brought ?? null,
  };
}

/**
 * Whether a notification's times can order it: its own time (`updated_at`, else `created_at`) must
 * be readable, and no time it carries may lie more than `skewMs` ahead of `now` (a signed
 * notification from the future would otherwise hold the live pointer for good). Answers the
 * problem, or undefined.
 */
export function timesProblem(
  notification: DeployNotification,
  now: number,
  skewMs: number,
): string | undefined {
  for (const [name, value] of [
    ['created_at', notification.created_at],
    ['updated_at', notification.updated_at],
    ['published_at', notification.published_at],
  ] as const) {
    if (value != null && timeOf(value) === Number.NEGATIVE_INFINITY)
      return `the deploy's ${name} is not a time`;
    if (value != null && timeOf(value) > now + skewMs)
      return `the deploy's ${name} lies in the future`;
  }
  if (notification.updated_at == null && notification.created_at == null)
    return 'the deploy has no readable updated_at or created_at';
  return undefined;
}
