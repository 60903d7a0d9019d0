/**
 * Only the Studio drives a page (issue 52, finding 1), in Chromium: the browser holds draft mode for
 * the preview site as a top-level site (Presentation's "open in a window" leaves it so), and a page
 * on another origin opens a preview page with `window.open` and plays Presentation's side with
 * Sanity's own comlink (scripts/dev/studio-host.ts, a second host that is not SANITY_STUDIO_URL):
 * the handshake, the loaders channel, a `loader/query-change` for the page's own public query with
 * its own text in it. The page takes messages only from a Studio origin and from the window that
 * framed or opened it (browser/studio-messages.ts), so nothing connects, nothing is posted to the
 * page's address and its text is unchanged. The Studio's own host, opening the same page in a
 * window of its own, still connects and draws each keystroke there.
 */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStudioHost, type StudioHost } from '../../../scripts/dev/studio-host.ts';
import { SCHOOL_PAGE_CONTENT_QUERY } from '../../../src/lib/content/queries.ts';
import { TENANT_DOCUMENT_TYPES } from '../../../src/lib/content/schemas.ts';
import { DRAFT_MODE_COOKIE } from '../../../src/lib/preview/server/draft-cookie.ts';
import { CHROMIUM, startPresentationStack, type PreviewStack } from './presentation-stack.ts';

const SCHOOL = 'uw-husky-mobile';
const LANDING = `/${SCHOOL}`;
const HERO = 'huskymobile-landingHeader';
/** Far longer than the Studio's own host takes to connect and draw a keystroke (about 0.5 s). */
const GRACE_MS = 8_000;

let stack: PreviewStack;
let foreign: StudioHost;
let browser: Browser;

beforeAll(async () => {
  stack = await startPresentationStack('presentation-origin');
  // Another origin that knows the preview site's address, not its secret.
  foreign = await startStudioHost(stack.exportFile, 'a-secret-the-preview-site-does-not-know');
  foreign.setPreviewOrigin(stack.site);
  browser = await chromium.launch(CHROMIUM);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await foreign?.close();
  await stack?.stop();
});

/** The host page at `url` opens the preview with its button; the opened window once it shows LANDING. */
async function openPreview(context: BrowserContext, url: string) {
  const host = await context.newPage();
  await host.goto(url);
  const [preview] = await Promise.all([
    context.waitForEvent('page'),
    host.getByRole('button', { name: 'Open preview in a new window' }).click(),
  ]);
  const posts: string[] = [];
  preview.on('request', (request) => {
    if (request.method() === 'POST') posts.push(request.url());
  });
  await preview.waitForURL((at) => at.origin === stack.site && at.pathname === LANDING, {
    timeout: 15_000,
  });
  return { host, preview, posts };
}

/**
 * A browser that holds draft mode for the preview site as a top-level site: the Studio opened the
 * preview in a window of its own (Presentation's secret, the enable route), and both were closed.
 */
async function editorsBrowser(): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const { host, preview } = await openPreview(
    context,
    stack.hostUrl(LANDING, 'window', undefined, { loaders: false }),
  );
  await preview.close();
  await host.close();
  expect((await context.cookies(stack.site)).map((cookie) => cookie.name)).toContain(
    DRAFT_MODE_COOKIE,
  );
  return context;
}

const heroTitle = (preview: Page) => preview.locator('#hero-title').innerText();

describe('who may drive a preview page', () => {
  it("a window of another origin that plays Presentation's handshake and posts the page's query: nothing connects, nothing is drawn", async () => {
    const context = await editorsBrowser();
    const { host, preview, posts } = await openPreview(
      context,
      foreign.url(LANDING, 'window', undefined, { enable: false }),
    );
    // A draft page: the page's query for its loaders node and the overlays' script are there.
    await preview.locator('#sanity-live-query').waitFor({ state: 'attached' });
    await preview.locator('script[src*="overlays"]').waitFor({ state: 'attached' });
    const before = await heroTitle(preview);
    const title = `Drawn from another origin at ${Date.now()}`;
    await host.evaluate(([id, text]) => window.studio.edit(id!, { title: text }), [HERO, title]);
    await host.evaluate((query) => window.studio.postQueryChange(query), {
      query: SCHOOL_PAGE_CONTENT_QUERY,
      params: { seoSlug: SCHOOL, types: TENANT_DOCUMENT_TYPES },
      perspective: 'drafts',
    });
    await preview.waitForTimeout(GRACE_MS);
    const played = await host.evaluate(() => ({
      statuses: window.studio.statuses,
      loaderStatuses: window.studio.loaderStatuses,
      listens: window.studio.listens.length,
    }));
    expect(played.statuses).not.toContain('connected');
    expect(played.loaderStatuses).not.toContain('connected');
    expect(played.listens).toBe(0);
    expect(posts).toEqual([]);
    expect(await heroTitle(preview)).toBe(before);
    expect(await preview.getByText(title).count()).toBe(0);
    await context.close();
  }, 90_000);

  it('the Studio opening the page in a window of its own: connected, and each keystroke drawn there', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const { host, preview } = await openPreview(context, stack.hostUrl(LANDING, 'window'));
    await host.waitForFunction(
      () =>
        window.studio?.statuses.includes('connected') &&
        window.studio.loaderStatuses.includes('connected') &&
        window.studio.changesPosted.length > 0,
      undefined,
      { timeout: 30_000 },
    );
    for (const typed of ['Typed in the Studio', 'Typed in the Studio, again']) {
      const title = `${typed} at ${Date.now()}`;
      await host.evaluate(([id, text]) => window.studio.edit(id!, { title: text }), [HERO, title]);
      await preview.locator('#hero-title', { hasText: title }).waitFor({ timeout: 5_000 });
    }
    await context.close();
  }, 90_000);
});
