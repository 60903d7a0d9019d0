/**
 * Netlify's deploy notification signature: `X-Webhook-Signature` holds a compact JWS (a JWT),
 * header `{"alg":"HS256","typ":"JWT"}`, claims `{"iss":"netlify","sha256":"<hex SHA-256 of the
 * raw body>"}`, signed with the notification's "JWS secret token". That is all Netlify's token
 * carries: no `exp`, `iat` or deploy id, so only those two claims are required (an `exp`, if one
 * ever comes, is honoured). The HMAC is checked before any claim is believed, and only HS256 is
 * accepted (never `none`, never another algorithm the header names).
 */
import { createHash, createHmac } from 'node:crypto';
import { sameInConstantTime } from '../rebuild/webhook-signature.ts';

export const NETLIFY_SIGNATURE_HEADER = 'x-webhook-signature';
export const NETLIFY_ISSUER = 'netlify';

export type JwsCheck = { ok: true } | { ok: false; reason: string };

const SEGMENT = /^[A-Za-z0-9_-]+$/;

function decodeJson(segment: string): unknown {
  try {
    return JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** `token` against the raw `body` (exactly as received) and `secret`. */
export function verifyNetlifySignature(input: { token: string | null | undefined; body: string; secret: string; now?: number }): JwsCheck {
  const token = input.token?.trim();
  if (!token) return { ok: false, reason: 'unsigned request' };
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((part) => SEGMENT.test(part))) return { ok: false, reason: 'malformed signature' };
  const [headerPart, claimsPart, signaturePart] = parts as [string, string, string];
  const header = decodeJson(headerPart);
  if (!isObject(header)) return { ok: false, reason: 'malformed signature' };
  if (header['alg'] !== 'HS256') return { ok: false, reason: 'signature algorithm is not HS256' };
  // A critical extension this check does not know means the token is not to be trusted.
  if (header['crit'] !== undefined) return { ok: false, reason: 'signature has critical extensions' };

  const expected = createHmac('sha256', input.secret).update(`${headerPart}.${claimsPart}`).digest('base64url');
  if (!sameInConstantTime(signaturePart, expected)) return { ok: false, reason: 'wrong signature' };

  const claims = decodeJson(claimsPart);
  if (!isObject(claims)) return { ok: false, reason: 'malformed signature' };
  if (claims['iss'] !== NETLIFY_ISSUER) return { ok: false, reason: 'signature is not issued by netlify' };
  const digest = claims['sha256'];
  if (typeof digest !== 'string' || !/^[0-9a-f]{64}$/i.test(digest)) return { ok: false, reason: 'signature has no sha256 claim' };
  if (!sameInConstantTime(digest.toLowerCase(), sha256Hex(input.body))) return { ok: false, reason: 'body does not match its signature' };
  const exp = claims['exp'];
  if (exp !== undefined && (typeof exp !== 'number' || exp * 1000 < (input.now ?? Date.now()))) return { ok: false, reason: 'signature has expired' };
  return { ok: true };
}

/** Signs `body` as Netlify does: the local notifier and tests use it. */
export function signNetlifyNotification(body: string, secret: string, claims: Record<string, unknown> = {}, header: Record<string, unknown> = {}): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const signingInput = `${encode({ alg: 'HS256', typ: 'JWT', ...header })}.${encode({ iss: NETLIFY_ISSUER, sha256: sha256Hex(body), ...claims })}`;
  return `${signingInput}.${createHmac('sha256', secret).update(signingInput).digest('base64url')}`;
}
