/**
 * The publish queue's clock, pure: its unit, the deadlines past which a batch's outcome is unknown,
 * the doubling waits before what waits starts again, publish-retry's schedule, and the bound they
 * give on "Publishing…" (docs/architecture.md, "Publish to live"). Every wait is a number of units
 * (PUBLISH_RETRY_BASE_SECONDS, default 60 s), so the local stack's tests shorten them all at once;
 * the platform's own times (Netlify's build limit, the build hook's time-out) hold whatever the unit.
 */
import { longestSlotMs } from './deploy-budget.ts';

/** The queue's unit of time: PUBLISH_RETRY_BASE_SECONDS' default. */
export const RETRY_BASE_MS = 60_000;
/** Waits before the site starts what waits again after a start that failed or was lost: 1, 2, 4, … units, at most 30. */
export const RETRY_MAX_UNITS = 30;
/** A batch whose build hook call is not confirmed (its answer, or a notification naming it) within 1 unit was not started. */
export const START_CONFIRM_UNITS = 1;
/**
 * A started batch with no word of its build (no notification) for 30 units was lost: its documents
 * wait again. One whose build was heard starting is waited for at least as long as Netlify lets a
 * build run (NETLIFY_BUILD_LIMIT_MS), whatever the unit.
 */
export const STALE_UNITS = 30;
/**
 * After silence lost a batch again with no notification heard since, the wait doubles past
 * RETRY_MAX_UNITS, up to a day: deploy notifications that never come (not set up, a wrong secret)
 * cost a handful of builds and then one a day, not one an hour.
 */
export const SILENCE_MAX_MS = 24 * 60 * 60_000;
/** The build hook call gives up after this long; the batch then waits for a retry. */
export const BUILD_HOOK_TIMEOUT_MS = 10_000;

/**
 * How long a batch's start may go unconfirmed before it counts as never started: START_CONFIRM_UNITS,
 * and never less than the build hook call may take (a small unit must not take a slow call for a lost one).
 */
export function startDeadlineMs(unitMs: number): number {
  return Math.max(START_CONFIRM_UNITS * unitMs, BUILD_HOOK_TIMEOUT_MS);
}
/** Netlify stops a build after 15 minutes (its default build time limit). */
export const NETLIFY_BUILD_LIMIT_MS = 15 * 60_000;

/**
 * publish-retry's schedule: every minute. Netlify reads a function's schedule only as a literal in
 * its own `config` (src/functions/publish-retry.ts says it again; a unit test holds the two equal).
 */
export const PUBLISH_RETRY_SCHEDULE = '* * * * *';
/** How often that schedule runs publish-retry. */
export const PUBLISH_RETRY_PERIOD_MS = 60_000;

/**
 * The wait after the `attempts`-th failure in a row: 1, 2, 4, … units, at most `capMs`
 * (RETRY_MAX_UNITS after a start that failed or was lost, SILENCE_MAX_MS after silence).
 */
export function doublingDelayMs(attempts: number, unitMs: number, capMs: number): number {
  return Math.min(capMs, 2 ** Math.min(30, Math.max(0, attempts - 1)) * unitMs);
}

/**
 * The longest a published revision shows "Publishing…" (or "Waiting to build") once the platform
 * works again (Blobs, the build hook, builds and their notifications), counted from the later of the
 * publish and the last failure (plus the builds Netlify had queued then): the in-flight batch is
 * taken as lost (an unconfirmed start after START_CONFIRM_UNITS, a silent build after STALE_UNITS
 * or Netlify's build limit), it waits at most RETRY_MAX_UNITS, publish-retry's next run starts it
 * again, and its build takes at most Netlify's build limit: 76 minutes with the default unit.
 * `silentLosses`: batches already lost for silence in a row with nothing heard (deploy
 * notifications lost each time); past 5 of them the wait after the next grows beyond 30 units.
 */
export function publishBoundMs(
  unitMs: number = RETRY_BASE_MS,
  silentLosses = 0,
  budgetPerHour?: number,
): number {
  const lost = Math.max(startDeadlineMs(unitMs), STALE_UNITS * unitMs, NETLIFY_BUILD_LIMIT_MS);
  const wait = Math.max(
    RETRY_MAX_UNITS * unitMs,
    doublingDelayMs(silentLosses + 1, unitMs, SILENCE_MAX_MS),
  );
  // With a deploy budget, the start it waited for may fall in a slot already used: one slot more at most.
  return (
    lost +
    wait +
    (budgetPerHour ? longestSlotMs(budgetPerHour) : 0) +
    PUBLISH_RETRY_PERIOD_MS +
    NETLIFY_BUILD_LIMIT_MS
  );
}
