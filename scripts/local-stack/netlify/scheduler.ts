/**
 * Netlify's scheduler, played locally: each function whose `config.schedule` is a cron expression
 * (or `@daily`, `@hourly`...) is invoked at the times it names, as Netlify invokes it (a POST whose
 * JSON body names the next run). `minuteMs` shortens the clock for tests: with 500, a function
 * scheduled every minute runs every half second and a daily one every 12 minutes.
 */
import { CronExpressionParser } from 'cron-parser';
import type { NetlifyFunction } from './functions.ts';

export interface SchedulerOptions {
  functions: readonly NetlifyFunction[];
  /** Invokes one function with the scheduler's request. */
  invoke: (fn: NetlifyFunction, request: Request) => Promise<Response>;
  /** The site's origin (the request's address). */
  origin: () => string;
  /** How long a minute of the schedule lasts here (60,000: real time). */
  minuteMs?: number;
  log?: (line: string) => void;
}

export interface Scheduler {
  stop(): void;
}

/** The wait until a schedule's next run after `from`, in real time: scaled by `minuteMs` from one run to the next. */
export function nextWaitMs(schedule: string, from: Date, minuteMs = 60_000): number {
  const expression = CronExpressionParser.parse(schedule, { currentDate: from, tz: 'UTC' });
  const next = expression.next().getTime();
  if (minuteMs === 60_000) return Math.max(0, next - from.getTime());
  // A shortened clock keeps the period between runs, in shortened minutes.
  const after = expression.next().getTime();
  return Math.max(1, ((after - next) / 60_000) * minuteMs);
}

export function startScheduler(options: SchedulerOptions): Scheduler {
  const minuteMs = options.minuteMs ?? 60_000;
  const timers = new Set<NodeJS.Timeout>();
  let stopped = false;

  function plan(fn: NetlifyFunction, schedule: string): void {
    if (stopped) return;
    const wait = nextWaitMs(schedule, new Date(), minuteMs);
    const run = async () => {
      timers.delete(timer);
      const nextRun = new Date(
        Date.now() + nextWaitMs(schedule, new Date(), minuteMs),
      ).toISOString();
      try {
        const request = new Request(`${options.origin()}/.netlify/functions/${fn.name}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'user-agent': 'Netlify Clockwork' },
          body: JSON.stringify({ next_run: nextRun }),
        });
        const answer = await options.invoke(fn, request);
        const text = await answer.text();
        if (answer.status >= 300)
          options.log?.(`scheduled ${fn.name}: ${answer.status} ${text.slice(0, 200)}`);
      } catch (error) {
        options.log?.(`scheduled ${fn.name} failed: ${(error as Error).message}`);
      }
      plan(fn, schedule);
    };
    const timer = setTimeout(() => void run(), wait);
    timer.unref();
    timers.add(timer);
  }

  for (const fn of options.functions) {
    if (fn.config.schedule) plan(fn, fn.config.schedule);
  }
  return {
    stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
