/**
 * The editors' preview site deploys the public site's rebuild functions too (one functions folder
 * for both sites). With SITE_MODE=preview in their environment they answer "not on the preview
 * site" and do nothing: no build hook call, no settings read, no Netlify Blobs opened.
 */
import { defineFunction } from '../../../src/lib/functions/define-function.ts';
import { encodeSignatureHeader } from '@sanity/webhook';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryBlobStore } from '../../../src/lib/functions/blob-store.ts';
import { FUNCTION_HEADERS } from '../../../src/lib/functions/function-http.ts';
import { freshnessCheck } from '../../../src/lib/rebuild/freshness-check.ts';
import { isPreviewSiteFunction } from '../../../src/lib/functions/preview-site-guard.ts';
import { rebuildOnPublish } from '../../../src/lib/rebuild/publish-webhook.ts';

const SECRET = 'test-webhook-secret';
const HOOK = 'https://api.netlify.example/build_hooks/copied-from-production';

const freshnessCall = () =>
  new Request('https://preview.example/.netlify/functions/freshness-check', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"next_run":"2026-03-02T00:00:00Z"}',
  });

async function signedPublish(): Promise<Request> {
  const body = JSON.stringify({ _id: 'huskymobile-faqs', _type: 'faqs' });
  return new Request('https://preview.example/.netlify/functions/rebuild-on-publish', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'sanity-webhook-signature': await encodeSignatureHeader(body, Date.now(), SECRET),
    },
    body,
  });
}

function expectFunctionHeaders(response: Response): void {
  for (const [name, value] of Object.entries(FUNCTION_HEADERS))
    expect(response.headers.get(name), name).toBe(value);
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.resetModules();
});

describe('SITE_MODE as the functions read it', () => {
  it.each([
    [{}, false],
    [{ SITE_MODE: '' }, false],
    [{ SITE_MODE: 'static' }, false],
    [{ SITE_MODE: 'preview' }, true],
  ])('%o → preview site: %s', (source, expected) => {
    expect(isPreviewSiteFunction(source)).toBe(expected);
  });

  it('any other value is an error naming SITE_MODE, as in the build', () => {
    expect(() => isPreviewSiteFunction({ SITE_MODE: 'Preview' })).toThrow(/SITE_MODE/);
  });
});

describe('the freshness check on the preview site', () => {
  it('answers 200 "not on the preview site" and calls no build hook, even with the public site\'s hook copied over', async () => {
    vi.stubEnv('SITE_MODE', 'preview');
    vi.stubEnv('NETLIFY_BUILD_HOOK_URL', HOOK);
    const fetch = vi.fn(() => Promise.resolve(new Response('', { status: 200 })));
    vi.stubGlobal('fetch', fetch);
    const logged = vi.spyOn(console, 'log').mockImplementation(() => {});
    const scheduled = await import('../../../src/functions/freshness-check.ts');

    const response = await scheduled.default(freshnessCall());
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      message: 'not on the preview site: the public site checks its own freshness',
    });
    expectFunctionHeaders(response);
    expect(fetch).not.toHaveBeenCalled();
    expect(logged.mock.calls.flat()).toEqual([
      '[freshness-check] not on the preview site: the public site checks its own freshness (SITE_MODE=preview)',
    ]);
  });

  const checkWith = (
    site: Record<string, string | undefined>,
    readSettings: () => never | ReturnType<typeof settings>,
    fetch = vi.fn(),
    openStore = vi.fn(() => memoryBlobStore()),
  ) => ({
    fetch,
    openStore,
    run: () =>
      defineFunction(freshnessCheck, {
        openStores: { queue: openStore, deploys: openStore },
        readSettings: readSettings,
        site: site,
        fetch: fetch,
        log: () => {},
        now: () => new Date('2026-03-02T10:07:30Z'),
      })(freshnessCall()),
  });
  const settings = () => ({
    NETLIFY_BUILD_HOOK_URL: HOOK,
    PUBLISH_RETRY_BASE_SECONDS: undefined,
    DEPLOY_BUDGET_PER_HOUR: undefined,
    PUBLIC_API_BASE: 'https://api.example',
    FRESHNESS_CHECK_MINUTES: 60,
    FRESHNESS_MAX_AGE_DAYS: 7,
    CONTEXT: 'production',
  });

  it('does not read its other settings there, nor open a store: a hook setting that is no URL does not matter', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const readSettings = vi.fn(() => {
      throw new Error('read');
    });
    const check = checkWith({ SITE_MODE: 'preview' }, readSettings);
    const response = await check.run();
    expect(response.status).toBe(200);
    expect(readSettings).not.toHaveBeenCalled();
    expect(check.openStore).not.toHaveBeenCalled();
    expect(check.fetch).not.toHaveBeenCalled();
  });

  it('a SITE_MODE that is neither static nor preview answers 500 naming it and calls nothing', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const check = checkWith({ SITE_MODE: 'Preview' }, settings);
    const response = await check.run();
    expect(response.status).toBe(500);
    expect(((await response.json()) as { message: string }).message).toMatch(
      /^freshness-check is not configured: SITE_MODE: /,
    );
    expect(check.fetch).not.toHaveBeenCalled();
    expect(check.openStore).not.toHaveBeenCalled();
  });

  it('on the public site (SITE_MODE unset or static) it checks', async () => {
    for (const site of [{}, { SITE_MODE: 'static' }]) {
      const check = checkWith(site, settings);
      const response = await check.run();
      expect(response.status).toBe(200);
      expect(check.openStore).toHaveBeenCalled();
    }
  });
});

describe('rebuild-on-publish on the preview site', () => {
  it('answers a signed publish 404 "not on the preview site" (a failure in Sanity\'s webhook log) and calls no build hook', async () => {
    for (const [name, value] of Object.entries({
      SITE_MODE: 'preview',
      SANITY_WEBHOOK_SECRET: SECRET,
      NETLIFY_BUILD_HOOK_URL: HOOK,
    }))
      vi.stubEnv(name, value);
    const fetch = vi.fn(() => Promise.resolve(new Response('')));
    vi.stubGlobal('fetch', fetch);
    // An idle run is no error: every function says so on the log's standard stream.
    const logged = vi.spyOn(console, 'log').mockImplementation(() => {});
    const fn = await import('../../../src/functions/rebuild-on-publish.ts');

    const response = await fn.default(await signedPublish(), { deploy: { context: 'production' } });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      message: 'not on the preview site: send the content webhook to the public site',
    });
    expectFunctionHeaders(response);
    expect(fetch).not.toHaveBeenCalled();
    expect(logged.mock.calls.flat()).toEqual([
      '[rebuild-on-publish] not on the preview site: send the content webhook to the public site (SITE_MODE=preview)',
    ]);
  });

  it('opens no Netlify Blobs store and reads no setting, whatever the request', async () => {
    const openBlobStore = vi.fn(() => memoryBlobStore());
    const readSettings = vi.fn(() => ({
      SANITY_WEBHOOK_SECRET: SECRET,
      NETLIFY_BUILD_HOOK_URL: HOOK,
      CONTEXT: 'production',
    }));
    const fetch = vi.fn(() => Promise.resolve(new Response('')));
    const handle = defineFunction(rebuildOnPublish, {
      openStores: { queue: openBlobStore },
      readSettings: readSettings,
      site: { SITE_MODE: 'preview' },
      log: () => {},
      fetch: fetch,
    });

    for (const request of [
      await signedPublish(),
      new Request('https://preview.example/.netlify/functions/rebuild-on-publish'),
    ]) {
      const response = await handle(request, {
        deploy: { context: 'production' },
        waitUntil: vi.fn(),
      });
      expect(response.status).toBe(404);
    }
    expect(openBlobStore).not.toHaveBeenCalled();
    expect(readSettings).not.toHaveBeenCalled();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('on the public site the same publish schedules the build', async () => {
    const saved = memoryBlobStore();
    const fetch = vi.fn(() => Promise.resolve(new Response('')));
    const handle = defineFunction(rebuildOnPublish, {
      openStores: { queue: () => saved },
      readSettings: () => ({
        SANITY_WEBHOOK_SECRET: SECRET,
        NETLIFY_BUILD_HOOK_URL: HOOK,
        CONTEXT: undefined,
      }),
      site: { SITE_MODE: 'static' },
      log: () => {},
      fetch: fetch,
    });
    const response = await handle(await signedPublish(), { deploy: { context: 'production' } });
    expect(response.status).toBe(202);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
