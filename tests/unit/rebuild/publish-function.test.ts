/**
 * rebuild-on-publish as Netlify runs it: its settings and its store are set up inside the error
 * guard; a deployed site without Netlify Blobs answers a clear 500 instead of queueing per
 * instance; the documented local secret is taken only by the local stack (its process marked so),
 * in every other run, whatever its context, an unset or local secret is a 500 naming it.
 */
import { defineFunction } from '../../../src/lib/functions/define-function.ts';
import { encodeSignatureHeader } from '@sanity/webhook';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryBlobStore, type BlobStore } from '../../../src/lib/functions/blob-store.ts';
import { LOCAL_WEBHOOK_SECRET, PUBLISH_QUEUE_KEY } from '../../../src/lib/publish-records/names.ts';
import { rebuildOnPublish } from '../../../src/lib/rebuild/publish-webhook.ts';
import {
  BLOBS_MISSING_MESSAGE,
  resetProcessMemoryStores,
} from '../../../src/lib/functions/state-store.ts';
import {
  readPublishSettings,
  type PublishSettings,
} from '../../../src/lib/functions/function-settings.ts';
import { markLocalStack, unmarkLocalStack } from '../../../src/lib/config/local-stack.ts';

const SECRET = 'test-webhook-secret-of-40-characters-xyz';
const HOOK = 'https://api.netlify.example/build_hooks/abc123';
const SETTINGS: PublishSettings = {
  SANITY_WEBHOOK_SECRET: SECRET,
  NETLIFY_BUILD_HOOK_URL: HOOK,
  CONTEXT: undefined,
};

async function signedPublish(secret = SECRET): Promise<Request> {
  const body = JSON.stringify({
    _id: 'huskymobile-faqs',
    _type: 'faqs',
    _rev: 'r1',
    _updatedAt: '2026-03-01T12:00:00Z',
  });
  return new Request('https://site.example/.netlify/functions/rebuild-on-publish', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'sanity-webhook-signature': await encodeSignatureHeader(body, Date.now(), secret),
    },
    body,
  });
}

function noBlobs(): BlobStore {
  throw new Error('The environment has not been configured to use Netlify Blobs.');
}

function setup(
  options: { settings?: () => PublishSettings; openBlobStore?: () => BlobStore } = {},
) {
  const logged: string[] = [];
  const hookCalls: URL[] = [];
  const handle = defineFunction(rebuildOnPublish, {
    openStores: { queue: options.openBlobStore ?? noBlobs },
    readSettings: options.settings ?? (() => SETTINGS),
    log: (line) => logged.push(line),
    fetch: (url) => {
      hookCalls.push(url);
      return Promise.resolve(new Response(''));
    },
  });
  return { handle, logged, hookCalls };
}

afterEach(() => {
  unmarkLocalStack();
  vi.unstubAllEnvs();
  vi.resetModules();
  vi.restoreAllMocks();
  resetProcessMemoryStores();
});

describe('rebuild-on-publish without Netlify Blobs', () => {
  it.each(['production', 'deploy-preview', 'branch-deploy'])(
    'on a deployed site (%s): answers 500 saying Blobs is missing, logs it, starts no build',
    async (context) => {
      const { handle, logged, hookCalls } = setup();
      const response = await handle(await signedPublish(), { deploy: { context } });
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({
        message: `${BLOBS_MISSING_MESSAGE} (context ${context})`,
      });
      expect(logged.join('\n')).toContain(
        `[rebuild-on-publish] failed: ${BLOBS_MISSING_MESSAGE} (context ${context}) (The environment has not been configured to use Netlify Blobs.)`,
      );
      expect(hookCalls).toEqual([]);
    },
  );

  it('takes the context from CONTEXT when the invocation does not name one', async () => {
    const { handle, hookCalls } = setup({
      settings: () => ({ ...SETTINGS, CONTEXT: 'production' }),
    });
    const response = await handle(await signedPublish(), {});
    expect(response.status).toBe(500);
    expect(hookCalls).toEqual([]);
  });

  it.each([[undefined], ['dev'], ['']])(
    'in a local run (context %o): queues in memory and starts the build',
    async (context) => {
      const { handle, hookCalls } = setup();
      const response = await handle(
        await signedPublish(),
        context === undefined ? {} : { deploy: { context } },
      );
      expect(response.status).toBe(202);
      expect(hookCalls).toHaveLength(1);
    },
  );
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
      inFlight: {
        batch: expect.stringMatching(/^b-[0-9a-f]{8}$/) as string,
        documents: [
          { id: 'huskymobile-faqs', type: 'faqs', rev: 'r1', publishedAt: '2026-03-01T12:00:00Z' },
        ],
      },
    });
  });
});

/** Every context an invocation may name, none included: none of them is proof of the local stack. */
const CONTEXTS = [
  ['production'],
  ['deploy-preview'],
  ['branch-deploy'],
  ['dev'],
  [undefined],
  ['an-unknown-context'],
] as const;
const invocation = (context: string | undefined) =>
  context === undefined ? {} : { deploy: { context } };

describe('rebuild-on-publish secrets', () => {
  it.each(CONTEXTS)(
    'context %o, not the local stack: refuses the documented local secret with a 500 naming the setting, starting nothing',
    async (context) => {
      const { handle, hookCalls } = setup({
        settings: () => ({ ...SETTINGS, SANITY_WEBHOOK_SECRET: LOCAL_WEBHOOK_SECRET }),
        openBlobStore: () => memoryBlobStore(),
      });
      const response = await handle(await signedPublish(LOCAL_WEBHOOK_SECRET), invocation(context));
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({
        message:
          'rebuild-on-publish is not configured: SANITY_WEBHOOK_SECRET: the documented local value, which only the local stack takes; set a secret of its own',
      });
      expect(hookCalls).toEqual([]);
    },
  );

  it.each(CONTEXTS)(
    'context %o, not the local stack: without a secret refuses everything with a 500 naming it',
    async (context) => {
      const { handle, hookCalls } = setup({
        settings: () => ({ ...SETTINGS, SANITY_WEBHOOK_SECRET: undefined }),
        openBlobStore: () => memoryBlobStore(),
      });
      for (const request of [
        await signedPublish(LOCAL_WEBHOOK_SECRET),
        await signedPublish(SECRET),
      ]) {
        const response = await handle(request, invocation(context));
        expect(response.status).toBe(500);
        expect(await response.json()).toEqual({
          message: 'rebuild-on-publish is not configured: SANITY_WEBHOOK_SECRET: not set',
        });
      }
      expect(hookCalls).toEqual([]);
    },
  );

  it.each(CONTEXTS)(
    'context %o, in the local stack: an unset secret is the documented local one (and only it)',
    async (context) => {
      markLocalStack();
      const { handle, hookCalls } = setup({
        settings: () => ({ ...SETTINGS, SANITY_WEBHOOK_SECRET: undefined }),
        openBlobStore: () => memoryBlobStore(),
      });
      expect((await handle(await signedPublish(SECRET), invocation(context))).status).toBe(401);
      expect(
        (await handle(await signedPublish(LOCAL_WEBHOOK_SECRET), invocation(context))).status,
      ).toBe(202);
      expect(hookCalls).toHaveLength(1);
    },
  );

  it('an environment variable cannot claim the local stack', async () => {
    for (const [name, value] of Object.entries({
      LOCAL_STACK: 'true',
      NETLIFY_LOCAL: 'true',
      NETLIFY_DEV: 'true',
      CONTEXT: 'dev',
    }))
      vi.stubEnv(name, value);
    const { handle } = setup({
      settings: () => readPublishSettings(process.env),
      openBlobStore: () => memoryBlobStore(),
    });
    const response = await handle(await signedPublish(LOCAL_WEBHOOK_SECRET), {});
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({
      message: 'rebuild-on-publish is not configured: SANITY_WEBHOOK_SECRET: not set',
    });
  });

  it.each([['a'], ['x'.repeat(31)]])(
    'a secret shorter than 32 characters (%s) is a 500 naming the setting, never its value',
    async (secret) => {
      const { handle, hookCalls } = setup({
        settings: () =>
          readPublishSettings({ SANITY_WEBHOOK_SECRET: secret, NETLIFY_BUILD_HOOK_URL: HOOK }),
        openBlobStore: () => memoryBlobStore(),
      });
      const response = await handle(await signedPublish(secret), {});
      expect(response.status).toBe(500);
      const { message } = (await response.json()) as { message: string };
      expect(message).toBe(
        'rebuild-on-publish is not configured: SANITY_WEBHOOK_SECRET: shorter than 32 characters (make one with openssl rand -hex 32)',
      );
      expect(hookCalls).toEqual([]);
    },
  );

  it('a secret of 32 characters is taken', async () => {
    const secret = 'y'.repeat(32);
    const { handle } = setup({
      settings: () =>
        readPublishSettings({ SANITY_WEBHOOK_SECRET: secret, NETLIFY_BUILD_HOOK_URL: HOOK }),
      openBlobStore: () => memoryBlobStore(),
    });
    expect((await handle(await signedPublish(secret), {})).status).toBe(202);
  });
});

describe('rebuild-on-publish settings', () => {
  it('a bad setting answers a 500 naming it, inside the guard, and a fixed setting works on the next call', async () => {
    let hook = 'hook-secret-abc';
    const { handle, logged, hookCalls } = setup({
      settings: () =>
        readPublishSettings({ SANITY_WEBHOOK_SECRET: SECRET, NETLIFY_BUILD_HOOK_URL: hook }),
    });
    const refused = await handle(await signedPublish(), {});
    expect(refused.status).toBe(500);
    expect(await refused.json()).toEqual({
      message: 'rebuild-on-publish is not configured: NETLIFY_BUILD_HOOK_URL: Invalid URL',
    });
    expect(logged.join('\n')).toContain('NETLIFY_BUILD_HOOK_URL: Invalid URL');
    expect(logged.join('\n')).not.toContain('hook-secret-abc');

    hook = HOOK;
    expect((await handle(await signedPublish(), {})).status).toBe(202);
    expect(hookCalls).toHaveLength(1);
  });

  it("the deployed function ignores the build's settings: a production context the build would refuse still gets its Blobs answer", async () => {
    for (const [name, value] of Object.entries({
      CONTEXT: 'production',
      NETLIFY: 'true',
      CONTENT_SOURCE: 'sanity',
      PUBLIC_API_BASE: 'not a url',
      SANITY_WEBHOOK_SECRET: SECRET,
      NETLIFY_BUILD_HOOK_URL: HOOK,
    }))
      vi.stubEnv(name, value);
    vi.stubEnv('NETLIFY_BLOBS_CONTEXT', '');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const fn = await import('../../../src/functions/rebuild-on-publish.ts');
    const response = await fn.default(await signedPublish(), { deploy: { context: 'production' } });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({
      message: `${BLOBS_MISSING_MESSAGE} (context production)`,
    });
  });
});
