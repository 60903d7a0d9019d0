/**
 * The publish queue's clock: one doubling for every wait, publish-retry's schedule as Netlify reads
 * it from the function's own config, and the bound on "Publishing…" the docs state.
 */
import { describe, expect, it } from 'vitest';
import { config as publishRetryConfig } from '../../../src/functions/publish-retry.ts';
import {
  SCHEDULED_FUNCTION_LIMIT_MS,
  TENANT_READ_DEADLINE_MS,
} from '../../../src/lib/rebuild/freshness-check.ts';
import {
  BUILD_HOOK_TIMEOUT_MS,
  doublingDelayMs,
  publishBoundMs,
  PUBLISH_RETRY_PERIOD_MS,
  PUBLISH_RETRY_SCHEDULE,
  SILENCE_MAX_MS,
} from '../../../src/lib/rebuild/queue-timing.ts';

const MINUTE = 60_000;

describe("the queue's clock", () => {
  it('after silence the wait doubles on past 30 units, up to a day', () => {
    expect(
      [1, 5, 6, 7, 11, 12, 40].map(
        (losses) => doublingDelayMs(losses, MINUTE, SILENCE_MAX_MS) / MINUTE,
      ),
    ).toEqual([1, 16, 32, 64, 1024, 1440, 1440]);
  });

  it('publish-retry runs on the schedule its function exports, every minute', () => {
    expect(publishRetryConfig.schedule).toBe(PUBLISH_RETRY_SCHEDULE);
    expect([PUBLISH_RETRY_SCHEDULE, PUBLISH_RETRY_PERIOD_MS]).toEqual(['* * * * *', MINUTE]);
  });

  it('the bound on "Publishing…": 76 minutes, 86 with a budget of 6 an hour, 136 with 1', () => {
    expect(
      [publishBoundMs(), publishBoundMs(MINUTE, 0, 6), publishBoundMs(MINUTE, 0, 1)].map(
        (ms) => ms / MINUTE,
      ),
    ).toEqual([76, 86, 136]);
  });
});

describe("the freshness check's worst run", () => {
  it('reading until its deadline, then waiting out the build hook, leaves 5 s of Netlify’s 30 s for the writes', () => {
    expect(SCHEDULED_FUNCTION_LIMIT_MS).toBe(30_000);
    expect(TENANT_READ_DEADLINE_MS + BUILD_HOOK_TIMEOUT_MS).toBeLessThanOrEqual(
      SCHEDULED_FUNCTION_LIMIT_MS - 5_000,
    );
  });
});
