/** The why page, and axe checks for it and the plan pages (collapsed and with a card expanded). */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { SCHOOLS, planCardsReady } from './helpers.ts';

test('why page: hero, partner banner, funds, money math, perks and choose-plans blocks', async ({ page }) => {
  await page.goto(`/${SCHOOLS.husky}/why`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Why Husky Mobile?');
  await expect(page.getByRole('img', { name: 'Partner of University of Washington' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Where your bill goes' })).toBeVisible();
  await expect(page.locator('.steps li')).toHaveCount(3);
  await expect(page.getByRole('link', { name: /See how giveback is calculated/ })).toHaveAttribute('href', /^https:\/\//);
  await expect(page.getByRole('heading', { name: 'More reasons to choose Husky Mobile' })).toBeVisible();
});

for (const type of ['fan', 'student', 'faculty'] as const) {
  test(`why page: the ${type} button carries why.${type}plans and lands on the ${type} plans`, async ({ page }) => {
    await page.goto(`/${SCHOOLS.cubby}/why`);
    const button = page.locator(`a[data-analytics="why.${type}plans"]`);
    await expect(button).toHaveCount(1);
    await button.click();
    await expect(page).toHaveURL(new RegExp(`/${SCHOOLS.cubby}/${type}$`));
    await expect(page.locator('.plan-card')).toHaveCount(3);
  });
}

test.describe('accessibility (axe)', () => {
  // axe walks every node of these long pages; on a shared 2-core machine that can take a while.
  test.describe.configure({ timeout: 120_000 });
  for (const seo of [SCHOOLS.husky, SCHOOLS.cubby, SCHOOLS.bears]) {
    for (const path of ['student', 'faculty', 'fan', 'why']) {
      test(`${seo}/${path} has no axe violations`, async ({ page }) => {
        await page.goto(`/${seo}/${path}`);
        if (path !== 'why') {
          await planCardsReady(page);
          await page.locator('.plan-card__toggle').first().click();
        }
        const results = await new AxeBuilder({ page }).analyze();
        expect(results.violations).toEqual([]);
      });
    }
  }
});
