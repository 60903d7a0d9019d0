/**
 * Pause, stop, hide (WCAG 2.2.2): the rotating backgrounds of `/`, `/default` and `/search` have a
 * pause button, reached first by Tab and pressed by keyboard, that says whether it is pressed,
 * stops the background at once, and whose choice holds on the next page of the visit. With
 * reduced motion nothing moves and there is no button. axe over the three pages with the button
 * shown, playing and paused, at phone and desktop width.
 */
import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from './axe.ts';

const MOVING_PAGES = ['/', '/default', '/search'] as const;

const background = (page: Page) => page.locator('[data-rotating-background]');
const pauseButton = (page: Page) => page.getByRole('button', { name: 'Pause background' });
/** The image a visitor sees: the one fully shown. */
const shownImage = (page: Page) =>
  background(page)
    .locator('img')
    .evaluateAll((images) =>
      images
        .filter((image) => getComputedStyle(image).opacity === '1')
        .map((image) => image.getAttribute('src')),
    );

/** Tab from the top of the page: the pause button is the first stop. */
async function tabToPauseButton(page: Page) {
  await page.keyboard.press('Tab');
  await expect(pauseButton(page)).toBeFocused();
}

test.describe('pausing the rotating background', () => {
  // The page's timers run on Playwright's clock, so "5 seconds" is exact even on a busy machine.
  test.beforeEach(async ({ page }) => {
    await page.clock.install({ time: new Date('2026-09-01T12:00:00Z') });
    await page.clock.pauseAt(new Date('2026-09-01T12:00:01Z'));
  });

  test('by keyboard: Enter pauses, the next page stays paused, Space plays again', async ({
    page,
  }) => {
    await page.goto('/');
    await tabToPauseButton(page);
    const button = pauseButton(page);
    await expect(button).toHaveAttribute('aria-pressed', 'false');
    await page.clock.runFor(5000);
    await expect(background(page)).toHaveAttribute('data-active', '1');

    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    await expect(button).toBeFocused();
    await expect.poll(() => shownImage(page)).toEqual(['/backgrounds/coming-soon-2.webp']);
    await page.clock.runFor(30_000);
    await expect(background(page)).toHaveAttribute('data-active', '1');
    expect(await shownImage(page)).toEqual(['/backgrounds/coming-soon-2.webp']);

    // Another page of the visit: paused before its first rotation.
    await page.goto('/search');
    await expect(pauseButton(page)).toHaveAttribute('aria-pressed', 'true');
    await page.clock.runFor(15_000);
    await expect(background(page)).toHaveAttribute('data-active', '0');

    await tabToPauseButton(page);
    await page.keyboard.press('Space');
    await expect(pauseButton(page)).toHaveAttribute('aria-pressed', 'false');
    await page.clock.runFor(5000);
    await expect(background(page)).toHaveAttribute('data-active', '1');

    // Played again, it plays on the next page too.
    await page.goto('/default');
    await expect(pauseButton(page)).toHaveAttribute('aria-pressed', 'false');
    await page.clock.runFor(5000);
    await expect(background(page)).toHaveAttribute('data-active', '1');
  });

  test('with reduced motion nothing moves and there is nothing to pause', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    for (const path of MOVING_PAGES) {
      await page.goto(path);
      await expect(background(page)).toHaveAttribute('data-active', '0');
      await expect(page.locator('[data-background-toggle]')).toBeHidden();
      await page.clock.runFor(10_000);
      await expect(background(page)).toHaveAttribute('data-active', '0');
    }
  });
});

test.describe('the pause button', () => {
  // axe over the long school list can take a while on a shared 2-core machine (a ceiling, not a speed check).
  test.describe.configure({ timeout: 180_000 });

  test(
    'is a visible 44 px target with a focus ring, and axe finds nothing, playing or paused',
    { tag: '@phone' },
    async ({ page }) => {
      test.slow();
      for (const path of MOVING_PAGES) {
        await page.goto(path);
        const button = pauseButton(page);
        await expect(button).toBeVisible();
        const box = await button.boundingBox();
        expect(
          box && Math.min(box.width, box.height),
          `${path}: the button's smaller side`,
        ).toBeGreaterThanOrEqual(44);
        expect(await axeViolations(page), `${path}, playing`).toEqual([]);

        await tabToPauseButton(page);
        const ring = await button.evaluate((element) => {
          const style = getComputedStyle(element);
          return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
        });
        expect(ring.style, `${path}: a focus ring`).toBe('solid');
        expect(ring.width).toBeGreaterThanOrEqual(2);
        await page.keyboard.press('Enter');
        await expect(button).toHaveAttribute('aria-pressed', 'true');
        expect(await axeViolations(page), `${path}, paused`).toEqual([]);
        // Play again, so the next page starts as a new visitor's would.
        await page.keyboard.press('Enter');
        await expect(button).toHaveAttribute('aria-pressed', 'false');
      }
    },
  );
});
