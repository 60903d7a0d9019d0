/**
 * The simulated world's clock (scripts/support/world/clock.ts): events run in time order, those
 * of one moment together; a task's waking event lasts until the task sleeps again or ends, so what
 * the task does at a moment (even awaiting real I/O) is done before time moves on, and its error is
 * that moment's.
 */
import { describe, expect, it } from 'vitest';
import { SimClock } from '../../../scripts/support/world/clock.ts';

describe('the simulated clock', () => {
  it('runs events in time order, those of one moment together, and ends at the time asked', async () => {
    const clock = new SimClock(1_000);
    const ran: string[] = [];
    const at = (what: string) => () => {
      ran.push(`${what}@${clock.now}`);
    };
    clock.schedule(3_000, 'c', at('c'));
    clock.schedule(2_000, 'a', at('a'));
    clock.schedule(2_000, 'b', at('b'));
    clock.schedule(500, 'past', at('past'));
    clock.schedule(9_000, 'later', at('later'));
    await clock.runUntil(5_000);
    expect(ran).toEqual(['past@1000', 'a@2000', 'b@2000', 'c@3000']);
    expect(clock.now).toBe(5_000);
    expect(clock.pending().map((event) => event.what)).toEqual(['later']);
  });

  it('runs the events of one moment at once: one waiting does not hold the other back', async () => {
    const clock = new SimClock(0);
    const order: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((open) => {
      release = open;
    });
    clock.schedule(10, 'waits', async () => {
      order.push('waits starts');
      await gate;
      order.push('waits ends');
    });
    clock.schedule(10, 'opens', () => {
      order.push('opens');
      release();
    });
    await clock.runUntil(10);
    expect(order).toEqual(['waits starts', 'opens', 'waits ends']);
  });

  it('a task does what it does at a moment before time moves on, even awaiting real I/O', async () => {
    const clock = new SimClock(0);
    const seen: string[] = [];
    void clock.task('worker', async (sleep) => {
      await sleep(100, 'first');
      await new Promise((done) => setTimeout(done, 20));
      seen.push(`after I/O at ${clock.now}`);
      await sleep(100, 'second');
      seen.push(`done at ${clock.now}`);
    });
    clock.schedule(150, 'between', () => {
      seen.push(`between at ${clock.now}`);
    });
    await clock.runUntil(120);
    expect(seen).toEqual(['after I/O at 100']);
    expect(clock.pending().map((event) => `${event.what}@${event.at}`)).toEqual([
      'between@150',
      'second@200',
    ]);
    await clock.runUntil(300);
    expect(seen).toEqual(['after I/O at 100', 'between at 150', 'done at 200']);
  });

  it("a task's error after a sleep is the error of the moment it woke at", async () => {
    const clock = new SimClock(0);
    const task = clock.task('failing', async (sleep) => {
      await sleep(10, 'wake');
      throw new Error('the build broke');
    });
    await expect(clock.runUntil(20)).rejects.toThrow('the build broke');
    await expect(task).resolves.toBeUndefined();
  });
});
