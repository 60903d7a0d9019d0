/** The landing page of SPEC §2: sections, FAQs, carousel, choose-plans, anchors, accessibility. */
import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from './axe.ts';
import { SCHOOLS } from './helpers.ts';

const school = SCHOOLS.cubby;

/** The fixed header's bottom edge in the viewport. */
const headerBottom = (page: Page) => page.locator('.site-header').evaluate((el) => el.getBoundingClientRect().bottom);

test('the sections come in the order of SPEC §2', async ({ page }) => {
  await page.goto(`/${school}`);
  const ids = await page.locator('main > *').evaluateAll((sections) =>
    sections.map((section) => section.className.split(' ').find((name: string) => ['hero', 'partner-banner', 'perks', 'how', 'choose', 'mission', 'faqs'].includes(name))));
  // One partner banner: no section twice on a page (banner 2 is the why page's).
  expect(ids).toEqual(['hero', 'partner-banner', 'perks', 'how', 'choose', 'mission', 'faqs']);
  await expect(page.locator('.hero__carrier')).toHaveText(/5G/);
  await expect(page.locator('.hero img')).toHaveAttribute('loading', 'eager');
  await expect(page.locator('.perks .carousel-item')).toHaveCount(5);
  await expect(page.locator('.how__step')).toHaveCount(3);
  await expect(page.locator('.mission__pillar')).toHaveCount(5);
  await expect(page.getByRole('link', { name: /check coverage/i })).toHaveAttribute('href', `/${school}/coverage-map`);
});

test('FAQ items open and close independently, showing + when closed and − when open', async ({ page }) => {
  await page.goto(`/${school}`);
  const items = page.locator('.faq');
  expect(await items.count()).toBeGreaterThan(2);
  const [first, second] = [items.nth(0), items.nth(1)];
  const sign = (item: typeof first) => item.locator('.faq__sign:visible');

  await expect(sign(first)).toHaveText('+');
  await expect(first.locator('.faq__answer')).toBeHidden();
  await first.locator('summary').click();
  await expect(first.locator('.faq__answer')).toBeVisible();
  await expect(sign(first)).toHaveText('−');
  await expect(sign(second)).toHaveText('+');

  await second.locator('summary').click();
  await expect(first.locator('.faq__answer')).toBeVisible();
  await expect(second.locator('.faq__answer')).toBeVisible();

  await first.locator('summary').click();
  await expect(first.locator('.faq__answer')).toBeHidden();
  await expect(sign(first)).toHaveText('+');
  await expect(sign(second)).toHaveText('−');

  await expect(page.locator('[data-analytics="landingpage.seemorefaqs"]')).toHaveAttribute('target', '_blank');
  await expect(page.locator('[data-analytics="landingpage.visitsupport"]')).toHaveAttribute('rel', 'noopener noreferrer');
});

test('perk carousel: dots follow swiping and a tapped dot moves the row (phones)', { tag: '@phone' }, async ({ page }, info) => {
  test.skip(info.project.name !== 'phone', 'a grid without dots from 768 px');
  await page.goto(`/${school}`);
  const carousel = page.getByRole('region', { name: 'Perks' });
  await carousel.and(page.locator('[data-ready]')).waitFor();
  await carousel.scrollIntoViewIfNeeded();
  const track = carousel.locator('.carousel-items');
  const dots = carousel.locator('.carousel__dot');
  await expect(dots).toHaveCount(5);
  await expect(dots.nth(0)).toHaveAttribute('aria-current', 'true');
  await page.waitForTimeout(600); // listeners attach 500 ms after load

  const box = (await track.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(box.width * 2, 0);
  await expect.poll(() => carousel.locator('.carousel__dot[aria-current="true"]').getAttribute('aria-label')).toMatch(/\(3 of 5\)/);

  await dots.nth(4).click();
  await expect(dots.nth(4)).toHaveAttribute('aria-current', 'true');
  await expect.poll(() => track.evaluate((el) => Math.round(el.scrollLeft))).toBeGreaterThan(box.width * 2);
  await dots.nth(0).click();
  await expect(dots.nth(0)).toHaveAttribute('aria-current', 'true');
  // Back at the start (scroll snapping may leave the row's 2 px padding).
  await expect.poll(() => track.evaluate((el) => Math.round(el.scrollLeft))).toBeLessThanOrEqual(4);
});

test('the choose-plans buttons land on the three plan pages', async ({ page }) => {
  for (const [index, path] of ['fan', 'student', 'faculty'].entries()) {
    await page.goto(`/${school}`);
    await page.locator('.choose__button').nth(index).click();
    await expect(page).toHaveURL(new RegExp(`/${school}/${path}$`));
    await expect(page.locator('h1').first()).toBeVisible();
  }
});

test('the hero call to action scrolls to the plans, visible below the fixed header', { tag: '@phone' }, async ({ page }) => {
  await page.goto(`/${school}`);
  await page.locator('.hero__cta').click();
  await expect(page).toHaveURL(/#plans$/);
  const heading = page.locator('#plans h2');
  await expect.poll(async () => (await heading.boundingBox())!.y, { timeout: 5000 }).toBeGreaterThanOrEqual(await headerBottom(page));
  await expect(heading).toBeInViewport();
  // The scroll is smooth: the block settles at the header's offset once it ends.
  const offset = page.viewportSize()!.width < 768 ? 95 : 105;
  const distanceFromOffset = async () => Math.abs(await page.locator('#plans').evaluate((el) => el.getBoundingClientRect().top) - offset);
  await expect.poll(distanceFromOffset).toBeLessThanOrEqual(2);
});

test('arriving with a #fragment scrolls the anchor below the header after 1 s', { tag: '@phone' }, async ({ page }) => {
  // Timers stand still until the test moves the clock.
  await page.clock.install({ time: new Date('2026-01-01T10:00:00Z') });
  await page.clock.pauseAt(new Date('2026-01-01T10:01:00Z'));
  await page.goto(`/${school}#faqs`);
  const offset = page.viewportSize()!.width < 768 ? 95 : 105;
  const faqsTop = () => page.locator('#faqs').evaluate((el) => Math.round(el.getBoundingClientRect().top));
  // Undo the browser's own jump, so only the page's delayed scroll can bring the anchor back.
  // Chromium keeps re-applying the fragment while the page settles: repeat until it stays at 0.
  await expect.poll(async () => {
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await page.waitForTimeout(300);
    return page.evaluate(() => window.scrollY);
  }, { timeout: 10_000 }).toBe(0);
  await page.clock.runFor(900);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await page.clock.runFor(200);
  await expect.poll(faqsTop).toBe(offset);
  await expect(page.locator('#faqs h2')).toBeInViewport();
});

// The launch review runs axe on every page of Husky, Cubby and Bears; these are the other schools' colours.
for (const seo of [SCHOOLS.beavs, SCHOOLS.kentucky, SCHOOLS.utes]) {
  test(`${seo}: the landing page has no axe violations`, async ({ page }) => {
    await page.goto(`/${seo}`);
    expect(await axeViolations(page)).toEqual([]);
  });
}
