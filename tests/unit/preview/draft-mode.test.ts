import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DRAFT_MODE_COOKIE,
  DRAFT_MODE_LIFETIME_SECONDS,
  PERSPECTIVE_COOKIE,
  readDraftMode,
  signDraftMode,
} from '../../../src/lib/preview/server/draft-cookie.ts';
import { disableDraftMode, draftModeOf } from '../../../src/lib/preview/server/draft-mode.ts';
import { revocationKey, revocations } from '../../../src/lib/preview/server/revocation.ts';
import { memoryRevocationStore } from './memory-revocation-store.ts';

const SECRET = 'a-test-secret-that-is-long-enough-123456';
const settings = { PREVIEW_COOKIE_SECRET: SECRET };
const NOW = Date.UTC(2026, 10, 26, 12, 0, 0);
const PAGE = 'http://preview.test/uw-husky-mobile';

const request = (cookie?: string, query = '') =>
  new Request(`${PAGE}${query}`, { headers: cookie ? { cookie } : {} });
const draftCookie = (value = signDraftMode(SECRET, NOW)) => `${DRAFT_MODE_COOKIE}=${value}`;

function setup() {
  const store = memoryRevocationStore();
  const deps = { revocations: revocations(() => store), nowMs: NOW };
  return {
    store,
    deps,
    state: (cookie?: string, query = '') => draftModeOf(request(cookie, query), settings, deps),
  };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

describe('which content a request sees', () => {
  it('published without draft mode, with a forged, expired or v1 cookie, or without a secret; none of these reads the store', async () => {
    const { store, state, deps } = setup();
    const published = { draftMode: false, perspective: 'published' };
    expect(await state()).toEqual(published);
    expect(
      await state(`${DRAFT_MODE_COOKIE}=v2.${'A'.repeat(22)}.9999999999.${'A'.repeat(43)}`),
    ).toEqual(published);
    expect(await state(`${DRAFT_MODE_COOKIE}=v1.9999999999.${'A'.repeat(43)}`)).toEqual(published);
    expect(
      await draftModeOf(request(draftCookie()), settings, {
        ...deps,
        nowMs: NOW + DRAFT_MODE_LIFETIME_SECONDS * 1000,
      }),
    ).toEqual(published);
    expect(
      await draftModeOf(request(draftCookie()), { PREVIEW_COOKIE_SECRET: undefined }, deps),
    ).toEqual(published);
    // The perspective switch alone switches nothing on.
    expect(await state(`${PERSPECTIVE_COOKIE}=drafts`)).toEqual(published);
    expect(store.reads).toBe(0);
  });

  it('drafts in draft mode (one read of the store), unless Presentation asks for published', async () => {
    const { store, state } = setup();
    const valid = draftCookie();
    expect(await state(valid)).toEqual({ draftMode: true, perspective: 'drafts' });
    expect(store.reads).toBe(1);
    expect(await state(`${valid}; ${PERSPECTIVE_COOKIE}=published`)).toEqual({
      draftMode: true,
      perspective: 'published',
    });
    expect(
      await state(`${valid}; ${PERSPECTIVE_COOKIE}=published`, `?${PERSPECTIVE_COOKIE}=drafts`),
    ).toEqual({ draftMode: true, perspective: 'drafts' });
    expect(await state(valid, `?${PERSPECTIVE_COOKIE}=published`)).toEqual({
      draftMode: true,
      perspective: 'published',
    });
  });

  it('a release stack from the address or the cookie (the address first); a value it cannot read is drafts, said to be unreadable', async () => {
    const { state } = setup();
    const valid = draftCookie();
    const stack = { draftMode: true, perspective: { releases: ['rLaunch01'] } };
    expect(await state(valid, `?${PERSPECTIVE_COOKIE}=rLaunch01%2Cdrafts`)).toEqual(stack);
    expect(await state(`${valid}; ${PERSPECTIVE_COOKIE}=rLaunch01%2Cdrafts`)).toEqual(stack);
    expect(
      await state(
        `${valid}; ${PERSPECTIVE_COOKIE}=rLaunch01%2Cdrafts`,
        `?${PERSPECTIVE_COOKIE}=published`,
      ),
    ).toEqual({ draftMode: true, perspective: 'published' });
    const unreadable = { draftMode: true, perspective: 'drafts', unreadable: true };
    for (const bad of [
      'raw',
      'rLaunch01',
      'r.x%2Cdrafts',
      `${'r'.repeat(2000)}%2Cdrafts`,
      'unreadable',
    ]) {
      expect(await state(valid, `?${PERSPECTIVE_COOKIE}=${bad}`), bad).toEqual(unreadable);
    }
    // Outside draft mode no perspective is read: published.
    expect(await state(undefined, `?${PERSPECTIVE_COOKIE}=rLaunch01%2Cdrafts`)).toEqual({
      draftMode: false,
      perspective: 'published',
    });
  });

  it('published for a cookie whose id was ended, and only for that one', async () => {
    const { store, state } = setup();
    const ended = signDraftMode(SECRET, NOW);
    const other = signDraftMode(SECRET, NOW);
    await revocations(() => store).revoke(readDraftMode(ended, SECRET, NOW)!);
    expect(await state(draftCookie(ended))).toEqual({ draftMode: false, perspective: 'published' });
    expect(await state(draftCookie(ended), `?${PERSPECTIVE_COOKIE}=drafts`)).toEqual({
      draftMode: false,
      perspective: 'published',
    });
    expect(await state(draftCookie(other))).toEqual({ draftMode: true, perspective: 'drafts' });
  });

  it('a record whose time has run out ends nothing; a record that is not an expiry still ends the cookie', async () => {
    const { store, state } = setup();
    const value = signDraftMode(SECRET, NOW);
    const { id } = readDraftMode(value, SECRET, NOW)!;
    store.records.set(revocationKey(id), String(NOW / 1000 - 1));
    expect(await state(draftCookie(value))).toEqual({ draftMode: true, perspective: 'drafts' });
    store.records.set(revocationKey(id), String(NOW / 1000 + 1));
    expect(await state(draftCookie(value))).toEqual({ draftMode: false, perspective: 'published' });
    store.records.set(revocationKey(id), 'not a number');
    expect(await state(draftCookie(value))).toEqual({ draftMode: false, perspective: 'published' });
  });

  it('when the store cannot be read: published content, one log line without the cookie or the secret', async () => {
    const { store, state } = setup();
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    store.fail();
    const value = signDraftMode(SECRET, NOW);
    expect(await state(draftCookie(value))).toEqual({ draftMode: false, perspective: 'published' });
    expect(log).toHaveBeenCalledTimes(1);
    const line = String(log.mock.calls[0]?.[0]);
    expect(line).toContain('published content');
    for (const part of [value, ...value.split('.').slice(1), SECRET])
      expect(line).not.toContain(part);
  });

  it('the production store without a Blobs environment fails closed too', async () => {
    vi.stubEnv('NETLIFY_BLOBS_CONTEXT', undefined);
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await draftModeOf(request(draftCookie()), settings, { nowMs: NOW })).toEqual({
      draftMode: false,
      perspective: 'published',
    });
    expect(log).toHaveBeenCalledTimes(1);
  });
});

describe('/api/preview/disable', () => {
  const disable = (cookie?: string, query = '') =>
    new Request(`http://preview.test/api/preview/disable${query}`, {
      headers: cookie ? { cookie } : {},
    });

  it('records the cookie id until its expiry, so a copy of the cookie gets published content', async () => {
    const { store, deps, state } = setup();
    const value = signDraftMode(SECRET, NOW);
    const copy = draftCookie(value);
    expect(await state(copy)).toEqual({ draftMode: true, perspective: 'drafts' });
    const answer = await disableDraftMode(
      disable(copy, '?redirect=%2Fuw-husky-mobile%2Fstudent'),
      settings,
      deps,
    );
    expect(answer.status).toBe(307);
    expect(answer.headers.get('location')).toBe('/uw-husky-mobile/student');
    const { id, expiry } = readDraftMode(value, SECRET, NOW)!;
    expect([...store.records]).toEqual([[`revoked/${id}`, String(expiry)]]);
    expect(await state(copy)).toEqual({ draftMode: false, perspective: 'published' });
  });

  it('clears both cookies with the same attributes and stays on the site', async () => {
    const { deps } = setup();
    for (const target of [
      'https://evil.example',
      '/.//evil.example',
      '/%2e%2e//evil.example',
      '/a/..//evil.example',
    ]) {
      const answer = await disableDraftMode(
        disable(draftCookie(), `?redirect=${encodeURIComponent(target)}`),
        settings,
        deps,
      );
      expect(answer.status).toBe(307);
      expect(answer.headers.get('location'), target).toBe('/');
      const cookies = answer.headers.getSetCookie();
      expect(cookies).toHaveLength(2);
      for (const cookie of cookies)
        expect(cookie).toMatch(
          /=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=\/; HttpOnly; Secure; SameSite=None; Partitioned$/,
        );
      expect(answer.headers.get('cache-control')).toBe('private, no-store');
    }
  });

  it('without a valid cookie there is nothing to end: the store is not touched', async () => {
    const { store, deps } = setup();
    for (const cookie of [
      undefined,
      `${DRAFT_MODE_COOKIE}=v2.${'A'.repeat(22)}.9999999999.${'A'.repeat(43)}`,
      draftCookie(signDraftMode('another-secret-that-is-long-enough-0000')),
    ]) {
      const answer = await disableDraftMode(disable(cookie), settings, deps);
      expect(answer.status).toBe(307);
      expect(answer.headers.getSetCookie()).toHaveLength(2);
    }
    expect(store.reads + store.writes).toBe(0);
  });

  it('when the record cannot be written: 503, and the cookie is kept so that trying again can end it', async () => {
    const { store, deps } = setup();
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    store.fail();
    const value = signDraftMode(SECRET, NOW);
    const answer = await disableDraftMode(disable(draftCookie(value)), settings, deps);
    expect(answer.status).toBe(503);
    expect(answer.headers.getSetCookie()).toEqual([]);
    expect(answer.headers.get('location')).toBeNull();
    expect(log).toHaveBeenCalledTimes(1);
    expect(String(log.mock.calls[0]?.[0])).not.toContain(value.split('.')[1]);
  });
});
