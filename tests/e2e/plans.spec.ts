/** Plan pages in the browser: card expansion (docs/behaviour.md §4), facts panel placement, prices, giveaways banner, why button. */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { SCHOOLS, factsToggles, openFactsPanels, planCards, planCardsReady } from './helpers.ts';

const FACULTY = `/${SCHOOLS.husky}/faculty`;

async function openPlans(page: Page, path = FACULTY): Promise<Locator> {
  await page.goto(path);
  return planCardsReady(page);
}

const toggles = (page: Page) => factsToggles(page);
/** The card whose facts are open (its toggle is expanded). */
const expandedCard = (page: Page) =>
  planCards(page).filter({ has: page.getByRole('button', { expanded: true }) });
const panelFor = (page: Page, toggle: Locator) =>
  toggle.getAttribute('aria-controls').then((id) => page.locator(`[id="${id}"]`));

test('cards start collapsed; a toggle expands its card only, toggling again collapses it', async ({
  page,
}) => {
  await openPlans(page);
  const all = toggles(page);
  await expect(all).toHaveCount(3);
  for (const toggle of await all.all())
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(openFactsPanels(page)).toHaveCount(0);

  const [first, second] = [all.nth(0), all.nth(1)];
  await expect(first).toHaveText(/Broadband Facts/);
  await first.click();
  await expect(first).toHaveAttribute('aria-expanded', 'true');
  await expect(await panelFor(page, first)).toBeVisible();

  await second.click();
  await expect(first).toHaveAttribute('aria-expanded', 'false');
  await expect(second).toHaveAttribute('aria-expanded', 'true');
  await expect(expandedCard(page)).toHaveCount(1);
  await expect(openFactsPanels(page)).toHaveCount(1);
  await expect(await panelFor(page, first)).toBeHidden();

  await second.click();
  await expect(second).toHaveAttribute('aria-expanded', 'false');
  await expect(expandedCard(page)).toHaveCount(0);
  await expect(openFactsPanels(page)).toHaveCount(0);
});

// Cal Bears' tenant record has no colours: its school document's Berkeley Blue (#003262) applies.
// The black fallback for a school with neither is covered by the theme's unit tests.
test("the expanded card gets a 4 px border and glow in the school colour (the school document's when the tenant record has none)", async ({
  page,
}) => {
  for (const [path, colour] of [
    [FACULTY, 'rgb(75, 46, 131)'],
    [`/${SCHOOLS.bears}/fan`, 'rgb(0, 50, 98)'],
  ] as const) {
    await openPlans(page, path);
    await toggles(page).first().click();
    const card = expandedCard(page);
    await expect(card).toHaveCSS('border-top-width', '4px');
    await expect(card).toHaveCSS('border-top-color', colour);
    expect(await card.evaluate((el) => getComputedStyle(el).boxShadow)).not.toBe('none');
  }
});

test(
  'the facts panel shows the matching label, below the card on phones and under the grid on desktop',
  { tag: '@phone' },
  async ({ page }, testInfo) => {
    await openPlans(page);
    const toggle = toggles(page).nth(0);
    await toggle.click();
    const panel = await panelFor(page, toggle);
    await expect(panel.getByRole('heading', { name: 'Broadband Facts' })).toBeVisible();
    await expect(panel).toContainText('Husky Mobile Faculty Essentials');
    await expect(panel).toContainText('$27.00');
    await expect(panel).toContainText('M3615245165UB83NYT4DPFZO21');
    await expect(panel).not.toContainText('No broadband fact available yet.');

    const cards = planCards(page);
    const box = async (locator: Locator) => (await locator.boundingBox())!;
    const [panelBox, first, second, third] = await Promise.all([
      box(panel),
      box(cards.nth(0)),
      box(cards.nth(1)),
      box(cards.nth(2)),
    ]);
    if (testInfo.project.name === 'phone') {
      expect(panelBox.y).toBeGreaterThanOrEqual(first.y + first.height);
      expect(panelBox.y + panelBox.height).toBeLessThanOrEqual(second.y);
      // The label fits the phone: no sideways scrolling.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        390,
      );
    } else {
      expect(first.y).toBeCloseTo(third.y, 0);
      expect(panelBox.y).toBeGreaterThanOrEqual(
        Math.max(first.y + first.height, third.y + third.height),
      );
      expect(panelBox.width).toBeGreaterThan(2 * second.width);
    }
  },
);

test('every label field group is there as headings, definition lists and links', async ({
  page,
}) => {
  await openPlans(page);
  const toggle = toggles(page).nth(1);
  await toggle.click();
  const label = (await panelFor(page, toggle)).locator('article');
  for (const name of [
    'Additional Charges & Terms',
    'Discounts & Bundles',
    'Speeds Provided with Plan',
    'Policies',
    'Customer Support',
  ]) {
    await expect(label.getByRole('heading', { name })).toBeVisible();
  }
  await expect(label.locator('dt', { hasText: /^Monthly Price$/ })).toBeVisible();
  await expect(label.locator('dt', { hasText: /^Typical Download Speed$/ })).toBeVisible();
  await expect(label.getByRole('link', { name: /\(800\) 555-0142/ })).toHaveAttribute(
    'href',
    'tel:8005550142',
  );
  await expect(label.getByRole('link', { name: /Read our Policy \(Privacy\)/ })).toHaveAttribute(
    'href',
    /^https:\/\//,
  );
});

test('faculty cards strike through the regular price; fan cards show one price', async ({
  page,
}) => {
  await openPlans(page);
  // The regular price reads "Was $30" and is drawn struck through.
  const struck = planCards(page).first().getByText('Was $30', { exact: true });
  await expect(struck).toHaveText('Was $30');
  expect(await struck.evaluate((el) => getComputedStyle(el).textDecorationLine)).toContain(
    'line-through',
  );
  await expect(planCards(page).first()).toContainText('$27');
  // The plan description clamps to 6 lines.
  expect(
    await planCards(page)
      .first()
      .getByText('10 GB of high-speed 5G data')
      .evaluate((el) => getComputedStyle(el).webkitLineClamp),
  ).toBe('6');
  await openPlans(page, `/${SCHOOLS.husky}/fan`);
  await expect(planCards(page)).toHaveCount(3);
  await expect(planCards(page).getByText(/^Was /)).toHaveCount(0);
  await expect(planCards(page).first()).toContainText('$30');
});

test('a card’s order button goes to its plan link and bullet links stay under the school', async ({
  page,
}) => {
  await openPlans(page);
  const card = planCards(page).first();
  await expect(card.getByRole('link', { name: /Get Started/ })).toHaveAttribute(
    'href',
    /^https:\/\/shop\./,
  );
  await expect(card.getByRole('link', { name: 'Check coverage' })).toHaveAttribute(
    'href',
    `/${SCHOOLS.husky}/coverage-map`,
  );
  await card.getByRole('link', { name: 'Check coverage' }).click();
  await expect(page).toHaveURL(new RegExp(`/${SCHOOLS.husky}/coverage-map$`));
});

for (const type of ['student', 'faculty', 'fan'] as const) {
  test(`${type} page: why-us button carries ${type}plans.why and goes to the why page`, async ({
    page,
  }) => {
    await page.goto(`/${SCHOOLS.kentucky}/${type}`);
    const button = page.getByRole('main').getByRole('link', { name: 'Why Kentucky Mobile?' });
    await expect(button).toHaveCount(1);
    await expect(button).toHaveAttribute('data-analytics', `${type}plans.why`);
    await button.click();
    await expect(page).toHaveURL(new RegExp(`/${SCHOOLS.kentucky}/why$`));
  });
}

test.describe('giveaways banner enter button', () => {
  test('shown for a school with an open giveaway, pointing at the entry page', async ({ page }) => {
    await page.goto(`/${SCHOOLS.husky}/student`);
    const enter = page.locator('[data-giveaway-enter]');
    await expect(enter).toBeVisible();
    await expect(enter).toHaveAttribute(
      'href',
      /^\/uw-husky-mobile\/giveaway-entry\/[0-9a-f-]{36}$/,
    );
    await enter.click();
    await expect(page).toHaveURL(/\/uw-husky-mobile\/giveaway-entry\//);
  });

  for (const seo of [SCHOOLS.cubby, SCHOOLS.utes]) {
    test(`${seo}: hidden (excluded event id) while the banner stays`, async ({ page }) => {
      await page.goto(`/${seo}/fan`);
      await expect(page.locator('#giveaways-heading')).toBeVisible();
      await expect(page.locator('[data-giveaway-enter]')).toHaveCount(0);
    });
  }
});

test(
  'perks: a carousel with dots on phones, a three-column grid on desktop',
  { tag: '@phone' },
  async ({ page }, testInfo) => {
    await page.goto(FACULTY);
    const perks = page.getByRole('list', { name: 'Perks list' }).getByRole('listitem');
    await expect(perks).toHaveCount(3);
    await perks.first().scrollIntoViewIfNeeded();
    const dots = page.getByRole('group', { name: 'Choose a perks card' }).getByRole('button');
    if (testInfo.project.name === 'phone') await expect(dots.first()).toBeVisible();
    else {
      await expect(dots.first()).toBeHidden();
      const [a, c] = [(await perks.nth(0).boundingBox())!, (await perks.nth(2).boundingBox())!];
      expect(a.y).toBeCloseTo(c.y, 0);
    }
    await expect(page.getByRole('img', { name: /^Partner of / })).toBeVisible();
  },
);
