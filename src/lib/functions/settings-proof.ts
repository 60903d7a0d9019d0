/**
 * How the operator proves themselves to the public site's functions for the settings check: the
 * header `X-Settings-Check: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.settings-check">`, keyed
 * with the site's build hook URL (NETLIFY_BUILD_HOOK_URL), which the operator holds and every
 * function of the site sees. The hook itself never travels; a proof is good for 5 minutes and can
 * start no build. Dependency-free apart from node:crypto, for the functions and setup:check alike.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SETTINGS_CHECK_HEADER = 'x-settings-check';
export const PROOF_TOLERANCE_SECONDS = 5 * 60;

function digest(hookUrl: string, seconds: number): string {
  return createHmac('sha256', hookUrl).update(`${seconds}.settings-check`).digest('hex');
}

/** The header value proving the holder of `hookUrl`, at `now` (ms). */
export function settingsCheckProof(hookUrl: string, now: number = Date.now()): string {
  const seconds = Math.floor(now / 1000);
  return `t=${seconds},v1=${digest(hookUrl, seconds)}`;
}

/** Does `header` prove the holder of `hookUrl`, within the tolerance of `now` (ms)? */
export function isValidProof(
  header: string | null,
  hookUrl: string,
  now: number = Date.now(),
): boolean {
  const match = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/.exec(header?.trim() ?? '');
  if (!match) return false;
  const seconds = Number(match[1]);
  if (Math.abs(now / 1000 - seconds) > PROOF_TOLERANCE_SECONDS) return false;
  const given = Buffer.from(match[2]!, 'hex');
  const expected = Buffer.from(digest(hookUrl, seconds), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
