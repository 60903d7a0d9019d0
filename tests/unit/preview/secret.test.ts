import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createExportClient } from '../../../src/lib/content/live-export.ts';
import type { SecretClient } from '../../../src/lib/content/secret-client.ts';
import { DRAFT_MODE_COOKIE, PERSPECTIVE_COOKIE, cookieValue, isValidDraftMode } from '../../../src/lib/preview/draft-cookie.ts';
import { disableDraftMode, enableDraftMode } from '../../../src/lib/preview/draft-mode.ts';

const COOKIE_SECRET = 'a-test-secret-that-is-long-enough-123456';
const NOW = new Date('2026-11-26T12:00:00Z');
const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString();

const dir = mkdtempSync(join(tmpdir(), 'preview-secret-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
writeFileSync(join(dir, 'data.ndjson'), [
  { _id: 'sanity-preview-url-secret.fresh', _type: 'sanity.previewUrlSecret', _updatedAt: minutesAgo(10), secret: 'fresh-secret', studioUrl: 'http://localhost:3333' },
  { _id: 'sanity-preview-url-secret.old', _type: 'sanity.previewUrlSecret', _updatedAt: minutesAgo(61), secret: 'old-secret', studioUrl: 'http://localhost:3333' },
  // Any other document with a matching field is no secret.
  { _id: 'faq-1', _type: 'faqs', _updatedAt: minutesAgo(1), secret: 'not-a-secret' },
].map((doc) => JSON.stringify(doc)).join('\n'));

const client = createExportClient(dir, () => NOW) as unknown as SecretClient;
const enable = (query: string) => enableDraftMode(new Request(`http://preview.test/api/preview/enable?${query}`), client, COOKIE_SECRET, NOW.getTime());

describe('draft mode through Presentation\'s secret, checked against the bundled export', () => {
  it('a valid secret sets the signed cookie and redirects to the requested path', async () => {
    const answer = await enable('sanity-preview-secret=fresh-secret&sanity-preview-pathname=%2Fuw-husky-mobile%2Fstudent&sanity-preview-perspective=drafts');
    expect(answer.status).toBe(307);
    expect(answer.headers.get('location')).toBe('/uw-husky-mobile/student?sanity-preview-perspective=drafts');
    const cookies = answer.headers.getSetCookie();
    const draft = cookies.find((cookie) => cookie.startsWith(`${DRAFT_MODE_COOKIE}=`));
    expect(draft).toMatch(/Max-Age=3600; Path=\/; HttpOnly; Secure; SameSite=None; Partitioned$/);
    expect(isValidDraftMode(cookieValue(draft!.split(';')[0], DRAFT_MODE_COOKIE), COOKIE_SECRET, NOW.getTime())).toBe(true);
    expect(cookies.some((cookie) => cookie.startsWith(`${PERSPECTIVE_COOKIE}=drafts;`))).toBe(true);
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
  });

  it.each([
    ['a wrong secret', 'sanity-preview-secret=guess&sanity-preview-pathname=/'],
    ['an expired secret (over an hour old)', 'sanity-preview-secret=old-secret&sanity-preview-pathname=/'],
    ['no secret', 'sanity-preview-pathname=/'],
    ['an empty secret', 'sanity-preview-secret=&sanity-preview-pathname=/'],
    ['a field of another document', 'sanity-preview-secret=not-a-secret'],
  ])('%s: 401 and no cookie', async (_name, query) => {
    const answer = await enable(query);
    expect(answer.status).toBe(401);
    expect(answer.headers.getSetCookie()).toEqual([]);
    expect(answer.headers.get('location')).toBeNull();
  });

  it.each(['https://evil.example/x', '//evil.example/x', 'javascript:alert(1)', '/\\evil.example'])('pathname %j: no redirect off the site', async (target) => {
    const answer = await enable(`sanity-preview-secret=fresh-secret&sanity-preview-pathname=${encodeURIComponent(target)}`);
    expect(answer.status).toBe(307);
    const location = answer.headers.get('location')!;
    expect(location.startsWith('/')).toBe(true);
    expect(location.startsWith('//')).toBe(false);
    expect(new URL(location, 'http://preview.test').origin).toBe('http://preview.test');
  });

  it('without a cookie secret configured, nothing is switched on', async () => {
    const answer = await enableDraftMode(new Request('http://preview.test/api/preview/enable?sanity-preview-secret=fresh-secret'), client, undefined);
    expect(answer.status).toBe(500);
    expect(answer.headers.getSetCookie()).toEqual([]);
  });

  it('disable clears both cookies with the same attributes and stays on the site', () => {
    const answer = disableDraftMode(new Request('http://preview.test/api/preview/disable?redirect=https://evil.example'));
    expect(answer.status).toBe(307);
    expect(answer.headers.get('location')).toBe('/');
    const cookies = answer.headers.getSetCookie();
    expect(cookies).toHaveLength(2);
    for (const cookie of cookies) expect(cookie).toMatch(/=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=\/; HttpOnly; Secure; SameSite=None; Partitioned$/);
  });
});
