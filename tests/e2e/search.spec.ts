/**
 * The school search page: filtering by keyboard as the visitor types (by name, city or state),
 * the count in a polite live region, Enter on a single match, the cards, axe with results
 * shown at phone and desktop width, and every school reachable by links with JavaScript off (the
 * state's page, then the school), axe on both.
 */
import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from './axe.ts';
import { ALL_SCHOOLS, SCHOOLS } from './helpers.ts';

const results = (page: Page) => page.getByRole('list', { name: 'Matching schools' });
const cardNames = (page: Page) => results(page).getByRole('heading', { level: 2 });

/** Tabs from the top of the page to the search box, as a keyboard user would. */
async function tabToSearchBox(page: Page) {
  const box = page.getByRole('searchbox', { name: 'School name, city or state' });
  for (
    let presses = 0;
    presses < 10 && !(await box.evaluate((element) => element === document.activeElement));
    presses += 1
  ) {
    await page.keyboard.press('Tab');
  }
  await expect(box).toBeFocused();
  return box;
}

test.describe('school search', () => {
  // axe and page loads on a shared 2-core machine (a ceiling, not a speed check).
  test.describe.configure({ timeout: 120_000 });

  test(
    'filters by keyboard as you type, by name, city or state, with no axe violations',
    { tag: '@phone' },
    async ({ page }) => {
      await page.goto('/search');
      const status = page.getByRole('status');
      await expect(status).toHaveText(/^Showing all \d+ schools$/, { useInnerText: true });
      await expect(results(page)).toBeHidden();

      const box = await tabToSearchBox(page);
      await page.keyboard.type('PURD');
      await expect(status).toHaveText('Showing 2 school(s) that match "PURD"');
      await expect(cardNames(page)).toHaveText([
        'Purdue University',
        'Purdue University Fort Wayne',
      ]);
      await expect(page.getByRole('heading', { name: 'Schools by state' })).toBeHidden();
      expect(await axeViolations(page)).toEqual([]);

      await box.press('ControlOrMeta+a');
      await page.keyboard.type('salt lake');
      await expect(status).toHaveText('Showing 1 school(s) that match "salt lake"');
      await expect(cardNames(page)).toHaveText(['University of Utah']);

      await box.press('ControlOrMeta+a');
      await page.keyboard.type('kentucky');
      await expect(cardNames(page)).toHaveText(['University of Kentucky']);

      await box.press('ControlOrMeta+a');
      await page.keyboard.type('zzz');
      await expect(status).toHaveText('No schools found matching "zzz"');
      await expect(results(page).getByRole('listitem')).toHaveCount(0);

      await box.press('ControlOrMeta+a');
      await box.press('Backspace');
      await expect(status).toHaveText(/^Showing all \d+ schools$/, { useInnerText: true });
      await expect(page.getByRole('heading', { name: 'Schools by state' })).toBeVisible();
    },
  );

  test('the count is announced to screen readers: a polite live region that follows the filter', async ({
    page,
  }) => {
    await page.goto('/search');
    const status = page.getByRole('status');
    // role=status is a polite live region; nothing hides it from assistive technology.
    expect(
      await status.evaluate((element) => element.closest('[aria-hidden="true"], [hidden]')),
    ).toBeNull();
    await page
      .getByRole('searchbox', { name: 'School name, city or state' })
      .pressSequentially('state');
    // Ball State and Indiana State (coming soon), Clearwater State and Oregon State (served).
    await expect(status).toHaveText('Showing 4 school(s) that match "state"');
  });

  test('cards show name, city, colour swatches and Get Started; served schools go to their page', async ({
    page,
  }) => {
    await page.goto('/search');
    await page
      .getByRole('searchbox', { name: 'School name, city or state' })
      .pressSequentially('berkeley');
    const card = results(page)
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'University of California, Berkeley' }) });
    await expect(card.getByText('Berkeley, California')).toBeVisible();
    await expect(card.getByText('Berkeley Blue')).toBeVisible();
    await expect(card.getByText('California Gold')).toBeVisible();
    await expect(
      card.getByRole('link', { name: 'Get Started with University of California, Berkeley' }),
    ).toHaveAttribute('href', `/${SCHOOLS.bears}`);

    await page.getByRole('searchbox').fill('muncie');
    const soon = results(page).getByRole('listitem');
    await expect(soon.getByText('Coming soon')).toBeVisible();
    await expect(soon.getByText('Cardinal')).toBeVisible();
    await expect(
      soon.getByRole('link', { name: 'Get Started with Ball State University' }),
    ).toHaveAttribute('href', /\?school=Ball\+State\+University$/);
    await expect(page.getByRole('link', { name: "I don't see my school listed." })).toHaveAttribute(
      'href',
      /^mailto:/,
    );
  });

  test('Enter on a single result goes to that school; with several it stays', async ({ page }) => {
    await page.goto('/search');
    const box = page.getByRole('searchbox', { name: 'School name, city or state' });
    await box.pressSequentially('university of');
    await expect(cardNames(page).first()).toBeVisible();
    await box.press('Enter');
    await expect(page.getByRole('status')).toHaveText(
      /^Showing \d+ school\(s\) that match "university of"$/,
    );
    expect(new URL(page.url()).pathname).toBe('/search');

    await box.fill('');
    await box.pressSequentially('seattle');
    await expect(cardNames(page)).toHaveText(['University of Washington']);
    await box.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/${SCHOOLS.husky}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test(
    "with JavaScript off every served school is a link on its state's page, and one reaches the school",
    { tag: '@phone' },
    async ({ browser, baseURL }) => {
      const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
      const page = await context.newPage();
      await page.goto('/search');
      const states = page.getByRole('navigation', { name: 'Schools by state' });
      await expect(states.getByRole('link', { name: 'Utah' })).toBeVisible();
      await expect(states.getByRole('listitem').filter({ hasText: 'Coming soon' })).toContainText(
        /\d+ schools/,
      );

      // Every group's page, each school on exactly one of them.
      const groups = await states
        .getByRole('link')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
      const hrefs: string[] = [];
      for (const group of groups) {
        await page.goto(group);
        hrefs.push(
          ...(await page
            .getByRole('main')
            .getByRole('listitem')
            .getByRole('link')
            .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))),
        );
      }
      for (const seo of ALL_SCHOOLS)
        expect(hrefs.filter((href) => href === `/${seo}`)).toHaveLength(1);

      await page.goto('/search');
      await states.getByRole('link', { name: 'Utah' }).click();
      await expect(page).toHaveURL(/\/search\/utah$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Utah' })).toBeVisible();
      await page.getByRole('link', { name: 'University of Utah' }).click();
      await expect(page).toHaveURL(new RegExp(`/${SCHOOLS.utes}$`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await context.close();
    },
  );

  test(
    "without the page's scripts, the search page and a state's page have no axe violations",
    { tag: '@phone' },
    async ({ page }) => {
      // axe runs in the page, so the page's own scripts are refused instead of JavaScript switched off:
      // the same page a visitor without JavaScript gets.
      await page.route('**/*.js', (route) => route.abort());
      for (const path of ['/search', '/search/washington']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        expect(await axeViolations(page), path).toEqual([]);
      }
    },
  );

  test("a state's page goes back to the search and offers the request for a missing school", async ({
    page,
  }) => {
    await page.goto('/search/washington');
    await expect(page).toHaveTitle('Washington | Find Your School');
    await expect(page.getByRole('link', { name: "I don't see my school listed." })).toHaveAttribute(
      'href',
      /^mailto:/,
    );
    await page.getByRole('link', { name: 'Find your school' }).click();
    await expect(page).toHaveURL(/\/search$/);
  });
});
