/**
 * Verifies a content-service webhook: the `sanity-webhook-signature` header is
 * `t=<ms timestamp>,v1=<HMAC-SHA256 of "t.body">` made with the shared secret (@sanity/webhook's
 * format). The timestamp is inside the HMAC, so refusing old ones stops replays of a captured call.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import {
  decodeSignatureHeader,
  encodeSignatureHeader,
  SIGNATURE_HEADER_NAME,
} from '@sanity/webhook';

export { SIGNATURE_HEADER_NAME };

/** How old a signature may be. Sanity signs when it sends, and retries re-sign. */
export const MAX_SIGNATURE_AGE_MS = 5 * 60_000;
/** Tolerance for the sender's clock running ahead of ours. */
export const MAX_CLOCK_SKEW_MS = 60_000;

/** `with`: which secret signed it, the current one or (during a rotation) the previous one. */
export type SignatureCheck =
  { ok: true; signedAt: number; with: 'current' | 'previous' } | { ok: false; reason: string };

export interface SignatureInput {
  /** The raw request body, exactly as received (re-encoded JSON would not match). */
  body: string;
  signature: string | null | undefined;
  secret: string;
  /** During a rotation: the previous secret, accepted too (SANITY_WEBHOOK_SECRET_PREVIOUS). */
  previous?: string | undefined;
  now: number;
  maxAgeMs?: number;
}

/** Compares digests of both texts, so neither the content nor the length of the expected signature shows in the timing. */
export function sameInConstantTime(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected)) && given === expected;
}

export async function checkWebhookSignature(input: SignatureInput): Promise<SignatureCheck> {
  if (!input.signature) return { ok: false, reason: 'unsigned request' };
  let signedAt: number;
  try {
    signedAt = decodeSignatureHeader(input.signature).timestamp;
  } catch {
    return { ok: false, reason: 'malformed signature' };
  }
  if (!input.body) return { ok: false, reason: 'empty body' };
  const signedWith = async (secret: string) => {
    const expected = await encodeSignatureHeader(input.body, signedAt, secret).catch(
      () => undefined,
    );
    return expected !== undefined && sameInConstantTime(input.signature!.trim(), expected);
  };
  // Both are tried whatever the first gives, so the timing does not say which secret signed.
  const [current, previous] = await Promise.all([
    signedWith(input.secret),
    input.previous === undefined ? false : signedWith(input.previous),
  ]);
  if (!current && !previous) return { ok: false, reason: 'wrong signature' };
  const age = input.now - signedAt;
  if (age > (input.maxAgeMs ?? MAX_SIGNATURE_AGE_MS))
    return { ok: false, reason: `stale signature (signed ${Math.round(age / 1000)} s ago)` };
  if (age < -MAX_CLOCK_SKEW_MS)
    return { ok: false, reason: 'signature timestamp is in the future' };
  return { ok: true, signedAt, with: current ? 'current' : 'previous' };
}
