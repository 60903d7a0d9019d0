/**
 * The draft-mode cookie of the editors' preview site: `v2.{id}.{expiry}.{signature}`, a random id
 * (16 bytes, base64url), the expiry in Unix seconds and the signature an HMAC-SHA256 of both under
 * PREVIEW_COOKIE_SECRET. Only the site can make one, it is worth nothing after its expiry (the
 * browser's Max-Age aside), and the id lets `/api/preview/disable` end this one cookie on the
 * server before then (revocation.ts), copies of it included. `v1` values (no id) are refused.
 * The Studio frames the preview from another site, so the cookie is `SameSite=None; Secure;
 * Partitioned` (kept per top-level site, as browsers now require for a cookie in a frame), and is
 * cleared with the same attributes.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { readCookie } from '../../http/fetch-with-csrf.ts';

export const DRAFT_MODE_COOKIE = 'school-preview-draft-mode';
/** Presentation's perspective switch, kept beside draft mode (`@sanity/preview-url-secret`'s name). */
export const PERSPECTIVE_COOKIE = 'sanity-preview-perspective';
/** How long draft mode lasts once switched on: one hour, as long as Presentation's secret. */
export const DRAFT_MODE_LIFETIME_SECONDS = 60 * 60;

const VERSION = 'v2';
const ATTRIBUTES = 'Path=/; HttpOnly; Secure; SameSite=None; Partitioned';
const FORMAT = /^v2\.([A-Za-z0-9_-]{22})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

/** What a valid cookie says: which cookie it is, and until when (Unix seconds). */
export interface DraftModeCookie {
  id: string;
  expiry: number;
}

function signature(secret: string, id: string, expiry: number): string {
  return createHmac('sha256', secret)
    .update(`draft-mode.${VERSION}.${id}.${expiry}`)
    .digest('base64url');
}

/** A new cookie's id: 128 random bits, so no two cookies share one. */
export function newDraftModeId(): string {
  return randomBytes(16).toString('base64url');
}

/** A cookie value of its own id that is valid until `now + lifetime`. */
export function signDraftMode(
  secret: string,
  nowMs: number = Date.now(),
  lifetimeSeconds = DRAFT_MODE_LIFETIME_SECONDS,
  id: string = newDraftModeId(),
): string {
  const expiry = Math.floor(nowMs / 1000) + lifetimeSeconds;
  return `${VERSION}.${id}.${expiry}.${signature(secret, id, expiry)}`;
}

/** The id and expiry of a value this secret signed that has not expired; otherwise (or without a secret) undefined. */
export function readDraftMode(
  value: string | undefined,
  secret: string | undefined,
  nowMs: number = Date.now(),
): DraftModeCookie | undefined {
  if (!value || !secret) return undefined;
  const match = FORMAT.exec(value);
  if (!match) return undefined;
  const id = match[1] as string;
  const expiry = Number(match[2]);
  if (expiry * 1000 <= nowMs) return undefined;
  const given = Buffer.from(match[3] as string);
  const expected = Buffer.from(signature(secret, id, expiry));
  return given.length === expected.length && timingSafeEqual(given, expected)
    ? { id, expiry }
    : undefined;
}

export function setCookieHeader(
  name: string,
  value: string,
  maxAgeSeconds = DRAFT_MODE_LIFETIME_SECONDS,
): string {
  return `${name}=${encodeURIComponent(value)}; Max-Age=${maxAgeSeconds}; ${ATTRIBUTES}`;
}

/** Clears a cookie: the same name, path and attributes, expired. */
export function clearCookieHeader(name: string): string {
  return `${name}=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; ${ATTRIBUTES}`;
}

/** One cookie's value from a Cookie header (the parser the site's XSRF token uses). */
export function cookieValue(
  cookieHeader: string | null | undefined,
  name: string,
): string | undefined {
  return readCookie(cookieHeader ?? '', name);
}
