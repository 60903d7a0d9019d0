/**
 * The editors' preview site deploys the public site's rebuild functions too (one functions folder
 * for both sites). With SITE_MODE=preview in their environment they answer "not on the preview
 * site" and do nothing: no build hook call, no settings read, no Netlify Blobs opened.
 */
import { encodeSignatureHeader } from '@sanity/webhook';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryBlobStore } from '../../../src/lib/publish-records/blob-store.ts';
import { FUNCTION_HEADERS } from '../../../src/lib/rebuild/function-http.ts';
import { handleNightly } from '../../../src/lib/rebuild/nightly-rebuild.ts';
import { isPreviewSiteFunction } from '../../../src/lib/rebuild/preview-site-guard.ts';
import { createPublishFunction } from '../../../src/lib/rebuild/publish-function.ts';

const SECRET = 'test-webhook-secret';
const HOOK = 'https://api.netlify.example/build_hooks/copied-from-production';

const nightlyCall = () => new Request('https://preview.example/.netlify/functions/nightly-rebuild', {
  method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"next_run":"2026-03-02T00:00:00Z"}',
});

async function signedPublish(): Promise<Request> {
  const body = JSON.stringify({ _id: 'huskymobile-faqs', _type: 'faqs' });
  return new Request('https://preview.example/.netlify/functions/rebuild-on-publish', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'sanity-webhook-signature': await encodeSignatureHeader(body, Date.now(), SECRET) },
    body,
  });
}

function expectFunctionHeaders(response: Response): void {
  for (const [name, value] of Object.entries(FUNCTION_HEADERS)) expect(response.headers.get(name), name).toBe(value);
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.resetModules();
});

describe('SITE_MODE as the functions read it', () => {
  it.each([[{}, false], [{ SITE_MODE: '' }, false], [{ SITE_MODE: 'static' }, false], [{ SITE_MODE: 'preview' }, true]])('%o → preview site: %s', (source, expected) => {
    expect(isPreviewSiteFunction(source)).toBe(expected);
  });

  it('any other value is an error naming SITE_MODE, as in the build', () => {
    expect(() => isPreviewSiteFunction({ SITE_MODE: 'Preview' })).toThrow(/SITE_MODE/);
  });
});

describe('the nightly function on the preview site', () => {
  it('answers 200 "not on the preview site" and calls no build hook, even with the public site\'s hook copied over', async () => {
    vi.stubEnv('SITE_MODE', 'preview');
    vi.stubEnv('NETLIFY_BUILD_HOOK_URL', HOOK);
    const fetch = vi.fn(async () => new Response('', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const logged = vi.spyOn(console, 'log').mockImplementation(() => {});
    const nightly = await import('../../../src/functions/nightly-rebuild.ts');

    const response = await nightly.default(nightlyCall());
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: 'not on the preview site: the public site runs the nightly build' });
    expectFunctionHeaders(response);
    expect(fetch).not.toHaveBeenCalled();
    expect(logged.mock.calls.flat()).toEqual(['[nightly-rebuild] not on the preview site: the public site runs the nightly build (SITE_MODE=preview)']);
  });

  it('does not read its other settings there: a hook setting that is no URL does not matter', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const fetch = vi.fn();
    const readOptions = vi.fn(() => ({ hookUrl: 'not a url', fetch }));
    const response = await handleNightly(nightlyCall(), readOptions, { SITE_MODE: 'preview' });
    expect(response.status).toBe(200);
    expect(readOptions).not.toHaveBeenCalled();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('a SITE_MODE that is neither static nor preview answers 500 naming it and calls nothing', async () => {
    const fetch = vi.fn();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const response = await handleNightly(nightlyCall(), { hookUrl: HOOK, fetch }, { SITE_MODE: 'Preview' });
    expect(response.status).toBe(500);
    expect((await response.json() as { message: string }).message).toMatch(/^nightly-rebuild is not configured: SITE_MODE: /);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('on the public site (SITE_MODE unset or static) still triggers the build', async () => {
    for (const site of [{}, { SITE_MODE: 'static' }]) {
      const fetch = vi.fn(async () => new Response(''));
      const response = await handleNightly(nightlyCall(), { hookUrl: HOOK, fetch, log: () => {} }, site);
      expect(response.status).toBe(204);
      expect(fetch).toHaveBeenCalledTimes(1);
    }
  });
});

describe('rebuild-on-publish on the preview site', () => {
  it('answers a signed publish 404 "not on the preview site" (a failure in Sanity\'s webhook log) and calls no build hook', async () => {
    for (const [name, value] of Object.entries({ SITE_MODE: 'preview', SANITY_WEBHOOK_SECRET: SECRET, NETLIFY_BUILD_HOOK_URL: HOOK })) vi.stubEnv(name, value);
    const fetch = vi.fn(async () => new Response(''));
    vi.stubGlobal('fetch', fetch);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const fn = await import('../../../src/functions/rebuild-on-publish.ts');

    const response = await fn.default(await signedPublish(), { deploy: { context: 'production' } });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'not on the preview site: send the content webhook to the public site' });
    expectFunctionHeaders(response);
    expect(fetch).not.toHaveBeenCalled();
    expect(logged.mock.calls.flat()).toEqual(['[rebuild-on-publish] not on the preview site: send the content webhook to the public site (SITE_MODE=preview)']);
  });

  it('opens no Netlify Blobs store and reads no setting, whatever the request', async () => {
    const openBlobStore = vi.fn(() => memoryBlobStore());
    const readSettings = vi.fn(() => ({ SANITY_WEBHOOK_SECRET: SECRET, NETLIFY_BUILD_HOOK_URL: HOOK, CONTEXT: 'production' }));
    const fetch = vi.fn(async () => new Response(''));
    const handle = createPublishFunction({ openBlobStore, readSettings, site: { SITE_MODE: 'preview' }, log: () => {}, webhook: { fetch } });

    for (const request of [await signedPublish(), new Request('https://preview.example/.netlify/functions/rebuild-on-publish')]) {
      const response = await handle(request, { deploy: { context: 'production' }, waitUntil: vi.fn() });
      expect(response.status).toBe(404);
    }
    expect(openBlobStore).not.toHaveBeenCalled();
    expect(readSettings).not.toHaveBeenCalled();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('on the public site the same publish schedules the build', async () => {
    const saved = memoryBlobStore();
    const fetch = vi.fn(async () => new Response(''));
    const handle = createPublishFunction({
      openBlobStore: () => saved,
      readSettings: () => ({ SANITY_WEBHOOK_SECRET: SECRET, NETLIFY_BUILD_HOOK_URL: HOOK, CONTEXT: undefined }),
      site: { SITE_MODE: 'static' },
      log: () => {},
      webhook: { fetch, log: () => {} },
    });
    const response = await handle(await signedPublish(), { deploy: { context: 'production' } });
    expect(response.status).toBe(202);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
