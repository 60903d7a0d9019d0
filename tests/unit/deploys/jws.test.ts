/**
 * Netlify's deploy notification signature, as Netlify makes it: a JWT in X-Webhook-Signature,
 * header {"alg":"HS256","typ":"JWT"}, claims {"iss":"netlify","sha256":<hex of the body>}, nothing
 * else. Each wrong part is refused with its own reason.
 */
import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signNetlifyNotification, verifyNetlifySignature } from '../../../src/lib/deploys/jws.ts';

const SECRET = 'notification-secret';
const BODY = JSON.stringify({ id: 'd1', site_id: 's1', state: 'ready' });
const b64 = (value: unknown) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/** A token made by hand (not by the code under test), as Netlify's sender makes it. */
function netlifyToken(
  body: string,
  secret = SECRET,
  claims: Record<string, unknown> = {
    iss: 'netlify',
    sha256: createHash('sha256').update(body).digest('hex'),
  },
  header: Record<string, unknown> = { alg: 'HS256', typ: 'JWT' },
) {
  const input = `${b64(header)}.${b64(claims)}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}

const check = (token: string | null, body = BODY, secret = SECRET) =>
  verifyNetlifySignature({ token, body, secret });

describe('verifyNetlifySignature', () => {
  it("accepts Netlify's token for the exact body, and the local notifier's signature too", async () => {
    await expect(check(netlifyToken(BODY))).resolves.toEqual({ ok: true, with: 'current' });
    await expect(check(signNetlifyNotification(BODY, SECRET))).resolves.toEqual({
      ok: true,
      with: 'current',
    });
  });

  it.each([
    ['no header', null, 'unsigned request'],
    ['an empty header', '', 'unsigned request'],
    ['two parts', 'abc.def', 'malformed signature'],
    ['a part that is not base64url', 'a+b.c.d', 'malformed signature'],
    ['a header that is not JSON', `${b64('nope')}.${b64({})}.sig`, 'malformed signature'],
  ])('refuses %s', async (_name, token, reason) => {
    await expect(check(token)).resolves.toEqual({ ok: false, reason });
  });

  it("refuses another secret's signature", async () => {
    await expect(check(netlifyToken(BODY, 'guess'))).resolves.toEqual({
      ok: false,
      reason: 'wrong signature',
    });
  });

  it('refuses a changed body (the sha256 claim is of the body as sent)', async () => {
    await expect(check(netlifyToken(BODY), BODY.replace('ready', 'error'))).resolves.toEqual({
      ok: false,
      reason: 'body does not match its signature',
    });
    // Re-encoded JSON is another body.
    await expect(
      check(netlifyToken(BODY), JSON.stringify(JSON.parse(BODY), null, 1)),
    ).resolves.toEqual({ ok: false, reason: 'body does not match its signature' });
  });

  it('refuses another issuer, and a token without iss', async () => {
    const sha256 = createHash('sha256').update(BODY).digest('hex');
    await expect(check(netlifyToken(BODY, SECRET, { iss: 'someone', sha256 }))).resolves.toEqual({
      ok: false,
      reason: 'signature is not issued by netlify',
    });
    await expect(check(netlifyToken(BODY, SECRET, { sha256 }))).resolves.toEqual({
      ok: false,
      reason: 'signature is not issued by netlify',
    });
  });

  it('refuses a token without the sha256 claim, or with one that is no hex digest', async () => {
    await expect(check(netlifyToken(BODY, SECRET, { iss: 'netlify' }))).resolves.toEqual({
      ok: false,
      reason: 'signature has no sha256 claim',
    });
    await expect(
      check(netlifyToken(BODY, SECRET, { iss: 'netlify', sha256: 'abc' })),
    ).resolves.toEqual({ ok: false, reason: 'signature has no sha256 claim' });
  });

  it('refuses alg none (no signature) and any algorithm but HS256, whatever the rest says', async () => {
    const claims = b64({ iss: 'netlify', sha256: createHash('sha256').update(BODY).digest('hex') });
    await expect(check(`${b64({ alg: 'none', typ: 'JWT' })}.${claims}.`)).resolves.toEqual({
      ok: false,
      reason: 'signature algorithm is not HS256',
    });
    await expect(check(`${b64({ alg: 'none', typ: 'JWT' })}.${claims}.x`)).resolves.toEqual({
      ok: false,
      reason: 'signature algorithm is not HS256',
    });
    await expect(
      check(netlifyToken(BODY, SECRET, undefined, { alg: 'HS512', typ: 'JWT' })),
    ).resolves.toEqual({ ok: false, reason: 'signature algorithm is not HS256' });
    await expect(
      check(netlifyToken(BODY, SECRET, undefined, { alg: 'HS256', crit: ['b64'] })),
    ).resolves.toEqual({ ok: false, reason: 'malformed signature' });
  });

  it('checks the signature before believing any claim: a forged claim set with a wrong signature is "wrong signature"', async () => {
    const token = netlifyToken(BODY);
    const [header, , signature] = token.split('.');
    const forged = `${header}.${b64({ iss: 'netlify', sha256: createHash('sha256').update('other').digest('hex') })}.${signature}`;
    await expect(check(forged, 'other')).resolves.toEqual({ ok: false, reason: 'wrong signature' });
  });

  it('needs no exp (Netlify sends none) but honours one that has passed', async () => {
    const sha256 = createHash('sha256').update(BODY).digest('hex');
    await expect(
      check(
        netlifyToken(BODY, SECRET, {
          iss: 'netlify',
          sha256,
          exp: Math.floor(Date.now() / 1000) + 60,
        }),
      ),
    ).resolves.toEqual({ ok: true, with: 'current' });
    await expect(
      check(
        netlifyToken(BODY, SECRET, {
          iss: 'netlify',
          sha256,
          exp: Math.floor(Date.now() / 1000) - 60,
        }),
      ),
    ).resolves.toEqual({ ok: false, reason: 'signature has expired' });
  });
});
