/**
 * How @segment/analytics-next is set up (docs/behaviour.md §7, §9): batches of 10 events flushed every 5 s,
 * up to 10 retries, 429 retried after the rate-limit reset (Retry-After), every status >= 500
 * retried. Settings are given in full so the library never asks Segment's CDN for them, and
 * its own metrics are off: the only requests are event batches to the configured host.
 * Pure: the browser loader and the unit tests share it.
 */
import { ANALYTICS_BATCH } from './events.ts';

export const DEFAULT_SEGMENT_API_HOST = 'https://api.segment.io/v1';
/** docs/behaviour.md §9: cookie max age 365 days. */
export const COOKIE_MAX_AGE_DAYS = 365;

/** Statuses >= 500 that the library drops by default; docs/behaviour.md §8 retries every one. */
const RETRIED_5XX = ['501', '505', '511'] as const;

export interface SegmentHost {
  protocol: 'http' | 'https';
  /** Host and path without the scheme, e.g. "api.segment.io/v1". */
  apiHost: string;
}

/** "https://api.segment.io/v1" (or "api.segment.io/v1") as the library's protocol + apiHost pair. */
export function segmentHost(url: string | undefined): SegmentHost {
  const value = (url?.trim() || DEFAULT_SEGMENT_API_HOST).replace(/\/+$/, '');
  const match = /^(https?):\/\/(.+)$/i.exec(value);
  if (match) return { protocol: match[1]!.toLowerCase() as 'http' | 'https', apiHost: match[2]! };
  return { protocol: 'https', apiHost: value };
}

export function segmentLoadArguments(writeKey: string, apiHostUrl: string | undefined) {
  const { protocol, apiHost } = segmentHost(apiHostUrl);
  const segmentIo = {
    apiHost,
    protocol,
    deliveryStrategy: {
      strategy: 'batching' as const,
      config: {
        size: ANALYTICS_BATCH.size,
        timeout: ANALYTICS_BATCH.flushMs,
        maxRetries: ANALYTICS_BATCH.maxRetries,
      },
    },
    httpConfig: {
      rateLimitConfig: { maxRetryCount: ANALYTICS_BATCH.maxRetries },
      backoffConfig: {
        maxRetryCount: ANALYTICS_BATCH.maxRetries,
        default5xxBehavior: 'retry' as const,
        statusCodeOverrides: Object.fromEntries(
          RETRIED_5XX.map((status) => [status, 'retry' as const]),
        ),
      },
    },
  };
  return {
    settings: {
      writeKey,
      cdnSettings: {
        integrations: { 'Segment.io': { apiKey: writeKey, ...segmentIo } },
        metrics: { sampleRate: 0 },
      },
    },
    options: {
      integrations: { 'Segment.io': segmentIo },
      cookie: { maxage: COOKIE_MAX_AGE_DAYS },
    },
  };
}

/** The page view's properties (docs/behaviour.md §7): path, the page-name label and a timestamp. */
export function pageViewProperties(
  path: string,
  pageName: string,
  now: Date,
): { path: string; pageName: string; timestamp: string } {
  return { path, pageName, timestamp: now.toISOString() };
}
