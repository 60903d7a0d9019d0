/**
 * Every keystroke on the page, in Chromium: the host page plays the Studio with Sanity's own
 * comlink libraries and a loaders channel (studio-host.client.ts) that answers the page's
 * `loader/query-listen` with the query run by groq-js over the export, the editor's unsaved value
 * merged in. The page listens for the query it was drawn from, with a heartbeat, and reports its
 * documents; an unsaved title shows in place (nothing written to the export); 14 changes 60 ms apart
 * end on the last, never an older one after it; a `mutation` refresh while connected draws nothing
 * (the saved, older text stays off the page) while `manual` draws the dataset; a perspective picked
 * in the menu is listened for again and its changes drawn; click-to-edit still names the field after
 * a keystroke redraw (the plan cards' descriptions are the product document's, which the school
 * inherits); a keystroke in a product document redraws an open school page, the school's words
 * filled in, while a school that overrides the field keeps its own text. Screenshots of a plan page while it redraws at 390, 1024 and 1280 px, axe on each
 * (SHOTS, default .scratch/presentation). On the same server, the door the results come through (a
 * post to the page's address, posted-content.ts): what a post that passes draws, and the refusals
 * of its own (another query, school or perspective, content that does not validate); what every
 * draft-mode post refuses is one table, tests/service/preview/draft-posts.test.ts.
 */
import { appendFileSync, mkdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type Frame, type Page } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AXE_TAGS } from '../../e2e/axe.ts';
import { SCHOOL_PAGE_CONTENT_QUERY } from '../../../src/lib/content/queries.ts';
import { TENANT_DOCUMENT_TYPES } from '../../../src/lib/content/schemas.ts';
import { createLocalSource } from '../../../src/lib/content/local.ts';
import { LISTEN_HEARTBEAT_MS } from '../../../src/lib/preview/live-query.ts';
import { PREVIEW_RESPONSE_HEADERS } from '../../../src/lib/preview/server/response-headers.ts';
import { raw } from '../local-stack/helpers.ts';
import {
  CHROMIUM,
  startPresentationStack,
  type Doc,
  type PreviewStack,
} from './presentation-stack.ts';

const SCHOOL = 'uw-husky-mobile';
const LANDING = `/${SCHOOL}`;
const PLAN_PAGE = `/${SCHOOL}/fan`;
const HERO = 'huskymobile-landingHeader';
/**
 * The product's fan plan cards, which Husky Mobile's fan page inherits (it overrides no plan
 * description): keystrokes in a product document redraw a school's open page, and a click on
 * inherited text opens the product document's field.
 */
const CARDS = 'product-planCards-fan';
/** Beavs Mobile's fan page: its planCards document overrides the first plan's description. */
const OVERRIDING_PLAN_PAGE = '/osu-beavs-mobile/fan';
const STACK = ['rHuskyL27', 'drafts'];
const RELEASE_TITLE = 'Spring signing day: your first month on us';
const SHOTS = process.env.SHOTS ?? resolve(import.meta.dirname, '../../../.scratch/presentation');

let stack: PreviewStack;
let browser: Browser;

beforeAll(async () => {
  stack = await startPresentationStack('presentation-loaders');
  browser = await chromium.launch(CHROMIUM);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

/** The host framing `path`, once both channels are connected and the page has listened. */
async function present(
  path: string,
  viewport = { width: 1280, height: 900 },
): Promise<{ page: Page; frame: Frame; errors: string[] }> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  page.on('close', () => void context.close().catch(() => undefined));
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(stack.hostUrl(path));
  await page
    .waitForFunction(
      () =>
        window.studio?.statuses.includes('connected') &&
        window.studio.loaderStatuses.includes('connected') &&
        window.studio.changesPosted.length > 0,
      undefined,
      { timeout: 30_000 },
    )
    .catch(async (error: Error) => {
      throw new Error(
        `no loaders connection: ${error.message}; loader statuses ${JSON.stringify(await page.evaluate(() => window.studio?.loaderStatuses))}; ${errors.join('\n')}`,
      );
    });
  const frame = page.frames().find((candidate) => candidate !== page.mainFrame())!;
  await frame.waitForURL((url) => url.origin === stack.site && url.pathname === path, {
    timeout: 10_000,
  });
  return { page, frame, errors };
}

const doc = (id: string) => stack.documents().find((candidate) => candidate._id === id)!;

/** The cards' `plans` with the first plan's description set to `text`. */
function plansWith(text: string): unknown[] {
  return (doc(CARDS).plans as object[]).map((item, index) =>
    index === 0 ? { ...item, planDescription: text } : item,
  );
}

/** Records on the framed page when each text of `selector` first shows, in order. */
async function recordTexts(frame: Frame, selector: string): Promise<void> {
  await frame.evaluate((wanted) => {
    const seen: Array<{ text: string; at: number }> = [];
    const note = () => {
      const text = document.querySelector<HTMLElement>(wanted)?.innerText ?? '';
      if (seen.at(-1)?.text !== text) seen.push({ text, at: Date.now() });
    };
    note();
    new MutationObserver(note).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
    Object.assign(window, { seenTexts: seen, sameDocument: true });
    Object.assign(document.querySelector('sanity-visual-editing')!, { sameOverlayRoot: true });
  }, selector);
}

const seenTexts = (frame: Frame) =>
  frame.evaluate(
    () => (window as unknown as { seenTexts: Array<{ text: string; at: number }> }).seenTexts,
  );

async function keptInPlace(frame: Frame): Promise<void> {
  expect(
    await frame.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
  ).toBe(true);
  expect(
    await frame.evaluate(
      () => 'sameOverlayRoot' in document.querySelector('sanity-visual-editing')!,
    ),
  ).toBe(true);
}

describe("the page on Presentation's loaders channel", () => {
  it('listens for the query it was drawn from, with a heartbeat, and reports its documents', async () => {
    const { page } = await present(LANDING);
    const first = await page.evaluate(() => window.studio.listens[0]!.data);
    expect(first).toEqual({
      projectId: 'offline0',
      dataset: 'production',
      perspective: 'drafts',
      query: SCHOOL_PAGE_CONTENT_QUERY,
      params: { seoSlug: SCHOOL, types: TENANT_DOCUMENT_TYPES },
      heartbeat: LISTEN_HEARTBEAT_MS,
    });
    expect(first.heartbeat).toBeGreaterThanOrEqual(1_000);
    await expect
      .poll(() => page.evaluate(() => window.studio.loaderDocuments.at(-1)), { timeout: 10_000 })
      .toMatchObject({
        projectId: 'offline0',
        dataset: 'production',
        perspective: 'drafts',
        documents: expect.arrayContaining([{ _id: HERO }, { _id: CARDS }]) as unknown[],
      });
    await page.close();
  }, 90_000);

  it('shows an unsaved title in place, the export untouched', async () => {
    const { page, frame, errors } = await present(LANDING);
    await recordTexts(frame, '#hero-title');
    const before = stack.documents().length;
    const title = `Typed, not saved, at ${Date.now()}`;
    const typed = Date.now();
    await page.evaluate(([id, text]) => window.studio.edit(id!, { title: text }), [HERO, title]);
    await frame.locator('#hero-title', { hasText: title }).waitFor({ timeout: 5_000 });
    console.log(
      `[presentation-loaders] loader/query-change → title on the page: ${(await seenTexts(frame)).find((seen) => seen.text === title)!.at - typed} ms`,
    );
    expect(stack.documents().length).toBe(before);
    await keptInPlace(frame);
    expect(errors.filter((error) => /Content Security Policy/i.test(error))).toEqual([]);
    await page.close();
  }, 90_000);

  it('ends 14 changes 60 ms apart on the last, never an older one after it', async () => {
    const { page, frame } = await present(PLAN_PAGE, { width: 1280, height: 600 });
    // The editor opened the first plan's broadband facts and scrolled down: the redraws keep both.
    await frame.evaluate(() =>
      document.querySelector<HTMLButtonElement>('.plan-card__toggle')!.click(),
    );
    await page.waitForTimeout(500);
    await frame
      .locator('.plan-card .description')
      .first()
      .evaluate((element) =>
        window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - 200),
      );
    const scrolled = await frame.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(0);
    await recordTexts(frame, '.plan-card .description');
    const texts = Array.from(
      { length: 14 },
      (_, index) => `Keystroke ${index + 1} of 14: unlimited 5G for every Husky fan`,
    );
    const started = Date.now();
    let lastSent = 0;
    for (const text of texts) {
      lastSent = Date.now();
      await page.evaluate(
        ([id, plans]) => {
          void window.studio.edit(id, { plans });
        },
        [CARDS, plansWith(text)] as const,
      );
      await page.waitForTimeout(60);
    }
    const last = texts.at(-1)!;
    await frame.waitForFunction(
      (wanted) =>
        document.querySelector<HTMLElement>('.plan-card .description')?.innerText === wanted,
      last,
      { timeout: 5_000 },
    );
    await page.waitForTimeout(1_000);
    const seen = (await seenTexts(frame)).filter((entry) => texts.includes(entry.text));
    const order = seen.map((entry) => texts.indexOf(entry.text));
    console.log(
      `[presentation-loaders] burst of 14 changes 60 ms apart: drew ${order.map((index) => index + 1).join(', ')}; the last ${seen.at(-1)!.at - lastSent} ms after it was sent (${seen.at(-1)!.at - started} ms after the first)`,
    );
    expect(order.at(-1)).toBe(13);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    await expect(frame.locator('.plan-card .description').first().innerText()).resolves.toBe(last);
    await keptInPlace(frame);
    expect(await frame.evaluate(() => window.scrollY)).toBe(scrolled);
    expect(
      await frame.evaluate(() => {
        const toggle = document.querySelector('.plan-card__toggle')!;
        return (
          toggle.getAttribute('aria-expanded') === 'true' &&
          !document.getElementById(toggle.getAttribute('aria-controls')!)!.hidden
        );
      }),
    ).toBe(true);
    await page.close();
  }, 90_000);

  it('draws nothing on a mutation refresh while connected; a manual refresh draws the dataset', async () => {
    const { page, frame } = await present(PLAN_PAGE);
    await recordTexts(frame, '.plan-card .description');
    const typed = `Still typing at ${Date.now()}`;
    await page.evaluate(([id, plans]) => window.studio.edit(id as string, { plans }), [
      CARDS,
      plansWith(typed),
    ] as const);
    const description = frame.locator('.plan-card .description').first();
    await frame.locator('.plan-card .description', { hasText: typed }).waitFor({ timeout: 5_000 });
    // The last autosave, older than what the editor has typed since.
    const saved = `Saved a moment ago at ${Date.now()}`;
    appendFileSync(
      stack.exportFile,
      `${JSON.stringify({ ...doc(CARDS), _id: `drafts.${CARDS}`, plans: plansWith(saved) })}\n`,
    );
    const refreshingBefore = await page.evaluate(
      () =>
        window.studio.received.filter((message) => message.type === 'visual-editing/refreshing')
          .length,
    );
    await page.evaluate(() =>
      window.studio.post('presentation/refresh', {
        source: 'mutation',
        livePreviewEnabled: true,
        document: { _id: 'drafts.x', _type: 'planCards', _rev: 'r' },
      }),
    );
    await page.waitForTimeout(2_000);
    await expect(description.innerText()).resolves.toBe(typed);
    expect(
      await page.evaluate(
        () =>
          window.studio.received.filter((message) => message.type === 'visual-editing/refreshing')
            .length,
      ),
    ).toBe(refreshingBefore);
    // The refresh button: the page as the dataset has it.
    await page.evaluate(() =>
      window.studio.post('presentation/refresh', { source: 'manual', livePreviewEnabled: true }),
    );
    await frame.locator('.plan-card .description', { hasText: saved }).waitFor({ timeout: 5_000 });
    await keptInPlace(frame);
    await page.close();
  }, 90_000);

  it("listens again when the perspective changes, and draws that perspective's changes", async () => {
    const { page, frame } = await present(LANDING);
    await recordTexts(frame, '#hero-title');
    await page.evaluate((picked) => window.studio.setPerspective(picked), STACK);
    await expect
      .poll(() => page.evaluate(() => window.studio.listens.at(-1)!.data.perspective), {
        timeout: 5_000,
      })
      .toEqual(STACK);
    await frame.locator('#hero-title', { hasText: RELEASE_TITLE }).waitFor({ timeout: 5_000 });
    await expect(frame.locator('.preview-bar__shown').innerText()).resolves.toContain(
      'Scheduled publish',
    );
    const title = `The release's title, typed at ${Date.now()}`;
    await page.evaluate(([id, text]) => window.studio.edit(id!, { title: text }), [HERO, title]);
    await frame.locator('#hero-title', { hasText: title }).waitFor({ timeout: 5_000 });
    await expect(frame.locator('.preview-bar__shown').innerText()).resolves.toContain(
      'Scheduled publish',
    );
    await keptInPlace(frame);
    await page.close();
  }, 90_000);

  it('a keystroke in a product document redraws an open school page', async () => {
    // Husky Mobile inherits the fan plans' descriptions: each keystroke in the product document
    // shows on its page in place, the product's {placeholder} filled with the school's words.
    const husky = await present(PLAN_PAGE);
    await recordTexts(husky.frame, '.plan-card .description');
    const typed = [1, 2, 3].map((stroke) => ({
      text: `Keystroke ${stroke} of 3: unlimited 5G for all of {mascotNation}`,
      shown: `Keystroke ${stroke} of 3: unlimited 5G for all of Husky Nation`,
    }));
    for (const { text, shown } of typed) {
      await husky.page.evaluate(([id, plans]) => window.studio.edit(id as string, { plans }), [
        CARDS,
        plansWith(text),
      ] as const);
      await husky.frame.waitForFunction(
        (wanted) =>
          document.querySelector<HTMLElement>('.plan-card .description')?.innerText === wanted,
        shown,
        { timeout: 5_000 },
      );
    }
    const seen = (await seenTexts(husky.frame)).map((entry) => entry.text);
    expect(seen.filter((text) => text.startsWith('Keystroke'))).toEqual(
      typed.map(({ shown }) => shown),
    );
    expect(seen.join('\n')).not.toContain('{mascotNation}');
    await keptInPlace(husky.frame);
    await husky.page.close();

    // Beavs Mobile overrides the first plan's description: a product change redraws its page
    // (the tagline it inherits follows) and leaves the description it owns as it was.
    const beavs = await present(OVERRIDING_PLAN_PAGE);
    await recordTexts(beavs.frame, '.plan-card .tagline');
    const description = beavs.frame.locator('.plan-card .description').first();
    const own = await description.innerText();
    expect(own).toBe(
      '10 GB of high-speed 5G data with unlimited talk and text. Made for Beavers who live on campus Wi-Fi.',
    );
    const stamp = Date.now();
    await beavs.page.evaluate(([id, plans]) => window.studio.edit(id as string, { plans }), [
      CARDS,
      (doc(CARDS).plans as object[]).map((item, index) =>
        index === 0
          ? {
              ...item,
              planDescription: `The product's new description, typed at ${stamp}`,
              planTagline: `Typed at ${stamp} for {baseName}`,
            }
          : item,
      ),
    ] as const);
    await beavs.frame
      .locator('.plan-card .tagline', { hasText: `Typed at ${stamp} for Beavs Mobile` })
      .waitFor({ timeout: 5_000 });
    await expect(description.innerText()).resolves.toBe(own);
    await keptInPlace(beavs.frame);
    await beavs.page.close();
  }, 90_000);

  it('still opens the clicked field after a keystroke redraw', async () => {
    const { page, frame } = await present(PLAN_PAGE);
    const typed = `Typed before the click at ${Date.now()}`;
    await page.evaluate(([id, plans]) => window.studio.edit(id as string, { plans }), [
      CARDS,
      plansWith(typed),
    ] as const);
    const description = frame.locator('.plan-card .description', { hasText: typed }).first();
    await description.waitFor({ timeout: 5_000 });
    const plan = (doc(CARDS).plans as Array<{ _key: string }>)[0]!;
    const focus = page.evaluate(() => window.studio.next('visual-editing/focus'));
    await description.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await description.click({ force: true });
    expect((await focus).data).toMatchObject({
      id: CARDS,
      type: 'planCards',
      path: `plans[_key=="${plan._key}"].planDescription`,
    });
    await page.close();
  }, 90_000);

  it('looks right while it redraws: screenshots at 390, 1024 and 1280 px, axe clean', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const found: string[] = [];
    for (const width of [390, 1024, 1280]) {
      const { page, frame } = await present(PLAN_PAGE, { width, height: 844 });
      const description = frame.locator('.plan-card .description').first();
      await description.evaluate((element) => element.scrollIntoView({ block: 'center' }));
      const typed = `A longer description typed at ${width} px: unlimited talk, text and 5G data for every Husky fan, all season.`;
      await page.evaluate(([id, plans]) => window.studio.edit(id as string, { plans }), [
        CARDS,
        plansWith(typed),
      ] as const);
      await frame
        .locator('.plan-card .description', { hasText: typed })
        .waitFor({ timeout: 5_000 });
      await description.hover({ force: true });
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(SHOTS, `loaders-typed-${width}.png`) });
      const results = await new AxeBuilder({ page })
        .include('iframe')
        .withTags(AXE_TAGS)
        .options({ resultTypes: ['violations'] })
        .analyze();
      found.push(
        ...results.violations.map(
          (violation) =>
            `${width} ${violation.id}: ${violation.nodes
              .map((node) => node.target.join(' '))
              .slice(0, 3)
              .join(' | ')}`,
        ),
      );
      await page.close();
    }
    console.log(`[presentation-loaders] screenshots in ${SHOTS}`);
    expect(found).toEqual([]);
  }, 180_000);
});

describe("a post to a page's address (the Studio's result, drawn)", () => {
  type Answer = Awaited<ReturnType<typeof raw>>;
  /** What SCHOOL_PAGE_CONTENT_QUERY answers; the tests below also set what no query would. */
  interface PageResult {
    school: Doc | null;
    settings: Doc | null;
    documents: Doc[];
  }
  /** SCHOOL_PAGE_CONTENT_QUERY's result over the export in drafts, as the Studio would post it; `change` edits it. */
  async function studioResult(change: (result: PageResult) => void = () => {}) {
    const params = { seoSlug: SCHOOL, types: TENANT_DOCUMENT_TYPES };
    const result = await createLocalSource(
      dirname(stack.exportFile),
      undefined,
      'drafts',
    ).fetch<PageResult>(SCHOOL_PAGE_CONTENT_QUERY, params);
    change(result);
    return { query: SCHOOL_PAGE_CONTENT_QUERY, params, perspective: 'drafts', result };
  }
  const hero = (result: PageResult) =>
    result.documents.find((candidate) => candidate._id === HERO)!;
  const sameOrigin = () => ({
    origin: stack.site,
    'sec-fetch-site': 'same-origin',
    'content-type': 'application/json',
    cookie: stack.draftCookie,
  });
  const post = (
    body: unknown,
    headers: Record<string, string> = sameOrigin(),
    path = LANDING,
  ): Promise<Answer> =>
    raw(`${stack.site}${path}`, {
      method: 'POST',
      headers,
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const refusal = (answer: Answer) => ({
    status: answer.status,
    message: (JSON.parse(answer.body.toString('utf8')) as { message: string }).message,
  });
  const html = (answer: Answer) => answer.body.toString('utf8');

  /** A refusal: the status, a JSON reason, the preview's headers and its one policy (framed by the Studio only), no page and no cookie. */
  function expectRefused(answer: Answer, status: number, reason: RegExp) {
    expect(refusal(answer)).toMatchObject({
      status,
      message: expect.stringMatching(reason) as string,
    });
    expect(html(answer)).not.toContain('<html');
    expect(answer.headers['cache-control']).toBe(PREVIEW_RESPONSE_HEADERS['Cache-Control']);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    for (const [name, value] of Object.entries(PREVIEW_RESPONSE_HEADERS))
      expect(answer.headers[name.toLowerCase()], name).toBe(value);
    // Two policies would both apply (and come as a list): exactly one, the preview's.
    const policy = String(answer.headers['content-security-policy'] ?? '');
    expect(policy.match(/frame-ancestors [^;]*/g)).toEqual([`frame-ancestors ${stack.studio}`]);
    expect(answer.headers['set-cookie']).toBeUndefined();
  }

  it("answers the page drawn from the posted result, with the preview's headers, writing nothing", async () => {
    const exported = statSync(stack.exportFile);
    const title = `Posted at ${Date.now()}`;
    const answer = await post(
      await studioResult((result) => {
        hero(result).title = title;
      }),
    );
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(html(answer)).toMatch(new RegExp(`<h1[^>]*id="hero-title"[^>]*>${title}</h1>`));
    for (const [name, value] of Object.entries(PREVIEW_RESPONSE_HEADERS))
      expect(answer.headers[name.toLowerCase()], name).toBe(value);
    expect(answer.headers['content-security-policy']).toContain("script-src 'self'");
    expect(answer.headers['set-cookie']).toBeUndefined();
    const after = statSync(stack.exportFile);
    expect([after.size, after.mtimeMs]).toEqual([exported.size, exported.mtimeMs]);
  });

  it("shows posted markup as text, and drops a link the dataset's guard drops", async () => {
    const answer = await post(
      await studioResult((result) => {
        hero(result).title = '<script>alert(1)</script><img src=x onerror=alert(2)>';
        hero(result).ctaFragment = 'javascript:alert(3)';
      }),
    );
    const page = html(answer);
    if (answer.status === 200) {
      expect(page).toContain(
        '&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;',
      );
      expect(page).not.toContain('<script>alert(1)');
      expect(page).not.toMatch(/href="javascript:/i);
    } else {
      // Without its link the header does not validate: refused, nothing drawn.
      expectRefused(answer, 422, /huskymobile-landingHeader/);
    }
    const title = await post(
      await studioResult((result) => {
        hero(result).title = '<script>alert(1)</script>';
      }),
    );
    expect(title.status).toBe(200);
    expect(html(title)).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html(title)).not.toContain('<script>alert(1)');
  });

  it('refuses a result for another query, school or perspective (422, 409)', async () => {
    expectRefused(
      await post({ ...(await studioResult()), query: '*[_type == "school"]' }),
      422,
      /another query/,
    );
    expectRefused(
      await post(await studioResult(), sameOrigin(), '/osu-beavs-mobile'),
      422,
      /another query/,
    );
    expectRefused(
      await post({ ...(await studioResult()), perspective: 'published' }),
      409,
      /another perspective/,
    );
    expectRefused(
      await post({ ...(await studioResult()), perspective: ['rHuskyL27', 'drafts'] }),
      409,
      /another perspective/,
    );
  });

  it('refuses content that does not validate, naming the document, and draws nothing (422)', async () => {
    expectRefused(
      await post(
        await studioResult((result) => {
          hero(result).title = 42;
        }),
      ),
      422,
      /does not validate: huskymobile-landingHeader: title/,
    );
    expectRefused(
      await post(
        await studioResult((result) => {
          result.settings = null;
        }),
      ),
      422,
      /siteSettings document is missing/,
    );
    expectRefused(
      await post(
        await studioResult((result) => {
          result.school = { ...result.school!, key: 42 };
        }),
      ),
      422,
      /School document .* is invalid/,
    );
    expectRefused(
      await post(
        await studioResult((result) => {
          result.school = { _id: 'school-x', _type: 'school' };
        }),
      ),
      422,
      /the result's school is not this page's school/,
    );
    expectRefused(await post({ ...(await studioResult()), result: [] }), 422, /names no school/);
  });
});
