/**
 * rebuild-on-publish as Netlify runs it: its settings and its state store are set up inside the
 * error guard; a deployed site without Netlify Blobs answers a clear 500 instead of debouncing
 * per instance; a local run keeps the memory store.
 */
import { encodeSignatureHeader } from '@sanity/webhook';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPublishFunction } from '../../../src/lib/rebuild/publish-function.ts';
import { BLOBS_MISSING_MESSAGE, PENDING_REBUILD_KEY, type JsonBlobStore } from '../../../src/lib/rebuild/state-store.ts';
import { readPublishSettings, type PublishSettings } from '../../../src/lib/rebuild/function-settings.ts';

const SECRET = 'test-webhook-secret';
const HOOK = 'https://api.netlify.example/build_hooks/abc123';
const SETTINGS: PublishSettings = { SANITY_WEBHOOK_SECRET: SECRET, NETLIFY_BUILD_HOOK_URL: HOOK, CONTEXT: undefined };

async function signedPublish(): Promise<Request> {
  const body = JSON.stringify({ _id: 'huskymobile-faqs', _type: 'faqs' });
  return new Request('https://site.example/.netlify/functions/rebuild-on-publish', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'sanity-webhook-signature': await encodeSignatureHeader(body, Date.now(), SECRET) },
    body,
  });
}

function noBlobs(): JsonBlobStore {
  throw new Error('The environment has not been configured to use Netlify Blobs.');
}

function fakeBlobs(): JsonBlobStore & { saved: Map<string, unknown> } {
  const saved = new Map<string, unknown>();
  return { saved, get: async (key) => saved.get(key) ?? null, setJSON: async (key, value) => void saved.set(key, value) };
}

function setup(options: { settings?: () => PublishSettings; openBlobStore?: () => JsonBlobStore } = {}) {
  const logged: string[] = [];
  const hookCalls: URL[] = [];
  const handle = createPublishFunction({
    readSettings: options.settings ?? (() => SETTINGS),
    openBlobStore: options.openBlobStore ?? noBlobs,
    log: (line) => logged.push(line),
    webhook: { fetch: async (url) => (hookCalls.push(url), new Response('')), sleep: async () => {}, log: (line) => logged.push(line) },
  });
  return { handle, logged, hookCalls };
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
  vi.restoreAllMocks();
});

describe('rebuild-on-publish without Netlify Blobs', () => {
  it.each(['production', 'deploy-preview', 'branch-deploy'])('on a deployed site (%s): answers 500 saying Blobs is missing, logs it, starts no build', async (context) => {
    const { handle, logged, hookCalls } = setup();
    const response = await handle(await signedPublish(), { deploy: { context } });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ message: `${BLOBS_MISSING_MESSAGE} (context ${context})` });
    expect(logged.join('\n')).toContain(`[rebuild-on-publish] failed: ${BLOBS_MISSING_MESSAGE} (context ${context}) (The environment has not been configured to use Netlify Blobs.)`);
    expect(hookCalls).toEqual([]);
  });

  it('takes the context from CONTEXT when the invocation does not name one', async () => {
    const { handle, hookCalls } = setup({ settings: () => ({ ...SETTINGS, CONTEXT: 'production' }) });
    const response = await handle(await signedPublish(), {});
    expect(response.status).toBe(500);
    expect(hookCalls).toEqual([]);
  });

  it.each([[undefined], ['dev'], ['']])('in a local run (context %o): debounces in memory and triggers the build', async (context) => {
    const { handle, hookCalls } = setup();
    const response = await handle(await signedPublish(), context === undefined ? {} : { deploy: { context } });
    expect(response.status).toBe(202);
    expect(hookCalls).toHaveLength(1);
  });
});

describe('rebuild-on-publish with Netlify Blobs', () => {
  it('keeps the burst in the shared store on a deployed site', async () => {
    const blobs = fakeBlobs();
    const { handle, hookCalls } = setup({ openBlobStore: () => blobs });
    const response = await handle(await signedPublish(), { deploy: { context: 'production' } });
    expect(response.status).toBe(202);
    expect(hookCalls).toHaveLength(1);
    expect(blobs.saved.get(PENDING_REBUILD_KEY)).toMatchObject({ count: 1, firedAt: expect.any(Number) });
  });
});

describe('rebuild-on-publish settings', () => {
  it('a bad setting answers a 500 naming it, inside the guard, and a fixed setting works on the next call', async () => {
    let hook = 'hook-secret-abc';
    const { handle, logged, hookCalls } = setup({ settings: () => readPublishSettings({ SANITY_WEBHOOK_SECRET: SECRET, NETLIFY_BUILD_HOOK_URL: hook }) });
    const refused = await handle(await signedPublish(), {});
    expect(refused.status).toBe(500);
    expect(await refused.json()).toEqual({ message: 'rebuild-on-publish is not configured: NETLIFY_BUILD_HOOK_URL: Invalid URL' });
    expect(logged.join('\n')).toContain('NETLIFY_BUILD_HOOK_URL: Invalid URL');
    expect(logged.join('\n')).not.toContain('hook-secret-abc');

    hook = HOOK;
    expect((await handle(await signedPublish(), {})).status).toBe(202);
    expect(hookCalls).toHaveLength(1);
  });

  it('the deployed function ignores the build\'s settings: a production context the build would refuse still gets its Blobs answer', async () => {
    for (const [name, value] of Object.entries({ CONTEXT: 'production', NETLIFY: 'true', CONTENT_SOURCE: 'sanity', PUBLIC_API_BASE: 'not a url', SANITY_WEBHOOK_SECRET: SECRET, NETLIFY_BUILD_HOOK_URL: HOOK })) vi.stubEnv(name, value);
    vi.stubEnv('NETLIFY_BLOBS_CONTEXT', '');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const fn = await import('../../../src/functions/rebuild-on-publish.ts');
    const response = await fn.default(await signedPublish(), { deploy: { context: 'production' } });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ message: `${BLOBS_MISSING_MESSAGE} (context production)` });
  });
});
