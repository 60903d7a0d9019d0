/** The why page: its sections, and the choose-plans buttons with their analytics events. The launch review runs axe on it and on the plan pages. */
import { expect, test } from '@playwright/test';
import { SCHOOLS } from './helpers.ts';

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
