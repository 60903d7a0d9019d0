/**
 * The guard of every draft-mode POST (draft-post.ts), in its order: the method, this site's own
 * pages (both Sec-Fetch-Site and Origin), draft mode before anything of the body is read, the
 * declared size, the media type, the size as read, JSON.
 */
import { describe, expect, it } from 'vitest';
import type { DraftModeState } from '../../../src/lib/preview/server/draft-mode.ts';
import {
  guardDraftPost,
  NOT_IN_DRAFT_MODE,
  NOT_OUR_PAGE,
} from '../../../src/lib/preview/server/draft-post.ts';

const SITE = 'https://preview.example';
const LIMIT = 64;
const EDITOR: DraftModeState = { draftMode: true, perspective: 'drafts' };
const VISITOR: DraftModeState = { draftMode: false, perspective: 'published' };
const OWN_PAGE = {
  origin: SITE,
  'sec-fetch-site': 'same-origin',
  'content-type': 'application/json',
};

/** A body that is never finished, counting how often it was asked for more. */
function endlessBody() {
  const read = { pulls: 0 };
  // No queue to fill: asked for data only when something reads it.
  const stream = new ReadableStream<Uint8Array>(
    {
      pull: () => {
        read.pulls += 1;
        return new Promise(() => {});
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, read };
}

async function guard(
  init: { method?: string; headers?: Record<string, string>; body?: BodyInit },
  state = EDITOR,
) {
  const asked = { draftMode: 0 };
  const request = new Request(`${SITE}/uw-husky-mobile`, {
    method: init.method ?? 'POST',
    headers: init.headers ?? OWN_PAGE,
    ...(init.body === undefined ? {} : { body: init.body, duplex: 'half' }),
  });
  const guarded = await guardDraftPost(request, LIMIT, () => {
    asked.draftMode += 1;
    return Promise.resolve(state);
  });
  return {
    asked,
    answer: guarded.ok
      ? { ok: true as const, value: guarded.value }
      : {
          status: guarded.response.status,
          message: ((await guarded.response.json()) as { message: string }).message,
        },
  };
}

describe('the guard of every draft-mode POST', () => {
  it("passes a JSON post from the site's own page in draft mode, with its value", async () => {
    expect((await guard({ body: '{"perspective":"drafts"}' })).answer).toEqual({
      ok: true,
      value: { perspective: 'drafts' },
    });
  });

  it("refuses a post from anywhere but the site's own pages, without reading draft mode", async () => {
    const refused: Array<Record<string, string>> = [
      { ...OWN_PAGE, origin: 'https://evil.example' },
      { ...OWN_PAGE, 'sec-fetch-site': 'cross-site' },
      { ...OWN_PAGE, 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
      { origin: SITE, 'content-type': 'application/json' },
    ];
    for (const headers of refused) {
      const { answer, asked } = await guard({ headers, body: '{}' });
      expect(answer, JSON.stringify(headers)).toEqual({ status: 403, message: NOT_OUR_PAGE });
      expect(asked.draftMode).toBe(0);
    }
  });

  it('refuses a visitor before anything of the body is read: a body that never ends gets its 401', async () => {
    const { stream, read } = endlessBody();
    const { answer, asked } = await guard({ body: stream }, VISITOR);
    expect(answer).toEqual({ status: 401, message: NOT_IN_DRAFT_MODE });
    expect(asked.draftMode).toBe(1);
    expect(read.pulls).toBe(0);
  });

  it('refuses another method (405), a declared or a read size over the limit (413), another type (415), not JSON (400)', async () => {
    const over = `"${'x'.repeat(LIMIT)}"`;
    const chunked = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(over));
        controller.close();
      },
    });
    const cases: Array<[Parameters<typeof guard>[0], number]> = [
      [{ method: 'PUT', body: '{}' }, 405],
      [{ headers: { ...OWN_PAGE, 'content-length': String(LIMIT + 1) }, body: '{}' }, 413],
      [{ body: chunked }, 413],
      [{ headers: { ...OWN_PAGE, 'content-type': 'text/plain' }, body: '{}' }, 415],
      [
        {
          headers: { ...OWN_PAGE, 'content-type': 'application/x-www-form-urlencoded' },
          body: 'a=b',
        },
        415,
      ],
      [{ body: '{"a":' }, 400],
    ];
    for (const [init, status] of cases)
      expect((await guard(init)).answer, JSON.stringify(init)).toMatchObject({ status });
  });
});
