/**
 * The ops alert (ops-alert.ts): signed as Standard Webhooks sign (checked here by hand with
 * node:crypto, not only by the library that signs), one signature per key during a rotation; sent
 * by the real functions for each cause, once per occurrence of a cause, noted in one record that
 * stays small however many causes a site meets (alert-marks.ts); never deciding a function's answer.
 */
import { createHmac } from 'node:crypto';
import { encodeSignatureHeader } from '@sanity/webhook';
import { describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { KEPT_ASIDE_PREFIX, memoryBlobStore } from '../../../src/lib/functions/blob-store.ts';
import {
  ALERT_FORGET_MS,
  ALERTS_KEPT_PER_TYPE,
  ALERTS_SENT_KEY,
  legacyMarkKey,
  markAlert,
  type AlertsSent,
} from '../../../src/lib/functions/alert-marks.ts';
import { defineFunction } from '../../../src/lib/functions/define-function.ts';
import {
  alertAddressProblem,
  sendAlert,
  signedAlert,
  type OpsAlert,
} from '../../../src/lib/functions/ops-alert.ts';
import { opsSettingsFindings } from '../../../src/lib/functions/ops-settings-problems.ts';
import { deployNotification } from '../../../src/lib/deploys/notification-function.ts';
import { FRESHNESS_KEY, PUBLISH_QUEUE_KEY } from '../../../src/lib/publish-records/names.ts';
import { publishRetry } from '../../../src/lib/rebuild/publish-retry.ts';
import { rebuildOnPublish } from '../../../src/lib/rebuild/publish-webhook.ts';
import {
  CONTENT_FAILURE,
  deploy,
  SECRET as NOTIFICATION_SECRET,
  signed,
  SITE_ID,
} from '../deploys/fixtures.ts';

const KEY = `whsec_${Buffer.from('k'.repeat(32)).toString('base64')}`;
const OLD_KEY = `whsec_${Buffer.from('o'.repeat(32)).toString('base64')}`;
const RECEIVER = 'https://ops.example/hooks/site';
const HOOK = 'https://api.netlify.example/build_hooks/abc123';
const WEBHOOK_SECRET = 'test-webhook-secret-of-40-characters-xyz';
const NOW = new Date('2026-11-27T10:00:00.000Z');
const ALERTS = { OPS_ALERT_WEBHOOK_URL: RECEIVER, OPS_ALERT_WEBHOOK_SECRET: KEY };
const ALERT: OpsAlert = {
  type: 'build-failed',
  cause: 'd-1',
  summary: 'The production build of deploy d-1 failed',
  details: { deployId: 'd-1' },
};

/** The signature Standard Webhooks defines, computed here without the library. */
function expectedSignature(key: string, id: string, timestamp: string, body: string): string {
  const secret = Buffer.from(key.slice('whsec_'.length), 'base64');
  return `v1,${createHmac('sha256', secret).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

interface Received {
  headers: Record<string, string>;
  body: string;
  json: { type: string; timestamp: string; data: Record<string, unknown> };
}

/** A fetch that is the build hook (answering `hookStatus`) and the ops receiver (answering `receiverStatus`, or never). */
function network(options: { hookStatus?: number; receiverStatus?: number | 'never' } = {}) {
  const received: Received[] = [];
  const hookCalls: URL[] = [];
  const fetch = async (url: URL, init: RequestInit): Promise<Response> => {
    if (url.href.startsWith(HOOK)) {
      hookCalls.push(url);
      return new Response('', { status: options.hookStatus ?? 200 });
    }
    const body = typeof init.body === 'string' ? init.body : '';
    received.push({
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      body,
      json: JSON.parse(body) as Received['json'],
    });
    if (options.receiverStatus === 'never')
      return new Promise((_resolve, reject) =>
        init.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
      );
    return new Response(null, { status: options.receiverStatus ?? 204 });
  };
  return { fetch, received, hookCalls };
}

async function publishRequest(id: string): Promise<Request> {
  const body = JSON.stringify({
    _id: id,
    _type: 'faqs',
    _rev: 'r1',
    _updatedAt: NOW.toISOString(),
  });
  return new Request('https://site.example/.netlify/functions/rebuild-on-publish', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'sanity-webhook-signature': await encodeSignatureHeader(body, NOW.getTime(), WEBHOOK_SECRET),
    },
    body,
  });
}

function webhook(
  net: ReturnType<typeof network>,
  queue = memoryBlobStore(),
  alerts: Record<string, string> = ALERTS,
) {
  const logged: string[] = [];
  const handle = defineFunction(rebuildOnPublish, {
    openStores: { queue: () => queue },
    readSettings: () => ({
      SANITY_WEBHOOK_SECRET: WEBHOOK_SECRET,
      NETLIFY_BUILD_HOOK_URL: HOOK,
      CONTEXT: undefined,
      ...alerts,
    }),
    site: { URL: 'https://school-mobile.example' },
    log: (line) => logged.push(line),
    now: () => NOW,
    fetch: net.fetch,
  });
  return { handle, queue, logged };
}

describe('signing (Standard Webhooks)', () => {
  it('webhook-id, webhook-timestamp and a v1 HMAC-SHA256 of id.timestamp.body with the key', () => {
    const { body, headers } = signedAlert(ALERT, [KEY], NOW, 'https://school-mobile.example');
    expect(headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(headers['webhook-timestamp']).toBe(String(NOW.getTime() / 1000));
    expect(headers['webhook-signature']).toBe(
      expectedSignature(KEY, headers['webhook-id']!, headers['webhook-timestamp']!, body),
    );
    expect(JSON.parse(body)).toEqual({
      type: 'ops.build-failed',
      timestamp: NOW.toISOString(),
      data: {
        site: 'https://school-mobile.example',
        cause: 'd-1',
        summary: ALERT.summary,
        deployId: 'd-1',
      },
    });
    // The same cause has the same id: a receiver can dedupe too.
    expect(signedAlert(ALERT, [KEY], new Date(0), undefined).headers['webhook-id']).toBe(
      headers['webhook-id'],
    );
  });

  it('during a rotation: one signature per key, each verifies with its own key, a third key with neither', () => {
    const { body, headers } = signedAlert(ALERT, [KEY, OLD_KEY], NOW, undefined);
    const [current, previous, ...more] = headers['webhook-signature']!.split(' ');
    expect(more).toEqual([]);
    expect(current).toBe(
      expectedSignature(KEY, headers['webhook-id']!, headers['webhook-timestamp']!, body),
    );
    expect(previous).toBe(
      expectedSignature(OLD_KEY, headers['webhook-id']!, headers['webhook-timestamp']!, body),
    );
    // A receiver holding either key accepts it; one holding another key does not.
    const at = { ...headers, 'webhook-timestamp': String(Math.floor(Date.now() / 1000)) };
    const fresh = signedAlert(
      ALERT,
      [KEY, OLD_KEY],
      new Date(Number(at['webhook-timestamp']) * 1000),
      undefined,
    );
    expect(() => new Webhook(KEY).verify(fresh.body, fresh.headers)).not.toThrow();
    expect(() => new Webhook(OLD_KEY).verify(fresh.body, fresh.headers)).not.toThrow();
    const third = `whsec_${Buffer.from('t'.repeat(32)).toString('base64')}`;
    expect(() => new Webhook(third).verify(fresh.body, fresh.headers)).toThrow();
  });
});

describe('sending', () => {
  it('not set up (no address or no key): nothing is sent, nothing is marked', async () => {
    const net = network();
    const store = memoryBlobStore();
    for (const settings of [{}, { OPS_ALERT_WEBHOOK_URL: RECEIVER }]) {
      const result = await sendAlert(ALERT, { settings, store, fetch: net.fetch, log: () => {} });
      expect(result).toBe('not-set-up');
    }
    expect(net.received).toEqual([]);
    expect(store.entries.size).toBe(0);
  });

  it('once per cause: a second alert of the same cause is not sent, another cause is', async () => {
    const net = network();
    const store = memoryBlobStore();
    const send = (alert: OpsAlert) =>
      sendAlert(alert, {
        settings: ALERTS,
        store,
        fetch: net.fetch,
        log: () => {},
        now: () => NOW,
      });
    expect(await send(ALERT)).toBe('sent');
    expect(await send(ALERT)).toBe('already-sent');
    expect(await send({ ...ALERT, cause: 'd-2' })).toBe('sent');
    expect(net.received.map((alert) => alert.json.data['cause'])).toEqual(['d-1', 'd-2']);
    // Noted in one record, whatever the number of causes.
    expect([...store.entries.keys()]).toEqual([ALERTS_SENT_KEY]);
    expect(store.value(ALERTS_SENT_KEY)).toEqual({
      version: 2,
      sent: [
        { type: 'build-failed', cause: 'd-1', at: NOW.toISOString(), seen: NOW.toISOString() },
        { type: 'build-failed', cause: 'd-2', at: NOW.toISOString(), seen: NOW.toISOString() },
      ],
    });
  });

  it('a receiver that never answers: given up after the time-out, never thrown', async () => {
    const net = network({ receiverStatus: 'never' });
    const logged: string[] = [];
    const started = Date.now();
    const result = await sendAlert(ALERT, {
      settings: ALERTS,
      store: memoryBlobStore(),
      fetch: net.fetch,
      log: (line) => logged.push(line),
      timeoutMs: 100,
    });
    expect(result).toBe('failed');
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(logged.join('\n')).toContain('ops alert build-failed (d-1)');
    // The address may hold a token: never logged.
    expect(logged.join('\n')).not.toContain(RECEIVER);
  });
});

describe('where an alert may go: one rule, kept by the sender and said by the settings check', () => {
  const REFUSED =
    "must be https (an alert names the site and what failed); plain http only to this machine (localhost, 127.0.0.1, [::1]), as the local stack's receiver";
  it.each<[string, string | undefined]>([
    ['https://ops.example/hooks/site', undefined],
    ['https://127.0.0.1:8443/ops', undefined],
    ['http://127.0.0.1:50123/ops', undefined],
    ['http://localhost:50123/ops', undefined],
    ['http://LOCALHOST:50123/ops', undefined],
    ['http://[::1]:50123/ops', undefined],
    ['http://ops.example/hooks/site', REFUSED],
    ['http://127.0.0.2:50123/ops', REFUSED],
    ['http://localhost.ops.example/ops', REFUSED],
    ['http://10.0.0.7/ops', REFUSED],
    ['ftp://ops.example/ops', REFUSED],
    ['ops.example/hooks', 'not a URL'],
  ])('%s: %s', async (address, problem) => {
    expect(alertAddressProblem(address)).toBe(problem);
    // The sender: sent to it, or not sent (and not noted, so a mended address is told later).
    const net = network();
    const store = memoryBlobStore();
    const logged: string[] = [];
    const result = await sendAlert(ALERT, {
      settings: { ...ALERTS, OPS_ALERT_WEBHOOK_URL: address },
      store,
      fetch: net.fetch,
      log: (line) => logged.push(line),
      now: () => NOW,
    });
    expect(result).toBe(problem ? 'refused-address' : 'sent');
    expect(net.received).toHaveLength(problem ? 0 : 1);
    if (problem) {
      expect(logged).toEqual([
        `ops alert build-failed (d-1): not sent: OPS_ALERT_WEBHOOK_URL ${problem}`,
      ]);
      expect(store.entries.size).toBe(0);
    }
    // The settings check (setup:check, and each function's answer to it): a problem exactly then.
    const findings = opsSettingsFindings({ ...ALERTS, OPS_ALERT_WEBHOOK_URL: address });
    expect(findings.problems).toEqual(
      problem ? [`OPS_ALERT_WEBHOOK_URL: ${problem}: no alert is sent to it`] : [],
    );
  });
});

describe('each cause, as the functions send it', () => {
  it('a failed production build (deploy-notification): one alert per deploy, naming it and why', async () => {
    const net = network();
    const deploysStore = memoryBlobStore();
    const queueStore = memoryBlobStore();
    const notify = defineFunction(deployNotification, {
      openStores: { deploys: () => deploysStore, queue: () => queueStore },
      readSettings: () => ({
        NETLIFY_DEPLOY_NOTIFICATION_SECRET: NOTIFICATION_SECRET,
        NETLIFY_BUILD_HOOK_URL: HOOK,
        SITE_ID,
        CONTEXT: undefined,
        ...ALERTS,
      }),
      deps: { readBuildReport: () => Promise.resolve(undefined) },
      log: () => {},
      fetch: net.fetch,
    });
    const failed = deploy({ id: 'd-7', state: 'error', error_message: CONTENT_FAILURE });
    expect((await notify(signed(failed))).status).toBe(200);
    expect((await notify(signed(failed))).status).toBe(200);
    // A preview's failure is no production build's.
    await notify(signed(deploy({ id: 'd-8', state: 'error', context: 'deploy-preview' })));
    expect(net.received.map((alert) => alert.json.type)).toEqual(['ops.build-failed']);
    expect(net.received[0]!.json.data).toMatchObject({ cause: 'd-7', deployId: 'd-7' });
    expect(String(net.received[0]!.json.data['summary'])).toContain('in its build command');
  });

  it('a build the hook refused (credits used up): the publish is still kept (202), one alert a day', async () => {
    const net = network({ hookStatus: 403 });
    const { handle } = webhook(net);
    const first = await handle(await publishRequest('husky-faqs'));
    expect(first.status).toBe(202);
    expect(((await first.json()) as { message: string }).message).toContain('the publish is kept');
    await handle(await publishRequest('beavs-faqs'));
    expect(net.hookCalls.length).toBeGreaterThanOrEqual(1);
    expect(net.received.map((alert) => alert.json.type)).toEqual(['ops.builds-refused']);
    expect(net.received[0]!.json.data).toMatchObject({
      status: 403,
      cause: 'HTTP 403 on 2026-11-27',
    });
  });

  it('a build hook that does not answer (5xx) is a fault that passes: no alert', async () => {
    const net = network({ hookStatus: 502 });
    const { handle } = webhook(net);
    expect((await handle(await publishRequest('husky-faqs'))).status).toBe(202);
    expect(net.received).toEqual([]);
  });

  it('a record kept aside: the function answers 503 and ops hear of it once, naming the copy', async () => {
    const net = network();
    const queue = memoryBlobStore();
    queue.entries.set(PUBLISH_QUEUE_KEY, { data: '{"version": 7}', etag: '"1"' });
    const { handle } = webhook(net, queue);
    expect((await handle(await publishRequest('husky-faqs'))).status).toBe(503);
    expect((await handle(await publishRequest('husky-faqs'))).status).toBe(503);
    expect(net.received.map((alert) => alert.json.type)).toEqual(['ops.record-kept-aside']);
    expect(net.received[0]!.json.data).toMatchObject({
      key: PUBLISH_QUEUE_KEY,
      reason: 'newer-version',
    });
    expect(String(net.received[0]!.json.data['keptAs'])).toMatch(
      /^kept-aside\/publish-queue\/newer-version-/,
    );
  });

  it('the freshness check silent for twice its interval: publish-retry tells ops once per stop', async () => {
    const net = network();
    const queue = memoryBlobStore();
    let now = new Date('2026-11-27T12:00:00.000Z');
    const retry = defineFunction(publishRetry, {
      openStores: { queue: () => queue },
      readSettings: () => ({
        NETLIFY_BUILD_HOOK_URL: HOOK,
        FRESHNESS_CHECK_MINUTES: 60,
        CONTEXT: undefined,
        ...ALERTS,
      }),
      log: () => {},
      now: () => now,
      fetch: net.fetch,
    });
    const lastRun = (at: string) =>
      queue.setJSON(FRESHNESS_KEY, {
        version: 2,
        checkedAt: at,
        outcome: 'no change',
        build: false,
      });
    // No record yet (a new site): nothing to say.
    expect((await retry(new Request('https://site.example/'))).status).toBe(200);
    // Ran 2 hours ago at an interval of 60 minutes: not yet more than twice.
    await lastRun('2026-11-27T10:00:00.000Z');
    await retry(new Request('https://site.example/'));
    expect(net.received).toEqual([]);
    now = new Date('2026-11-27T12:01:00.000Z');
    expect((await retry(new Request('https://site.example/'))).status).toBe(200);
    now = new Date('2026-11-27T12:02:00.000Z');
    await retry(new Request('https://site.example/'));
    expect(net.received.map((alert) => alert.json.data['lastRunAt'])).toEqual([
      '2026-11-27T10:00:00.000Z',
    ]);
    // It ran again, then stopped again: a new stop, a new alert.
    await lastRun('2026-11-27T12:30:00.000Z');
    now = new Date('2026-11-27T14:31:00.000Z');
    await retry(new Request('https://site.example/'));
    expect(net.received.map((alert) => alert.json.type)).toEqual([
      'ops.freshness-check-stopped',
      'ops.freshness-check-stopped',
    ]);
  });

  it("a receiver that fails does not change the function's answer", async () => {
    const net = network({ hookStatus: 403, receiverStatus: 500 });
    const { handle, logged } = webhook(net);
    expect((await handle(await publishRequest('husky-faqs'))).status).toBe(202);
    expect(logged.join('\n')).toContain('the receiver answered HTTP 500');
  });

  it('without the ops webhook, the functions send nothing', async () => {
    const net = network({ hookStatus: 403 });
    const { handle, queue } = webhook(net, memoryBlobStore(), {});
    expect((await handle(await publishRequest('husky-faqs'))).status).toBe(202);
    expect(net.received).toEqual([]);
    expect(queue.entries.has(ALERTS_SENT_KEY)).toBe(false);
  });
});

describe('the record of alerts sent: bounded, and never the same occurrence twice', () => {
  const DAY = 24 * 60 * 60_000;
  const at = (ms: number) => new Date(NOW.getTime() + ms);
  function sender(store = memoryBlobStore()) {
    const net = network();
    const logged: string[] = [];
    let writes = 0;
    const counting = {
      ...store,
      setJSON: (...args: Parameters<typeof store.setJSON>) => {
        if (args[0] === ALERTS_SENT_KEY) writes += 1;
        return store.setJSON(...args);
      },
    };
    const send = (alert: OpsAlert, now: Date) =>
      sendAlert(alert, {
        settings: ALERTS,
        store: counting,
        fetch: net.fetch,
        log: (line) => logged.push(line),
        now: () => now,
      });
    return { send, net, store, logged, writes: () => writes };
  }
  const stopped = (lastRunAt: string): OpsAlert => ({
    type: 'freshness-check-stopped',
    cause: lastRunAt,
    summary: 'The freshness check stopped',
  });

  it('500 failed builds over 50 days: each alerted once, and the record keeps the newest few of the type, one blob', async () => {
    const s = sender();
    for (let deploy = 0; deploy < 500; deploy += 1)
      expect(await s.send({ ...ALERT, cause: `d-${deploy}` }, at(deploy * 2.4 * 60 * 60_000))).toBe(
        'sent',
      );
    expect(s.net.received).toHaveLength(500);
    expect([...s.store.entries.keys()]).toEqual([ALERTS_SENT_KEY]);
    const record = s.store.value(ALERTS_SENT_KEY) as AlertsSent;
    expect(record.sent.length).toBeLessThanOrEqual(ALERTS_KEPT_PER_TYPE);
    expect(record.sent.at(-1)).toMatchObject({ cause: 'd-499' });
    expect(JSON.stringify(record).length).toBeLessThan(8_000);
    // A duplicate notification of the last failure, a day later: still not sent again.
    expect(await s.send({ ...ALERT, cause: 'd-499' }, at(500 * 2.4 * 60 * 60_000))).toBe(
      'already-sent',
    );
  });

  it('a freshness check stopped for 45 days, met every minute: one alert, and the record written about once a day', async () => {
    const s = sender();
    const alert = stopped('2026-11-26T08:00:00.000Z');
    const results = new Set<string>();
    for (let minute = 0; minute < 45 * 24 * 60; minute += 7)
      results.add(await s.send(alert, at(minute * 60_000)));
    expect([...results].sort()).toEqual(['already-sent', 'sent']);
    expect(s.net.received).toHaveLength(1);
    expect(s.writes()).toBeLessThanOrEqual(47);
    // Another stop (it ran, then stopped again) is another occurrence.
    expect(await s.send(stopped('2027-01-10T08:00:00.000Z'), at(45 * DAY))).toBe('sent');
  });

  it(`a cause not met for ${ALERT_FORGET_MS / DAY} days is forgotten: met again, it is a new occurrence`, async () => {
    const s = sender();
    const refused: OpsAlert = { type: 'builds-refused', cause: 'HTTP 403', summary: 'refused' };
    expect(await s.send(refused, at(0))).toBe('sent');
    expect(await s.send(refused, at(ALERT_FORGET_MS - 60_000))).toBe('already-sent');
    expect(await s.send(refused, at(2 * ALERT_FORGET_MS))).toBe('sent');
    expect(
      markAlert(
        {
          sent: [
            {
              type: 'builds-refused',
              cause: 'HTTP 403',
              at: NOW.toISOString(),
              seen: NOW.toISOString(),
            },
          ],
        },
        { type: 'build-failed', cause: 'd-1' },
        at(ALERT_FORGET_MS),
      ).next?.sent.map((entry) => entry.cause),
    ).toEqual(['d-1']);
  });

  it('a cause marked before the record existed (ops-alerts/<type>/<digest>) is not sent again, and is noted', async () => {
    const store = memoryBlobStore();
    await store.setJSON(legacyMarkKey(ALERT), {
      version: 1,
      type: ALERT.type,
      cause: ALERT.cause,
      at: '2026-11-20T10:00:00.000Z',
    });
    const s = sender(store);
    expect(await s.send(ALERT, NOW)).toBe('already-sent');
    expect(s.net.received).toEqual([]);
    expect((store.value(ALERTS_SENT_KEY) as AlertsSent).sent).toEqual([
      { type: ALERT.type, cause: ALERT.cause, at: NOW.toISOString(), seen: NOW.toISOString() },
    ]);
    expect(await s.send({ ...ALERT, cause: 'd-2' }, NOW)).toBe('sent');
  });

  it('two instances meeting the same cause at once: one alert', async () => {
    const s = sender();
    const results = await Promise.all([s.send(ALERT, NOW), s.send(ALERT, NOW), s.send(ALERT, NOW)]);
    expect(results.sort()).toEqual(['already-sent', 'already-sent', 'sent']);
    expect(s.net.received).toHaveLength(1);
  });

  it('a record of alerts sent that cannot be read: kept aside, nothing sent (never twice), the function log says so', async () => {
    const store = memoryBlobStore();
    store.entries.set(ALERTS_SENT_KEY, { data: '{"version": 2, "sent": [', etag: '"1"' });
    const s = sender(store);
    expect(await s.send(ALERT, NOW)).toBe('failed');
    expect(s.net.received).toEqual([]);
    expect(s.logged.join('\n')).toContain('not sent, it could not be noted as sent');
    expect(
      [...store.entries.keys()].some((key) =>
        key.startsWith(`${KEPT_ASIDE_PREFIX}${ALERTS_SENT_KEY}/`),
      ),
    ).toBe(true);
    expect(store.entries.get(ALERTS_SENT_KEY)!.data).toBe('{"version": 2, "sent": [');
  });
});
