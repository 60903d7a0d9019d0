/** The rebuild functions read only their own settings: the build's rules never stop them, their own bad settings answer a clear 500. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readBuildHookSettings, readPublishSettings } from '../../../src/lib/rebuild/function-settings.ts';

const HOOK = 'https://api.netlify.example/build_hooks/nightly123';
const SECRET = 's3cret-of-at-least-thirty-two-characters';
/** What a production build would refuse: no content source, no product API, a bad content setting. */
const BUILD_WOULD_REFUSE = { CONTEXT: 'production', NETLIFY: 'true', CONTENT_SOURCE: 'sanity', CONTENT_PREVIEW: 'perhaps', PUBLIC_API_BASE: 'not a url' };

const nightlyCall = () => new Request('https://site.example/.netlify/functions/nightly-rebuild', {
  method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"next_run":"2026-03-02T00:00:00Z"}',
});

afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.resetModules();
});

describe('function settings', () => {
  it('read only the settings each function uses, whatever the build\'s settings say', () => {
    expect(readBuildHookSettings({ ...BUILD_WOULD_REFUSE, NETLIFY_BUILD_HOOK_URL: HOOK })).toEqual({ NETLIFY_BUILD_HOOK_URL: HOOK });
    expect(readPublishSettings({ ...BUILD_WOULD_REFUSE, NETLIFY_BUILD_HOOK_URL: HOOK, SANITY_WEBHOOK_SECRET: SECRET }))
      .toEqual({ NETLIFY_BUILD_HOOK_URL: HOOK, SANITY_WEBHOOK_SECRET: SECRET, CONTEXT: 'production' });
  });

  it('count blank settings as unset, as the build does', () => {
    expect(readPublishSettings({ NETLIFY_BUILD_HOOK_URL: '', SANITY_WEBHOOK_SECRET: ' ', CONTEXT: '' }))
      .toEqual({ NETLIFY_BUILD_HOOK_URL: undefined, SANITY_WEBHOOK_SECRET: undefined, CONTEXT: undefined });
  });

  it('refuse a webhook secret shorter than 32 characters, naming it and never its value', () => {
    for (const secret of ['s3cret', 'q'.repeat(31)]) {
      expect(() => readPublishSettings({ SANITY_WEBHOOK_SECRET: secret })).toThrow('SANITY_WEBHOOK_SECRET: shorter than 32 characters');
      expect(() => readPublishSettings({ SANITY_WEBHOOK_SECRET: secret })).not.toThrow(secret);
    }
    expect(readPublishSettings({ SANITY_WEBHOOK_SECRET: 'q'.repeat(32) }).SANITY_WEBHOOK_SECRET).toBe('q'.repeat(32));
  });

  it('name a bad setting without its value', () => {
    expect(() => readBuildHookSettings({ NETLIFY_BUILD_HOOK_URL: 'hook-secret-abc' })).toThrow(/NETLIFY_BUILD_HOOK_URL: Invalid URL/);
    expect(() => readBuildHookSettings({ NETLIFY_BUILD_HOOK_URL: 'hook-secret-abc' })).not.toThrow(/hook-secret-abc/);
  });
});

describe('the nightly function', () => {
  it('triggers the build in a production context whose build settings the build itself would refuse', async () => {
    for (const [name, value] of Object.entries({ ...BUILD_WOULD_REFUSE, NETLIFY_BUILD_HOOK_URL: HOOK })) vi.stubEnv(name, value);
    const fetch = vi.fn(async () => new Response('', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const nightly = await import('../../../src/functions/nightly-rebuild.ts');
    expect((await nightly.default(nightlyCall())).status).toBe(204);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('answers a 500 naming the bad setting (and logs it) when the hook setting is not a URL', async () => {
    vi.stubEnv('NETLIFY_BUILD_HOOK_URL', 'hook-secret-abc');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const nightly = await import('../../../src/functions/nightly-rebuild.ts');
    const response = await nightly.default(nightlyCall());
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ message: 'nightly-rebuild is not configured: NETLIFY_BUILD_HOOK_URL: Invalid URL' });
    expect(logged.mock.calls.flat().join('\n')).toContain('[nightly-rebuild] failed: Invalid configuration:\n  NETLIFY_BUILD_HOOK_URL: Invalid URL');
    expect(logged.mock.calls.flat().join('\n')).not.toContain('hook-secret-abc');
    expect(fetch).not.toHaveBeenCalled();
  });
});
