/**
 * The simulated world's one clock (world.ts): events in time order, those due at one moment run
 * together (their Blobs reads and writes interleave as concurrent instances' would), and time moves
 * only by `runUntil`. A task is work that waits on the clock (`sleep`), such as Netlify building a
 * deploy: the event that wakes it ends only when it sleeps again or ends, so whatever it does at one
 * moment happens at that moment, before time moves on.
 */
import type { Sleep } from '../netlify/deploys.ts';

export interface ClockEvent {
  at: number;
  order: number;
  what: string;
  run: () => void | Promise<void>;
}

export class SimClock {
  now: number;
  /** Kept sorted by time, then by when scheduled. */
  private events: ClockEvent[] = [];
  private order = 0;
  /** How the events of one moment are awaited (the fault model interleaves their invocations). */
  private readonly settle: (work: Promise<unknown>) => Promise<void>;

  constructor(start: number, settle?: (work: Promise<unknown>) => Promise<void>) {
    this.now = start;
    this.settle =
      settle ??
      (async (work) => {
        await work;
      });
  }

  /** Runs `run` at `at` (now, if that is past). */
  schedule(at: number, what: string, run: () => void | Promise<void>): void {
    const event = { at: Math.max(at, this.now), order: (this.order += 1), what, run };
    // Insert after every event due no later.
    let low = 0;
    let high = this.events.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.events[middle]!.at <= event.at) low = middle + 1;
      else high = middle;
    }
    this.events.splice(low, 0, event);
  }

  /** Runs every event due by `until`, moment by moment; the clock ends there. */
  async runUntil(until: number): Promise<void> {
    while (this.events.length > 0 && this.events[0]!.at <= until) {
      const at = this.events[0]!.at;
      this.now = at;
      let count = 0;
      while (count < this.events.length && this.events[count]!.at === at) count += 1;
      const due = this.events.splice(0, count);
      await this.settle(
        Promise.all(
          due.map(async (event) => {
            await event.run();
          }),
        ),
      );
    }
    this.now = Math.max(this.now, until);
  }

  /** The events still to come (what and when). */
  pending(): ReadonlyArray<Pick<ClockEvent, 'at' | 'what'>> {
    return this.events;
  }

  /**
   * Runs `body` as a task on this clock: each `sleep` schedules its waking, and the waking event
   * lasts until the task sleeps again or ends (an error it throws then is that event's).
   */
  task(what: string, body: (sleep: Sleep) => Promise<void>): Promise<void> {
    let waking: { done: () => void; fail: (error: unknown) => void } | undefined;
    const handOver = () => {
      const woke = waking;
      waking = undefined;
      return woke;
    };
    const sleep: Sleep = (ms, moment = what) =>
      new Promise<void>((wake) => {
        this.schedule(
          this.now + ms,
          moment,
          () =>
            new Promise<void>((done, fail) => {
              waking = { done, fail };
              wake();
            }),
        );
        handOver()?.done();
      });
    return body(sleep).then(
      () => handOver()?.done(),
      (error: unknown) => {
        const woke = handOver();
        if (!woke) throw error;
        woke.fail(error);
      },
    );
  }
}
