/**
 * One guard for every draft-mode POST (src/lib/preview/server/draft-post.ts): `npm run
 * preview:server` on a copy of the bundled dataset, and one table of refusals run against both
 * doors that take a body in draft mode, a school page's address (the Studio's posted result,
 * posted-content.ts) and the perspective switch (perspective-switch.ts). Each refusal answers the
 * same status and reason at both, sets no cookie and is never cached; what passes the guard is
 * answered. (The server hands the function the whole body, as Netlify does, so that draft mode is
 * refused before the body is read is shown in tests/unit/preview/draft-post.test.ts.)
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalSource } from '../../../src/lib/content/local.ts';
import { SCHOOL_PAGE_CONTENT_QUERY } from '../../../src/lib/content/queries.ts';
import { TENANT_DOCUMENT_TYPES } from '../../../src/lib/content/schemas.ts';
import { DRAFT_MODE_COOKIE, signDraftMode } from '../../../src/lib/preview/server/draft-cookie.ts';
import { NOT_IN_DRAFT_MODE, NOT_OUR_PAGE } from '../../../src/lib/preview/server/draft-post.ts';
import { MAX_POSTED_CONTENT_BYTES } from '../../../src/lib/preview/server/posted-content.ts';
import { MAX_SWITCH_BODY_BYTES } from '../../../src/lib/preview/server/perspective-switch.ts';
import { raw } from '../local-stack/helpers.ts';
import { startPreviewServer, type PreviewServerProcess } from './preview-server-process.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
const COOKIE_SECRET = 'draft-posts-test-cookie-secret-0123456789ab';
const SCHOOL = 'uw-husky-mobile';

const work = mkdtempSync(join(tmpdir(), 'preview-draft-posts-'));
const datasetDir = join(work, 'dataset');
mkdirSync(datasetDir);
copyFileSync(join(ROOT, 'src/dataset/data.ndjson'), join(datasetDir, 'data.ndjson'));
symlinkSync(join(ROOT, 'src/dataset/images'), join(datasetDir, 'images'));

let server: PreviewServerProcess | undefined;
let site = '';
const cookie = `${DRAFT_MODE_COOKIE}=${signDraftMode(COOKIE_SECRET)}`;

beforeAll(async () => {
  server = await startPreviewServer('draft-posts', {
    PREVIEW_DATA_DIR: join(work, 'api-data'),
    CONTENT_DATASET_DIR: datasetDir,
    PREVIEW_COOKIE_SECRET: COOKIE_SECRET,
    SANITY_STUDIO_URL: 'http://localhost:3333',
  });
  site = `http://localhost:${server.port}`;
}, 300_000);

afterAll(async () => {
  await server?.stop();
  rmSync(work, { recursive: true, force: true });
});

interface Door {
  name: string;
  path: string;
  limit: number;
  /** A body the door takes. */
  body: () => Promise<string>;
}

const DOORS: Door[] = [
  {
    name: "a school page's address (the Studio's result)",
    path: `/${SCHOOL}`,
    limit: MAX_POSTED_CONTENT_BYTES,
    body: async () => {
      const params = { seoSlug: SCHOOL, types: TENANT_DOCUMENT_TYPES };
      const result = await createLocalSource(datasetDir, undefined, 'drafts').fetch(
        SCHOOL_PAGE_CONTENT_QUERY,
        params,
      );
      return JSON.stringify({
        query: SCHOOL_PAGE_CONTENT_QUERY,
        params,
        perspective: 'drafts',
        result,
      });
    },
  },
  {
    name: 'the perspective switch',
    path: '/api/preview/perspective',
    limit: MAX_SWITCH_BODY_BYTES,
    body: () => Promise.resolve(JSON.stringify({ perspective: 'drafts' })),
  },
];

/** A post from one of the site's pages in draft mode, as a browser sends it; a header set to undefined is left out. */
const ownPage = (): Record<string, string | undefined> => ({
  origin: site,
  'sec-fetch-site': 'same-origin',
  'content-type': 'application/json',
  cookie,
});

interface Refusal {
  name: string;
  status: number;
  reason: RegExp;
  headers?: (door: Door) => Record<string, string | undefined>;
  body?: (door: Door, valid: string) => string;
  method?: string;
  /** Sent in chunks with no Content-Length (the size known only as it is read). */
  streamed?: boolean;
}

/** The one table: what every draft-mode POST refuses, in the guard's order. */
const REFUSALS: Refusal[] = [
  { name: 'another method (PUT)', method: 'PUT', status: 405, reason: /method not allowed/ },
  {
    name: 'a cross-site post that carries the cookie',
    headers: () => ({ origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }),
    status: 403,
    reason: new RegExp(NOT_OUR_PAGE),
  },
  {
    name: 'a same-site post from another origin of the site',
    headers: () => ({ origin: 'http://127.0.0.1:3333', 'sec-fetch-site': 'same-site' }),
    status: 403,
    reason: new RegExp(NOT_OUR_PAGE),
  },
  {
    name: 'no Origin',
    headers: () => ({ origin: undefined }),
    status: 403,
    reason: new RegExp(NOT_OUR_PAGE),
  },
  {
    name: 'no Sec-Fetch-Site',
    headers: () => ({ 'sec-fetch-site': undefined }),
    status: 403,
    reason: new RegExp(NOT_OUR_PAGE),
  },
  {
    name: 'another origin named with Sec-Fetch-Site: same-origin',
    headers: () => ({ origin: 'https://evil.example' }),
    status: 403,
    reason: new RegExp(NOT_OUR_PAGE),
  },
  {
    name: 'no draft-mode cookie',
    headers: () => ({ cookie: undefined }),
    status: 401,
    reason: new RegExp(NOT_IN_DRAFT_MODE),
  },
  {
    name: 'a forged draft-mode cookie',
    headers: () => ({ cookie: `${cookie}x` }),
    status: 401,
    reason: new RegExp(NOT_IN_DRAFT_MODE),
  },
  {
    name: "a body declared over the door's limit",
    body: (door) => `"${'x'.repeat(door.limit)}"`,
    status: 413,
    reason: /request body is larger than \d+ bytes/,
  },
  {
    name: "a body that grows over the door's limit as it is read (no Content-Length)",
    body: (door) => `"${'x'.repeat(door.limit)}"`,
    streamed: true,
    status: 413,
    reason: /request body is larger than \d+ bytes/,
  },
  {
    name: 'a form (what a cross-site page can send without asking first)',
    headers: () => ({ 'content-type': 'application/x-www-form-urlencoded' }),
    body: () => 'perspective=drafts',
    status: 415,
    reason: /application\/json/,
  },
  {
    name: 'text/plain',
    headers: () => ({ 'content-type': 'text/plain' }),
    status: 415,
    reason: /application\/json/,
  },
  { name: 'a body that is not JSON', body: () => '{"query":', status: 400, reason: /not JSON/ },
];

type Answer = Awaited<ReturnType<typeof raw>>;

/** A request whose body is sent in chunks (Transfer-Encoding: chunked, no Content-Length). */
function streamed(
  url: string,
  headers: Record<string, string>,
  body: string,
  method = 'POST',
): Promise<Answer> {
  return new Promise((done, fail) => {
    const outgoing = request(url, { method, headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () =>
        done({
          status: answer.statusCode ?? 0,
          headers: answer.headers,
          body: Buffer.concat(chunks),
        }),
      );
      answer.on('error', fail);
    });
    // The server may answer and close before the whole body is sent.
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') fail(error);
    });
    for (let at = 0; at < body.length; at += 16_384) outgoing.write(body.slice(at, at + 16_384));
    outgoing.end();
  });
}

const present = (headers: Record<string, string | undefined>) =>
  Object.fromEntries(
    Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );

async function send(door: Door, refusal: Refusal, valid: string): Promise<Answer> {
  const headers = present({ ...ownPage(), ...refusal.headers?.(door) });
  const body = refusal.body?.(door, valid) ?? valid;
  const method = refusal.method ?? 'POST';
  return refusal.streamed
    ? streamed(`${site}${door.path}`, headers, body, method)
    : raw(`${site}${door.path}`, { method, headers, body });
}

describe.each(DOORS)('draft-mode POST to $name', (door) => {
  let valid = '';
  beforeAll(async () => {
    valid = await door.body();
  });

  it.each(REFUSALS)('$name: $status with its reason, no cookie, never cached', async (refusal) => {
    const answer = await send(door, refusal, valid);
    const text = answer.body.toString('utf8');
    expect({ status: answer.status, text }).toMatchObject({
      status: refusal.status,
      text: expect.stringMatching(refusal.reason) as string,
    });
    expect(JSON.parse(text)).toEqual({ message: expect.any(String) as string });
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.headers['cache-control']).toMatch(/no-store/);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['set-cookie']).toBeUndefined();
  });

  it('what passes the guard is answered (200)', async () => {
    const answer = await raw(`${site}${door.path}`, {
      method: 'POST',
      headers: present(ownPage()),
      body: valid,
    });
    expect(answer.status).toBe(200);
  });
});
