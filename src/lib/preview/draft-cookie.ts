/**
 * The draft-mode cookie of the editors' preview site: `v1.{expiry}.{signature}`, the expiry in
 * Unix seconds and the signature an HMAC-SHA256 of both under PREVIEW_COOKIE_SECRET. Only the
 * site can make one, and it is worth nothing after its expiry (the browser's Max-Age aside).
 * The Studio frames the preview from another site, so the cookie is `SameSite=None; Secure;
 * Partitioned` (kept per top-level site, as browsers now require for a cookie in a frame), and is
 * cleared with the same attributes.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { readCookie } from '../http/fetch-with-csrf.ts';

export const DRAFT_MODE_COOKIE = 'school-preview-draft-mode';
/** Presentation's perspective switch, kept beside draft mode (`@sanity/preview-url-secret`'s name). */
export const PERSPECTIVE_COOKIE = 'sanity-preview-perspective';
/** How long draft mode lasts once switched on: one hour, as long as Presentation's secret. */
export const DRAFT_MODE_LIFETIME_SECONDS = 60 * 60;

const VERSION = 'v1';
const ATTRIBUTES = 'Path=/; HttpOnly; Secure; SameSite=None; Partitioned';

function signature(secret: string, expiry: number): string {
  return createHmac('sha256', secret).update(`draft-mode.${VERSION}.${expiry}`).digest('base64url');
}

/** A cookie value that is valid until `now + lifetime`. */
export function signDraftMode(secret: string, nowMs: number = Date.now(), lifetimeSeconds = DRAFT_MODE_LIFETIME_SECONDS): string {
  const expiry = Math.floor(nowMs / 1000) + lifetimeSeconds;
  return `${VERSION}.${expiry}.${signature(secret, expiry)}`;
}

/** True only for a value this secret signed that has not expired. No secret: never. */
export function isValidDraftMode(value: string | undefined, secret: string | undefined, nowMs: number = Date.now()): boolean {
  if (!value || !secret) return false;
  const match = /^v1\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(value);
  if (!match) return false;
  const expiry = Number(match[1]);
  if (expiry * 1000 <= nowMs) return false;
  const given = Buffer.from(match[2] as string);
  const expected = Buffer.from(signature(secret, expiry));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function setCookieHeader(name: string, value: string, maxAgeSeconds = DRAFT_MODE_LIFETIME_SECONDS): string {
  return `${name}=${encodeURIComponent(value)}; Max-Age=${maxAgeSeconds}; ${ATTRIBUTES}`;
}

/** Clears a cookie: the same name, path and attributes, expired. */
export function clearCookieHeader(name: string): string {
  return `${name}=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; ${ATTRIBUTES}`;
}

/** One cookie's value from a Cookie header (the parser the site's XSRF token uses). */
export function cookieValue(cookieHeader: string | null | undefined, name: string): string | undefined {
  return readCookie(cookieHeader ?? '', name);
}
