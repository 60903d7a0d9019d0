/** The why page: its sections, and the choose-plans buttons with their analytics events. The launch review runs axe on it and on the plan pages. */
import { expect, test } from '@playwright/test';
import { SCHOOLS, planCards } from './helpers.ts';

test('why page: hero, partner banner, funds, money math, perks and choose-plans blocks', async ({
  page,
}) => {
  await page.goto(`/${SCHOOLS.husky}/why`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Why Husky Mobile?');
  await expect(
    page.getByRole('img', { name: 'Partner of University of Washington' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Where your bill goes' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'The math is simple' }).getByRole('listitem'),
  ).toHaveCount(3);
  await expect(page.getByRole('link', { name: /See how giveback is calculated/ })).toHaveAttribute(
    'href',
    /^https:\/\//,
  );
  await expect(
    page.getByRole('heading', { name: 'More reasons to choose Husky Mobile' }),
  ).toBeVisible();
});

for (const [type, name] of [
  ['fan', 'Alumni/Fan'],
  ['student', 'Student'],
  ['faculty', 'Faculty'],
] as const) {
  test(`why page: the ${type} button carries why.${type}plans and lands on the ${type} plans`, async ({
    page,
  }) => {
    await page.goto(`/${SCHOOLS.cubby}/why`);
    const button = page.getByRole('main').getByRole('link', { name, exact: true });
    await expect(button).toHaveCount(1);
    await expect(button).toHaveAttribute('data-analytics', `why.${type}plans`);
    await button.click();
    await expect(page).toHaveURL(new RegExp(`/${SCHOOLS.cubby}/${type}$`));
    await expect(planCards(page)).toHaveCount(3);
  });
}
