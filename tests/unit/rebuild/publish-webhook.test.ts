import { encodeSignatureHeader } from '@sanity/webhook';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPublishWebhook } from '../../../src/lib/rebuild/publish-webhook.ts';
import { memoryStateStore } from '../../../src/lib/rebuild/state-store.ts';

/** Captured before any test fakes the timers. */
const realSetImmediate = globalThis.setImmediate;

const SECRET = 'test-webhook-secret';
const HOOK = 'https://api.netlify.example/build_hooks/abc123';
const BODY = JSON.stringify({ _id: 'huskymobile-faqs', _type: 'faqs' });

async function signedRequest(options: { body?: string; at?: number; secret?: string; method?: string } = {}) {
  const body = options.body ?? BODY;
  const signature = await encodeSignatureHeader(body, options.at ?? Date.now(), options.secret ?? SECRET);
  return new Request('https://site.example/.netlify/functions/rebuild-on-publish', {
    method: options.method ?? 'POST',
    headers: { 'content-type': 'application/json', 'sanity-webhook-signature': signature },
    body,
  });
}

function setup(overrides: { secret?: string; hookUrl?: string; hookStatus?: number } = {}) {
  const calls: URL[] = [];
  const fetch = vi.fn(async (url: URL) => {
    calls.push(url);
    return new Response('', { status: overrides.hookStatus ?? 200 });
  });
  const handle = createPublishWebhook({
    secret: 'secret' in overrides ? overrides.secret : SECRET,
    hookUrl: 'hookUrl' in overrides ? overrides.hookUrl : HOOK,
    store: memoryStateStore(),
    fetch,
    log: () => {},
  });
  return { handle, calls };
}

describe('rebuild-on-publish endpoint', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(Date.UTC(2026, 2, 1, 12, 0, 0));
  });
  afterEach(() => vi.useRealTimers());

  it('answers 202 to a signed publish and calls the build hook once the window is quiet', async () => {
    const { handle, calls } = setup();
    const waits: Array<Promise<unknown>> = [];
    const response = await handle(await signedRequest(), { waitUntil: (work) => waits.push(work) });
    expect(response.status).toBe(202);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(8_000);
    await Promise.all(waits);
    expect(calls).toHaveLength(1);
    expect(`${calls[0]?.origin}${calls[0]?.pathname}`).toBe(HOOK);
    expect(calls[0]?.searchParams.get('trigger_title')).toBe('Content published (1 change)');
  });

  it('makes one build of three publishes in a burst', async () => {
    const { handle, calls } = setup();
    const waits: Array<Promise<unknown>> = [];
    for (let i = 0; i < 3; i += 1) {
      expect((await handle(await signedRequest(), { waitUntil: (work) => waits.push(work) })).status).toBe(202);
      await vi.advanceTimersByTimeAsync(1_500);
    }
    await vi.advanceTimersByTimeAsync(8_000);
    await Promise.all(waits);
    expect(calls.map((url) => url.searchParams.get('trigger_title'))).toEqual(['Content published (3 changes)']);
  });

  it.each([
    ['unsigned', async () => new Request('https://x.example/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: BODY }), 'unsigned request'],
    ['signed with the wrong secret', () => signedRequest({ secret: 'guess' }), 'wrong signature'],
    ['stale', () => signedRequest({ at: Date.now() - 6 * 60_000 }), 'stale signature (signed 360 s ago)'],
  ])('refuses a %s request with 401 and builds nothing', async (_name, makeRequest, reason) => {
    const { handle, calls } = setup();
    const response = await handle(await makeRequest(), { waitUntil: () => {} });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: reason });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(0);
  });

  it('refuses everything when no secret is configured, naming the setting (never a value)', async () => {
    const { handle, calls } = setup({ secret: undefined });
    const response = await handle(await signedRequest(), {});
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ message: 'rebuild webhook is not configured: SANITY_WEBHOOK_SECRET not set' });
    expect(calls).toHaveLength(0);
    const neither = await setup({ secret: undefined, hookUrl: undefined }).handle(await signedRequest(), {});
    expect(await neither.json()).toEqual({ message: 'rebuild webhook is not configured: SANITY_WEBHOOK_SECRET and NETLIFY_BUILD_HOOK_URL not set' });
    const noHook = await setup({ hookUrl: undefined }).handle(await signedRequest(), {});
    expect(await noHook.text()).not.toContain(SECRET);
  });

  it('accepts only POST', async () => {
    const { handle } = setup();
    expect((await handle(new Request('https://x.example/', { method: 'GET' }))).status).toBe(405);
  });

  it('without waitUntil, answers after the build hook and reports its failure as 502 (so the sender retries)', async () => {
    const { handle, calls } = setup({ hookStatus: 500 });
    let response: Response | undefined;
    void handle(await signedRequest()).then((answer) => (response = answer));
    // The signature check runs on real crypto (the thread pool), so let the real event loop turn
    // between steps of the fake clock until the answer comes.
    for (let step = 0; step < 200 && !response; step += 1) {
      await vi.advanceTimersByTimeAsync(1_000);
      await new Promise((resolve) => realSetImmediate(resolve));
    }
    expect(response?.status).toBe(502);
    expect(calls).toHaveLength(1);
  });
});

describe('the Netlify function', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it('reads the secret from the environment and refuses an unsigned call', async () => {
    vi.stubEnv('SANITY_WEBHOOK_SECRET', SECRET);
    vi.stubEnv('NETLIFY_BUILD_HOOK_URL', HOOK);
    const { default: rebuildOnPublish } = await import('../../../src/functions/rebuild-on-publish.ts');
    const unsigned = await rebuildOnPublish(new Request('https://x.example/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: BODY }), {});
    expect(unsigned.status).toBe(401);
    const wrong = await rebuildOnPublish(await signedRequest({ secret: 'guess' }), {});
    expect(wrong.status).toBe(401);
  });
});
