import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  DRAFT_MODE_COOKIE,
  DRAFT_MODE_LIFETIME_SECONDS,
  clearCookieHeader,
  cookieValue,
  newDraftModeId,
  readDraftMode,
  setCookieHeader,
  signDraftMode,
} from '../../../src/lib/preview/server/draft-cookie.ts';

const SECRET = 'a-test-secret-that-is-long-enough-123456';
const NOW = Date.UTC(2026, 10, 26, 12, 0, 0);
const EXPIRY = NOW / 1000 + DRAFT_MODE_LIFETIME_SECONDS;

describe('draft-mode cookie', () => {
  it('is v2.{id}.{expiry}.{signature}, with an id of its own each time', () => {
    const value = signDraftMode(SECRET, NOW);
    expect(value).toMatch(/^v2\.[A-Za-z0-9_-]{22}\.\d+\.[A-Za-z0-9_-]{43}$/);
    const [, id, expiry] = value.split('.');
    expect(readDraftMode(value, SECRET, NOW)).toEqual({ id, expiry: EXPIRY });
    expect(Number(expiry)).toBe(EXPIRY);
    const ids = new Set(
      Array.from({ length: 200 }, () => signDraftMode(SECRET, NOW).split('.')[1]),
    );
    expect(ids.size).toBe(200);
    expect(newDraftModeId()).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('is valid for its lifetime (one hour) and not a second after', () => {
    const value = signDraftMode(SECRET, NOW);
    expect(readDraftMode(value, SECRET, NOW)).toBeDefined();
    expect(
      readDraftMode(value, SECRET, NOW + (DRAFT_MODE_LIFETIME_SECONDS - 1) * 1000),
    ).toBeDefined();
    expect(readDraftMode(value, SECRET, NOW + DRAFT_MODE_LIFETIME_SECONDS * 1000)).toBeUndefined();
    expect(DRAFT_MODE_LIFETIME_SECONDS).toBe(3600);
  });

  it('is refused when signed with another secret, forged, altered or missing', () => {
    const value = signDraftMode(SECRET, NOW);
    expect(readDraftMode(value, `${SECRET}x`, NOW)).toBeUndefined();
    expect(readDraftMode(undefined, SECRET, NOW)).toBeUndefined();
    expect(readDraftMode(value, undefined, NOW)).toBeUndefined();
    expect(readDraftMode('1', SECRET, NOW)).toBeUndefined();
    expect(readDraftMode('true', SECRET, NOW)).toBeUndefined();
    const [version, id, expiry, signature] = value.split('.') as [string, string, string, string];
    // A later expiry with the old signature.
    expect(
      readDraftMode(`${version}.${id}.${Number(expiry) + 86_400}.${signature}`, SECRET, NOW),
    ).toBeUndefined();
    // Another id (one that was never ended, say) with the old signature.
    expect(
      readDraftMode(`${version}.${newDraftModeId()}.${expiry}.${signature}`, SECRET, NOW),
    ).toBeUndefined();
    const flipped = `${id[0] === 'A' ? 'B' : 'A'}${id.slice(1)}`;
    expect(
      readDraftMode(`${version}.${flipped}.${expiry}.${signature}`, SECRET, NOW),
    ).toBeUndefined();
    // A signature of the right shape that this secret did not make.
    expect(
      readDraftMode(`${version}.${id}.${expiry}.${'A'.repeat(43)}`, SECRET, NOW),
    ).toBeUndefined();
    expect(readDraftMode(`${value}x`, SECRET, NOW)).toBeUndefined();
    expect(readDraftMode(`v3.${id}.${expiry}.${signature}`, SECRET, NOW)).toBeUndefined();
  });

  it('refuses a v1 value (no id), even one this secret signed', () => {
    const expiry = EXPIRY;
    const v1Signature = createHmac('sha256', SECRET)
      .update(`draft-mode.v1.${expiry}`)
      .digest('base64url');
    expect(readDraftMode(`v1.${expiry}.${v1Signature}`, SECRET, NOW)).toBeUndefined();
  });

  it('is set and cleared with the same attributes, for a frame on another site', () => {
    const set = setCookieHeader(DRAFT_MODE_COOKIE, signDraftMode(SECRET, NOW));
    const cleared = clearCookieHeader(DRAFT_MODE_COOKIE);
    for (const header of [set, cleared]) {
      expect(header).toMatch(/; Path=\/; HttpOnly; Secure; SameSite=None; Partitioned$/);
      expect(header.startsWith(`${DRAFT_MODE_COOKIE}=`)).toBe(true);
    }
    expect(set).toContain('Max-Age=3600');
    expect(cleared).toContain('Max-Age=0');
    expect(cleared).toContain('Expires=Thu, 01 Jan 1970 00:00:00 GMT');
  });

  it('reads one cookie of a Cookie header', () => {
    expect(cookieValue('a=1; school-preview-draft-mode=v2.x.2.y; b=2', DRAFT_MODE_COOKIE)).toBe(
      'v2.x.2.y',
    );
    expect(cookieValue('a=1', DRAFT_MODE_COOKIE)).toBeUndefined();
    expect(cookieValue(null, DRAFT_MODE_COOKIE)).toBeUndefined();
  });
});
