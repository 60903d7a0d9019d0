/**
 * Which ops alerts were sent (ops-alert.ts), in one bounded record (`ops-alerts-sent` in the publish
 * queue's store), so that an alert goes out at most once for each occurrence of its cause. A cause
 * recurs as long as what it names lasts (a freshness check still stopped is met every minute, a
 * record still unreadable by every function that reads it, a hook still refusing on each try), so
 * each entry keeps when it was last met (`seen`, refreshed at most once a day) and is forgotten
 * only once it has not been met for ALERT_FORGET_MS: a cause met again after that is a new
 * occurrence. At most ALERTS_KEPT_PER_TYPE entries of each type are kept (the least recently met
 * go first), so the record stays small however many causes a site meets.
 *
 * Before this record each alert wrote its own write-once mark (`ops-alerts/<type>/<digest>`, never
 * deleted); such a mark still counts as sent, so no alert of a cause met before goes out again.
 * Pure rules here; the reads and the conditional write are sendAlert's.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { recordKind } from './record-kind.ts';

/** The record's key, in the publish queue's store. */
export const ALERTS_SENT_KEY = 'ops-alerts-sent';
/** A cause not met for this long is forgotten: met again, it is a new occurrence. */
export const ALERT_FORGET_MS = 30 * 24 * 60 * 60_000;
/** How often a cause met again refreshes when it was last met (at most one write a day per cause). */
export const ALERT_SEEN_REFRESH_MS = 24 * 60 * 60_000;
/** Causes kept per type of alert: the record's bound. */
export const ALERTS_KEPT_PER_TYPE = 50;
/** A cause longer than this is kept (and compared) by its first characters. */
export const MAX_CAUSE_LENGTH = 300;
/** Where the write-once marks of before this record are (`ops-alerts/<type>/<digest>`): read, never written. */
export const LEGACY_MARK_PREFIX = 'ops-alerts/';

const isoTime = z.string().min(1);
export const alertsSentSchema = z.object({
  sent: z.array(
    z.object({
      type: z.string(),
      cause: z.string().max(MAX_CAUSE_LENGTH),
      /** When it was sent (or, for one found marked before this record, first counted here). */
      at: isoTime,
      /** When the cause was last met. */
      seen: isoTime,
    }),
  ),
});
export type AlertsSent = z.infer<typeof alertsSentSchema>;
export const ALERTS_SENT_RECORD = recordKind('the ops alerts sent', alertsSentSchema);

/** An alert's type and cause, as the record keeps them. */
export interface AlertCause {
  type: string;
  cause: string;
}

const kept = (cause: string) => cause.slice(0, MAX_CAUSE_LENGTH);

/** The key of the write-once mark an alert of this cause had before this record. */
export function legacyMarkKey(alert: AlertCause): string {
  const digest = createHash('sha256').update(alert.cause).digest('hex').slice(0, 32);
  return `${LEGACY_MARK_PREFIX}${alert.type}/${digest}`;
}

/** Whether the record holds this cause (met within ALERT_FORGET_MS of `now`). */
export function alreadySent(record: AlertsSent | undefined, alert: AlertCause, now: Date): boolean {
  return (record?.sent ?? []).some(
    (entry) =>
      entry.type === alert.type &&
      entry.cause === kept(alert.cause) &&
      now.getTime() - Date.parse(entry.seen) < ALERT_FORGET_MS,
  );
}

/**
 * The record after `alert`'s cause is met at `now`: whether to send it (not met before, nor marked
 * before this record: `marked`), and the record to write (undefined: nothing changes). Forgotten
 * causes are dropped, and each type keeps its ALERTS_KEPT_PER_TYPE most recently met.
 */
export function markAlert(
  record: AlertsSent | undefined,
  alert: AlertCause,
  now: Date,
  marked = false,
): { send: boolean; next?: AlertsSent } {
  const at = now.toISOString();
  const cause = kept(alert.cause);
  const current = record?.sent ?? [];
  const live = current.filter((entry) => now.getTime() - Date.parse(entry.seen) < ALERT_FORGET_MS);
  const found = live.find((entry) => entry.type === alert.type && entry.cause === cause);
  if (found) {
    const stale = now.getTime() - Date.parse(found.seen) >= ALERT_SEEN_REFRESH_MS;
    if (!stale && live.length === current.length) return { send: false };
    const sent = live.map((entry) => (entry === found && stale ? { ...entry, seen: at } : entry));
    return { send: false, next: { sent } };
  }
  const added = [...live, { type: alert.type, cause, at, seen: at }];
  const ofType = added
    .filter((entry) => entry.type === alert.type)
    .sort((a, b) => Date.parse(b.seen) - Date.parse(a.seen));
  const dropped = new Set(ofType.slice(ALERTS_KEPT_PER_TYPE));
  return { send: !marked, next: { sent: added.filter((entry) => !dropped.has(entry)) } };
}
