/**
 * Presentation's perspective menu, in Chromium, with Sanity's own comlink playing the Studio
 * (presentation-stack.ts, studio-host.client.ts): the overlays answer
 * `visual-editing/fetch-perspective` with `handlesPerspectiveChange: true`; `presentation/perspective`
 * naming the bundled scheduled draft (`rHuskyL27,drafts`) shows its text in place within 2 s (the
 * same document, the same overlay root, the connection kept), and back to `drafts` the draft's
 * text; ten switches are timed (median printed). A click in the release's view sends a focus
 * naming the document and field, and the overlays report the page's documents in that
 * perspective (how Presentation opens the release's version). A reload with the perspective on the
 * address shows the same. Screenshots of the page under published, drafts and the scheduled
 * draft at 390 and 1280 px, axe on each (SHOTS, default /work/shots41 when it exists, else .scratch/).
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type Frame, type Page } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { median } from '../../../scripts/support/stats.ts';
import { AXE_TAGS } from '../../e2e/axe.ts';
import { CHROMIUM, startPresentationStack, type PreviewStack } from './presentation-stack.ts';

const SCHOOL = '/uw-husky-mobile';
const RELEASE = 'rHuskyL27';
const STACK = [RELEASE, 'drafts'];
const RELEASE_TITLE = 'Spring signing day: your first month on us';
const DRAFTS_TITLE = 'The phone plan that bleeds purple';
const SHOTS =
  process.env.SHOTS ??
  (existsSync('/work/shots41')
    ? '/work/shots41'
    : resolve(import.meta.dirname, '../../../.scratch/presentation'));

let stack: PreviewStack;
let browser: Browser;

beforeAll(async () => {
  stack = await startPresentationStack('presentation-perspective');
  browser = await chromium.launch(CHROMIUM);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

async function present(path: string): Promise<{ page: Page; frame: Frame }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.on('close', () => void context.close().catch(() => undefined));
  await page.goto(stack.hostUrl(path));
  await page.waitForFunction(() => window.studio?.statuses.includes('connected'), undefined, {
    timeout: 30_000,
  });
  const frame = page.frames().find((candidate) => candidate !== page.mainFrame())!;
  await frame.waitForURL((url) => url.origin === stack.site && url.pathname === path, {
    timeout: 10_000,
  });
  return { page, frame };
}

/** Picks a perspective in the host's menu; resolves with the ms until the hero's title reads `text`. */
async function switchTo(
  page: Page,
  frame: Frame,
  perspective: string | string[],
  text: string,
): Promise<number> {
  await frame.evaluate(() => {
    (window as unknown as { titleSeenAt?: number }).titleSeenAt = undefined;
  });
  const posted = await page.evaluate((picked) => {
    window.studio.setPerspective(picked);
    return Date.now();
  }, perspective);
  await frame
    .waitForFunction(
      (wanted) => {
        const seen = document.getElementById('hero-title')?.innerText === wanted;
        if (seen) (window as unknown as { titleSeenAt?: number }).titleSeenAt ??= Date.now();
        return seen;
      },
      text,
      { timeout: 5_000, polling: 'raf' },
    )
    .catch(async (error: Error) => {
      throw new Error(
        `"${text}" not shown after presentation/perspective ${JSON.stringify(perspective)}: ${error.message}; the page shows "${await frame.locator('#hero-title').innerText()}"`,
      );
    });
  const seenAt = await frame.evaluate(
    () => (window as unknown as { titleSeenAt: number }).titleSeenAt,
  );
  return seenAt - posted;
}

describe("the Studio's perspective menu and the preview page", () => {
  it('declares it switches in place; a release and back to drafts show in place within 2 s, connection and overlays kept; a click names the field', async () => {
    const { page, frame } = await present(SCHOOL);
    await expect
      .poll(() => page.evaluate(() => window.studio.perspectiveRequests), { timeout: 10_000 })
      .toContainEqual(expect.objectContaining({ handlesPerspectiveChange: true }));
    await expect(frame.locator('#hero-title').innerText()).resolves.toBe(DRAFTS_TITLE);
    await expect(frame.locator('.preview-bar__shown').innerText()).resolves.toBe('Showing: Drafts');
    // Marks a full load would drop.
    await frame.evaluate(() => {
      Object.assign(window, { sameDocument: true });
      Object.assign(document.querySelector('sanity-visual-editing')!, { sameOverlayRoot: true });
      window.scrollTo(0, 200);
    });
    const statusesBefore = await page.evaluate(() => window.studio.statuses.length);

    const toRelease: number[] = [];
    const toDrafts: number[] = [];
    for (let round = 1; round <= 10; round++) {
      toRelease.push(await switchTo(page, frame, STACK, RELEASE_TITLE));
      await expect(frame.locator('.preview-bar__shown').innerText()).resolves.toBe(
        'Showing: Scheduled publish — scheduled draft, publishes Mon 1 Mar 2027, 09:00 UTC',
      );
      toDrafts.push(await switchTo(page, frame, 'drafts', DRAFTS_TITLE));
    }
    console.log(
      `[presentation-perspective] presentation/perspective → new text: to the scheduled draft ${toRelease.join(', ')} ms (median ${Math.round(median(toRelease))} ms); back to drafts ${toDrafts.join(', ')} ms (median ${Math.round(median(toDrafts))} ms)`,
    );
    for (const time of [...toRelease, ...toDrafts]) expect(time).toBeLessThanOrEqual(2_000);

    expect(
      await frame.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
    ).toBe(true);
    expect(
      await frame.evaluate(
        () => 'sameOverlayRoot' in document.querySelector('sanity-visual-editing')!,
      ),
    ).toBe(true);
    expect(await frame.evaluate(() => window.scrollY)).toBe(200);
    expect(
      await page.evaluate((from) => window.studio.statuses.slice(from), statusesBefore),
    ).toEqual([]);
    // The frame's address names what it shows, so a reload shows it again.
    expect(new URL(frame.url()).searchParams.get('sanity-preview-perspective')).toBe('drafts');

    // In the release's view: a click on the hero's title names its document and field; the
    // overlays report the page's documents in the release's perspective.
    await switchTo(page, frame, STACK, RELEASE_TITLE);
    const focus = page.evaluate(() => window.studio.next('visual-editing/focus'));
    const title = frame.locator('#hero-title');
    await title.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await title.click({ force: true });
    expect((await focus).data).toMatchObject({
      id: 'huskymobile-landingHeader',
      type: 'landingHeader',
      path: 'title',
    });
    await expect
      .poll(
        () =>
          page.evaluate(
            () =>
              window.studio.received
                .filter((message) => message.type === 'visual-editing/documents')
                .at(-1)?.data,
          ),
        { timeout: 5_000 },
      )
      .toMatchObject({
        perspective: STACK,
        documents: expect.arrayContaining([
          expect.objectContaining({ _id: 'huskymobile-landingHeader', _type: 'landingHeader' }),
        ]) as unknown[],
      });

    // Reloaded, the frame asks for the release by its address, and shows it.
    await frame.evaluate(() => location.reload());
    await page.waitForFunction(
      () => window.studio.statuses.filter((status) => status === 'connected').length >= 2,
      undefined,
      { timeout: 30_000 },
    );
    const reloaded = page.frames().find((candidate) => candidate !== page.mainFrame())!;
    await expect(reloaded.locator('#hero-title').innerText()).resolves.toBe(RELEASE_TITLE);
    await page.close();
  }, 180_000);

  it('names each perspective in the bar: screenshots at 390 and 1280 px, axe clean', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const found: string[] = [];
    for (const width of [390, 1280]) {
      // In draft mode, outside Presentation: the page as an editor's reload gets it.
      const context = await browser.newContext({
        viewport: { width, height: 844 },
        extraHTTPHeaders: { cookie: stack.draftCookie },
      });
      const page = await context.newPage();
      for (const [name, perspective, shown] of [
        ['published', 'published', 'Showing: Published'],
        ['drafts', 'drafts', 'Showing: Drafts'],
        [
          'scheduled-draft',
          STACK.join(','),
          'Showing: Scheduled publish — scheduled draft, publishes Mon 1 Mar 2027, 09:00 UTC',
        ],
      ] as const) {
        await page.goto(
          `${stack.site}${SCHOOL}?sanity-preview-perspective=${encodeURIComponent(perspective)}`,
        );
        await expect(page.locator('.preview-bar__shown').innerText()).resolves.toBe(shown);
        await expect(page.locator('#hero-title').innerText()).resolves.toBe(
          name === 'scheduled-draft' ? RELEASE_TITLE : DRAFTS_TITLE,
        );
        await page.screenshot({ path: join(SHOTS, `landing-${name}-${width}.png`) });
        const results = await new AxeBuilder({ page })
          .withTags(AXE_TAGS)
          .options({ resultTypes: ['violations'] })
          .analyze();
        found.push(
          ...results.violations.map(
            (violation) =>
              `${name} ${width} ${violation.id}: ${violation.nodes
                .map((node) => node.target.join(' '))
                .slice(0, 3)
                .join(' | ')}`,
          ),
        );
      }
      await context.close();
    }
    console.log(`[presentation-perspective] screenshots in ${SHOTS}`);
    expect(found).toEqual([]);
  }, 180_000);
});
