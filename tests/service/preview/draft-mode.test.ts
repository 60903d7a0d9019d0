/**
 * Leaving draft mode ends it on the server: `npm run preview:server` (its local Blobs server holds
 * the revocations) on a copy of the dataset with drafts. A copy of a draft-mode cookie shows drafts
 * until `/api/preview/disable` is called with it, and published content after; the preview bar's
 * "Leave draft mode" link does that in a browser, at a phone's and a desktop's width. Presentation's
 * share-access secret switches nothing on.
 */
import { appendFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRAFT_MODE_COOKIE } from '../../../src/lib/preview/server/draft-cookie.ts';
import { axeViolations } from '../../e2e/axe.ts';
import {
  DRAFT_TITLE,
  PUBLISHED_TITLE_MARK,
  writeDraftDataset,
} from '../../fixtures/drafts/dataset.ts';
import { raw } from '../local-stack/helpers.ts';
import { CHROMIUM } from './presentation-stack.ts';
import { startPreviewServer, type PreviewServerProcess } from './preview-server-process.ts';

const COOKIE_SECRET = 'draft-mode-test-cookie-secret-0123456789ab';
const STUDIO = 'http://localhost:3333';
const PREVIEW_SECRET = 'presentation-secret-for-the-draft-mode-test';
const SHARE_SECRET = 'share-access-secret-for-the-draft-mode-test';
const PAGE = '/uw-husky-mobile';
const LEAVE = 'Leave draft mode';
const SHOTS = resolve(import.meta.dirname, '../../../.scratch/draft-mode');

const work = mkdtempSync(join(tmpdir(), 'preview-draft-mode-'));
const datasetDir = writeDraftDataset(join(work, 'dataset'));
const now = new Date().toISOString();
appendFileSync(
  join(datasetDir, 'data.ndjson'),
  [
    {
      _id: 'sanity-preview-url-secret.fresh',
      _type: 'sanity.previewUrlSecret',
      _updatedAt: now,
      secret: PREVIEW_SECRET,
      studioUrl: STUDIO,
    },
    // Presentation's "share preview access", switched on.
    {
      _id: 'sanity-preview-url-secret.share-access',
      _type: 'sanity.previewUrlShareAccess',
      _updatedAt: now,
      secret: SHARE_SECRET,
      studioUrl: STUDIO,
    },
  ]
    .map((doc) => `${JSON.stringify(doc)}\n`)
    .join(''),
);

let server: PreviewServerProcess | undefined;
let browser: Browser | undefined;
let site = '';

beforeAll(async () => {
  server = await startPreviewServer('draft-mode', {
    PREVIEW_DATA_DIR: join(work, 'api-data'),
    CONTENT_DATASET_DIR: datasetDir,
    PREVIEW_COOKIE_SECRET: COOKIE_SECRET,
    SANITY_STUDIO_URL: STUDIO,
  });
  site = `http://127.0.0.1:${server.port}`;
  browser = await chromium.launch(CHROMIUM);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(work, { recursive: true, force: true });
});

const get = (path: string, cookie?: string) =>
  raw(`${site}${path}`, { headers: cookie ? { cookie } : {} });
const text = async (path: string, cookie?: string) =>
  (await get(path, cookie)).body.toString('utf8');

/** Switches draft mode on as Presentation does; the `name=value` of the cookie it sets. */
async function enable(): Promise<string> {
  const answer = await get(
    `/api/preview/enable?sanity-preview-secret=${PREVIEW_SECRET}&sanity-preview-pathname=${encodeURIComponent(PAGE)}`,
  );
  expect(answer.status).toBe(307);
  const cookie = (answer.headers['set-cookie'] as string[]).find((line) =>
    line.startsWith(`${DRAFT_MODE_COOKIE}=`),
  )!;
  return cookie.split(';')[0]!;
}

describe('leaving draft mode', () => {
  it('a copied cookie shows drafts until disable is called with it, then published content; another cookie stays in draft mode', async () => {
    const copy = await enable();
    const other = await enable();
    expect(copy).toMatch(new RegExp(`^${DRAFT_MODE_COOKIE}=v2\\.`));
    expect(copy).not.toBe(other);
    const before = await text(PAGE, copy);
    expect(before).toContain(DRAFT_TITLE);
    const leave = /<a class="preview-bar__leave" href="([^"]+)">Leave draft mode<\/a>/
      .exec(before)?.[1]
      ?.replace(/&amp;/g, '&');
    expect(leave).toBe(`/api/preview/disable?redirect=${encodeURIComponent(PAGE)}`);

    const disabled = await get(leave!, copy);
    expect(disabled.status).toBe(307);
    expect(disabled.headers.location).toBe(PAGE);
    expect(
      (disabled.headers['set-cookie'] as string[]).some((line) =>
        line.startsWith(`${DRAFT_MODE_COOKIE}=;`),
      ),
    ).toBe(true);

    // The browser dropped its cookie; a copy kept elsewhere is worth nothing now.
    const after = await text(PAGE, copy);
    expect(after).toContain(PUBLISHED_TITLE_MARK);
    expect(after).not.toContain(DRAFT_TITLE);
    expect(after).not.toContain(LEAVE);
    expect(after).not.toContain('data-sanity');
    expect(await text(PAGE, other)).toContain(DRAFT_TITLE);
  });

  it('disable sends no one off the site, whatever ?redirect says', async () => {
    for (const target of [
      '/.//evil.example',
      '/%2e%2e//evil.example',
      '/a/..//evil.example',
      '//evil.example',
      'https://evil.example',
    ]) {
      const answer = await get(`/api/preview/disable?redirect=${encodeURIComponent(target)}`);
      expect(answer.status, target).toBe(307);
      expect(answer.headers.location, target).toBe('/');
    }
  });

  it('no secret, or an empty one: 401 (never a 502), no cookie', async () => {
    for (const query of [
      `sanity-preview-pathname=${encodeURIComponent(PAGE)}`,
      'sanity-preview-secret=',
      'sanity-preview-secret=%20%20',
    ]) {
      const answer = await get(`/api/preview/enable?${query}`);
      expect({ query, status: answer.status }).toEqual({ query, status: 401 });
      expect(answer.headers['set-cookie']).toBeUndefined();
    }
  });

  it('the share-access secret: 401, no cookie, and the reason', async () => {
    const answer = await get(
      `/api/preview/enable?sanity-preview-secret=${SHARE_SECRET}&sanity-preview-pathname=${encodeURIComponent(PAGE)}`,
    );
    expect(answer.status).toBe(401);
    expect(answer.headers['set-cookie']).toBeUndefined();
    expect(answer.body.toString('utf8')).toMatch(/shared preview links are not supported/i);
  });

  it.each([
    ['phone', { width: 390, height: 844 }],
    ['desktop', { width: 1280, height: 900 }],
  ])(
    "on a %s: the bar's link is in view, large enough, focusable, passes axe, and leaves draft mode",
    async (name, viewport) => {
      const cookie = await enable();
      // The cookie header on every request, as a copy of the cookie would be sent.
      const context = await browser!.newContext({ viewport, extraHTTPHeaders: { cookie } });
      try {
        const page = await context.newPage();
        await page.goto(`${site}${PAGE}`);
        await expect(page.getByText(DRAFT_TITLE).first().isVisible()).resolves.toBe(true);
        const link = page.getByRole('link', { name: LEAVE });
        await expect(link.isVisible()).resolves.toBe(true);
        const box = (await link.boundingBox())!;
        expect(box.height).toBeGreaterThanOrEqual(24);
        expect(box.width).toBeGreaterThanOrEqual(24);
        // The bar sticks to the foot of the window: the link is on screen without scrolling.
        expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
        await link.focus();
        const focus = await link.evaluate((element) => ({
          visible: element.matches(':focus-visible'),
          outline: getComputedStyle(element).outline,
        }));
        expect(focus.visible).toBe(true);
        expect(focus.outline).toMatch(/solid 3px/);
        expect(await axeViolations(page)).toEqual([]);
        mkdirSync(SHOTS, { recursive: true });
        await page.screenshot({ path: join(SHOTS, `bar-${name}-${viewport.width}.png`) });

        await link.click();
        await page.waitForURL(`${site}${PAGE}`);
        await expect(page.getByText(PUBLISHED_TITLE_MARK).first().isVisible()).resolves.toBe(true);
        expect(await page.getByRole('link', { name: LEAVE }).count()).toBe(0);
        expect(await page.content()).not.toContain(DRAFT_TITLE);
      } finally {
        await context.close();
      }
    },
    60_000,
  );
});
