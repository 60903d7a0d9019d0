import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createExportClient } from '../../../src/lib/content/live-export.ts';
import type { SecretClient } from '../../../src/lib/content/secret-client.ts';
import {
  DRAFT_MODE_COOKIE,
  PERSPECTIVE_COOKIE,
  cookieValue,
  readDraftMode,
} from '../../../src/lib/preview/server/draft-cookie.ts';
import { enableDraftMode } from '../../../src/lib/preview/server/draft-mode.ts';

const COOKIE_SECRET = 'a-test-secret-that-is-long-enough-123456';
const NOW = new Date('2026-11-26T12:00:00Z');
const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString();

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** An export client over these documents, as the preview site checks secrets locally. */
function clientOver(docs: object[]): SecretClient {
  const dir = mkdtempSync(join(tmpdir(), 'preview-secret-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'data.ndjson'), docs.map((doc) => JSON.stringify(doc)).join('\n'));
  return createExportClient(dir, () => NOW) as unknown as SecretClient;
}

const SECRETS = [
  {
    _id: 'sanity-preview-url-secret.fresh',
    _type: 'sanity.previewUrlSecret',
    _updatedAt: minutesAgo(10),
    secret: 'fresh-secret',
    studioUrl: 'http://localhost:3333',
  },
  {
    _id: 'sanity-preview-url-secret.old',
    _type: 'sanity.previewUrlSecret',
    _updatedAt: minutesAgo(61),
    secret: 'old-secret',
    studioUrl: 'http://localhost:3333',
  },
  // Any other document with a matching field is no secret.
  { _id: 'faq-1', _type: 'faqs', _updatedAt: minutesAgo(1), secret: 'not-a-secret' },
];
/** Presentation's "share preview access" switched on: one document of its own, with no one-hour window. */
const SHARE_ACCESS = {
  _id: 'sanity-preview-url-secret.share-access',
  _type: 'sanity.previewUrlShareAccess',
  _updatedAt: minutesAgo(600),
  secret: 'shared-secret',
  studioUrl: 'http://localhost:3333',
};

const client = clientOver([...SECRETS, SHARE_ACCESS]);
const enable = (query: string, over = client) =>
  enableDraftMode(
    new Request(`http://preview.test/api/preview/enable?${query}`),
    over,
    COOKIE_SECRET,
    NOW.getTime(),
  );

describe("draft mode through Presentation's secret, checked against the bundled export", () => {
  it('a valid secret sets the signed cookie and redirects to the requested path', async () => {
    const answer = await enable(
      'sanity-preview-secret=fresh-secret&sanity-preview-pathname=%2Fuw-husky-mobile%2Fstudent&sanity-preview-perspective=drafts',
    );
    expect(answer.status).toBe(307);
    expect(answer.headers.get('location')).toBe(
      '/uw-husky-mobile/student?sanity-preview-perspective=drafts',
    );
    const cookies = answer.headers.getSetCookie();
    const draft = cookies.find((cookie) => cookie.startsWith(`${DRAFT_MODE_COOKIE}=`));
    expect(draft).toMatch(/Max-Age=3600; Path=\/; HttpOnly; Secure; SameSite=None; Partitioned$/);
    expect(
      readDraftMode(
        cookieValue(draft!.split(';')[0], DRAFT_MODE_COOKIE),
        COOKIE_SECRET,
        NOW.getTime(),
      ),
    ).toBeDefined();
    expect(cookies.some((cookie) => cookie.startsWith(`${PERSPECTIVE_COOKIE}=drafts;`))).toBe(true);
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
  });

  it('keeps the perspective as read: a release stack by its name, anything unreadable as such', async () => {
    const kept = async (perspective: string) => {
      const answer = await enable(
        `sanity-preview-secret=fresh-secret&sanity-preview-pathname=%2Fuw-husky-mobile&sanity-preview-perspective=${encodeURIComponent(perspective)}`,
      );
      expect(answer.status).toBe(307);
      const cookie = answer.headers
        .getSetCookie()
        .find((item) => item.startsWith(`${PERSPECTIVE_COOKIE}=`))!;
      return decodeURIComponent(cookie.slice(PERSPECTIVE_COOKIE.length + 1).split(';')[0]!);
    };
    expect(await kept('rLaunch01,drafts')).toBe('rLaunch01,drafts');
    expect(await kept(' rB ,rA,drafts')).toBe('rB,rA,drafts');
    expect(await kept('published')).toBe('published');
    expect(await kept('raw')).toBe('unreadable');
    expect(await kept(`${'r1,'.repeat(400)}drafts`)).toBe('unreadable');
  });

  it.each([
    ['a wrong secret', 'sanity-preview-secret=guess&sanity-preview-pathname=/'],
    [
      'an expired secret (over an hour old)',
      'sanity-preview-secret=old-secret&sanity-preview-pathname=/',
    ],
    ['no secret', 'sanity-preview-pathname=/'],
    ['an empty secret', 'sanity-preview-secret=&sanity-preview-pathname=/'],
    ['a field of another document', 'sanity-preview-secret=not-a-secret'],
  ])('%s: 401 and no cookie', async (_name, query) => {
    const answer = await enable(query);
    expect(answer.status).toBe(401);
    expect(answer.headers.getSetCookie()).toEqual([]);
    expect(answer.headers.get('location')).toBeNull();
  });

  it.each(['https://evil.example/x', '//evil.example/x', 'javascript:alert(1)', '/\\evil.example'])(
    'pathname %j: no redirect off the site',
    async (target) => {
      const answer = await enable(
        `sanity-preview-secret=fresh-secret&sanity-preview-pathname=${encodeURIComponent(target)}`,
      );
      expect(answer.status).toBe(307);
      const location = answer.headers.get('location')!;
      expect(location.startsWith('/')).toBe(true);
      expect(location.startsWith('//')).toBe(false);
      expect(new URL(location, 'http://preview.test').origin).toBe('http://preview.test');
    },
  );

  it('without a cookie secret configured, nothing is switched on', async () => {
    const answer = await enableDraftMode(
      new Request('http://preview.test/api/preview/enable?sanity-preview-secret=fresh-secret'),
      client,
      undefined,
    );
    expect(answer.status).toBe(500);
    expect(answer.headers.getSetCookie()).toEqual([]);
  });

  it('the share-access secret: 401 saying shared links are not supported, and no cookie', async () => {
    const answer = await enable(
      'sanity-preview-secret=shared-secret&sanity-preview-pathname=%2Fuw-husky-mobile&sanity-preview-perspective=drafts',
    );
    expect(answer.status).toBe(401);
    expect(answer.headers.getSetCookie()).toEqual([]);
    expect(answer.headers.get('location')).toBeNull();
    const text = await answer.text();
    expect(text).toMatch(/shared preview links are not supported/i);
    expect(text).toMatch(/from the Studio/);
  });

  it("with sharing switched off (no share secret) Presentation's own secret still enables", async () => {
    const off = clientOver([...SECRETS, { ...SHARE_ACCESS, secret: null }]);
    expect((await enable('sanity-preview-secret=fresh-secret', off)).status).toBe(307);
    expect((await enable('sanity-preview-secret=shared-secret', off)).status).toBe(401);
    const none = clientOver(SECRETS);
    expect((await enable('sanity-preview-secret=fresh-secret', none)).status).toBe(307);
  });

  it('a pathname that becomes //host once normalised stays on the site', async () => {
    for (const target of ['/.//evil.example', '/%2e%2e//evil.example', '/a/..//evil.example']) {
      const answer = await enable(
        `sanity-preview-secret=fresh-secret&sanity-preview-pathname=${encodeURIComponent(target)}`,
      );
      expect(answer.headers.get('location'), target).toBe('/');
    }
  });

  it('when the secrets cannot be read: 502 and no cookie', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken = {
      ...client,
      withConfig: () => broken,
      fetch: () => Promise.reject(new Error('connection refused')),
    } as unknown as SecretClient;
    const answer = await enable('sanity-preview-secret=fresh-secret', broken);
    expect(answer.status).toBe(502);
    expect(answer.headers.getSetCookie()).toEqual([]);
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });
});
