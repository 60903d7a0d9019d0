/**
 * Netlify's deploy notification signature: `X-Webhook-Signature` holds a compact JWS (a JWT),
 * header `{"alg":"HS256","typ":"JWT"}`, claims `{"iss":"netlify","sha256":"<hex SHA-256 of the
 * raw body>"}`, signed with the notification's "JWS secret token". That is all Netlify's token
 * carries: no `exp`, `iat` or deploy id, so only those two claims are required (an `exp`, if one
 * ever comes, is honoured). `jose` checks the token: only HS256 (never `none`, never another
 * algorithm the header names), the HMAC before any claim, no unknown critical extension; then the
 * `sha256` claim is compared with the body as received.
 */
import { createHash, createHmac } from 'node:crypto';
import { errors, jwtVerify } from 'jose';
import { sameInConstantTime } from '../rebuild/webhook-signature.ts';

export const NETLIFY_SIGNATURE_HEADER = 'x-webhook-signature';
export const NETLIFY_ISSUER = 'netlify';

/** `with`: which secret signed it, the current one or (during a rotation) the previous one. */
export type JwsCheck = { ok: true; with: 'current' | 'previous' } | { ok: false; reason: string };

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** The reason an editor or operator reads in the function's log for each way jose refuses a token. */
function refusal(error: unknown): string {
  if (error instanceof errors.JOSEAlgNotAllowed) return 'signature algorithm is not HS256';
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'wrong signature';
  if (error instanceof errors.JWTExpired) return 'signature has expired';
  if (error instanceof errors.JWTClaimValidationFailed && error.claim === 'iss')
    return 'signature is not issued by netlify';
  return 'malformed signature';
}

/**
 * `token` against the raw `body` (exactly as received) and `secret`; during a rotation a token
 * whose HMAC does not match the current secret is tried with `previous`
 * (NETLIFY_DEPLOY_NOTIFICATION_SECRET_PREVIOUS), and nothing else.
 */
export async function verifyNetlifySignature(input: {
  token: string | null | undefined;
  body: string;
  secret: string;
  previous?: string | undefined;
  now?: number;
}): Promise<JwsCheck> {
  const token = input.token?.trim();
  if (!token) return { ok: false, reason: 'unsigned request' };
  const verify = (secret: string) =>
    jwtVerify(token, new TextEncoder().encode(secret), {
      algorithms: ['HS256'],
      issuer: NETLIFY_ISSUER,
      ...(input.now !== undefined ? { currentDate: new Date(input.now) } : {}),
    });
  let claims: Record<string, unknown>;
  let signedWith: 'current' | 'previous' = 'current';
  try {
    ({ payload: claims } = await verify(input.secret));
  } catch (error) {
    if (!(error instanceof errors.JWSSignatureVerificationFailed) || input.previous === undefined)
      return { ok: false, reason: refusal(error) };
    try {
      ({ payload: claims } = await verify(input.previous));
      signedWith = 'previous';
    } catch (again) {
      return { ok: false, reason: refusal(again) };
    }
  }
  const digest = claims['sha256'];
  if (typeof digest !== 'string' || !/^[0-9a-f]{64}$/i.test(digest))
    return { ok: false, reason: 'signature has no sha256 claim' };
  if (!sameInConstantTime(digest.toLowerCase(), sha256Hex(input.body)))
    return { ok: false, reason: 'body does not match its signature' };
  return { ok: true, with: signedWith };
}

/** Signs `body` as Netlify does: the local notifier and tests use it. */
export function signNetlifyNotification(
  body: string,
  secret: string,
  claims: Record<string, unknown> = {},
  header: Record<string, unknown> = {},
): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const signingInput = `${encode({ alg: 'HS256', typ: 'JWT', ...header })}.${encode({ iss: NETLIFY_ISSUER, sha256: sha256Hex(body), ...claims })}`;
  return `${signingInput}.${createHmac('sha256', secret).update(signingInput).digest('base64url')}`;
}
