/**
 * The deploy budget's rules, pure (DEPLOY_BUDGET_PER_HOUR): the hour is cut into B slots
 * (records.ts `slotStartMs`), and at most one production build starts in each. The publish queue
 * keeps the slots used in its record (`slots`: each slot's start), its own starts and any other
 * production deploy it hears of (a git push, a build by hand), so a slot a build of any kind took
 * is not taken again.
 */
import { longestSlotMs, nextSlotStartMs, slotStartMs, type PublishQueue } from '../publish-records/records.ts';

const iso = (ms: number) => new Date(ms).toISOString();

export function slotUsed(slots: readonly string[] | undefined, at: number, perHour: number): boolean {
  return (slots ?? []).includes(iso(slotStartMs(at, perHour)));
}

/** The first moment from `at` on when a build may start: `at` itself when its slot is free, else the start of the next free slot. */
export function nextFreeAt(slots: readonly string[] | undefined, at: number, perHour: number): number {
  let free = at;
  // The slots kept cover about an hour: past them every slot is free.
  for (let guard = 0; guard <= perHour + 1 && slotUsed(slots, free, perHour); guard += 1) free = nextSlotStartMs(free, perHour);
  return free;
}

/** `slots` with the slot of `at` used; slots that ended more than an hour before `now` are dropped. */
export function withSlotUsed(slots: readonly string[] | undefined, at: number, perHour: number, now: number): string[] {
  const oldest = now - 3_600_000 - longestSlotMs(perHour);
  const kept = new Set((slots ?? []).filter((slot) => Date.parse(slot) >= oldest));
  if (at >= oldest) kept.add(iso(slotStartMs(at, perHour)));
  return [...kept].sort();
}

/**
 * With a deploy budget of `perHour`: the moment from `now` on when what waits may start (`now`, or
 * the next free slot's start). Without one: `now`.
 */
export function budgetAllowsAt(queue: PublishQueue, now: Date, perHour: number | undefined): number {
  return perHour ? nextFreeAt(queue.slots, now.getTime(), perHour) : now.getTime();
}

/**
 * A production deploy the queue did not start (a git push, a build by hand, Netlify's UI), heard
 * of: with a deploy budget its slot (of when Netlify was asked for it) is used too.
 */
export function heardOther(queue: PublishQueue, createdAt: string | null | undefined, now: Date, perHour: number | undefined): PublishQueue {
  const at = createdAt ? Date.parse(createdAt) : Number.NaN;
  if (!perHour || Number.isNaN(at)) return queue;
  const slots = withSlotUsed(queue.slots, at, perHour, now.getTime());
  return slots.length === (queue.slots ?? []).length && slots.every((slot, index) => slot === queue.slots?.[index]) ? queue : { ...queue, slots };
}
