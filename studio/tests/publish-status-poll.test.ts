/**
 * How often the badge asks the public site: pollSchedule's waits (2 s doubling to 30 s while a
 * build carries the revision, nothing once settled), and the shared poll per document that runs
 * it (status-source.ts) against a fake public site and fake timers.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AFTER_PUBLISH_MS,
  badgeFor,
  POLL_FIRST_MS,
  POLL_MAX_MS,
  pollSchedule,
  statusFromAnswer,
  statusHeaders,
  statusUrl,
  type DocumentStatus,
} from '../deploys/status.ts';
import { createStatusSource, type StatusSource } from '../deploys/status-source.ts';
import {
  DEFAULT_PUBLIC_SITE_URL,
  publicSiteOrigin,
  schoolPageUrl,
} from '../deploys/public-site.ts';

const publishing: DocumentStatus = {
  state: 'publishing',
  deploy: 'd2',
  startedAt: '2026-11-27T20:06:02.000Z',
};
const live: DocumentStatus = { state: 'live', since: '2026-11-27T20:08:00.000Z', deploy: 'd2' };
const notLive: DocumentStatus = {
  state: 'not-live',
  code: 'build-failed',
  reason: 'The build failed, so the previous version is still live',
};
const unknown: DocumentStatus = {
  state: 'unknown',
  reason: 'No recorded deploy carried this version yet.',
};

describe('pollSchedule', () => {
  it('while publishing: 2 s, doubling, never more than 30 s, and never stops by itself', () => {
    const waits = Array.from({ length: 8 }, (_, attempt) =>
      pollSchedule(publishing, { attempt, sincePublishMs: 10 * 60_000 }),
    );
    expect(waits).toEqual([2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000, 30_000]);
    expect([POLL_FIRST_MS, POLL_MAX_MS]).toEqual([2_000, 30_000]);
  });

  it('live and not live are settled: no more asking, however recent the publish', () => {
    expect(pollSchedule(live, { attempt: 0, sincePublishMs: 0 })).toBeNull();
    expect(pollSchedule(notLive, { attempt: 3, sincePublishMs: 1_000 })).toBeNull();
  });

  it('unknown (or no answer) is asked again only within two minutes of the publish', () => {
    expect(AFTER_PUBLISH_MS).toBe(120_000);
    expect(pollSchedule(unknown, { attempt: 0, sincePublishMs: 1_000 })).toBe(2_000);
    expect(pollSchedule(undefined, { attempt: 2, sincePublishMs: 60_000 })).toBe(8_000);
    expect(pollSchedule(unknown, { attempt: 0, sincePublishMs: 120_000 })).toBeNull();
    expect(pollSchedule(undefined, { attempt: 0, sincePublishMs: Infinity })).toBeNull();
  });
});

describe('the question', () => {
  it("names the published id and revision; the editor's token goes as a bearer token, only when there is one", () => {
    expect(
      statusUrl('https://site.example', [
        'huskymobile-faqs:5MgA4MFe1PzfAtYlMEh3hd',
        'school-huskymobile:r1',
      ]),
    ).toBe(
      'https://site.example/api/publish-status?ids=huskymobile-faqs%3A5MgA4MFe1PzfAtYlMEh3hd,school-huskymobile%3Ar1',
    );
    expect(new URL(statusUrl('https://site.example', ['a:1', 'b:2'])).searchParams.get('ids')).toBe(
      'a:1,b:2',
    );
    expect(statusHeaders('sk-editor')).toEqual({
      accept: 'application/json',
      authorization: 'Bearer sk-editor',
    });
    expect(statusHeaders(undefined)).toEqual({ accept: 'application/json' });
    // The site's pass goes back with the token it was given for, never alone.
    expect(statusHeaders('sk-editor', 'ey.pass.sig')).toEqual({
      accept: 'application/json',
      authorization: 'Bearer sk-editor',
      'x-editor-pass': 'ey.pass.sig',
    });
    expect(statusHeaders(undefined, 'ey.pass.sig')).toEqual({ accept: 'application/json' });
  });

  it("reads the document's status from the answer, keyed by id (or id:rev); anything else is unknown with why", () => {
    const checkedAt = '2026-11-27T20:06:30.000Z';
    expect(
      statusFromAnswer(
        { documents: { 'huskymobile-faqs': live }, checkedAt },
        'huskymobile-faqs',
        'r2',
      ),
    ).toEqual(live);
    expect(
      statusFromAnswer(
        { documents: { 'huskymobile-faqs:r2': publishing }, checkedAt },
        'huskymobile-faqs',
        'r2',
      ),
    ).toEqual(publishing);
    expect(statusFromAnswer({ documents: {}, checkedAt }, 'huskymobile-faqs', 'r2')).toEqual({
      state: 'unknown',
      reason: 'The public site did not answer for this document.',
    });
    expect(
      statusFromAnswer(
        { documents: { 'huskymobile-faqs': { state: 'gone' } }, checkedAt },
        'huskymobile-faqs',
      ),
    ).toEqual({ state: 'unknown', reason: "The public site's answer was not understood." });
  });

  it("the public site is SANITY_STUDIO_PUBLIC_SITE_URL's origin, by default the local stack", () => {
    expect(publicSiteOrigin(undefined)).toBe('http://localhost:4321');
    expect(publicSiteOrigin(' ')).toBe(DEFAULT_PUBLIC_SITE_URL);
    expect(publicSiteOrigin('https://schoolmobile.example/some/path')).toBe(
      'https://schoolmobile.example',
    );
    expect(() => publicSiteOrigin('schoolmobile.example')).toThrow(
      'SANITY_STUDIO_PUBLIC_SITE_URL is not an address',
    );
    expect(() => publicSiteOrigin('ftp://schoolmobile.example')).toThrow('must be http(s)');
    expect(schoolPageUrl('https://schoolmobile.example', 'uw-husky-mobile')).toBe(
      'https://schoolmobile.example/uw-husky-mobile',
    );
  });
});

/** A fake public site: answers each request with the next status in `script` (the last one repeats). */
function fakeSite(script: Array<DocumentStatus | 'unreachable' | 503>) {
  const requests: Array<{ at: number; url: string; headers: Record<string, string> }> = [];
  const fetch = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : input.toString();
    requests.push({ at: Date.now(), url, headers: init?.headers as Record<string, string> });
    const next = script[Math.min(requests.length - 1, script.length - 1)];
    if (next === 'unreachable') return Promise.reject(new TypeError('Failed to fetch'));
    if (next === 503)
      return Promise.resolve(
        Response.json(
          { message: 'The publish records cannot be read right now; try again in a moment.' },
          { status: 503 },
        ),
      );
    // The site keys its answer by the published id asked about.
    const id = new URL(url).searchParams.get('ids')!.split(':')[0];
    return Promise.resolve(
      Response.json({ documents: { [id]: next }, checkedAt: new Date().toISOString() }),
    );
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, requests };
}

const T0 = Date.parse('2026-11-27T20:06:00.000Z');
const seconds = (requests: Array<{ at: number }>) =>
  requests.map((request) => (request.at - T0) / 1000);
/** Lets the fake fetch's promises settle between timer steps. */
const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms);

describe('one shared poll per document', () => {
  let source: StatusSource;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(T0);
  });
  afterEach(() => vi.useRealTimers());

  it('two badges of one document share one poll: publishing → live, then it stops', async () => {
    const site = fakeSite([publishing, publishing, publishing, live]);
    source = createStatusSource({
      origin: 'https://site.example',
      token: 'sk-editor',
      fetch: site.fetch,
    });
    const seen: string[] = [];
    const document = { id: 'huskymobile-faqs', rev: 'r2', publishedAt: new Date(T0).toISOString() };
    const stopA = source.watch(document, () =>
      seen.push(`a:${source.get(document.id)?.status.state}`),
    );
    const stopB = source.watch(document, () =>
      seen.push(`b:${source.get(document.id)?.status.state}`),
    );
    await advance(0);
    await advance(10 * 60_000);
    // Asked at once, then 2, 4 and 8 s later; live at 14 s, and nothing after.
    expect(seconds(site.requests)).toEqual([0, 2, 6, 14]);
    expect(source.get(document.id)).toEqual({ rev: 'r2', status: live });
    expect(seen.slice(-2)).toEqual(['a:live', 'b:live']);
    expect(site.requests[0].url).toBe(
      'https://site.example/api/publish-status?ids=huskymobile-faqs%3Ar2',
    );
    expect(site.requests[0].headers).toEqual({
      accept: 'application/json',
      authorization: 'Bearer sk-editor',
    });
    stopA();
    stopB();
  });

  it('a new publish (a new revision) starts the schedule over, from the short wait', async () => {
    const site = fakeSite([live, publishing, publishing, live]);
    source = createStatusSource({ origin: 'https://site.example', fetch: site.fetch });
    const stopOld = source.watch(
      { id: 'huskymobile-faqs', rev: 'r1', publishedAt: '2026-11-27T19:00:00.000Z' },
      () => {},
    );
    await advance(60_000);
    expect(seconds(site.requests)).toEqual([0]);
    const stopNew = source.watch(
      { id: 'huskymobile-faqs', rev: 'r2', publishedAt: new Date().toISOString() },
      () => {},
    );
    await advance(10 * 60_000);
    expect(seconds(site.requests)).toEqual([0, 60, 62, 66]);
    expect(site.requests.map((request) => new URL(request.url).searchParams.get('ids'))).toEqual([
      'huskymobile-faqs:r1',
      ...Array<string>(3).fill('huskymobile-faqs:r2'),
    ]);
    expect(site.requests[0].headers).toEqual({ accept: 'application/json' });
    expect(source.get('huskymobile-faqs')).toEqual({ rev: 'r2', status: live });
    stopOld();
    stopNew();
  });

  it('just published and not yet known (or the site unreachable): asks again for two minutes, then stops', async () => {
    const site = fakeSite([unknown, 'unreachable', 503, unknown]);
    source = createStatusSource({ origin: 'https://site.example', fetch: site.fetch });
    const stop = source.watch(
      { id: 'school-huskymobile', rev: 'r9', publishedAt: new Date(T0).toISOString() },
      () => {},
    );
    await advance(30 * 60_000);
    // unknown → unreachable → 503 → unknown: each a change of reason but the same state, so the wait keeps doubling.
    expect(seconds(site.requests)).toEqual([0, 2, 6, 14, 30, 60, 90, 120]);
    expect(source.get('school-huskymobile')?.status).toEqual(unknown);
    stop();
  });

  it('never asks about an id the site would refuse', async () => {
    const site = fakeSite([live]);
    source = createStatusSource({ origin: 'https://site.example', fetch: site.fetch });
    const id = `x${'y'.repeat(130)}`;
    const stop = source.watch({ id, rev: 'r1' }, () => {});
    await advance(60_000);
    expect(site.requests).toEqual([]);
    expect(source.get(id)).toEqual({
      rev: 'r1',
      status: {
        state: 'unknown',
        reason: 'The public site cannot be asked about a document with this id.',
      },
    });
    stop();
  });

  it('says why when the site cannot be reached or refuses', async () => {
    const site = fakeSite(['unreachable', 503]);
    source = createStatusSource({ origin: 'https://site.example', fetch: site.fetch });
    const stop = source.watch(
      { id: 'school-huskymobile', rev: 'r9', publishedAt: new Date(T0).toISOString() },
      () => {},
    );
    await advance(0);
    expect(source.get('school-huskymobile')?.status).toEqual({
      state: 'unknown',
      reason: 'The public site could not be reached: Failed to fetch',
    });
    await advance(2_000);
    expect(source.get('school-huskymobile')?.status).toEqual({
      state: 'unknown',
      reason:
        'The public site answered 503: The publish records cannot be read right now; try again in a moment.',
    });
    stop();
  });

  it('an old publish that is not known is asked once; the last badge to close stops a running poll', async () => {
    const site = fakeSite([unknown, publishing]);
    source = createStatusSource({ origin: 'https://site.example', fetch: site.fetch });
    const stopOld = source.watch(
      { id: 'siteSettings', rev: 'r1', publishedAt: '2026-11-02T09:00:00Z' },
      () => {},
    );
    await advance(10 * 60_000);
    expect(seconds(site.requests)).toEqual([0]);
    stopOld();
    const stop = source.watch(
      { id: 'siteSettings', rev: 'r1', publishedAt: '2026-11-02T09:00:00Z' },
      () => {},
    );
    await advance(5_000);
    expect(source.get('siteSettings')?.status).toEqual(publishing);
    stop();
    const before = site.requests.length;
    await advance(10 * 60_000);
    expect(site.requests.length).toBe(before);
  });

  it('an editor the site proved gets a pass with the answer, and every later question sends it back with the token', async () => {
    const answers: Array<{ status: number; body: unknown }> = [
      {
        status: 200,
        body: {
          documents: { 'huskymobile-faqs': publishing },
          checkedAt: '2026-11-27T20:06:00.000Z',
          editorPass: { pass: 'ey.pass-1.sig', expiresAt: '2026-11-28T08:06:00.000Z' },
        },
      },
      {
        status: 200,
        body: { documents: { 'huskymobile-faqs': live }, checkedAt: '2026-11-27T20:06:02.000Z' },
      },
    ];
    const headers: Array<Record<string, string>> = [];
    const fetch = ((_input: RequestInfo | URL, init?: RequestInit) => {
      headers.push(init?.headers as Record<string, string>);
      const next = answers[Math.min(headers.length - 1, answers.length - 1)];
      return Promise.resolve(Response.json(next.body, { status: next.status }));
    }) as typeof globalThis.fetch;
    source = createStatusSource({ origin: 'https://site.example', token: 'sk-pass-editor', fetch });
    const stop = source.watch(
      { id: 'huskymobile-faqs', rev: 'r2', publishedAt: new Date(T0).toISOString() },
      () => {},
    );
    await advance(10_000);
    expect(headers).toEqual([
      { accept: 'application/json', authorization: 'Bearer sk-pass-editor' },
      {
        accept: 'application/json',
        authorization: 'Bearer sk-pass-editor',
        'x-editor-pass': 'ey.pass-1.sig',
      },
    ]);
    expect(source.get('huskymobile-faqs')?.status).toEqual(live);
    stop();
  });

  it('"checking your access" (503): the badge says so, and asks again when the site says, until it answers', async () => {
    const checking = {
      status: 503,
      body: {
        message: 'checking your access; ask again in 20 s',
        access: 'checking',
        retryAfterSeconds: 20,
      },
    };
    const answers = [
      checking,
      checking,
      {
        status: 200,
        body: { documents: { 'huskymobile-faqs': live }, checkedAt: '2026-11-27T20:06:40.000Z' },
      },
    ];
    const asked: number[] = [];
    const fetch = (() => {
      asked.push(Date.now());
      const next = answers[Math.min(asked.length - 1, answers.length - 1)];
      return Promise.resolve(Response.json(next.body, { status: next.status }));
    }) as typeof globalThis.fetch;
    source = createStatusSource({ origin: 'https://site.example', token: 'sk-new-editor', fetch });
    const stop = source.watch(
      { id: 'huskymobile-faqs', rev: 'r2', publishedAt: '2026-11-02T09:00:00Z' },
      () => {},
    );
    await advance(0);
    expect(source.get('huskymobile-faqs')?.status).toEqual({
      state: 'checking-access',
      retryAfterSeconds: 20,
    });
    expect(badgeFor({ state: 'checking-access', retryAfterSeconds: 20 })).toEqual({
      label: 'Checking your access…',
      title:
        'The public site is checking that you are an editor (it asks Sanity, and many unknown sign-ins reached it just now); the badge asks again in 20 s.',
    });
    await advance(10 * 60_000);
    expect(seconds(asked.map((at) => ({ at })))).toEqual([0, 20, 40]);
    expect(source.get('huskymobile-faqs')?.status).toEqual(live);
    stop();
  });
});
