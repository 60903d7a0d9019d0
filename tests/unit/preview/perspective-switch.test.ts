/** POST /api/preview/perspective: who may switch the session's perspective, and what is kept. */
import { describe, expect, it } from 'vitest';
import {
  DRAFT_MODE_COOKIE,
  PERSPECTIVE_COOKIE,
  signDraftMode,
} from '../../../src/lib/preview/server/draft-cookie.ts';
import {
  MAX_SWITCH_BODY_BYTES,
  switchPerspective,
} from '../../../src/lib/preview/server/perspective-switch.ts';
import { revocations } from '../../../src/lib/preview/server/revocation.ts';
import { memoryRevocationStore } from './memory-revocation-store.ts';

const SECRET = 'a-test-secret-that-is-long-enough-123456';
const NOW = Date.UTC(2026, 10, 28, 12, 0, 0);
const SITE = 'http://preview.test';
const settings = { PREVIEW_COOKIE_SECRET: SECRET };
const draftCookie = `${DRAFT_MODE_COOKIE}=${signDraftMode(SECRET, NOW)}`;

/** A post from the site's own page in draft mode; a header given as undefined is left out. */
function post(body: string, headers: Record<string, string | undefined> = {}, method = 'POST') {
  const store = memoryRevocationStore();
  const request = new Request(`${SITE}/api/preview/perspective`, {
    method,
    headers: Object.entries({
      'content-type': 'application/json',
      cookie: draftCookie,
      origin: SITE,
      'sec-fetch-site': 'same-origin',
      ...headers,
    }).filter((entry): entry is [string, string] => entry[1] !== undefined),
    ...(method === 'GET' ? {} : { body }),
  });
  return switchPerspective(request, settings, {
    revocations: revocations(() => store),
    nowMs: NOW,
  });
}

const keptCookie = (answer: Response) =>
  answer.headers.getSetCookie().find((cookie) => cookie.startsWith(`${PERSPECTIVE_COOKIE}=`));

describe('switching the perspective of a draft-mode session', () => {
  it("keeps a stack (comlink's array or the written form) in the perspective cookie, with the draft cookie's attributes", async () => {
    for (const perspective of [['rLaunch01', 'drafts'], 'rLaunch01,drafts']) {
      const answer = await post(JSON.stringify({ perspective }));
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ perspective: 'rLaunch01,drafts' });
      expect(keptCookie(answer)).toMatch(
        /^sanity-preview-perspective=rLaunch01%2Cdrafts; Max-Age=3600; Path=\/; HttpOnly; Secure; SameSite=None; Partitioned$/,
      );
      expect(answer.headers.get('cache-control')).toBe('no-store');
    }
    expect(await (await post(JSON.stringify({ perspective: 'published' }))).json()).toEqual({
      perspective: 'published',
    });
  });

  it('a value it cannot read is kept as unreadable (the page then shows drafts and says so)', async () => {
    for (const perspective of ['raw', ['rA', 'raw'], 'r.A,drafts', 42, { releases: ['rA'] }]) {
      const answer = await post(JSON.stringify({ perspective }));
      expect(answer.status, JSON.stringify(perspective)).toBe(200);
      expect(await answer.json()).toEqual({ perspective: 'unreadable' });
    }
  });

  it('refuses without draft mode, from another origin or with no origin, as a form, too big, not JSON, or by GET; sets nothing', async () => {
    const body = JSON.stringify({ perspective: 'published' });
    const refusals: Array<[number, Promise<Response>]> = [
      [401, post(body, { cookie: '' })],
      [
        401,
        post(body, {
          cookie: `${DRAFT_MODE_COOKIE}=${signDraftMode('another-secret-that-is-long-enough-0000', NOW)}`,
        }),
      ],
      [403, post(body, { origin: 'https://evil.example' })],
      // The one guard of draft-mode posts (draft-post.ts): both headers are required.
      [403, post(body, { origin: undefined })],
      [403, post(body, { 'sec-fetch-site': undefined })],
      [403, post(body, { 'sec-fetch-site': 'same-site' })],
      [415, post('perspective=published', { 'content-type': 'application/x-www-form-urlencoded' })],
      [415, post(body, { 'content-type': 'text/plain' })],
      [413, post(JSON.stringify({ perspective: 'x'.repeat(MAX_SWITCH_BODY_BYTES) }))],
      [400, post('{not json')],
      [405, post('', {}, 'GET')],
    ];
    for (const [status, pending] of refusals) {
      const answer = await pending;
      expect(answer.status).toBe(status);
      expect(keptCookie(answer)).toBeUndefined();
    }
    expect((await post(body)).status).toBe(200);
  });
});
