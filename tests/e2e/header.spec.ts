/** Header behaviour and the sign-in modal (docs/behaviour.md §2 "Shared header, footer and sign-in modal"). */
import { expect, test, type Page } from '@playwright/test';
import { SCHOOLS } from './helpers.ts';

const school = SCHOOLS.husky;

test('external header and footer links open in a new tab; internal links do not', async ({
  page,
}) => {
  await page.goto(`/${school}`);
  // External: another origin with http(s), or mailto/tel (the one link classifier, src/lib/links/classify.ts).
  for (const link of await page
    .locator('header a[target="_blank"], footer a[target="_blank"]')
    .all()) {
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(await link.getAttribute('href')).toMatch(/^(https?:\/\/|mailto:|tel:)/);
  }
  await expect(page.locator(`header a[href="/${school}/student"]`)).not.toHaveAttribute(
    'target',
    /./,
  );
  await expect(
    page.getByRole('contentinfo').getByRole('link', { name: 'instagram' }),
  ).toHaveAttribute('target', '_blank');
});

test(
  'on phones the hamburger opens the menu and scrolling closes it',
  { tag: '@phone' },
  async ({ page }, info) => {
    test.skip(info.project.name !== 'phone', 'the nav is always shown on desktop');
    await page.goto(`/${school}`);
    const button = page.getByRole('button', { name: 'Menu' });
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav).toBeHidden();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(button).toHaveAttribute('aria-controls', 'site-menu');

    await button.click();
    await expect(nav).toBeVisible();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'Student Plans' })).toBeVisible();

    await page.mouse.wheel(0, 400);
    await expect(nav).toBeHidden();
    await expect(button).toHaveAttribute('aria-expanded', 'false');

    await button.click();
    await expect(nav).toBeVisible();
    await button.click();
    await expect(nav).toBeHidden();
  },
);

test('on desktop the nav links are shown and there is no hamburger', async ({ page }, info) => {
  test.skip(info.project.name !== 'desktop', 'phones use the hamburger');
  await page.goto(`/${school}`);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
});

const dialog = (page: Page) => page.getByRole('dialog');

async function expectFocusInside(page: Page) {
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog')))).toBe(true);
}

test('the sign-in button opens the modal; Escape closes it and focus returns', async ({ page }) => {
  await page.goto(`/${school}`);
  const signIn = page.getByRole('button', { name: 'Sign In' });
  await signIn.focus();
  await page.keyboard.press('Enter');
  await expect(dialog(page)).toBeVisible();
  await expectFocusInside(page);
  const portals = dialog(page).getByRole('link');
  await expect(portals).toHaveCount(3);
  for (const portal of await portals.all()) {
    await expect(portal).toHaveAttribute('target', '_blank');
    await expect(portal).toHaveAttribute('href', /^https:\/\//);
  }

  // Tab and Shift+Tab go round the modal's controls and never leave it.
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Tab');
    await expectFocusInside(page);
  }
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Shift+Tab');
    await expectFocusInside(page);
  }

  await page.keyboard.press('Escape');
  await expect(dialog(page)).toBeHidden();
  await expect(signIn).toBeFocused();
});

test('?open=signin opens the modal on arrival; the close button closes it', async ({ page }) => {
  await page.goto(`/${school}?open=signin`);
  await expect(dialog(page)).toBeVisible();
  await expect(dialog(page).getByRole('heading')).toBeVisible();
  await dialog(page).getByRole('button', { name: 'Close' }).click();
  await expect(dialog(page)).toBeHidden();
  await page.goto(`/${school}?open=other`);
  await expect(dialog(page)).toBeHidden();
});
