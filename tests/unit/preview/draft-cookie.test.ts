import { describe, expect, it } from 'vitest';
import {
  DRAFT_MODE_COOKIE, DRAFT_MODE_LIFETIME_SECONDS, clearCookieHeader, cookieValue, isValidDraftMode, setCookieHeader, signDraftMode,
} from '../../../src/lib/preview/draft-cookie.ts';
import { requestPerspective } from '../../../src/lib/preview/draft-mode.ts';

const SECRET = 'a-test-secret-that-is-long-enough-123456';
const NOW = Date.UTC(2026, 10, 26, 12, 0, 0);

describe('draft-mode cookie', () => {
  it('is valid for its lifetime (one hour) and not a second after', () => {
    const value = signDraftMode(SECRET, NOW);
    expect(isValidDraftMode(value, SECRET, NOW)).toBe(true);
    expect(isValidDraftMode(value, SECRET, NOW + (DRAFT_MODE_LIFETIME_SECONDS - 1) * 1000)).toBe(true);
    expect(isValidDraftMode(value, SECRET, NOW + DRAFT_MODE_LIFETIME_SECONDS * 1000)).toBe(false);
    expect(DRAFT_MODE_LIFETIME_SECONDS).toBe(3600);
  });

  it('is refused when signed with another secret, forged, altered or missing', () => {
    const value = signDraftMode(SECRET, NOW);
    expect(isValidDraftMode(value, `${SECRET}x`, NOW)).toBe(false);
    expect(isValidDraftMode(undefined, SECRET, NOW)).toBe(false);
    expect(isValidDraftMode(value, undefined, NOW)).toBe(false);
    expect(isValidDraftMode('1', SECRET, NOW)).toBe(false);
    expect(isValidDraftMode('true', SECRET, NOW)).toBe(false);
    // A later expiry with the old signature.
    const [, expiry, signature] = value.split('.');
    expect(isValidDraftMode(`v1.${Number(expiry) + 86_400}.${signature}`, SECRET, NOW)).toBe(false);
    // A signature of the right shape that this secret did not make.
    expect(isValidDraftMode(`v1.${expiry}.${'A'.repeat(43)}`, SECRET, NOW)).toBe(false);
    expect(isValidDraftMode(`${value}x`, SECRET, NOW)).toBe(false);
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
    expect(cookieValue('a=1; school-preview-draft-mode=v1.2.x; b=2', DRAFT_MODE_COOKIE)).toBe('v1.2.x');
    expect(cookieValue('a=1', DRAFT_MODE_COOKIE)).toBeUndefined();
    expect(cookieValue(null, DRAFT_MODE_COOKIE)).toBeUndefined();
  });
});

describe('which content a request sees', () => {
  const request = (cookie?: string, query = '') => new Request(`http://preview.test/uw-husky-mobile${query}`, { headers: cookie ? { cookie } : {} });
  const valid = `${DRAFT_MODE_COOKIE}=${signDraftMode(SECRET, NOW)}`;

  it('published without draft mode, with a forged or expired cookie, or without a secret', () => {
    expect(requestPerspective(request(), SECRET, NOW)).toBe('published');
    expect(requestPerspective(request(`${DRAFT_MODE_COOKIE}=v1.9999999999.${'A'.repeat(43)}`), SECRET, NOW)).toBe('published');
    expect(requestPerspective(request(valid), SECRET, NOW + 3600_000)).toBe('published');
    expect(requestPerspective(request(valid), undefined, NOW)).toBe('published');
    // The perspective switch alone switches nothing on.
    expect(requestPerspective(request('sanity-preview-perspective=drafts'), SECRET, NOW)).toBe('published');
  });

  it('drafts in draft mode, unless Presentation asks for published', () => {
    expect(requestPerspective(request(valid), SECRET, NOW)).toBe('drafts');
    expect(requestPerspective(request(`${valid}; sanity-preview-perspective=published`), SECRET, NOW)).toBe('published');
    expect(requestPerspective(request(`${valid}; sanity-preview-perspective=published`, '?sanity-preview-perspective=drafts'), SECRET, NOW)).toBe('drafts');
    expect(requestPerspective(request(valid, '?sanity-preview-perspective=published'), SECRET, NOW)).toBe('published');
  });
});
