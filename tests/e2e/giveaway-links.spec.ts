/**
 * Entry links as mail tools pass them on: an id upper-cased on the way still reaches the entry
 * form, at the lower-case address (one redirect), with the form ready to fill.
 */
import { expect, test } from '@playwright/test';
import { OPEN_SCHOOLS, tenantOf } from './giveaway-helpers.ts';

test('an entry link whose giveaway id was upper-cased lands on the entry form at the lower-case address', async ({
  page,
  request,
}) => {
  const school = OPEN_SCHOOLS[0];
  const { event } = await tenantOf(request, school.key);
  const redirects: number[] = [];
  page.on('response', (response) => {
    if (response.status() >= 300 && response.status() < 400) redirects.push(response.status());
  });

  await page.goto(`/${school.seo}/giveaway-entry/${event.toUpperCase()}`);
  await expect(page).toHaveURL(new RegExp(`/${school.seo}/giveaway-entry/${event.toLowerCase()}$`));
  expect(redirects).toEqual([301]);
  await expect(page.getByRole('form', { name: 'Enter for your chance to win' })).toBeVisible();
  await expect(page.getByLabel('Email')).toBeVisible();
});
