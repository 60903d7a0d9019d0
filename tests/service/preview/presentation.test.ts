/**
 * Click-to-edit in Presentation, in Chromium: a host page on another origin plays the Studio's side
 * with Sanity's own comlink libraries (presentation-stack.ts, studio-host.client.ts), frames a
 * preview page after switching draft mode on through Presentation's secret, completes the
 * handshake with the overlays, clicks a plan card's description and receives
 * `visual-editing/focus` naming its document, type and path; a draft edit written to the export
 * and `presentation/refresh` show the new text. Prints both round trips; runs axe on framed
 * pages with the overlays on; saves screenshots with an overlay hovered (.scratch/presentation/).
 * On the same server (one preview build): every data-sanity of every page type of two schools
 * names an existing document and field and shows its value (data-sanity.ts).
 */
import { mkdirSync, appendFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type Frame, type Page } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AXE_TAGS } from '../../e2e/axe.ts';
import { SCHOOL_ROUTES } from '../../../src/lib/route-table/routes.ts';
import { checkDataSanity, SCHOOLS } from './data-sanity.ts';
import { CHROMIUM, startPresentationStack, type Doc, type PreviewStack } from './presentation-stack.ts';

const SCHOOL = 'uw-husky-mobile';
const PLAN_PAGE = `/${SCHOOL}/fan`;
const SHOTS = resolve(import.meta.dirname, '../../../.scratch/presentation');

let stack: PreviewStack;
let browser: Browser;

beforeAll(async () => {
  stack = await startPresentationStack();
  browser = await chromium.launch(CHROMIUM);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

/** Opens the host page framing `path` and waits for the overlays' handshake. */
async function present(path: string, viewport = { width: 1280, height: 900 }): Promise<{ page: Page; frame: Frame; errors: string[] }> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  page.on('close', () => void context.close());
  const errors: string[] = [];
  page.on('console', (message) => { if (message.type() === 'error') errors.push(message.text()); });
  await page.goto(stack.hostUrl(path));
  await page.waitForFunction(() => window.studio?.statuses.includes('connected'), undefined, { timeout: 30_000 }).catch((error: Error) => {
    throw new Error(`no handshake: ${error.message}\nstatuses: ${errors.join('\n')}`);
  });
  const frame = page.frames().find((candidate) => candidate !== page.mainFrame())!;
  await frame.waitForURL((url) => url.origin === stack.site && url.pathname === path, { timeout: 10_000 }).catch((error: Error) => {
    throw new Error(`${error.message}\nframe at ${frame.url()}; console: ${errors.join('\n')}`);
  });
  return { page, frame, errors };
}

function planCards(documents: Doc[]): Doc {
  return documents.find((doc) => doc._id === 'huskymobile-planCards-fan')!;
}

describe('Presentation and the overlays', () => {
  it('hands the clicked field to the Studio and shows an edit after refresh', async () => {
    const { page, frame, errors } = await present(PLAN_PAGE);
    const cards = planCards(stack.documents());
    const plan = (cards.plans as Array<{ _key: string; planDescription: string }>)[0]!;
    const description = frame.locator('.plan-card .description').first();
    await expect(description.textContent()).resolves.toBe(plan.planDescription);

    // Click → visual-editing/focus
    const focus = page.evaluate(() => window.studio.next('visual-editing/focus'));
    // In the middle of the frame, clear of the fixed header and the preview bar.
    await description.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    const clicked = Date.now();
    // The overlays lay their own layer over the page: the click lands where the editor's would.
    await description.click({ force: true });
    const { at, data } = await focus;
    const clickToFocus = at - clicked;
    expect(data).toMatchObject({ id: cards._id, type: 'planCards', path: `plans[_key=="${plan._key}"].planDescription` });

    // Edit (a draft written to the export) → presentation/refresh → the new text shows.
    const edited = `Edited in the Studio at ${Date.now()}: unlimited data for every Husky.`;
    const draft = { ...cards, _id: `drafts.${cards._id}`, plans: (cards.plans as object[]).map((item, index) => (index === 0 ? { ...item, planDescription: edited } : item)) };
    const written = Date.now();
    appendFileSync(stack.exportFile, `${JSON.stringify(draft)}\n`);
    await page.evaluate(() => window.studio.post('presentation/refresh', { source: 'manual', livePreviewEnabled: false }));
    const refreshed = page.frames().find((candidate) => candidate !== page.mainFrame())!;
    await refreshed.locator('.plan-card .description', { hasText: edited }).first().waitFor({ timeout: 15_000 });
    const editToText = Date.now() - written;

    console.log(`[presentation] click → visual-editing/focus: ${clickToFocus} ms; draft edit → refreshed text: ${editToText} ms`);
    // The overlays' styles and scripts are allowed by the preview's policy.
    expect(errors.filter((error) => /Content Security Policy/i.test(error))).toEqual([]);
    await page.close();
  }, 120_000);

  it('keeps the Studio address bar in step with navigation', async () => {
    const { page, frame } = await present(`/${SCHOOL}`);
    const navigations = () => page.evaluate(() => window.studio.received.filter((message) => message.type === 'visual-editing/navigate').map((message) => message.data));
    await expect.poll(navigations, { timeout: 10_000 }).toContainEqual(expect.objectContaining({ type: 'push', url: `/${SCHOOL}` }));
    // A click on a link would open its field (the overlays are on): the frame goes to another page as a link would take it.
    await frame.evaluate(() => window.location.assign(`${window.location.pathname}/why`));
    await expect.poll(navigations, { timeout: 20_000 }).toContainEqual(expect.objectContaining({ type: 'push', url: `/${SCHOOL}/why` }));
    await page.close();
  }, 60_000);

  it('passes axe on framed pages with the overlays on', async () => {
    const found: string[] = [];
    for (const path of [`/${SCHOOL}`, PLAN_PAGE, `/${SCHOOL}/why`]) {
      const { page, frame } = await present(path);
      const field = frame.locator('main [data-sanity]').first();
      await field.evaluate((element) => element.scrollIntoView({ block: 'center' }));
      await field.hover({ force: true });
      // The preview page in its frame (the host page is the test's own).
      const results = await new AxeBuilder({ page }).include('iframe').withTags(AXE_TAGS).options({ resultTypes: ['violations'] }).analyze();
      found.push(...results.violations.map((violation) => `${path} ${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).slice(0, 3).join(' | ')}`));
      await page.close();
    }
    expect(found).toEqual([]);
  }, 180_000);

  it('shows an overlay on hover (screenshots at 390 and 1280 px)', async () => {
    mkdirSync(SHOTS, { recursive: true });
    for (const width of [390, 1280]) {
      const { page, frame } = await present(PLAN_PAGE, { width, height: 844 });
      const description = frame.locator('.plan-card .description').first();
      await description.evaluate((element) => element.scrollIntoView({ block: 'center' }));
      await description.hover({ force: true });
      await page.waitForTimeout(400);
      await page.screenshot({ path: join(SHOTS, `framed-overlay-${width}.png`) });
      await page.close();
    }
  }, 120_000);
});

describe('data-sanity on every page type of two schools', () => {
  it('names existing documents and fields, and shows their values', async () => {
    const report = await checkDataSanity(stack, browser);
    for (const line of report.shares) console.log(`[data-sanity] ${line}`);
    console.log(`[data-sanity] ${report.checked} attributes checked on ${report.pageTypes.length} page types of ${SCHOOLS.length} schools`);
    expect(report.problems).toEqual([]);
    expect(report.pageTypes.sort()).toEqual(SCHOOL_ROUTES.map((route) => route.name).sort());
  }, 240_000);
});
