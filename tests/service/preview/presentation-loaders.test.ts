/**
 * Every keystroke on the page, in Chromium: the host page plays the Studio with Sanity's own
 * comlink libraries and a loaders channel (studio-host.client.ts) that answers the page's
 * `loader/query-listen` with the query run by groq-js over the export, the editor's unsaved value
 * merged in. The page listens for the query it was drawn from, with a heartbeat, and reports its
 * documents; an unsaved title shows in place (nothing written to the export); 14 changes 60 ms apart
 * end on the last, never an older one after it; a `mutation` refresh while connected draws nothing
 * (the saved, older text stays off the page) while `manual` draws the dataset; a perspective picked
 * in the menu is listened for again and its changes drawn; click-to-edit still names the field after
 * a keystroke redraw. Screenshots of a plan page while it redraws at 390, 1024 and 1280 px, axe on each
 * (SHOTS, default .scratch/presentation).
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type Frame, type Page } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AXE_TAGS } from '../../e2e/axe.ts';
import { SCHOOL_PAGE_CONTENT_QUERY } from '../../../src/lib/content/queries.ts';
import { TENANT_DOCUMENT_TYPES } from '../../../src/lib/content/schemas.ts';
import { LISTEN_HEARTBEAT_MS } from '../../../src/lib/preview/live-query.ts';
import { CHROMIUM, startPresentationStack, type Doc, type PreviewStack } from './presentation-stack.ts';

const SCHOOL = 'uw-husky-mobile';
const LANDING = `/${SCHOOL}`;
const PLAN_PAGE = `/${SCHOOL}/fan`;
const HERO = 'huskymobile-landingHeader';
const CARDS = 'huskymobile-planCards-fan';
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
async function present(path: string, viewport = { width: 1280, height: 900 }): Promise<{ page: Page; frame: Frame; errors: string[] }> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  page.on('close', () => void context.close().catch(() => undefined));
  const errors: string[] = [];
  page.on('console', (message) => { if (message.type() === 'error') errors.push(message.text()); });
  await page.goto(stack.hostUrl(path));
  await page.waitForFunction(() => window.studio?.statuses.includes('connected') && window.studio.loaderStatuses.includes('connected') && window.studio.changesPosted.length > 0, undefined, { timeout: 30_000 })
    .catch(async (error: Error) => {
      throw new Error(`no loaders connection: ${error.message}; loader statuses ${JSON.stringify(await page.evaluate(() => window.studio?.loaderStatuses))}; ${errors.join('\n')}`);
    });
  const frame = page.frames().find((candidate) => candidate !== page.mainFrame())!;
  await frame.waitForURL((url) => url.origin === stack.site && url.pathname === path, { timeout: 10_000 });
  return { page, frame, errors };
}

const doc = (id: string) => stack.documents().find((candidate) => candidate._id === id)! as Doc;

/** The cards' `plans` with the first plan's description set to `text`. */
function plansWith(text: string): unknown[] {
  return (doc(CARDS).plans as object[]).map((item, index) => (index === 0 ? { ...item, planDescription: text } : item));
}

/** Records on the framed page when each text of `selector` first shows, in order. */
async function recordTexts(frame: Frame, selector: string): Promise<void> {
  await frame.evaluate((wanted) => {
    const seen: Array<{ text: string; at: number }> = [];
    const note = () => {
      const text = document.querySelector(wanted)?.textContent ?? '';
      if (seen.at(-1)?.text !== text) seen.push({ text, at: Date.now() });
    };
    note();
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true });
    Object.assign(window, { seenTexts: seen, sameDocument: true });
    Object.assign(document.querySelector('sanity-visual-editing')!, { sameOverlayRoot: true });
  }, selector);
}

const seenTexts = (frame: Frame) => frame.evaluate(() => (window as unknown as { seenTexts: Array<{ text: string; at: number }> }).seenTexts);

async function keptInPlace(frame: Frame): Promise<void> {
  expect(await frame.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  expect(await frame.evaluate(() => 'sameOverlayRoot' in document.querySelector('sanity-visual-editing')!)).toBe(true);
}

describe('the page on Presentation\'s loaders channel', () => {
  it('listens for the query it was drawn from, with a heartbeat, and reports its documents', async () => {
    const { page } = await present(LANDING);
    const first = await page.evaluate(() => window.studio.listens[0]!.data);
    expect(first).toEqual({
      projectId: 'offline0', dataset: 'production', perspective: 'drafts',
      query: SCHOOL_PAGE_CONTENT_QUERY, params: { seoSlug: SCHOOL, types: TENANT_DOCUMENT_TYPES }, heartbeat: LISTEN_HEARTBEAT_MS,
    });
    expect(first.heartbeat).toBeGreaterThanOrEqual(1_000);
    await expect.poll(() => page.evaluate(() => window.studio.loaderDocuments.at(-1)), { timeout: 10_000 })
      .toMatchObject({ projectId: 'offline0', dataset: 'production', perspective: 'drafts', documents: expect.arrayContaining([{ _id: HERO }, { _id: CARDS }]) });
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
    console.log(`[presentation-loaders] loader/query-change → title on the page: ${(await seenTexts(frame)).find((seen) => seen.text === title)!.at - typed} ms`);
    expect(stack.documents().length).toBe(before);
    await keptInPlace(frame);
    expect(errors.filter((error) => /Content Security Policy/i.test(error))).toEqual([]);
    await page.close();
  }, 90_000);

  it('ends 14 changes 60 ms apart on the last, never an older one after it', async () => {
    const { page, frame } = await present(PLAN_PAGE);
    await recordTexts(frame, '.plan-card .description');
    const texts = Array.from({ length: 14 }, (_, index) => `Keystroke ${index + 1} of 14: unlimited 5G for every Husky fan`);
    const started = Date.now();
    let lastSent = 0;
    for (const text of texts) {
      lastSent = Date.now();
      await page.evaluate(([id, plans]) => { void window.studio.edit(id as string, { plans }); }, [CARDS, plansWith(text)] as const);
      await page.waitForTimeout(60);
    }
    const last = texts.at(-1)!;
    await frame.waitForFunction((wanted) => document.querySelector('.plan-card .description')?.textContent === wanted, last, { timeout: 5_000 });
    await page.waitForTimeout(1_000);
    const seen = (await seenTexts(frame)).filter((entry) => texts.includes(entry.text));
    const order = seen.map((entry) => texts.indexOf(entry.text));
    console.log(`[presentation-loaders] burst of 14 changes 60 ms apart: drew ${order.map((index) => index + 1).join(', ')}; the last ${seen.at(-1)!.at - lastSent} ms after it was sent (${seen.at(-1)!.at - started} ms after the first)`);
    expect(order.at(-1)).toBe(13);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    await expect(frame.locator('.plan-card .description').first().textContent()).resolves.toBe(last);
    await keptInPlace(frame);
    await page.close();
  }, 90_000);

  it('draws nothing on a mutation refresh while connected; a manual refresh draws the dataset', async () => {
    const { page, frame } = await present(PLAN_PAGE);
    await recordTexts(frame, '.plan-card .description');
    const typed = `Still typing at ${Date.now()}`;
    await page.evaluate(([id, plans]) => window.studio.edit(id as string, { plans }), [CARDS, plansWith(typed)] as const);
    const description = frame.locator('.plan-card .description').first();
    await frame.locator('.plan-card .description', { hasText: typed }).waitFor({ timeout: 5_000 });
    // The last autosave, older than what the editor has typed since.
    const saved = `Saved a moment ago at ${Date.now()}`;
    appendFileSync(stack.exportFile, `${JSON.stringify({ ...doc(CARDS), _id: `drafts.${CARDS}`, plans: plansWith(saved) })}\n`);
    const refreshingBefore = await page.evaluate(() => window.studio.received.filter((message) => message.type === 'visual-editing/refreshing').length);
    await page.evaluate(() => window.studio.post('presentation/refresh', { source: 'mutation', livePreviewEnabled: true, document: { _id: 'drafts.x', _type: 'planCards', _rev: 'r' } }));
    await page.waitForTimeout(2_000);
    await expect(description.textContent()).resolves.toBe(typed);
    expect(await page.evaluate(() => window.studio.received.filter((message) => message.type === 'visual-editing/refreshing').length)).toBe(refreshingBefore);
    // The refresh button: the page as the dataset has it.
    await page.evaluate(() => window.studio.post('presentation/refresh', { source: 'manual', livePreviewEnabled: true }));
    await frame.locator('.plan-card .description', { hasText: saved }).waitFor({ timeout: 5_000 });
    await keptInPlace(frame);
    await page.close();
  }, 90_000);

  it('listens again when the perspective changes, and draws that perspective\'s changes', async () => {
    const { page, frame } = await present(LANDING);
    await recordTexts(frame, '#hero-title');
    await page.evaluate((picked) => window.studio.setPerspective(picked), STACK);
    await expect.poll(() => page.evaluate(() => window.studio.listens.at(-1)!.data.perspective), { timeout: 5_000 }).toEqual(STACK);
    await frame.locator('#hero-title', { hasText: RELEASE_TITLE }).waitFor({ timeout: 5_000 });
    await expect(frame.locator('.preview-bar__shown').textContent()).resolves.toContain('Scheduled publish');
    const title = `The release's title, typed at ${Date.now()}`;
    await page.evaluate(([id, text]) => window.studio.edit(id!, { title: text }), [HERO, title]);
    await frame.locator('#hero-title', { hasText: title }).waitFor({ timeout: 5_000 });
    await expect(frame.locator('.preview-bar__shown').textContent()).resolves.toContain('Scheduled publish');
    await keptInPlace(frame);
    await page.close();
  }, 90_000);

  it('still opens the clicked field after a keystroke redraw', async () => {
    const { page, frame } = await present(PLAN_PAGE);
    const typed = `Typed before the click at ${Date.now()}`;
    await page.evaluate(([id, plans]) => window.studio.edit(id as string, { plans }), [CARDS, plansWith(typed)] as const);
    const description = frame.locator('.plan-card .description', { hasText: typed }).first();
    await description.waitFor({ timeout: 5_000 });
    const plan = (doc(CARDS).plans as Array<{ _key: string }>)[0]!;
    const focus = page.evaluate(() => window.studio.next('visual-editing/focus'));
    await description.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await description.click({ force: true });
    expect((await focus).data).toMatchObject({ id: CARDS, type: 'planCards', path: `plans[_key=="${plan._key}"].planDescription` });
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
      await page.evaluate(([id, plans]) => window.studio.edit(id as string, { plans }), [CARDS, plansWith(typed)] as const);
      await frame.locator('.plan-card .description', { hasText: typed }).waitFor({ timeout: 5_000 });
      await description.hover({ force: true });
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(SHOTS, `loaders-typed-${width}.png`) });
      const results = await new AxeBuilder({ page }).include('iframe').withTags(AXE_TAGS).options({ resultTypes: ['violations'] }).analyze();
      found.push(...results.violations.map((violation) => `${width} ${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).slice(0, 3).join(' | ')}`));
      await page.close();
    }
    console.log(`[presentation-loaders] screenshots in ${SHOTS}`);
    expect(found).toEqual([]);
  }, 180_000);
});
