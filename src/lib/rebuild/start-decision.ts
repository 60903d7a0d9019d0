/**
 * "Does what waits start a build now, or wait?", answered in one place, pure: from the queue's
 * record, the time and the deploy budget. publish-queue.ts asks it after every event that may
 * start a batch (a publish, a freshness build, a finished deploy, publish-retry's run) and writes
 * what it answers; freshness.ts asks only whether anything waits.
 *
 * In this order: a batch in flight makes everything wait for its deploy (its notification, or its
 * deadline: queue-state.ts `settle`); with nothing waiting there is nothing to start; a restore the
 * operator made (an older deploy published again) holds what waits until the latest deploy is live
 * again or deploys are unlocked (restore-hold.ts); the queue's hold (a start that failed or was
 * lost, a failed build) waits until it ends; and with a deploy budget, a slot of the hour already
 * used waits for the next free one (deploy-budget.ts).
 */
import type { Hold, LiveDeploy, PublishQueue } from '../publish-records/queue-record.ts';
import { nextFreeAt } from './deploy-budget.ts';
import { restoreHold } from './restore-hold.ts';

export type StartDecision =
  /** What waits becomes a batch, and its build starts now. */
  | { start: true }
  /** Nothing waits: nothing to start. */
  | { start: false; why: 'idle' }
  /** Batch `batch` is in flight: what waits goes when its deploy ends. */
  | { start: false; why: 'in-flight'; batch: string }
  /** An older deploy was restored over `live.restoredOver`: what waits starts when that ends, not at a time. */
  | { start: false; why: 'restored'; live: Required<LiveDeploy> }
  /** The queue's hold has not ended: what waits starts at `hold.until`. */
  | { start: false; why: 'held'; hold: Hold }
  /** This slot of the deploy budget is used: what waits starts at `until`, the next free slot. */
  | { start: false; why: 'deploy-budget'; until: Date };

export interface StartOptions {
  /** The deploy budget (DEPLOY_BUDGET_PER_HOUR): at most this many builds an hour, one a slot. Unset: none. */
  budgetPerHour?: number | undefined;
}

/** Whether anything waits for a build: publishes (listed or only counted) or a freshness build. */
export function hasWaiting(queue: PublishQueue): boolean {
  return queue.waiting.length > 0 || queue.waitingMore > 0 || queue.fresh !== undefined;
}

export function decideStart(
  queue: PublishQueue,
  now: Date,
  options: StartOptions = {},
): StartDecision {
  if (queue.inFlight) return { start: false, why: 'in-flight', batch: queue.inFlight.batch };
  if (!hasWaiting(queue)) return { start: false, why: 'idle' };
  const restored = restoreHold(queue);
  if (restored) return { start: false, why: 'restored', live: restored };
  if (queue.hold && Date.parse(queue.hold.until) > now.getTime())
    return { start: false, why: 'held', hold: queue.hold };
  if (options.budgetPerHour) {
    const free = nextFreeAt(queue.slots, now.getTime(), options.budgetPerHour);
    if (free > now.getTime()) return { start: false, why: 'deploy-budget', until: new Date(free) };
  }
  return { start: true };
}
