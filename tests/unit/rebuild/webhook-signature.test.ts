import { encodeSignatureHeader } from '@sanity/webhook';
import { describe, expect, it } from 'vitest';
import {
  checkWebhookSignature,
  MAX_SIGNATURE_AGE_MS,
} from '../../../src/lib/rebuild/webhook-signature.ts';

const SECRET = 'test-webhook-secret';
const BODY = JSON.stringify({ _id: 'huskymobile-faqs', _type: 'faqs' });
const NOW = Date.UTC(2026, 2, 1, 12, 0, 0);

const sign = (body: string, at: number, secret = SECRET) => encodeSignatureHeader(body, at, secret);

describe('checkWebhookSignature', () => {
  it('accepts a request signed with the secret a moment ago', async () => {
    const signature = await sign(BODY, NOW - 2_000);
    expect(
      await checkWebhookSignature({ body: BODY, signature, secret: SECRET, now: NOW }),
    ).toEqual({ ok: true, signedAt: NOW - 2_000, with: 'current' });
  });

  it('refuses a request signed with another secret', async () => {
    const signature = await sign(BODY, NOW, 'someone-elses-secret');
    expect(
      await checkWebhookSignature({ body: BODY, signature, secret: SECRET, now: NOW }),
    ).toEqual({ ok: false, reason: 'wrong signature' });
  });

  it('refuses a body changed after signing', async () => {
    const signature = await sign(BODY, NOW);
    const tampered = BODY.replace('faqs"}', 'footer"}');
    expect(
      await checkWebhookSignature({ body: tampered, signature, secret: SECRET, now: NOW }),
    ).toEqual({ ok: false, reason: 'wrong signature' });
  });

  it('refuses an unsigned request', async () => {
    expect(
      await checkWebhookSignature({ body: BODY, signature: null, secret: SECRET, now: NOW }),
    ).toEqual({ ok: false, reason: 'unsigned request' });
    expect(
      await checkWebhookSignature({ body: BODY, signature: '', secret: SECRET, now: NOW }),
    ).toEqual({ ok: false, reason: 'unsigned request' });
  });

  it('refuses a malformed signature header', async () => {
    expect(
      await checkWebhookSignature({ body: BODY, signature: 'v1=abc', secret: SECRET, now: NOW }),
    ).toEqual({ ok: false, reason: 'malformed signature' });
  });

  it('refuses a stale signature, even when it is genuine (a replayed request)', async () => {
    const at = NOW - MAX_SIGNATURE_AGE_MS - 1_000;
    const signature = await sign(BODY, at);
    expect(
      await checkWebhookSignature({ body: BODY, signature, secret: SECRET, now: NOW }),
    ).toEqual({ ok: false, reason: 'stale signature (signed 301 s ago)' });
    // The same signature was fine when it was fresh.
    expect(
      (await checkWebhookSignature({ body: BODY, signature, secret: SECRET, now: at + 1_000 })).ok,
    ).toBe(true);
  });

  it('refuses a signature dated well in the future', async () => {
    const signature = await sign(BODY, NOW + 10 * 60_000);
    expect(
      await checkWebhookSignature({ body: BODY, signature, secret: SECRET, now: NOW }),
    ).toEqual({ ok: false, reason: 'signature timestamp is in the future' });
  });

  it('cannot be fooled by moving the timestamp of a genuine signature', async () => {
    const genuine = await sign(BODY, NOW - 60 * 60_000);
    const moved = genuine.replace(/^t=\d+/, `t=${NOW}`);
    expect(
      await checkWebhookSignature({ body: BODY, signature: moved, secret: SECRET, now: NOW }),
    ).toEqual({ ok: false, reason: 'wrong signature' });
  });
});
