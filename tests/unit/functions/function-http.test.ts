import { encodeSignatureHeader } from '@sanity/webhook';
import { defineFunction } from '../../../src/lib/functions/define-function.ts';
import { readFileSync } from 'node:fs';
import { parse } from 'smol-toml';
import { describe, expect, it, vi } from 'vitest';
import {
  answer,
  checkRequest,
  FUNCTION_HEADERS,
  guarded,
} from '../../../src/lib/functions/function-http.ts';
import { freshnessCheck } from '../../../src/lib/rebuild/freshness-check.ts';
import { memoryBlobStore } from '../../../src/lib/functions/blob-store.ts';
import {
  createPublishWebhook,
  MAX_WEBHOOK_BODY_BYTES,
} from '../../../src/lib/rebuild/publish-webhook.ts';
import { memoryStateStore } from '../../../src/lib/functions/state-store.ts';
import { sameInConstantTime } from '../../../src/lib/rebuild/webhook-signature.ts';

const URL_ = 'https://site.example/.netlify/functions/rebuild-on-publish';
const SECRET = 'test-webhook-secret';
const RULES = { methods: ['POST'], maxBodyBytes: 64, contentTypes: ['application/json'] } as const;

function publishWebhook(store = memoryStateStore()) {
  const logged: string[] = [];
  const handle = createPublishWebhook({
    secret: SECRET,
    settings: {
      NETLIFY_BUILD_HOOK_URL: 'https://api.netlify.example/build_hooks/x',
      PUBLISH_RETRY_BASE_SECONDS: undefined,
      DEPLOY_BUDGET_PER_HOUR: undefined,
    },
    store,
    fetch: () => Promise.resolve(new Response('')),
    log: (line) => logged.push(line),
  });
  return { handle, logged };
}

/** A body that arrives in pieces, with no Content-Length to go by. */
function streamed(size: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= size) return controller.close();
      controller.enqueue(new Uint8Array(Math.min(1024, size - sent)).fill(0x61));
      sent += 1024;
    },
  });
}

function expectSecurityHeaders(response: Response): void {
  for (const [name, value] of Object.entries(FUNCTION_HEADERS))
    expect(response.headers.get(name), name).toBe(value);
}

describe('function request checks', () => {
  it('refuses other methods with 405 and says which are allowed', async () => {
    const checked = await checkRequest(new Request(URL_, { method: 'GET' }), RULES);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.response.status).toBe(405);
    expect(checked.response.headers.get('allow')).toBe('POST');
    expectSecurityHeaders(checked.response);
  });

  it('refuses a body declared too large with 413 before reading it', async () => {
    const request = new Request(URL_, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': '10485760' },
      body: '{}',
    });
    const checked = await checkRequest(request, RULES);
    expect(checked.ok ? 200 : checked.response.status).toBe(413);
    expect(request.bodyUsed).toBe(false);
  });

  it('stops reading a streamed body once it passes the limit (413)', async () => {
    const request = new Request(URL_, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: streamed(10 * 1024 * 1024),
      duplex: 'half',
    } as RequestInit);
    const checked = await checkRequest(request, RULES);
    expect(checked.ok ? 200 : checked.response.status).toBe(413);
  });

  it.each([
    'application/json-seq',
    'application/ld+json',
    'text/plain',
    'application/json; charset=latin1',
    'nonsense',
    '',
  ])('refuses content type %j with 415', async (type) => {
    const checked = await checkRequest(
      new Request(URL_, { method: 'POST', headers: { 'content-type': type }, body: '{}' }),
      RULES,
    );
    expect(checked.ok ? 200 : checked.response.status).toBe(415);
  });

  it('passes a small JSON POST and hands over its body', async () => {
    const checked = await checkRequest(
      new Request(URL_, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=UTF-8' },
        body: '{"a":1}',
      }),
      RULES,
    );
    expect(checked).toEqual({ ok: true, body: '{"a":1}' });
  });

  it('answers a throw with a plain 500: no message, no stack', async () => {
    const logged: string[] = [];
    const response = await guarded(
      'x',
      () =>
        Promise.reject(
          new Error('ECONNREFUSED 10.0.0.7:5432 at Pool.connect (/var/task/db.js:12:3)'),
        ),
      (line) => logged.push(line),
    );
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).toBe('{"message":"internal error"}');
    expect(logged[0]).toContain('ECONNREFUSED');
    expectSecurityHeaders(response);
  });

  it('sends the same security headers as netlify.toml gives every page', () => {
    const config = parse(readFileSync('netlify.toml', 'utf8')) as {
      headers: Array<{ for: string; values: Record<string, string> }>;
    };
    const site = Object.fromEntries(
      Object.entries(config.headers.find((block) => block.for === '/*')?.values ?? {}).map(
        ([k, v]) => [k.toLowerCase(), v],
      ),
    );
    for (const name of [
      'strict-transport-security',
      'x-content-type-options',
      'referrer-policy',
      'permissions-policy',
      'cross-origin-opener-policy',
    ]) {
      expect(FUNCTION_HEADERS[name], name).toBe(site[name]);
    }
    // The pages' CSP is written by the build (dist/_headers); a function's answer loads nothing at all.
    expect(site['content-security-policy']).toBeUndefined();
    for (const directive of [
      "default-src 'none'",
      "frame-ancestors 'none'",
      "object-src 'none'",
      "base-uri 'none'",
    ]) {
      expect(FUNCTION_HEADERS['content-security-policy']).toContain(directive);
    }
    expect(answer(200, 'x').headers.get('cache-control')).toBe('no-store');
  });
});

describe('constant-time signature comparison', () => {
  it('is equal only for the same text, whatever the lengths', () => {
    expect(sameInConstantTime('t=1,v1=abc', 't=1,v1=abc')).toBe(true);
    expect(sameInConstantTime('t=1,v1=abd', 't=1,v1=abc')).toBe(false);
    expect(sameInConstantTime('', 't=1,v1=abc')).toBe(false);
    expect(sameInConstantTime('t=1,v1=abc'.repeat(100), 't=1,v1=abc')).toBe(false);
  });
});

describe('rebuild-on-publish: hostile requests', () => {
  it.each([
    ['GET', { method: 'GET' }, 405],
    ['PUT', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{}' }, 405],
    [
      'a 10 MB body',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': String(10 * 1024 * 1024) },
        body: '{}',
      },
      413,
    ],
    [
      'a form post',
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'a=1',
      },
      415,
    ],
    [
      'json-seq',
      { method: 'POST', headers: { 'content-type': 'application/json-seq' }, body: '{}' },
      415,
    ],
  ] as const)(
    'answers %s with %i and the security headers, building nothing',
    async (_name, init, status) => {
      const { handle } = publishWebhook();
      const response = await handle(new Request(URL_, init));
      expect(response.status).toBe(status);
      expectSecurityHeaders(response);
    },
  );

  it('refuses a body over the limit even when signed', async () => {
    const body = JSON.stringify({
      _id: 'x',
      _type: 'faqs',
      pad: 'a'.repeat(MAX_WEBHOOK_BODY_BYTES),
    });
    const signature = await encodeSignatureHeader(body, Date.now(), SECRET);
    const { handle } = publishWebhook();
    const response = await handle(
      new Request(URL_, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'sanity-webhook-signature': signature },
        body,
      }),
    );
    expect(response.status).toBe(413);
  });

  it('never answers with internals when something breaks', async () => {
    const store = memoryStateStore();
    vi.spyOn(store, 'getWithMetadata').mockImplementation(() => {
      throw new TypeError(
        "Cannot read properties of undefined (reading 'pending') at readVersioned (/var/task/blob-store.js:40:9)",
      );
    });
    const { handle, logged } = publishWebhook(store);
    const body = JSON.stringify({ _id: 'x', _type: 'faqs' });
    const signature = await encodeSignatureHeader(body, Date.now(), SECRET);
    const response = await handle(
      new Request(URL_, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'sanity-webhook-signature': signature },
        body,
      }),
    );
    expect(response.status).toBeGreaterThanOrEqual(500);
    const text = await response.text();
    expect(text).not.toMatch(/at |\/var\/task|TypeError|pending/);
    expect(logged.join('\n')).toContain('Cannot read properties');
    expectSecurityHeaders(response);
  });
});

describe('freshness-check: whatever the scheduler sends', () => {
  const options = () => {
    const calls: URL[] = [];
    const queueStore = memoryBlobStore();
    const check = defineFunction(freshnessCheck, {
      openStores: { queue: () => queueStore, deploys: () => memoryBlobStore() },
      readSettings: () => ({
        NETLIFY_BUILD_HOOK_URL: 'https://api.netlify.example/build_hooks/n',
        PUBLISH_RETRY_BASE_SECONDS: undefined,
        DEPLOY_BUDGET_PER_HOUR: undefined,
        PUBLIC_API_BASE: 'https://api.example',
        FRESHNESS_CHECK_MINUTES: 60,
        FRESHNESS_MAX_AGE_DAYS: 7,
        CONTEXT: 'production',
      }),
      site: {},
      now: () => new Date('2026-03-02T10:07:30Z'),
      fetch: (url: URL) => {
        calls.push(url);
        return Promise.resolve(new Response(''));
      },
      log: () => {},
    });
    return { calls, check, checked: () => queueStore.value('freshness') !== undefined };
  };

  it('answers a 10 MB body with 413 and the security headers, checking nothing', async () => {
    const run = options();
    const response = await run.check(
      new Request('https://site.example/.netlify/functions/freshness-check', {
        method: 'POST',
        headers: { 'content-length': String(10 * 1024 * 1024) },
        body: '{}',
      }),
    );
    expect(response.status).toBe(413);
    expectSecurityHeaders(response);
    expect(run.checked()).toBe(false);
  });

  // Netlify does not document the scheduler's method, and no URL reaches a scheduled function there:
  // a method or a body type would add no safety, only a silent 405 the day the scheduler changes.
  it.each([
    [
      'POST with JSON',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"next_run":"2026-03-02T00:00:00Z"}',
      },
    ],
    ['POST without a body', { method: 'POST' }],
    ['GET', { method: 'GET' }],
    [
      'PUT with a text body',
      { method: 'PUT', headers: { 'content-type': 'text/plain' }, body: 'x' },
    ],
    ['an unknown method', { method: 'PROPFIND' }],
  ] as const)('checks for %s and answers 200 with the headers', async (_name, init) => {
    const run = options();
    const response = await run.check(
      new Request('https://site.example/.netlify/functions/freshness-check', init),
    );
    expect(response.status).toBe(200);
    expectSecurityHeaders(response);
    expect(run.checked()).toBe(true);
  });
});
