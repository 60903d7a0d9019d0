/**
 * rebuild-on-publish as Netlify runs it: its settings and its store are set up inside the error
 * guard; a deployed site without Netlify Blobs answers a clear 500 instead of queueing per
 * instance, and refuses the documented local secret; a local run keeps a memory store and the
 * local secret as its default.
 */
import { encodeSignatureHeader } from '@sanity/webhook';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryBlobStore, type BlobStore } from '../../../src/lib/deploys/blob-store.ts';
import { LOCAL_WEBHOOK_SECRET, PUBLISH_QUEUE_KEY } from '../../../src/lib/deploys/records.ts';
import { createPublishFunction } from '../../../src/lib/rebuild/publish-function.ts';
import { BLOBS_MISSING_MESSAGE, resetProcessMemoryStores } from '../../../src/lib/rebuild/state-store.ts';
import { readPublishSettings, type PublishSettings } from '../../../src/lib/rebuild/function-settings.ts';

const SECRET = 'test-webhook-secret';
const HOOK = 'https://api.netlify.example/build_hooks/abc123';
const SETTINGS: PublishSettings = { SANITY_WEBHOOK_SECRET: SECRET, NETLIFY_BUILD_HOOK_URL: HOOK, CONTEXT: undefined };

async function signedPublish(secret = SECRET): Promise<Request> {
  const body = JSON.stringify({ _id: 'huskymobile-faqs', _type: 'faqs', _rev: 'r1', _updatedAt: '2026-03-01T12:00:00Z' });
  return new Request('https://site.example/.netlify/functions/rebuild-on-publish', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'sanity-webhook-signature': await encodeSignatureHeader(body, Date.now(), secret) },
    body,
  });
}

function noBlobs(): BlobStore {
  throw new Error('The environment has not been configured to use Netlify Blobs.');
}

function setup(options: { settings?: () => PublishSettings; openBlobStore?: () => BlobStore } = {}) {
  const logged: string[] = [];
  const hookCalls: URL[] = [];
  const handle = createPublishFunction({
    readSettings: options.settings ?? (() => SETTINGS),
    openBlobStore: options.openBlobStore ?? noBlobs,
    log: (line) => logged.push(line),
    webhook: { fetch: async (url) => (hookCalls.push(url), new Response('')), log: (line) => logged.push(line) },
  });
  return { handle, logged, hookCalls };
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
  vi.restoreAllMocks();
  resetProcessMemoryStores();
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

  it.each([[undefined], ['dev'], ['']])('in a local run (context %o): queues in memory and starts the build', async (context) => {
    const { handle, hookCalls } = setup();
    const response = await handle(await signedPublish(), context === undefined ? {} : { deploy: { context } });
    expect(response.status).toBe(202);
    expect(hookCalls).toHaveLength(1);
  });
});

describe('rebuild-on-publish with Netlify Blobs', () => {
  it('keeps the queue in the shared store on a deployed site', async () => {
    const blobs = memoryBlobStore();
    const { handle, hookCalls } = setup({ openBlobStore: () => blobs });
    const response = await handle(await signedPublish(), { deploy: { context: 'production' } });
    expect(response.status).toBe(202);
    expect(hookCalls).toHaveLength(1);
    expect(blobs.value(PUBLISH_QUEUE_KEY)).toMatchObject({
      waiting: [],
      inFlight: { batch: expect.stringMatching(/^b-[0-9a-f]{8}$/), documents: [{ id: 'huskymobile-faqs', type: 'faqs', rev: 'r1', publishedAt: '2026-03-01T12:00:00Z' }] },
    });
  });
});

describe('rebuild-on-publish secrets', () => {
  it('on a deployed site refuses the documented local secret with a 500 naming the setting, starting nothing', async () => {
    const { handle, hookCalls } = setup({ settings: () => ({ ...SETTINGS, SANITY_WEBHOOK_SECRET: LOCAL_WEBHOOK_SECRET }), openBlobStore: () => memoryBlobStore() });
    const response = await handle(await signedPublish(LOCAL_WEBHOOK_SECRET), { deploy: { context: 'production' } });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ message: 'rebuild-on-publish is not configured: SANITY_WEBHOOK_SECRET: the documented local default, which a deployed site refuses; set a secret of its own' });
    expect(hookCalls).toEqual([]);
  });

  it('on a deployed site without a secret refuses everything, naming it', async () => {
    const { handle } = setup({ settings: () => ({ ...SETTINGS, SANITY_WEBHOOK_SECRET: undefined }), openBlobStore: () => memoryBlobStore() });
    const response = await handle(await signedPublish(LOCAL_WEBHOOK_SECRET), { deploy: { context: 'production' } });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ message: 'rebuild webhook is not configured: SANITY_WEBHOOK_SECRET not set' });
  });

  it('in a local run without a secret takes the documented local one (and only it)', async () => {
    const { handle, hookCalls } = setup({ settings: () => ({ ...SETTINGS, SANITY_WEBHOOK_SECRET: undefined }) });
    expect((await handle(await signedPublish(SECRET), {})).status).toBe(401);
    expect((await handle(await signedPublish(LOCAL_WEBHOOK_SECRET), {})).status).toBe(202);
    expect(hookCalls).toHaveLength(1);
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
