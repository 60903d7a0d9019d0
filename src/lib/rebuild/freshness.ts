/**
 * The freshness check's rules, pure: whether the site would change if it were built now, from what
 * a build reads that has no event of its own (each published school's tenant record in the product
 * API: the giveaway's open or closed state, the enter button, names and colours), against what the
 * live deploy's build read (`live-inputs`). freshness-check.ts reads the records, applies these and
 * asks the publish queue for a build only when they say so.
 *
 * Why no build is needed (in this order): the operator restored an earlier deploy (the restore
 * holds until the latest deploy is live again or deploys are unlocked: restore-hold.ts); a build is
 * already under way or waiting (it reads the tenant records itself); no live deploy is recorded
 * (nothing to compare with); the site's deploys are locked; a production deploy is being built; the last one failed in its build command less
 * than AFTER_FAILED_BUILD_MS ago (a fault in the content fails any build until a publish fixes it;
 * a service the build reads may be down: after that wait a build is tried again); the live deploy
 * read its records from a file. Why one is:
 * the live deploy is older than FRESHNESS_MAX_AGE_DAYS; it recorded no digest of its inputs; the
 * tenant records differ from its; they could not be read for UNREADABLE_BUILD_MS.
 */
import { failureCause } from '../publish-records/build-failure.ts';
import type { LiveInputs, ProductionHistory } from '../publish-records/deploy-history.ts';
import type { FreshnessState, PublishQueue } from '../publish-records/queue-record.ts';
import { NETLIFY_BUILD_LIMIT_MS } from './queue-timing.ts';
import { restoreHold } from './restore-hold.ts';
import { hasWaiting } from './start-decision.ts';
import { changedSchools } from '../tenants/digest.ts';

/** The function's schedule: every quarter hour. */
export const CHECK_TICK_MS = 15 * 60_000;
/** A run this soon after a quarter hour is the scheduler's; any later one was started by hand (Netlify's "Run now", a local POST). */
export const SCHEDULER_SLACK_MS = 2 * 60_000;
/** The tenant records unreadable for this long: a build reads them itself (and names the school if one is gone). */
export const UNREADABLE_BUILD_MS = 3 * 60 * 60_000;
/**
 * After a build that failed in its build command (and its one try again), no freshness build for this
 * long: the content may be at fault (every build fails until a publish fixes it) or a service the
 * build reads was down (Netlify's message cannot tell which), so a failing site spends at most two
 * failed builds in this time, and one whose service came back is built again.
 */
export const AFTER_FAILED_BUILD_MS = 3 * 60 * 60_000;
/** A deploy heard building longer ago than this was never heard finishing (its notification was lost): no longer waited for. */
const BUILDING_FOR_AT_MOST_MS = 2 * NETLIFY_BUILD_LIMIT_MS;
/** Schools a reason names (the rest counted). */
const NAMED_SCHOOLS = 3;
const DAY_MS = 24 * 60 * 60_000;

export type Due = 'scheduled' | 'by hand' | 'not due';

/**
 * Whether a run at `now` checks: a scheduled run (within SCHEDULER_SLACK_MS of a quarter hour)
 * checks on the quarter hours that are a multiple of the interval (counted from midnight UTC); a
 * run at any other time was started by hand and checks at once.
 */
export function dueNow(now: number, intervalMinutes: number): Due {
  const intoTick = ((now % CHECK_TICK_MS) + CHECK_TICK_MS) % CHECK_TICK_MS;
  if (intoTick >= SCHEDULER_SLACK_MS) return 'by hand';
  const minuteOfDay = Math.round(((((now - intoTick) % DAY_MS) + DAY_MS) % DAY_MS) / 60_000);
  return minuteOfDay % intervalMinutes === 0 ? 'scheduled' : 'not due';
}

/** When the next scheduled check runs after `now`. */
export function nextCheckAt(now: number, intervalMinutes: number): number {
  const interval = intervalMinutes * 60_000;
  const dayStart = Math.floor(now / DAY_MS) * DAY_MS;
  return dayStart + (Math.floor((now - dayStart) / interval) + 1) * interval;
}

export interface FreshnessFacts {
  now: Date;
  queue: PublishQueue;
  history: ProductionHistory;
  /** `live-inputs`: the inputs of the deploy it names (perhaps not the live one). */
  liveInputs: LiveInputs | undefined;
  state: FreshnessState | undefined;
  /** FRESHNESS_MAX_AGE_DAYS, in ms. */
  maxAgeMs: number;
}

export type Verdict =
  /** No build: `outcome` says why. */
  | { action: 'none'; outcome: string }
  /** A build: `reason` says why (the deploy message and the Deploys view show it). */
  | { action: 'build'; reason: string }
  /** Read these schools' tenant records, then decide with `afterReading`. */
  | { action: 'read'; live: LiveInputs };

export type TenantRead =
  { ok: true; tenants: Record<string, string> } | { ok: false; error: string };

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** What can be decided before the product API is asked. */
export function beforeReading(facts: FreshnessFacts): Verdict {
  const { queue, history, now } = facts;
  const restored = restoreHold(queue);
  if (restored)
    return {
      action: 'none',
      outcome: `an earlier deploy was restored (deploy ${restored.deployId}): no build until the latest deploy is published again or deploys are unlocked`,
    };
  if (queue.inFlight || hasWaiting(queue)) {
    return {
      action: 'none',
      outcome: 'a build is under way or waiting: it reads the tenant records itself',
    };
  }
  const live = history.live;
  const liveRecord = live
    ? history.deploys.find((deploy) => deploy.id === live.deployId)
    : undefined;
  if (!live)
    return {
      action: 'none',
      outcome: 'no live deploy is recorded yet (deploy notifications): nothing to compare with',
    };
  if (history.site?.locked)
    return { action: 'none', outcome: "the site's deploys are locked in Netlify: no build" };
  const newer = history.deploys.filter(
    (deploy) =>
      deploy.production &&
      deploy.id !== live.deployId &&
      Date.parse(deploy.createdAt ?? '') > Date.parse(liveRecord?.createdAt ?? live.since),
  );
  if (
    newer.some(
      (deploy) =>
        deploy.state === 'building' &&
        now.getTime() - Date.parse(deploy.createdAt ?? '') < BUILDING_FOR_AT_MOST_MS,
    )
  ) {
    return { action: 'none', outcome: 'a deploy is being built: the next check compares with it' };
  }
  const newest = newer.sort(
    (a, b) => Date.parse(b.createdAt ?? '') - Date.parse(a.createdAt ?? ''),
  )[0];
  const failedAt = Date.parse(newest?.updatedAt ?? newest?.createdAt ?? '');
  if (
    newest?.state === 'error' &&
    failureCause(newest.errorMessage) === 'build-command' &&
    !(now.getTime() - failedAt >= AFTER_FAILED_BUILD_MS)
  ) {
    return {
      action: 'none',
      outcome: `the last build failed in its build command: no build until a publish fixes it (that build reads the tenant records too), or for ${AFTER_FAILED_BUILD_MS / 3_600_000} hours after it (a service the build reads may have been down)`,
    };
  }
  const age = now.getTime() - Date.parse(live.since);
  if (age >= facts.maxAgeMs)
    return {
      action: 'build',
      reason: `the live deploy is ${plural(Math.floor(age / DAY_MS), 'day')} old`,
    };
  const inputs = facts.liveInputs;
  if (!inputs || inputs.deployId !== live.deployId)
    return { action: 'build', reason: 'the live deploy recorded no digest of its inputs' };
  if (inputs.source === 'file')
    return {
      action: 'none',
      outcome: 'the live deploy read its tenant records from a file: nothing to check',
    };
  return { action: 'read', live: inputs };
}

/**
 * The decision once the records were read (or not), and since when they could not be: unreadable
 * for UNREADABLE_BUILD_MS is a build (and the clock starts again), briefly is none.
 */
export function afterReading(
  facts: Pick<FreshnessFacts, 'now' | 'state'>,
  live: LiveInputs,
  read: TenantRead,
): { verdict: Exclude<Verdict, { action: 'read' }>; unreadableSince?: string } {
  const now = facts.now.getTime();
  if (!read.ok) {
    const since = facts.state?.unreadableSince ?? facts.now.toISOString();
    if (now - Date.parse(since) >= UNREADABLE_BUILD_MS) {
      return {
        verdict: {
          action: 'build',
          reason: `the tenant records could not be read for ${UNREADABLE_BUILD_MS / 3_600_000} hours`,
        },
        unreadableSince: facts.now.toISOString(),
      };
    }
    return {
      verdict: {
        action: 'none',
        outcome: `the tenant records could not be read (${read.error}): no build yet, one starts if they cannot be read for ${UNREADABLE_BUILD_MS / 3_600_000} hours`,
      },
      unreadableSince: since,
    };
  }
  const changed = changedSchools(live.tenants, read.tenants);
  if (changed.length === 0)
    return { verdict: { action: 'none', outcome: 'no change since the live deploy' } };
  const named = changed.slice(0, NAMED_SCHOOLS).join(', ');
  const more = changed.length > NAMED_SCHOOLS ? ` and ${changed.length - NAMED_SCHOOLS} more` : '';
  return {
    verdict: {
      action: 'build',
      reason: `tenant records changed for ${plural(changed.length, 'school')} (${named}${more})`,
    },
  };
}
