/**
 * The Deploys tool: the public site's `/api/deploys` answer (sample in the site's JSON,
 * studio/tests/fixtures/deploys.json) as the rows editors read, and the page drawn with the
 * Studio's UI components: headings, named links, the empty and the error state.
 */
import { readFileSync } from 'node:fs';
import { studioTheme, ThemeProvider } from '@sanity/ui';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { deploysAnswerSchema } from '../../src/lib/publish-records/status-answers.ts';
import { DeploysView } from '../deploys/DeploysView.tsx';
import {
  deploysFromAnswer,
  duration,
  fetchDeploys,
  triggerText,
  type DeploysResult,
} from '../deploys/deploys-view.ts';

const answer: unknown = JSON.parse(
  readFileSync(new URL('./fixtures/deploys.json', import.meta.url), 'utf8'),
);
const origin = 'https://schoolmobile.example';
const format = {
  now: new Date('2026-11-27T20:06:30.000Z'),
  locale: 'en-US',
  timeZone: 'America/Los_Angeles',
};
const spaces = (text: string) => text.replace(/\s/g, ' ');

describe('the deploys answer as rows', () => {
  const result = deploysFromAnswer(answer, origin, format);
  if (!result.ok) throw new Error(result.error);
  const rows = result.rows.map((row) => ({
    ...row,
    when: spaces(row.when),
    whenFull: spaces(row.whenFull),
    duration: spaces(row.duration),
    state: { ...row.state, title: spaces(row.state.title) },
  }));

  it("the sample is the public site's JSON (status-answers.ts)", () => {
    expect(deploysAnswerSchema.safeParse(answer).success).toBe(true);
  });

  it('what started each deploy, when, how long it took, its context', () => {
    expect(rows.map((row) => [row.trigger, row.when, row.duration, row.context])).toEqual([
      ['Publish of 1 document', '12:06 PM', 'running for 28 s', 'Production'],
      ['Publish of 3 documents', '12:03 PM', '2 min 7 s', 'Production'],
      ['Publish of 2 documents', '11:48 AM', '41 s', 'Production'],
      [
        'Freshness check: tenant records changed for 1 school (huskymobile)',
        '12:00 AM',
        '2 min 4 s',
        'Production',
      ],
      ['Rebuild by hand', 'Nov 26, 2:15 PM', '2 min 12 s', 'Production'],
      ['Deploy started outside the Studio', 'Nov 26, 12:41 PM', '2 min 19 s', 'Deploy preview'],
    ]);
    expect(rows[5].detail).toBe("Coverage page: load the carrier's map on request");
    expect(rows[1].whenIso).toBe('2026-11-27T20:03:05.000Z');
    expect(result.running).toBe(true);
  });

  it("each state as a badge in the document badge's colours", () => {
    expect(rows.map((row) => [row.state.label, row.state.color])).toEqual([
      ['Building…', 'warning'],
      ['Live', 'success'],
      ['Failed', 'danger'],
      ['Replaced', undefined],
      ['Replaced', undefined],
      ['Preview', undefined],
    ]);
    expect(rows[1].state.title).toBe(
      'Visitors get this deploy (published Nov 27, 2026, 12:05 PM).',
    );
    expect(rows[2].state.title).toBe('The build failed: the previous deploy stays live.');
    expect(rows[2].errorMessage).toMatch(/^Build script returned non-zero exit code: 2\./);
  });

  it("the schools built link to their live page on the public site; a preview's to its own pages", () => {
    expect(rows[1].built).toEqual(
      ['uw-husky-mobile', 'osu-beavs-mobile', 'cubbymobile', 'uk-kentucky-mobile'].map(
        (seoSlug) => ({
          seoSlug,
          url: `https://schoolmobile.example/${seoSlug}`,
          page: 'live page',
        }),
      ),
    );
    expect(rows[5].built[0]).toEqual({
      seoSlug: 'uw-husky-mobile',
      url: 'https://deploy-preview-212--schoolmobile.netlify.app/uw-husky-mobile',
      page: 'page in this preview',
    });
    expect(rows[2].built).toEqual([]);
  });

  it('the schools left out, with why', () => {
    expect(rows[1].leftOut).toEqual([
      { school: 'cal-bears-mobile', reason: 'not launched yet' },
      { school: 'utah-ute-mobile', reason: 'its school document is invalid (see problems)' },
    ]);
  });

  it("a visitor's answer (a Studio user with no editor's role): when the site last changed, and whom the deploys are shown to", () => {
    const visitor = {
      deploys: [],
      site: {
        lastChangedAt: '2026-11-27T20:02:00.000Z',
        schools: {
          built: [{ seoSlug: 'uw-husky-mobile', url: `${origin}/uw-husky-mobile` }],
          builtCount: 6,
        },
      },
      checkedAt: '2026-11-27T20:06:30.000Z',
    };
    const seen = deploysFromAnswer(visitor, origin, format);
    expect(seen).toEqual({
      ok: true,
      rows: [],
      running: false,
      visitor:
        "The public site last changed 12:02 PM (6 schools on it). Its deploys are shown to the project's Administrators, Editors, Developers and Contributors.",
    });
    expect(text(page(seen))).toContain('The public site last changed 12:02 PM (6 schools on it).');
    expect(text(page(seen))).not.toContain('No deploys recorded yet');
  });

  it('a deploy of many schools lists the first few and counts the rest; publishes waiting for the build service are said at the top', () => {
    const many = structuredClone(answer) as {
      deploys: Array<{ schools: { builtCount: number; leftOutMore: number } }>;
      waitingToBuild?: unknown;
    };
    many.deploys[1].schools.builtCount = 600;
    many.deploys[1].schools.leftOutMore = 3;
    many.waitingToBuild = {
      waiting: 2,
      reason: 'the build service did not answer',
      nextTryAt: '2026-11-27T20:07:00.000Z',
    };
    const seen = deploysFromAnswer(many, origin, format);
    expect(
      seen.ok && [seen.rows[1].builtCount, seen.rows[1].built.length, seen.rows[1].leftOutMore],
    ).toEqual([600, 4, 3]);
    expect(seen.ok && seen.waiting).toBe(
      'Waiting to build: the build service did not answer; next try at 12:07 PM. 2 published documents wait; the site tries again by itself.',
    );
    const html = page(seen);
    expect(text(html)).toContain('Schools built (600)');
    expect(text(html)).toContain('…and 596 more');
    expect(text(html)).toContain(
      'Waiting to build: the build service did not answer; next try at 12:07 PM.',
    );
  });

  it("the deploy budget's wait is said as the badge says it; the deploys today and this month, the budget and the freshness check's outcome are said under the title", () => {
    const budget = structuredClone(answer) as Record<string, unknown>;
    budget['waitingToBuild'] = {
      waiting: 1,
      reason: 'the deploy budget allows the next build then',
      nextTryAt: '2026-11-27T21:00:00.000Z',
      cause: 'deploy-budget',
      freshness: 'tenant records changed for 2 schools (beavsmobile, huskymobile)',
    };
    budget['spend'] = { today: 4, month: 57, day: '2026-11-27', budgetPerHour: 1 };
    const seen = deploysFromAnswer(budget, origin, format);
    if (!seen.ok) throw new Error(seen.error);
    expect(seen.waiting).toBe(
      'Waiting: next build at 1:00 PM (deploy budget). 1 published document and a freshness build wait; the site builds then by itself.',
    );
    expect(seen.spend).toBe(
      'Production deploys: 4 today, 57 this month (UTC). Deploy budget: at most 1 an hour.',
    );
    expect(deploysFromAnswer(answer, origin, format)).toMatchObject({
      spend: 'Production deploys: 3 today, 41 this month (UTC). No deploy budget is set.',
      freshness: 'Freshness check, 12:00 PM: no change since the live deploy.',
    });
    const html = text(page(seen));
    expect(html).toContain('Builds and their cost');
    expect(html).toContain('Waiting: next build at 1:00 PM (deploy budget).');
    expect(html).toContain(
      'Production deploys: 4 today, 57 this month (UTC). Deploy budget: at most 1 an hour.',
    );
  });

  it("a restore the site's operators made is said at the top, with what waits for it (no time: they end it)", () => {
    const restored = structuredClone(answer) as Record<string, unknown>;
    const reason =
      'an earlier deploy was restored, so nothing builds until the latest deploy is published again or deploys are unlocked';
    restored['waitingToBuild'] = { waiting: 2, reason, cause: 'restored' };
    const seen = deploysFromAnswer(restored, origin, format);
    if (!seen.ok) throw new Error(seen.error);
    expect(seen.waiting).toBe(
      `Waiting: ${reason}. 2 published documents wait; the site builds them then by itself.`,
    );
    expect(seen.running).toBe(true);
    expect(text(page(seen))).toContain(`Waiting: ${reason}.`);
    restored['waitingToBuild'] = { waiting: 0, reason, cause: 'restored' };
    const idle = deploysFromAnswer(restored, origin, format);
    expect(idle.ok && idle.waiting).toBe(
      `Waiting: ${reason}. Publishes made meanwhile wait; the site builds them then by itself.`,
    );
  });

  it('what started a deploy, for each kind a build hook body names (a nightly build of before the freshness check too)', () => {
    expect([
      triggerText({ kind: 'publish', documents: 2, freshness: 'the live deploy is 7 days old' }),
      triggerText({ kind: 'freshness', documents: 0 }),
      triggerText({ kind: 'nightly', documents: 0 }),
    ]).toEqual([
      "Publish of 2 documents, with the freshness check's build",
      'Freshness check',
      'Nightly rebuild',
    ]);
  });

  it('durations read as minutes and seconds', () => {
    expect(
      [
        duration(0),
        duration(59.4),
        duration(60),
        duration(127),
        duration(3600),
        duration(3725),
      ].map(spaces),
    ).toEqual(['0 s', '59 s', '1 min', '2 min 7 s', '1 h', '1 h 2 min']);
    expect(duration(127)).not.toMatch(/ /);
  });

  it("an answer that is not the site's JSON is an error, not an empty list", () => {
    expect(deploysFromAnswer({ deploys: [{ id: 'x' }] }, origin)).toEqual({
      ok: false,
      error: "The public site's answer was not understood.",
    });
  });
});

describe('asking the public site', () => {
  it("sends the editor's token and reads the answer", async () => {
    const calls: Array<[string, RequestInit | undefined]> = [];
    const result = await fetchDeploys(origin, 'sk-editor', format, (input, init) => {
      calls.push([input instanceof Request ? input.url : input.toString(), init]);
      return Promise.resolve(Response.json(answer));
    });
    expect(calls[0][0]).toBe('https://schoolmobile.example/api/deploys');
    expect(calls[0][1]?.headers).toEqual({
      accept: 'application/json',
      authorization: 'Bearer sk-editor',
    });
    expect(result.ok && result.rows.length).toBe(6);
  });

  it('says the site could not be reached, and why', async () => {
    expect(
      await fetchDeploys(origin, undefined, format, () =>
        Promise.reject(new TypeError('Failed to fetch')),
      ),
    ).toEqual({
      ok: false,
      error:
        'The public site could not be reached: Failed to fetch (https://schoolmobile.example).',
    });
    expect(
      await fetchDeploys(origin, undefined, format, () =>
        Promise.resolve(Response.json({ message: 'origin not allowed' }, { status: 403 })),
      ),
    ).toEqual({
      ok: false,
      error:
        'The public site could not be reached: https://schoolmobile.example answered 403: origin not allowed.',
    });
  });

  it('keeps the pass the site gives a proven editor and sends it back; "checking your access" is said as such', async () => {
    const sent: unknown[] = [];
    const ask = (body: unknown, status = 200) =>
      fetchDeploys(origin, 'sk-deploys-editor', format, (_input, init) => {
        sent.push(init?.headers);
        return Promise.resolve(Response.json(body, { status }));
      });
    await ask({
      ...(answer as object),
      editorPass: { pass: 'ey.deploys-pass.sig', expiresAt: '2126-11-28T08:00:00.000Z' },
    });
    expect(
      await ask(
        {
          message: 'checking your access; ask again in 12 s',
          access: 'checking',
          retryAfterSeconds: 12,
        },
        503,
      ),
    ).toEqual({
      ok: false,
      error: 'The public site is checking that you are an editor; Refresh in 12 s.',
    });
    expect(sent).toEqual([
      { accept: 'application/json', authorization: 'Bearer sk-deploys-editor' },
      {
        accept: 'application/json',
        authorization: 'Bearer sk-deploys-editor',
        'x-editor-pass': 'ey.deploys-pass.sig',
      },
    ]);
  });
});

/** The tool's page as HTML (the Studio's UI components in their theme). */
function page(result: DeploysResult | undefined, loading = false): string {
  return renderToStaticMarkup(
    createElement(
      ThemeProvider,
      { theme: studioTheme },
      createElement(DeploysView, { origin, result, loading, onRefresh: () => {} }),
    ),
  );
}
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

describe('the Deploys page', () => {
  it('one h1, a heading per deploy, sub-headings for the schools, and links named for where they go', () => {
    const html = page(deploysFromAnswer(answer, origin, format));
    expect(html.match(/<h1[^>]*>.*?<\/h1>/g)?.map(text)).toEqual([' Deploys ']);
    expect(html.match(/<h2[^>]*>.*?<\/h2>/g)?.map((heading) => text(heading).trim())).toEqual([
      'Builds and their cost',
      'Publish of 1 document',
      'Publish of 3 documents',
      'Publish of 2 documents',
      'Freshness check: tenant records changed for 1 school (huskymobile)',
      'Rebuild by hand',
      'Deploy started outside the Studio',
    ]);
    expect(html).toMatch(/<ol [^>]*aria-label="Recent deploys, newest first"/);
    expect(
      html.match(/<li [^>]*data-ui="Card"[^>]*aria-labelledby="deploy-[0-9a-f]+"/g),
    ).toHaveLength(6);
    expect(html).toContain('<h3');
    const link = html.match(
      /<a href="https:\/\/schoolmobile\.example\/uw-husky-mobile"[^>]*>/,
    )?.[0];
    expect(link).toContain('aria-label="uw-husky-mobile: live page (opens in a new tab)"');
    expect(link).toContain('target="_blank" rel="noopener noreferrer"');
    // Told apart from text by more than colour.
    expect(link).toContain('text-decoration:underline');
    expect(text(html)).toContain(
      'Schools left out (2) cal-bears-mobile : not launched yet utah-ute-mobile : its school document is invalid (see problems)',
    );
    expect(text(html)).toContain('Error: Build script returned non-zero exit code: 2.');
  });

  it('a clear empty state, a loading state and an error state', () => {
    expect(text(page({ ok: true, rows: [], running: false }))).toContain('No deploys recorded yet');
    expect(text(page(undefined, true))).toContain('Asking the public site…');
    const failed = page({
      ok: false,
      error:
        'The public site could not be reached: Failed to fetch (https://schoolmobile.example).',
    });
    expect(failed).toContain('role="alert"');
    expect(text(failed)).toContain(
      'The public site could not be reached: Failed to fetch (https://schoolmobile.example).',
    );
  });
});
