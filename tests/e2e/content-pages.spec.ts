import { expect, test } from '@playwright/test';
import { axeViolations } from './axe.ts';
import { SCHOOLS } from './helpers.ts';

test.describe('newsroom', () => {
  test('the press release sections render in order', async ({ page }) => {
    await page.goto(`/${SCHOOLS.husky}/newsroom`);
    const article = page.locator('article');
    await expect(article.getByRole('heading', { level: 2 })).toHaveText(
      'Husky Mobile brings premium 5G and a new way to give back to Husky Nation',
    );
    await expect(article.getByRole('heading', { level: 3 })).toHaveText([
      'No-contract plans from $25 a month, with a share of every bill supporting UW athletics',
      'Plan highlights',
    ]);
    await expect(article.getByRole('listitem')).toHaveCount(5);
    await expect(
      article.getByRole('link', { name: 'Media contact: press@k1mobile.example' }),
    ).toHaveAttribute('href', 'mailto:press@k1mobile.example');
    await expect(page.locator('html')).toHaveAttribute('data-page-name', 'Generic Page');
  });

  test('the bears school shows its placeholder', async ({ page }) => {
    await page.goto(`/${SCHOOLS.bears}/newsroom`);
    await expect(page.getByText('Coming soon....')).toBeVisible();
    await expect(page.locator('article')).toHaveCount(0);
  });
});

test.describe('international dialing', () => {
  test('header, paragraphs, labelled features, rates button and disclaimer', async ({ page }) => {
    await page.goto(`/${SCHOOLS.cubby}/international-dialing`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'International dialing' }),
    ).toBeVisible();
    await expect(
      page.getByText('Stay close to family, friends and teammates abroad.'),
    ).toBeVisible();
    const features = page.getByRole('heading', { name: "What's included" });
    await expect(features).toBeVisible();
    // The features: the list whose first item is the first feature.
    await expect(
      page
        .getByRole('list')
        .filter({ has: page.getByText('Calls to 200+ countries and territories') })
        .getByRole('listitem'),
    ).toHaveCount(4);
    const rates = page.getByRole('link', { name: /See country rates/ });
    await expect(rates).toHaveAttribute('href', 'https://www.k1mobile.example/international-rates');
    await expect(rates).toHaveAttribute('target', '_blank');
    await expect(page.getByText('Disclaimer:')).toBeVisible();
    await expect(page.getByText('Rates are per minute, subject to change')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-page-name', 'International Dialing');
  });
});

// The launch review runs axe on every page of Husky, Cubby and Bears; these are the other schools' colours.
test.describe('newsroom and international dialing accessibility', () => {
  for (const seo of [SCHOOLS.beavs, SCHOOLS.kentucky, SCHOOLS.utes]) {
    for (const path of ['newsroom', 'international-dialing']) {
      test(`${seo}/${path}: no axe violations`, async ({ page }) => {
        await page.goto(`/${seo}/${path}`);
        expect(await axeViolations(page)).toEqual([]);
      });
    }
  }
});
