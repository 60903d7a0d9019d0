/** The rebuild functions read only their own settings: the build's rules never stop them, their own bad settings answer a clear 500. */
import { defineFunction } from '../../../src/lib/functions/define-function.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryBlobStore } from '../../../src/lib/functions/blob-store.ts';
import { freshnessCheck } from '../../../src/lib/rebuild/freshness-check.ts';
import {
  readBuildHookSettings,
  readFreshnessSettings,
  readPublishSettings,
} from '../../../src/lib/functions/function-settings.ts';

const HOOK = 'https://api.netlify.example/build_hooks/hook123';
const SECRET = 's3cret-of-at-least-thirty-two-characters';
/** What a production build would refuse: no content source, no product API, a bad content setting. */
const BUILD_WOULD_REFUSE = {
  CONTEXT: 'production',
  NETLIFY: 'true',
  CONTENT_SOURCE: 'sanity',
  CONTENT_PREVIEW: 'perhaps',
  PUBLIC_API_BASE: 'not a url',
};

const freshnessCall = () =>
  new Request('https://site.example/.netlify/functions/freshness-check', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"next_run":"2026-03-02T00:00:00Z"}',
  });
/** The function as Netlify runs it (its settings from process.env), over memory stores, run by hand (any hour checks). */
const freshnessFunction = () =>
  defineFunction(freshnessCheck, {
    openStores: { queue: () => memoryBlobStore(), deploys: () => memoryBlobStore() },
    now: () => new Date('2026-03-02T10:07:30Z'),
  });

afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.resetModules();
});

describe('function settings', () => {
  it("read only the settings each function uses, whatever the build's settings say", () => {
    expect(readBuildHookSettings({ ...BUILD_WOULD_REFUSE, NETLIFY_BUILD_HOOK_URL: HOOK })).toEqual({
      NETLIFY_BUILD_HOOK_URL: HOOK,
    });
    expect(
      readFreshnessSettings({
        ...BUILD_WOULD_REFUSE,
        PUBLIC_API_BASE: 'https://api.example',
        NETLIFY_BUILD_HOOK_URL: HOOK,
      }),
    ).toEqual({
      NETLIFY_BUILD_HOOK_URL: HOOK,
      PUBLIC_API_BASE: 'https://api.example',
      FRESHNESS_CHECK_MINUTES: 60,
      FRESHNESS_MAX_AGE_DAYS: 7,
      CONTEXT: 'production',
    });
    expect(
      readPublishSettings({
        ...BUILD_WOULD_REFUSE,
        NETLIFY_BUILD_HOOK_URL: HOOK,
        SANITY_WEBHOOK_SECRET: SECRET,
      }),
    ).toEqual({
      NETLIFY_BUILD_HOOK_URL: HOOK,
      SANITY_WEBHOOK_SECRET: SECRET,
      CONTEXT: 'production',
    });
  });

  it('count blank settings as unset, as the build does', () => {
    expect(
      readPublishSettings({ NETLIFY_BUILD_HOOK_URL: '', SANITY_WEBHOOK_SECRET: ' ', CONTEXT: '' }),
    ).toEqual({
      NETLIFY_BUILD_HOOK_URL: undefined,
      SANITY_WEBHOOK_SECRET: undefined,
      CONTEXT: undefined,
    });
  });

  it('refuse a webhook secret shorter than 32 characters, naming it and never its value', () => {
    for (const secret of ['s3cret', 'q'.repeat(31)]) {
      expect(() => readPublishSettings({ SANITY_WEBHOOK_SECRET: secret })).toThrow(
        'SANITY_WEBHOOK_SECRET: shorter than 32 characters',
      );
      expect(() => readPublishSettings({ SANITY_WEBHOOK_SECRET: secret })).not.toThrow(secret);
    }
    expect(
      readPublishSettings({ SANITY_WEBHOOK_SECRET: 'q'.repeat(32) }).SANITY_WEBHOOK_SECRET,
    ).toBe('q'.repeat(32));
  });

  it('name a bad setting without its value', () => {
    expect(() => readBuildHookSettings({ NETLIFY_BUILD_HOOK_URL: 'hook-secret-abc' })).toThrow(
      /NETLIFY_BUILD_HOOK_URL: Invalid URL/,
    );
    expect(() => readBuildHookSettings({ NETLIFY_BUILD_HOOK_URL: 'hook-secret-abc' })).not.toThrow(
      /hook-secret-abc/,
    );
  });
});

describe('the freshness function', () => {
  it('checks in a production context whose build settings the build itself would refuse', async () => {
    for (const [name, value] of Object.entries({
      ...BUILD_WOULD_REFUSE,
      PUBLIC_API_BASE: 'https://api.example',
      NETLIFY_BUILD_HOOK_URL: HOOK,
    }))
      vi.stubEnv(name, value);
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const response = await freshnessFunction()(freshnessCall());
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      message: 'no live deploy is recorded yet (deploy notifications): nothing to compare with',
    });
  });

  it.each([
    ['NETLIFY_BUILD_HOOK_URL', 'hook-secret-abc', 'NETLIFY_BUILD_HOOK_URL: Invalid URL'],
    [
      'FRESHNESS_CHECK_MINUTES',
      '50',
      'FRESHNESS_CHECK_MINUTES: one of 15, 30, 45, 60, 90, 120, 180, 240, 360, 480, 720, 1440',
    ],
    ['DEPLOY_BUDGET_PER_HOUR', '0', 'DEPLOY_BUDGET_PER_HOUR: Too small: expected number to be >=1'],
  ])(
    'answers a 500 naming a bad %s (and logs it), never its value',
    async (name, value, problem) => {
      vi.stubEnv('NETLIFY_BUILD_HOOK_URL', HOOK);
      vi.stubEnv(name, value);
      const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
      const fetch = vi.fn();
      vi.stubGlobal('fetch', fetch);
      const response = await freshnessFunction()(freshnessCall());
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({
        message: `freshness-check is not configured: ${problem}`,
      });
      expect(logged.mock.calls.flat().join('\n')).toContain(
        `[freshness-check] failed: Invalid configuration:\n  ${problem}`,
      );
      if (name === 'NETLIFY_BUILD_HOOK_URL')
        expect(logged.mock.calls.flat().join('\n')).not.toContain(value);
      expect(fetch).not.toHaveBeenCalled();
    },
  );
});
