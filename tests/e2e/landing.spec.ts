/** The landing page of docs/behaviour.md §2: sections, FAQs, carousel, choose-plans, anchors, accessibility. */
import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from './axe.ts';
import { SCHOOLS } from './helpers.ts';

const school = SCHOOLS.cubby;

/** The fixed header's bottom edge in the viewport. */
const headerBottom = (page: Page) =>
  page.getByRole('banner').evaluate((el) => el.getBoundingClientRect().bottom);

test('the sections come in the order of docs/behaviour.md §2', async ({ page }) => {
  await page.goto(`/${school}`);
  // Each block of the page as a reader meets it: a section by its heading, the partner banner by its image.
  const blocks = await page.locator('main > *').evaluateAll((sections) =>
    sections.map((section) => {
      const heading = section.getAttribute('aria-labelledby');
      if (heading) return document.getElementById(heading)?.textContent?.trim();
      return section.querySelector('img')?.getAttribute('alt');
    }),
  );
  // One partner banner: no section twice on a page (banner 2 is the why page's).
  expect(blocks).toEqual([
    'Big coverage for the whole Cub family', // hero
    expect.stringMatching(/^Partner of /), // partner banner
    'Why Cub Nation switches', // perks
    'How it works',
    'Which Cubby plan is right for you?', // choose plans
    'Growing Cub Nation together', // mission pillars
    'Frequently asked questions',
  ]);
  const hero = page.getByRole('region', { name: 'Big coverage for the whole Cub family' });
  await expect(hero.getByText(/5G network/)).toBeVisible();
  await expect(hero.getByRole('img')).toHaveAttribute('loading', 'eager');
  await expect(page.getByRole('list', { name: 'Perks list' }).getByRole('listitem')).toHaveCount(5);
  await expect(
    page
      .getByRole('region', { name: 'How it works' })
      .getByRole('heading', { level: 3, name: /^Step \d: / }),
  ).toHaveCount(3);
  await expect(
    page.getByRole('region', { name: 'Growing Cub Nation together' }).getByRole('listitem'),
  ).toHaveCount(5);
  await expect(page.getByRole('link', { name: /check coverage/i })).toHaveAttribute(
    'href',
    `/${school}/coverage-map`,
  );
});

test('FAQ items open and close independently, showing + when closed and − when open', async ({
  page,
}) => {
  await page.goto(`/${school}`);
  const faqs = page.getByRole('region', { name: 'Frequently asked questions' });
  // Each FAQ is a disclosure (details: a group); its question is the summary, its answer the paragraph.
  const items = faqs.getByRole('group');
  expect(await items.count()).toBeGreaterThan(2);
  const [first, second] = [items.nth(0), items.nth(1)];
  const question = (item: typeof first) => item.locator('summary');
  const answer = (item: typeof first) => item.getByRole('paragraph');
  // The sign the visitor sees: both are in the page, CSS shows the one for the item's state.
  const sign = (item: typeof first) =>
    question(item)
      .getByText(/^[+−]$/)
      .locator('visible=true');

  await expect(sign(first)).toHaveText('+');
  await expect(answer(first)).toBeHidden();
  await question(first).click();
  await expect(answer(first)).toBeVisible();
  await expect(sign(first)).toHaveText('−');
  await expect(sign(second)).toHaveText('+');

  await question(second).click();
  await expect(answer(first)).toBeVisible();
  await expect(answer(second)).toBeVisible();

  await question(first).click();
  await expect(answer(first)).toBeHidden();
  await expect(sign(first)).toHaveText('+');
  await expect(sign(second)).toHaveText('−');

  const [seeMore, support] = [
    faqs.getByRole('link', { name: /^See more FAQs/ }),
    faqs.getByRole('link', { name: /^Contact support/ }),
  ];
  await expect(seeMore).toHaveAttribute('target', '_blank');
  await expect(support).toHaveAttribute('rel', 'noopener noreferrer');
});

test(
  'perk carousel: dots follow swiping and a tapped dot moves the row (phones)',
  { tag: '@phone' },
  async ({ page }, info) => {
    test.skip(info.project.name !== 'phone', 'a grid without dots from 768 px');
    await page.goto(`/${school}`);
    const carousel = page.getByRole('region', { name: 'Perks' });
    await carousel.and(page.locator('[data-ready]')).waitFor();
    await carousel.scrollIntoViewIfNeeded();
    const track = carousel.getByRole('list', { name: 'Perks list' });
    const dots = carousel.getByRole('group', { name: 'Choose a perks card' }).getByRole('button');
    await expect(dots).toHaveCount(5);
    await expect(dots.nth(0)).toHaveAttribute('aria-current', 'true');
    await page.waitForTimeout(600); // listeners attach 500 ms after load

    const box = (await track.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(box.width * 2, 0);
    await expect
      .poll(() => dots.and(page.locator('[aria-current="true"]')).getAttribute('aria-label'))
      .toMatch(/\(3 of 5\)/);

    await dots.nth(4).click();
    await expect(dots.nth(4)).toHaveAttribute('aria-current', 'true');
    await expect
      .poll(() => track.evaluate((el) => Math.round(el.scrollLeft)))
      .toBeGreaterThan(box.width * 2);
    await dots.nth(0).click();
    await expect(dots.nth(0)).toHaveAttribute('aria-current', 'true');
    // Back at the start (scroll snapping may leave the row's 2 px padding).
    await expect
      .poll(() => track.evaluate((el) => Math.round(el.scrollLeft)))
      .toBeLessThanOrEqual(4);
  },
);

test('the choose-plans buttons land on the three plan pages', async ({ page }) => {
  for (const [name, path] of [
    ['Alumni/Fan', 'fan'],
    ['Student', 'student'],
    ['Faculty', 'faculty'],
  ] as const) {
    await page.goto(`/${school}`);
    await page
      .getByRole('region', { name: 'Which Cubby plan is right for you?' })
      .getByRole('link', { name })
      .click();
    await expect(page).toHaveURL(new RegExp(`/${school}/${path}$`));
    await expect(page.locator('h1').first()).toBeVisible();
  }
});

test(
  'the hero call to action scrolls to the plans, visible below the fixed header',
  { tag: '@phone' },
  async ({ page }) => {
    await page.goto(`/${school}`);
    await page
      .getByRole('region', { name: 'Big coverage for the whole Cub family' })
      .getByRole('link', { name: 'Shop Plans' })
      .click();
    await expect(page).toHaveURL(/#plans$/);
    const heading = page.locator('#plans h2');
    await expect
      .poll(async () => (await heading.boundingBox())!.y, { timeout: 5000 })
      .toBeGreaterThanOrEqual(await headerBottom(page));
    await expect(heading).toBeInViewport();
    // The scroll is smooth: the block settles at the header's offset once it ends.
    const offset = page.viewportSize()!.width < 768 ? 95 : 105;
    const distanceFromOffset = async () =>
      Math.abs(
        (await page.locator('#plans').evaluate((el) => el.getBoundingClientRect().top)) - offset,
      );
    await expect.poll(distanceFromOffset).toBeLessThanOrEqual(2);
  },
);

test(
  'arriving with a #fragment scrolls the anchor below the header after 1 s',
  { tag: '@phone' },
  async ({ page }) => {
    // Timers stand still until the test moves the clock.
    await page.clock.install({ time: new Date('2026-01-01T10:00:00Z') });
    await page.clock.pauseAt(new Date('2026-01-01T10:01:00Z'));
    await page.goto(`/${school}#faqs`);
    const offset = page.viewportSize()!.width < 768 ? 95 : 105;
    const faqsTop = () =>
      page.locator('#faqs').evaluate((el) => Math.round(el.getBoundingClientRect().top));
    // Undo the browser's own jump, so only the page's delayed scroll can bring the anchor back.
    // Chromium keeps re-applying the fragment while the page settles: repeat until it stays at 0.
    await expect
      .poll(
        async () => {
          await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
          await page.waitForTimeout(300);
          return page.evaluate(() => window.scrollY);
        },
        { timeout: 10_000 },
      )
      .toBe(0);
    await page.clock.runFor(900);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.clock.runFor(200);
    await expect.poll(faqsTop).toBe(offset);
    await expect(page.locator('#faqs h2')).toBeInViewport();
  },
);

// The launch review runs axe on every page of Husky, Cubby and Bears; these are the other schools' colours.
for (const seo of [SCHOOLS.beavs, SCHOOLS.kentucky, SCHOOLS.utes]) {
  test(`${seo}: the landing page has no axe violations`, async ({ page }) => {
    await page.goto(`/${seo}`);
    expect(await axeViolations(page)).toEqual([]);
  });
}
