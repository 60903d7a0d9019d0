/**
 * The deploy budget's rules, pure (DEPLOY_BUDGET_PER_HOUR): the hour is cut into B slots
 * (`slotStartMs`), and at most one production build starts in each. The publish queue
 * keeps the slots used in its record (`slots`: each slot's start), its own starts and any other
 * production deploy it hears of (a git push, a build by hand), so a slot a build of any kind took
 * is not taken again.
 */
import type { PublishQueue } from '../publish-records/queue-record.ts';

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The deploy budget's slots: with a budget of B production deploys an hour, each hour (UTC) is cut
 * into B slots starting on whole minutes (slot k at minute ⌊k·60/B⌋), and the publish queue starts
 * at most one build in each. So at most B in any clock hour, and a publish waits for the budget at
 * most one slot.
 */
export function slotStartMs(at: number, perHour: number): number {
  const { hour, slot } = slotOf(at, perHour);
  return hour + Math.floor((slot * 60) / perHour) * 60_000;
}

/** When the slot after the one `at` falls in starts. */
export function nextSlotStartMs(at: number, perHour: number): number {
  const { hour, slot } = slotOf(at, perHour);
  return hour + Math.floor(((slot + 1) * 60) / perHour) * 60_000;
}

/** The hour `at` falls in, and its slot there: the last k whose first minute ⌊k·60/B⌋ is at or before `at`'s minute. */
function slotOf(at: number, perHour: number): { hour: number; slot: number } {
  const hour = Math.floor(at / 3_600_000) * 3_600_000;
  const minute = Math.floor((at - hour) / 60_000);
  return { hour, slot: Math.floor(((minute + 1) * perHour - 1) / 60) };
}

/** The longest slot of a budget: ⌈60/B⌉ minutes. */
export function longestSlotMs(perHour: number): number {
  return Math.ceil(60 / perHour) * 60_000;
}

export function slotUsed(
  slots: readonly string[] | undefined,
  at: number,
  perHour: number,
): boolean {
  return (slots ?? []).includes(iso(slotStartMs(at, perHour)));
}

/** The first moment from `at` on when a build may start: `at` itself when its slot is free, else the start of the next free slot. */
export function nextFreeAt(
  slots: readonly string[] | undefined,
  at: number,
  perHour: number,
): number {
  let free = at;
  // The slots kept cover about an hour: past them every slot is free.
  for (let guard = 0; guard <= perHour + 1 && slotUsed(slots, free, perHour); guard += 1)
    free = nextSlotStartMs(free, perHour);
  return free;
}

/** `slots` with the slot of `at` used; slots that ended more than an hour before `now` are dropped. */
export function withSlotUsed(
  slots: readonly string[] | undefined,
  at: number,
  perHour: number,
  now: number,
): string[] {
  const oldest = now - 3_600_000 - longestSlotMs(perHour);
  const kept = new Set((slots ?? []).filter((slot) => Date.parse(slot) >= oldest));
  if (at >= oldest) kept.add(iso(slotStartMs(at, perHour)));
  return [...kept].sort();
}

/**
 * A production deploy the queue did not start (a git push, a build by hand, Netlify's UI), heard
 * of: with a deploy budget its slot (of when Netlify was asked for it) is used too.
 */
export function heardOther(
  queue: PublishQueue,
  createdAt: string | null | undefined,
  now: Date,
  perHour: number | undefined,
): PublishQueue {
  const at = createdAt ? Date.parse(createdAt) : Number.NaN;
  if (!perHour || Number.isNaN(at)) return queue;
  const slots = withSlotUsed(queue.slots, at, perHour, now.getTime());
  return slots.length === (queue.slots ?? []).length &&
    slots.every((slot, index) => slot === queue.slots?.[index])
    ? queue
    : { ...queue, slots };
}
