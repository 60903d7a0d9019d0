/**
 * The site's Netlify functions (src/functions) as the local stack serves them: each production
 * module imported once and called warm in the server's process, at its production path (its
 * `config.path`, else `/.netlify/functions/{name}`), with no netlify.toml header rule on its
 * answer (Netlify applies none to a function). A signed content webhook reaches the build hook and
 * the freshness check answers what it found, except on the editors' preview site (SITE_MODE=preview).
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { encodeSignatureHeader } from '@sanity/webhook';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../../scripts/local-stack/listen.ts';
import { startSiteServer } from '../../../scripts/local-stack/site/server.ts';
import { MAX_WEBHOOK_BODY_BYTES } from '../../../src/lib/rebuild/publish-webhook.ts';
import { FIXTURE_SITE, FIXTURE_TOML } from './helpers.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
const SECRET = 'functions-test-secret-of-32-characters';
const hookCalls: Array<{ method: string; url: string; body: string }> = [];
const hook = createServer((request: IncomingMessage, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString()));
  request.on('end', () => {
    hookCalls.push({ method: request.method ?? '', url: request.url ?? '', body });
    response.writeHead(200).end('{}');
  });
});
let site: RunningServer;
const saved = {
  secret: process.env['SANITY_WEBHOOK_SECRET'],
  hook: process.env['NETLIFY_BUILD_HOOK_URL'],
};

beforeAll(async () => {
  await new Promise<void>((ready) => hook.listen(0, '127.0.0.1', ready));
  // The runtime gives functions this process's environment, as Netlify gives them the site's.
  process.env['SANITY_WEBHOOK_SECRET'] = SECRET;
  process.env['NETLIFY_BUILD_HOOK_URL'] =
    `http://127.0.0.1:${(hook.address() as AddressInfo).port}/build_hooks/test`;
  site = await startSiteServer({
    port: 0,
    distDir: FIXTURE_SITE,
    netlifyToml: FIXTURE_TOML,
    functionsDir: join(ROOT, 'src', 'functions'),
    log: () => {},
  });
});

afterAll(async () => {
  await site?.close();
  await new Promise((closed) => hook.close(closed));
  if (saved.secret === undefined) delete process.env['SANITY_WEBHOOK_SECRET'];
  else process.env['SANITY_WEBHOOK_SECRET'] = saved.secret;
  if (saved.hook === undefined) delete process.env['NETLIFY_BUILD_HOOK_URL'];
  else process.env['NETLIFY_BUILD_HOOK_URL'] = saved.hook;
});

async function untilHookCalled(count: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (hookCalls.length < count && Date.now() < deadline)
    await new Promise((wait) => setTimeout(wait, 200));
}

describe('Netlify functions, warm in the local stack', () => {
  it('refuses an unsigned publish and accepts a signed one, which calls the build hook at once with what it carries', async () => {
    const url = `${site.url}/.netlify/functions/rebuild-on-publish`;
    const body = JSON.stringify({
      _id: 'huskymobile-landingHeader',
      _type: 'landingHeader',
      _rev: 'rev-1',
      _updatedAt: '2026-11-27T10:00:00Z',
    });
    const unsigned = await fetch(url, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.status).toBe(401);
    expect(await unsigned.json()).toEqual({ message: 'unsigned request' });

    const signature = await encodeSignatureHeader(body, Date.now(), SECRET);
    const signed = await fetch(url, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', 'sanity-webhook-signature': signature },
    });
    await signed.arrayBuffer();
    expect(signed.status).toBe(202);
    await untilHookCalled(1, 10_000);
    expect(hookCalls).toHaveLength(1);
    expect(hookCalls[0]).toMatchObject({ method: 'POST' });
    expect(decodeURIComponent(hookCalls[0]!.url.replaceAll('+', ' '))).toMatch(
      /^\/build_hooks\/test\?trigger_title=Publish of 1 document \(landingHeader\) \[batch b-[0-9a-f]{8}\]$/,
    );
    expect(JSON.parse(hookCalls[0]!.body)).toMatchObject({
      kind: 'publish',
      documents: [{ id: 'huskymobile-landingHeader', rev: 'rev-1' }],
    });
  }, 30_000);

  it("serves a function with a config path there only, with its own headers and none of netlify.toml's", async () => {
    const deploys = await fetch(`${site.url}/api/deploys`);
    await deploys.arrayBuffer();
    expect(deploys.status).not.toBe(404);
    expect(deploys.headers.get('x-content-type-options')).toBe('nosniff');
    // The fixture's netlify.toml sends X-Frame-Options on /*: a static page gets it, a function's answer does not.
    expect(deploys.headers.get('x-frame-options')).toBeNull();
    const page = await fetch(`${site.url}/search`);
    await page.arrayBuffer();
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    // As on Netlify, a function with a path is not at /.netlify/functions/{name}: the site's own rules answer.
    const byName = await fetch(`${site.url}/.netlify/functions/deploys`, { redirect: 'manual' });
    await byName.arrayBuffer();
    expect(byName.status).not.toBe(200);
    expect(byName.headers.get('content-type') ?? '').not.toMatch(/json/);
  });

  it("runs the freshness check as Netlify's scheduler invokes it: it says what it found and builds nothing while the publish's build is on its way", async () => {
    const before = hookCalls.length;
    // The platform invokes a scheduled function with a POST whose JSON body names the next run.
    const response = await fetch(`${site.url}/.netlify/functions/freshness-check`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ next_run: '2026-11-24T00:00:00.000Z' }),
    });
    expect(response.status).toBe(200);
    const { message } = (await response.json()) as { message: string };
    // At a quarter hour the interval does not name it is not due; at any other time it checks, and the publish above is in flight.
    expect(message).toMatch(
      /^(a build is under way or waiting: it reads the tenant records itself|not due: the next check is at .*)$/,
    );
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(hookCalls).toHaveLength(before);
  }, 30_000);

  it('refuses what a webhook never sends before reading it, with the site headers and no internals', async () => {
    const url = `${site.url}/.netlify/functions/rebuild-on-publish`;
    const before = hookCalls.length;
    const cases: Array<{ init: RequestInit; status: number }> = [
      { init: { method: 'GET' }, status: 405 },
      {
        init: { method: 'PUT', body: '{}', headers: { 'content-type': 'application/json' } },
        status: 405,
      },
      {
        init: { method: 'POST', body: '{}', headers: { 'content-type': 'text/plain' } },
        status: 415,
      },
      {
        init: { method: 'POST', body: '{}', headers: { 'content-type': 'application/json-seq' } },
        status: 415,
      },
      {
        init: {
          method: 'POST',
          body: JSON.stringify({ pad: 'x'.repeat(MAX_WEBHOOK_BODY_BYTES) }),
          headers: { 'content-type': 'application/json' },
        },
        status: 413,
      },
      {
        init: {
          method: 'POST',
          body: '{}',
          headers: {
            'content-type': 'application/json',
            'sanity-webhook-signature': 't=1,v1=forged',
          },
        },
        status: 401,
      },
    ];
    for (const { init, status } of cases) {
      const response = await fetch(url, init);
      const text = await response.text();
      expect({
        method: init.method,
        type: (init.headers as Record<string, string> | undefined)?.['content-type'],
        status: response.status,
      }).toEqual({
        method: init.method,
        type: (init.headers as Record<string, string> | undefined)?.['content-type'],
        status,
      });
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(text).not.toMatch(/\bat \S+ \(|Error:|node_modules|src\/lib/);
      if (status === 405) expect(response.headers.get('allow')).toBe('POST');
    }
    expect(hookCalls).toHaveLength(before);
  }, 150_000);

  it('on the editors\' preview site (SITE_MODE=preview) both answer "not on the preview site" and the build hook is never called', async () => {
    const before = hookCalls.length;
    process.env['SITE_MODE'] = 'preview';
    try {
      const body = JSON.stringify({ _id: 'landingHeader.husky', _type: 'landingHeader' });
      const publish = await fetch(`${site.url}/.netlify/functions/rebuild-on-publish`, {
        method: 'POST',
        body,
        headers: {
          'content-type': 'application/json',
          'sanity-webhook-signature': await encodeSignatureHeader(body, Date.now(), SECRET),
        },
      });
      expect({ status: publish.status, body: (await publish.json()) as unknown }).toEqual({
        status: 404,
        body: { message: 'not on the preview site: send the content webhook to the public site' },
      });
      expect(publish.headers.get('cache-control')).toBe('no-store');
      expect(publish.headers.get('x-content-type-options')).toBe('nosniff');

      const freshness = await fetch(`${site.url}/.netlify/functions/freshness-check`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ next_run: '2026-11-24T00:00:00.000Z' }),
      });
      expect({ status: freshness.status, body: (await freshness.json()) as unknown }).toEqual({
        status: 200,
        body: { message: 'not on the preview site: the public site checks its own freshness' },
      });
      // A publish calls the hook at once (before answering): a moment is plenty.
      await new Promise((wait) => setTimeout(wait, 2_000));
      expect(hookCalls).toHaveLength(before);
    } finally {
      delete process.env['SITE_MODE'];
    }
  }, 150_000);

  it('answers an unknown function like any unknown path', async () => {
    const response = await fetch(`${site.url}/.netlify/functions/no-such-function`, {
      redirect: 'manual',
    });
    await response.arrayBuffer();
    expect(response.status).not.toBe(200);
  });
});
