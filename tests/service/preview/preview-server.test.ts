/**
 * The editors' preview site through `npm run preview:server` (serving the service tests' one
 * preview build, shared-build.ts): the built rendering function, warm in the server's process, rendering each page on request from a copy of
 * the bundled dataset that holds drafts (tests/fixtures/drafts) and a Presentation secret.
 */
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRAFT_MODE_COOKIE, signDraftMode } from '../../../src/lib/preview/server/draft-cookie.ts';
import { PREVIEW_RESPONSE_HEADERS } from '../../../src/lib/preview/server/response-headers.ts';
import {
  DRAFT_ONLY_QUESTION,
  DRAFT_TITLE,
  PUBLISHED_TITLE_MARK,
  RELEASE_TITLE,
  SCHEDULED_RELEASE,
  SCHEDULED_TITLE,
  writeDraftDataset,
} from '../../fixtures/drafts/dataset.ts';
import { raw } from '../local-stack/helpers.ts';
import { startPreviewServer, type PreviewServerProcess } from './preview-server-process.ts';

const COOKIE_SECRET = 'service-test-cookie-secret-0123456789abcdef';
const STUDIO = 'http://localhost:3333';
const PREVIEW_SECRET = 'presentation-secret-for-the-service-test';
const PAGE = '/uw-husky-mobile';
const PREVIEW_NOTICE = 'Preview — includes unpublished changes';

const work = mkdtempSync(join(tmpdir(), 'preview-server-'));
const datasetDir = writeDraftDataset(join(work, 'dataset'));
const exportFile = join(datasetDir, 'data.ndjson');
const secretDoc = (id: string, secret: string, updatedAt: Date) =>
  JSON.stringify({
    _id: `sanity-preview-url-secret.${id}`,
    _type: 'sanity.previewUrlSecret',
    _updatedAt: updatedAt.toISOString(),
    secret,
    studioUrl: STUDIO,
  });
// Cubby Mobile, with its documents, is being prepared: only editors (draft mode) may see it.
const PREPARING = '/cubbymobile';
const cubby = readFileSync('src/dataset/data.ndjson', 'utf8')
  .split('\n')
  .filter((line) => line.includes('"school-cubbymobile"'));
appendFileSync(
  exportFile,
  `${cubby.map((line) => line.replace('"_id":"school-cubbymobile","_type":"school",', '"_id":"school-cubbymobile","_type":"school","status":"preparing",')).join('\n')}\n`,
);
appendFileSync(
  exportFile,
  `${secretDoc('fresh', PREVIEW_SECRET, new Date())}\n${secretDoc('old', 'expired-secret', new Date(Date.now() - 2 * 3600_000))}\n`,
);

let server: PreviewServerProcess | undefined;
let site = '';

beforeAll(async () => {
  server = await startPreviewServer('preview-server', {
    PREVIEW_DATA_DIR: join(work, 'api-data'),
    CONTENT_DATASET_DIR: datasetDir,
    PREVIEW_COOKIE_SECRET: COOKIE_SECRET,
    SANITY_STUDIO_URL: `${STUDIO}, https://studio.example.com/desk`,
  });
  site = `http://127.0.0.1:${server.port}`;
}, 300_000);

afterAll(async () => {
  await server?.stop();
  rmSync(work, { recursive: true, force: true });
});

const get = (path: string, cookie?: string) =>
  raw(`${site}${path}`, { headers: cookie ? { cookie } : {} });
const text = async (path: string, cookie?: string) =>
  (await get(path, cookie)).body.toString('utf8');
const header = (value: string | string[] | undefined) =>
  Array.isArray(value) ? value.join(', ') : value;
/** The preview bar's line naming what the page shows, as a reader gets it (tags dropped). */
const shownLine = (html: string) =>
  /<p class="preview-bar__shown"[^>]*>(.*?)<\/p>/s
    .exec(html)?.[1]
    ?.replace(/<[^>]+>/g, '')
    .replace(/&#39;/g, "'")
    // Read as a browser shows it: the source's line breaks collapse to spaces at the ends.
    .replace(/\s+/g, ' ')
    .trim();

/** The raw HTTP answer to a request written byte for byte (a client would refuse to send some). */
function rawExchange(text: string): Promise<string> {
  return new Promise((done, fail) => {
    const socket = connect(Number(server!.port), '127.0.0.1', () => socket.end(text));
    let answer = '';
    socket.setEncoding('utf8').on('data', (chunk: string) => {
      answer += chunk;
    });
    socket.once('end', () => done(answer));
    socket.once('error', fail);
  });
}

describe('npm run preview:server', () => {
  let draftCookie = '';

  it('shows published content without the cookie', async () => {
    const answer = await get(PAGE);
    expect(answer.status).toBe(200);
    const html = answer.body.toString('utf8');
    expect(html).toContain(PUBLISHED_TITLE_MARK);
    expect(html).not.toContain(DRAFT_TITLE);
    expect(html).not.toContain(DRAFT_ONLY_QUESTION);
    expect(html).not.toContain(PREVIEW_NOTICE);
    expect(html).toContain('<meta name="robots" content="noindex">');
  });

  it('sends the preview headers on every kind of response the function makes; robots.txt disallows everything', async () => {
    const kinds: Array<[string, number]> = [
      [PAGE, 200],
      [`${PAGE}/student`, 200],
      ['/robots.txt', 200],
      // Answered by Astro before the middleware runs: the trailing-slash redirect, a path that is no valid encoding.
      [`${PAGE}/`, 301],
      ['/%E0%A4%A', 404],
      // 404s: no school, no such page of a school, a preparing school outside draft mode.
      ['/no-such-school', 404],
      [`${PAGE}/no-such-page`, 404],
      [PREPARING, 404],
      // The draft-mode routes.
      ['/api/preview/enable', 401],
      ['/api/preview/disable?redirect=/.//evil.example', 307],
    ];
    for (const [path, status] of kinds) {
      const answer = await get(path);
      expect(answer.status, path).toBe(status);
      for (const [name, value] of Object.entries(PREVIEW_RESPONSE_HEADERS))
        expect(answer.headers[name.toLowerCase()], `${path} ${name}`).toBe(value);
      expect(answer.headers['cache-control'], path).toBe('private, no-store');
      expect(answer.headers['netlify-cdn-cache-control'], path).toBe('no-store');
      expect(answer.headers['cdn-cache-control'], path).toBe('no-store');
      expect(answer.headers['x-robots-tag'], path).toBe('noindex');
      const csp = header(answer.headers['content-security-policy'])!;
      expect(csp, path).toContain(
        `frame-ancestors ${STUDIO} https://studio.example.com;`.replace(/;$/, ''),
      );
      expect(csp, path).not.toContain('unsafe-eval');
    }
    const robots = await get('/robots.txt');
    expect(robots.body.toString('utf8')).toBe('User-agent: *\nDisallow: /\n');
    const favicon = await get('/favicon.svg');
    expect(favicon.status).toBe(200);
    expect(favicon.headers['x-robots-tag']).toBe('noindex');
  });

  it.each([
    ['a wrong secret', 'sanity-preview-secret=guess&sanity-preview-pathname=%2Fuw-husky-mobile'],
    [
      'an expired secret',
      'sanity-preview-secret=expired-secret&sanity-preview-pathname=%2Fuw-husky-mobile',
    ],
    ['no secret', 'sanity-preview-pathname=%2Fuw-husky-mobile'],
  ])('%s: 401 and no cookie', async (_name, query) => {
    const answer = await get(`/api/preview/enable?${query}`);
    expect(answer.status).toBe(401);
    expect(answer.headers['set-cookie']).toBeUndefined();
  });

  it('the secret switches draft mode on: a partitioned cookie, a redirect to the page, drafts with the cookie', async () => {
    const answer = await get(
      `/api/preview/enable?sanity-preview-secret=${PREVIEW_SECRET}&sanity-preview-pathname=${encodeURIComponent(PAGE)}`,
    );
    expect(answer.status).toBe(307);
    expect(answer.headers.location).toBe(PAGE);
    const cookies = answer.headers['set-cookie'] as string[];
    const draft = cookies.find((cookie) => cookie.startsWith(`${DRAFT_MODE_COOKIE}=`))!;
    expect(draft).toMatch(/; Max-Age=3600; Path=\/; HttpOnly; Secure; SameSite=None; Partitioned$/);
    draftCookie = draft.split(';')[0]!;
    const html = await text(PAGE, draftCookie);
    expect(html).toContain(DRAFT_TITLE);
    expect(html).toContain(DRAFT_ONLY_QUESTION);
    expect(html).toContain(PREVIEW_NOTICE);
    expect(shownLine(html)).toBe('Showing: Drafts');
    // Presentation's perspective switch: published, in draft mode.
    expect(await text(`${PAGE}?sanity-preview-perspective=published`, draftCookie)).not.toContain(
      DRAFT_TITLE,
    );
  });

  it('a release stack on the enable address: the redirect and the cookie keep it, the page shows the release and names it in the bar', async () => {
    const stack = `${SCHEDULED_RELEASE},drafts`;
    const answer = await get(
      `/api/preview/enable?sanity-preview-secret=${PREVIEW_SECRET}&sanity-preview-pathname=${encodeURIComponent(PAGE)}&sanity-preview-perspective=${encodeURIComponent(stack)}`,
    );
    expect(answer.status).toBe(307);
    expect(answer.headers.location).toBe(
      `${PAGE}?sanity-preview-perspective=${encodeURIComponent(stack)}`,
    );
    const cookies = answer.headers['set-cookie'] as string[];
    expect(cookies.find((cookie) => cookie.startsWith('sanity-preview-perspective='))).toMatch(
      /^sanity-preview-perspective=rHuskyL27%2Cdrafts; Max-Age=3600; Path=\/; HttpOnly; Secure; SameSite=None; Partitioned$/,
    );
    const session = cookies.map((cookie) => cookie.split(';')[0]!).join('; ');
    for (const path of [String(answer.headers.location), PAGE]) {
      // The address the enable route gave, then a page reached without the parameter (the cookie).
      const html = await text(path, session);
      expect(html, path).toContain(SCHEDULED_TITLE);
      expect(html, path).not.toContain(DRAFT_TITLE);
      expect(shownLine(html), path).toBe(
        'Showing: Scheduled publish — scheduled draft, publishes Mon 1 Mar 2027, 09:00 UTC',
      );
      expect(html, path).toContain(PREVIEW_NOTICE);
      expect(html, path).toContain(`data-perspective="${stack}"`);
    }
    // Drafts of other documents still show beneath the release.
    expect(await text(PAGE, session)).toContain(DRAFT_ONLY_QUESTION);
  });

  it('published with draft mode on: the published text, named so; a bad stack: drafts, and the bar says the perspective could not be read', async () => {
    const editor = `${DRAFT_MODE_COOKIE}=${signDraftMode(COOKIE_SECRET)}`;
    const published = await text(`${PAGE}?sanity-preview-perspective=published`, editor);
    expect(published).toContain(PUBLISHED_TITLE_MARK);
    expect(published).not.toContain(DRAFT_TITLE);
    expect(shownLine(published)).toBe('Showing: Published');
    expect(published).not.toContain(PREVIEW_NOTICE);
    expect(published).toContain('Leave draft mode');
    for (const bad of ['raw', 'rHuskyL27', 'r.x%2Cdrafts', `${'r1%2C'.repeat(300)}drafts`]) {
      const html = await text(`${PAGE}?sanity-preview-perspective=${bad}`, editor);
      expect(html, bad).toContain(DRAFT_TITLE);
      expect(html, bad).not.toContain(SCHEDULED_TITLE);
      expect(shownLine(html), bad).toBe(
        'Showing: Drafts — the perspective asked for could not be read',
      );
    }
  });

  it('a release the site cannot find is named as such; its versions show as Sanity shows them', async () => {
    const editor = `${DRAFT_MODE_COOKIE}=${signDraftMode(COOKIE_SECRET)}`;
    const html = await text(`${PAGE}/why?sanity-preview-perspective=spring%2Cdrafts`, editor);
    expect(html).toContain(RELEASE_TITLE);
    expect(shownLine(html)).toBe('Showing: Drafts — release “spring” not found');
  });

  it('the perspective switch keeps a stack for the session: draft mode only, JSON only, this site only', async () => {
    const editor = `${DRAFT_MODE_COOKIE}=${signDraftMode(COOKIE_SECRET)}`;
    // As a page of the site posts it (the guard of every draft-mode post, draft-post.ts, wants both headers).
    const ownPage = { origin: site, 'sec-fetch-site': 'same-origin' };
    const post = (cookie: string | undefined, body: string, headers: Record<string, string> = {}) =>
      raw(`${site}/api/preview/perspective`, {
        method: 'POST',
        body,
        headers: Object.fromEntries(
          Object.entries({
            'content-type': 'application/json',
            ...ownPage,
            ...(cookie ? { cookie } : {}),
            ...headers,
          }).filter(([, value]) => value !== ''),
        ),
      });
    const switched = await post(
      editor,
      JSON.stringify({ perspective: [SCHEDULED_RELEASE, 'drafts'] }),
    );
    expect(switched.status).toBe(200);
    expect(JSON.parse(switched.body.toString('utf8'))).toEqual({
      perspective: `${SCHEDULED_RELEASE},drafts`,
    });
    const kept = (switched.headers['set-cookie'] as string[])[0]!.split(';')[0]!;
    expect(await text(PAGE, `${editor}; ${kept}`)).toContain(SCHEDULED_TITLE);
    for (const [cookie, body, headers, status] of [
      [undefined, JSON.stringify({ perspective: 'published' }), {}, 401],
      [
        editor,
        JSON.stringify({ perspective: 'published' }),
        { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
        403,
      ],
      // No Origin: not shown to come from the site's own pages.
      [editor, JSON.stringify({ perspective: 'published' }), { origin: '' }, 403],
      // A cross-site form is refused before the route (Astro's own check of cross-site form
      // posts); the site's own form, and JSON as another type, by the route.
      [
        editor,
        'perspective=published',
        {
          'content-type': 'application/x-www-form-urlencoded',
          origin: 'https://evil.example',
          'sec-fetch-site': 'cross-site',
        },
        403,
      ],
      [
        editor,
        'perspective=published',
        { 'content-type': 'application/x-www-form-urlencoded' },
        415,
      ],
      [
        editor,
        JSON.stringify({ perspective: 'published' }),
        { 'content-type': 'application/json-patch+json' },
        415,
      ],
    ] as const) {
      const answer = await post(cookie, body, headers);
      expect(answer.status).toBe(status);
      expect(answer.headers['set-cookie']).toBeUndefined();
      for (const [name, value] of Object.entries(PREVIEW_RESPONSE_HEADERS))
        expect(answer.headers[name.toLowerCase()], `${status} ${name}`).toBe(value);
    }
  });

  it("without a Studio, the local server's draft-mode address switches draft mode on, in the perspective it names", async () => {
    const answer = await get(
      `/.netlify/local/draft-mode?path=${encodeURIComponent(PAGE)}&perspective=${SCHEDULED_RELEASE}%2Cdrafts`,
    );
    expect(answer.status).toBe(307);
    expect(answer.headers.location).toBe(
      `${PAGE}?sanity-preview-perspective=${SCHEDULED_RELEASE}%2Cdrafts`,
    );
    const session = (answer.headers['set-cookie'] as string[])
      .map((cookie) => cookie.split(';')[0]!)
      .join('; ');
    const html = await text(String(answer.headers.location), session);
    expect(html).toContain(SCHEDULED_TITLE);
    expect(shownLine(html)).toBe(
      'Showing: Scheduled publish — scheduled draft, publishes Mon 1 Mar 2027, 09:00 UTC',
    );
    // A path off the site goes nowhere off it.
    expect((await get('/.netlify/local/draft-mode?path=%2F%2Fevil.example')).headers.location).toBe(
      '/?sanity-preview-perspective=drafts',
    );
  });

  it('a pathname off the site gets no redirect off the site', async () => {
    for (const target of ['https://evil.example/x', '//evil.example/x', 'javascript:alert(1)']) {
      const answer = await get(
        `/api/preview/enable?sanity-preview-secret=${PREVIEW_SECRET}&sanity-preview-pathname=${encodeURIComponent(target)}`,
      );
      const location = String(answer.headers.location);
      expect(new URL(location, site).origin, target).toBe(new URL(site).origin);
      expect(location.startsWith('//'), target).toBe(false);
    }
  });

  it('a school being prepared is for editors only: 404 without draft mode, its pages in draft mode', async () => {
    const editor = `${DRAFT_MODE_COOKIE}=${signDraftMode(COOKIE_SECRET)}`;
    for (const path of [PREPARING, `${PREPARING}/fan`, `${PREPARING}/why`]) {
      expect((await get(path)).status, path).toBe(404);
      const answer = await get(path, editor);
      expect(answer.status, path).toBe(200);
      expect(answer.body.toString('utf8'), path).toContain('Not launched yet');
    }
  });

  it('a forged or expired cookie gets published content', async () => {
    const forged = `${DRAFT_MODE_COOKIE}=${signDraftMode('not-the-site-secret-but-long-enough-000000')}`;
    const expired = `${DRAFT_MODE_COOKIE}=${signDraftMode(COOKIE_SECRET, Date.now() - 2 * 3600_000)}`;
    for (const cookie of [forged, expired, `${DRAFT_MODE_COOKIE}=1`]) {
      const html = await text(PAGE, cookie);
      expect(html).toContain(PUBLISHED_TITLE_MARK);
      expect(html).not.toContain(DRAFT_TITLE);
    }
  });

  it('a draft written to the export shows on the next request, without a rebuild or restart', async () => {
    expect(draftCookie).not.toBe('');
    const newTitle = `Draft written at ${Date.now()}`;
    const lines = readFileSync(exportFile, 'utf8')
      .split('\n')
      .map((line) => (line.includes(DRAFT_TITLE) ? line.replace(DRAFT_TITLE, newTitle) : line));
    writeFileSync(exportFile, lines.join('\n'));
    const html = await text(PAGE, draftCookie);
    expect(html).toContain(newTitle);
    expect(await text(PAGE)).not.toContain(newTitle);
  });

  it.each([
    [
      'a Host header with a space',
      'GET / HTTP/1.1\r\nHost: local host\r\nConnection: close\r\n\r\n',
    ],
    [
      'a path that is no address',
      'GET //[ HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
    ],
    [
      "a Host that is not this server's (a DNS-rebinding page)",
      'GET /uw-husky-mobile HTTP/1.1\r\nHost: attacker.example\r\nConnection: close\r\n\r\n',
    ],
    [
      'the local draft-mode address under another Host',
      'GET /.netlify/local/draft-mode?perspective=drafts HTTP/1.1\r\nHost: attacker.example:4322\r\nConnection: close\r\n\r\n',
    ],
  ])('%s: 400 with a short text, and the server keeps serving', async (_name, request) => {
    const answer = await rawExchange(request);
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toMatch(/\r\ncontent-type: text\/plain/i);
    expect(answer.split('\r\n\r\n')[1]).toMatch(/^Bad Request: .{1,100}\n$/);
    expect((await get('/robots.txt')).status).toBe(200);
  });

  it('disable clears the cookie with the same attributes', async () => {
    const answer = await get('/api/preview/disable');
    expect(answer.status).toBe(307);
    expect(answer.headers.location).toBe('/');
    const cookies = answer.headers['set-cookie'] as string[];
    expect(cookies.find((cookie) => cookie.startsWith(`${DRAFT_MODE_COOKIE}=;`))).toMatch(
      /Max-Age=0; .*Path=\/; HttpOnly; Secure; SameSite=None; Partitioned$/,
    );
  });
});
