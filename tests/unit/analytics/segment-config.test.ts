import { describe, expect, it } from 'vitest';
// The library's own resolution of retry settings, to prove what our settings make it do.
import {
  getStatusBehavior,
  resolveHttpConfig,
} from '@segment/analytics-next/dist/pkg/plugins/segmentio/shared-dispatcher.js';
import { ANALYTICS_BATCH } from '../../../src/lib/analytics/events.ts';
import {
  pageViewProperties,
  segmentHost,
  segmentLoadArguments,
} from '../../../src/lib/analytics/segment-config.ts';

describe('segmentHost', () => {
  it("splits a URL into the library's protocol and apiHost", () => {
    expect(segmentHost('http://127.0.0.1:9999/v1/')).toEqual({
      protocol: 'http',
      apiHost: '127.0.0.1:9999/v1',
    });
    expect(segmentHost('https://events.example.com/v1')).toEqual({
      protocol: 'https',
      apiHost: 'events.example.com/v1',
    });
  });

  it("defaults to Segment's API over https", () => {
    expect(segmentHost(undefined)).toEqual({ protocol: 'https', apiHost: 'api.segment.io/v1' });
    expect(segmentHost('')).toEqual({ protocol: 'https', apiHost: 'api.segment.io/v1' });
  });
});

describe('segmentLoadArguments', () => {
  const { settings, options } = segmentLoadArguments('key-123', 'http://127.0.0.1:9999/v1');
  const segmentIo = options.integrations['Segment.io'];

  it('batches 10 events, flushes every 5 s and retries up to 10 times (docs/behaviour.md §9)', () => {
    expect(ANALYTICS_BATCH).toEqual({ size: 10, flushMs: 5000, maxRetries: 10 });
    expect(segmentIo.deliveryStrategy).toEqual({
      strategy: 'batching',
      config: { size: 10, timeout: 5000, maxRetries: 10 },
    });
  });

  it('retries 429 and every status from 500 up, and drops other client errors (docs/behaviour.md §8)', () => {
    const resolved = resolveHttpConfig(segmentIo.httpConfig);
    expect(resolved.backoffConfig.maxRetryCount).toBe(10);
    expect(resolved.rateLimitConfig.maxRetryCount).toBe(10);
    expect(getStatusBehavior(429, resolved.backoffConfig)).toBe('retry');
    for (const status of [500, 501, 502, 503, 504, 505, 511, 599]) {
      expect(getStatusBehavior(status, resolved.backoffConfig), String(status)).toBe('retry');
    }
    expect(getStatusBehavior(400, resolved.backoffConfig)).toBe('drop');
  });

  it('never asks the CDN for settings and sends no metrics; events go to the configured host', () => {
    expect(settings.writeKey).toBe('key-123');
    expect(settings.cdnSettings.integrations['Segment.io']).toMatchObject({
      apiKey: 'key-123',
      apiHost: '127.0.0.1:9999/v1',
      protocol: 'http',
    });
    expect(settings.cdnSettings.metrics.sampleRate).toBe(0);
    expect(segmentIo).toMatchObject({ apiHost: '127.0.0.1:9999/v1', protocol: 'http' });
  });

  it('keeps the cookie for 365 days', () => {
    expect(options.cookie.maxage).toBe(365);
  });
});

describe('pageViewProperties', () => {
  it('carries the path, page-name label and an ISO timestamp', () => {
    expect(
      pageViewProperties('/cubbymobile', 'Landing page', new Date('2026-01-02T03:04:05Z')),
    ).toEqual({
      path: '/cubbymobile',
      pageName: 'Landing page',
      timestamp: '2026-01-02T03:04:05.000Z',
    });
  });
});
