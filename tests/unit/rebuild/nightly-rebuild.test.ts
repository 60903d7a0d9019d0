import { afterEach, describe, expect, it, vi } from 'vitest';
import { runNightlyRebuild } from '../../../src/lib/rebuild/nightly-rebuild.ts';

const HOOK = 'https://api.netlify.example/build_hooks/nightly123';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('nightly rebuild', () => {
  it('is scheduled daily and POSTs to the build hook from the environment', async () => {
    vi.stubEnv('NETLIFY_BUILD_HOOK_URL', HOOK);
    const fetch = vi.fn(async (_url: URL, _init: RequestInit) => new Response('', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const scheduled = await import('../../../src/functions/nightly-rebuild.ts');

    expect(scheduled.config).toEqual({ schedule: '@daily' });
    const response = await scheduled.default(new Request('https://site.example/.netlify/functions/nightly-rebuild', {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ next_run: '2026-03-02T00:00:00.000Z' }),
    }));
    expect(response.status).toBe(204);
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0]!;
    expect(`${url.origin}${url.pathname}`).toBe(HOOK);
    expect(init.method).toBe('POST');
    expect(url.searchParams.get('trigger_title')).toMatch(/^Nightly rebuild \d{4}-\d{2}-\d{2} \(giveaway state, enter button\) \[batch b-[0-9a-f]{8}\]$/);
  });

  it('names the day and its own batch in the deploy message, and tells the build it is the nightly one', async () => {
    const calls: Array<{ url: URL; init: RequestInit }> = [];
    await runNightlyRebuild({ hookUrl: HOOK, now: () => new Date('2026-03-01T00:00:05Z'), fetch: async (url, init) => (calls.push({ url, init }), new Response('')), log: () => {} });
    const body = JSON.parse(String(calls[0]?.init.body)) as { kind: string; batch: string; documents: unknown[]; more: number };
    expect(body).toEqual({ kind: 'nightly', batch: expect.stringMatching(/^b-[0-9a-f]{8}$/), documents: [], more: 0 });
    expect(calls[0]?.url.searchParams.get('trigger_title')).toBe(`Nightly rebuild 2026-03-01 (giveaway state, enter button) [batch ${body.batch}]`);
    expect(calls[0]?.init.headers).toEqual({ 'content-type': 'application/json' });
  });

  it('fails loudly when the build hook is not configured or refuses', async () => {
    const logged: string[] = [];
    const unset = await runNightlyRebuild({ hookUrl: undefined, log: (message) => logged.push(message) });
    expect(unset.status).toBe(500);
    const refused = await runNightlyRebuild({ hookUrl: HOOK, fetch: async () => new Response('', { status: 404 }), log: (message) => logged.push(message) });
    expect(refused.status).toBe(500);
    expect(logged).toEqual(['failed: NETLIFY_BUILD_HOOK_URL is not set', 'failed: the build hook answered HTTP 404']);
    // The caller learns that it failed, not why (the reason may name hosts or settings).
    expect(await refused.json()).toEqual({ message: 'the nightly build could not be started' });
  });
});
