/**
 * The rebuild-on-publish endpoint: a signed publish ({_id, _type, _rev, _updatedAt}) joins the
 * publish queue and, when no build is running, calls the build hook at once with the publish in
 * its body and the batch in its title.
 */
import { encodeSignatureHeader } from '@sanity/webhook';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryBlobStore } from '../../../src/lib/functions/blob-store.ts';
import { type BuildHookBody } from '../../../src/lib/publish-records/hook-body.ts';
import { PUBLISH_QUEUE_KEY } from '../../../src/lib/publish-records/names.ts';
import { BUILD_HOOK_TIMEOUT_MS } from '../../../src/lib/rebuild/queue-timing.ts';
import { BuildHookError, triggerBuild } from '../../../src/lib/rebuild/build-hook.ts';
import { createPublishWebhook } from '../../../src/lib/rebuild/publish-webhook.ts';

const SECRET = 'test-webhook-secret-of-thirty-two-characters';
const HOOK = 'https://api.netlify.example/build_hooks/abc123';
const NOW = Date.UTC(2026, 2, 1, 12, 0, 0);
const BODY = JSON.stringify({
  _id: 'huskymobile-faqs',
  _type: 'faqs',
  _rev: 'rev-1',
  _updatedAt: '2026-03-01T11:59:59Z',
});

async function signedRequest(
  options: { body?: string; at?: number; secret?: string; method?: string } = {},
) {
  const body = options.body ?? BODY;
  const signature = await encodeSignatureHeader(body, options.at ?? NOW, options.secret ?? SECRET);
  return new Request('https://site.example/.netlify/functions/rebuild-on-publish', {
    method: options.method ?? 'POST',
    headers: { 'content-type': 'application/json', 'sanity-webhook-signature': signature },
    body,
  });
}

function setup(overrides: { secret?: string; hookUrl?: string; hookStatus?: number } = {}) {
  const calls: Array<{ url: URL; body: BuildHookBody }> = [];
  const store = memoryBlobStore();
  let status = overrides.hookStatus ?? 200;
  const handle = createPublishWebhook({
    secret: 'secret' in overrides ? overrides.secret : SECRET,
    settings: {
      NETLIFY_BUILD_HOOK_URL: 'hookUrl' in overrides ? overrides.hookUrl : HOOK,
      PUBLISH_RETRY_BASE_SECONDS: undefined,
      DEPLOY_BUDGET_PER_HOUR: undefined,
    },
    store,
    now: () => new Date(NOW),
    newBatchId: (() => {
      let n = 0;
      return () => `b-0000000${(n += 1)}`;
    })(),
    fetch: (url, init) => {
      // The build hook's body is JSON text (build-hook.ts).
      calls.push({ url, body: JSON.parse(init.body as string) as BuildHookBody });
      return Promise.resolve(new Response('', { status }));
    },
    log: () => {},
  });
  return { handle, calls, store, setHookStatus: (next: number) => (status = next) };
}

describe('rebuild-on-publish endpoint', () => {
  it('answers 202 to a signed publish and calls the build hook at once, with the document in the body and the batch in the title', async () => {
    const { handle, calls } = setup();
    const response = await handle(await signedRequest());
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ message: 'build started' });
    expect(calls).toHaveLength(1);
    expect(`${calls[0]?.url.origin}${calls[0]?.url.pathname}`).toBe(HOOK);
    expect(calls[0]?.url.searchParams.get('trigger_title')).toBe(
      'Publish of 1 document (faqs) [batch b-00000001]',
    );
    expect(calls[0]?.body).toEqual({
      kind: 'publish',
      batch: 'b-00000001',
      more: 0,
      documents: [
        { id: 'huskymobile-faqs', type: 'faqs', rev: 'rev-1', publishedAt: '2026-03-01T11:59:59Z' },
      ],
    });
  });

  it('a second publish while that build runs waits for it (202, no second hook call)', async () => {
    const { handle, calls, store } = setup();
    await handle(await signedRequest());
    const second = await handle(
      await signedRequest({
        body: JSON.stringify({
          _id: 'huskymobile-landingHeader',
          _type: 'landingHeader',
          _rev: 'rev-2',
          _updatedAt: '2026-03-01T12:00:00Z',
        }),
      }),
    );
    expect(second.status).toBe(202);
    expect(await second.json()).toEqual({ message: 'waiting for the running build' });
    expect(calls).toHaveLength(1);
    expect(store.value(PUBLISH_QUEUE_KEY)).toMatchObject({
      waiting: [{ id: 'huskymobile-landingHeader', rev: 'rev-2' }],
      inFlight: { batch: 'b-00000001' },
    });
  });

  it('accepts the older projection {_id, _type}: the revision is unknown, the time is the arrival', async () => {
    const { handle, calls } = setup();
    const response = await handle(
      await signedRequest({ body: JSON.stringify({ _id: 'huskymobile-faqs', _type: 'faqs' }) }),
    );
    expect(response.status).toBe(202);
    expect(calls[0]?.body.documents).toEqual([
      { id: 'huskymobile-faqs', type: 'faqs', rev: null, publishedAt: new Date(NOW).toISOString() },
    ]);
  });

  it.each([
    ['not JSON', 'not json', 'the body is not JSON'],
    [
      'no _type',
      JSON.stringify({ _id: 'x' }),
      'the body is not the projection {_id, _type, _rev, _updatedAt}',
    ],
    [
      'a draft',
      JSON.stringify({ _id: 'drafts.x', _type: 'faqs' }),
      'a draft is not a publish (switch drafts off in the webhook)',
    ],
    [
      'a release version',
      JSON.stringify({
        _id: 'versions.rLaunch01.huskymobile-faqs',
        _type: 'faqs',
        _rev: 'r1',
        _updatedAt: new Date(NOW).toISOString(),
      }),
      'a release version is not a publish (switch versions off in the webhook)',
    ],
  ])(
    'answers a signed body that is %s with 400 and starts nothing',
    async (_name, body, message) => {
      const { handle, calls } = setup();
      const response = await handle(await signedRequest({ body }));
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message });
      expect(calls).toHaveLength(0);
    },
  );

  it.each([
    [
      'unsigned',
      () =>
        Promise.resolve(
          new Request('https://x.example/', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: BODY,
          }),
        ),
      'unsigned request',
    ],
    ['signed with the wrong secret', () => signedRequest({ secret: 'guess' }), 'wrong signature'],
    ['stale', () => signedRequest({ at: NOW - 6 * 60_000 }), 'stale signature (signed 360 s ago)'],
  ])('refuses a %s request with 401 and builds nothing', async (_name, makeRequest, reason) => {
    const { handle, calls, store } = setup();
    const response = await handle(await makeRequest());
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: reason });
    expect(calls).toHaveLength(0);
    expect(store.value(PUBLISH_QUEUE_KEY)).toBeUndefined();
  });

  it('refuses everything when no secret is configured, naming the setting (never a value)', async () => {
    const { handle, calls } = setup({ secret: undefined });
    const response = await handle(await signedRequest());
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({
      message: 'rebuild webhook is not configured: SANITY_WEBHOOK_SECRET not set',
    });
    expect(calls).toHaveLength(0);
    const neither = await setup({ secret: undefined, hookUrl: undefined }).handle(
      await signedRequest(),
    );
    expect(await neither.json()).toEqual({
      message:
        'rebuild webhook is not configured: SANITY_WEBHOOK_SECRET and NETLIFY_BUILD_HOOK_URL not set',
    });
    const noHook = await setup({ hookUrl: undefined }).handle(await signedRequest());
    expect(await noHook.text()).not.toContain(SECRET);
  });

  it('accepts only POST', async () => {
    const { handle } = setup();
    expect((await handle(new Request('https://x.example/', { method: 'GET' }))).status).toBe(405);
  });

  it('a failed build hook call keeps the publish (202, the site tries again itself) and says when; a redelivery of it waits with it', async () => {
    const { handle, calls, store } = setup({ hookStatus: 500 });
    const failed = await handle(await signedRequest());
    expect(failed.status).toBe(202);
    expect(await failed.json()).toEqual({
      message:
        'the build service did not answer; the publish is kept and the site tries again at 2026-03-01T12:01:00.000Z',
    });
    expect(calls).toHaveLength(1);
    expect(store.value(PUBLISH_QUEUE_KEY)).toMatchObject({
      waiting: [{ id: 'huskymobile-faqs', rev: 'rev-1' }],
      recent: [],
      hold: { cause: 'hook-failed', attempts: 1, until: '2026-03-01T12:01:00.000Z' },
    });
    expect((store.value(PUBLISH_QUEUE_KEY) as { inFlight?: unknown }).inFlight).toBeUndefined();

    const redelivered = await handle(await signedRequest());
    expect(redelivered.status).toBe(202);
    expect(await redelivered.json()).toEqual({
      message:
        'waiting: the build service did not answer; the site tries again at 2026-03-01T12:01:00.000Z',
    });
    expect(calls).toHaveLength(1);
  });

  it('a replayed webhook (the same document revision, signed within its 5 minutes) starts no second build', async () => {
    const { handle, calls } = setup();
    expect((await handle(await signedRequest())).status).toBe(202);
    for (let replay = 0; replay < 4; replay += 1) {
      const again = await handle(await signedRequest());
      expect(await again.json()).toEqual({ message: 'already building or built' });
    }
    expect(calls).toHaveLength(1);
  });

  it('answers 503 when the publish cannot be recorded', async () => {
    const { handle, store, calls } = setup();
    vi.spyOn(store, 'getWithMetadata').mockRejectedValue(new Error('Blobs answered 500'));
    const response = await handle(await signedRequest());
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ message: 'could not record the publish; retry' });
    expect(calls).toHaveLength(0);
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
    const { default: rebuildOnPublish } =
      await import('../../../src/functions/rebuild-on-publish.ts');
    const unsigned = await rebuildOnPublish(
      new Request('https://x.example/', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: BODY,
      }),
      {},
    );
    expect(unsigned.status).toBe(401);
    const wrong = await rebuildOnPublish(
      await signedRequest({ secret: 'guess', at: Date.now() }),
      {},
    );
    expect(wrong.status).toBe(401);
  });
});

describe('the build hook call', () => {
  it(`counts as failed when the hook does not answer within ${BUILD_HOOK_TIMEOUT_MS / 1000} s (here 50 ms), naming no address`, async () => {
    const hanging = (_url: URL, init: RequestInit) =>
      new Promise<Response>((_, fail) =>
        // As fetch does: rejected with the signal's reason (a TimeoutError).
        init.signal?.addEventListener('abort', () => fail(init.signal!.reason as DOMException)),
      );
    const body = { kind: 'publish' as const, batch: 'b-00000001', documents: [], more: 0 };
    const error = await triggerBuild(HOOK, body, { fetch: hanging, timeoutMs: 50 }).catch(
      (caught: unknown) => caught as Error,
    );
    expect(error).toBeInstanceOf(BuildHookError);
    expect((error as Error).message).toBe('the build hook did not answer within 0.05 s');
    expect((error as Error).message).not.toContain('abc123');
  });
});
