import { expect, test } from '@playwright/test';
import { axeViolations } from './axe.ts';

const COMING_SOON_TITLE = 'Support Your University Just by Paying Your Phone Bill';
const EMAIL_ERROR = 'Please enter a valid email address.';

test.describe('coming-soon page', () => {
  for (const path of ['/', '/default']) {
    test(`${path}: fixed title, no header or footer, generic page name`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveTitle(COMING_SOON_TITLE);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(COMING_SOON_TITLE);
      await expect(page.getByRole('banner')).toHaveCount(0);
      await expect(page.getByRole('contentinfo')).toHaveCount(0);
      await expect(page.locator('html')).toHaveAttribute('data-page-name', 'Generic Page');
    });
  }

  test('the email error appears once touched and invalid, and goes when fixed', async ({
    page,
  }) => {
    await page.goto('/');
    const email = page.getByLabel('Email address');
    await email.fill('not-an-email');
    await expect(page.getByText(EMAIL_ERROR)).toHaveCount(0);
    await email.blur();
    await expect(page.getByText(EMAIL_ERROR)).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await email.fill('fan@school.edu');
    await expect(page.getByText(EMAIL_ERROR)).toHaveCount(0);
  });

  test('an empty submit shows the error; a valid submit only logs and shows no success text', async ({
    page,
  }) => {
    await page.goto('/default');
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET') requests.push(request.url());
    });
    await page.getByRole('button', { name: 'Notify me' }).click();
    await expect(page.getByText(EMAIL_ERROR)).toBeVisible();
    const logged = page.waitForEvent('console', (message) =>
      message.text().includes('Stay Updated'),
    );
    await page.getByLabel('Email address').fill('fan@school.edu');
    await page.getByRole('button', { name: 'Notify me' }).click();
    await logged;
    await expect(page.getByText('Thanks for registering')).toHaveCount(0);
    expect(new URL(page.url()).pathname).toBe('/default');
    expect(requests).toEqual([]);
  });
});

test.describe('rotating background', () => {
  // The page's timers run on Playwright's paused clock, so "5 seconds" is exact even on a busy machine.
  test.beforeEach(async ({ page }) => {
    await page.clock.install({ time: new Date('2026-09-01T12:00:00Z') });
    await page.clock.pauseAt(new Date('2026-09-01T12:00:01Z'));
  });

  test('advances every 5 seconds, not before, and wraps round after the sixth image', async ({
    page,
  }) => {
    await page.goto('/');
    const background = page.locator('[data-rotating-background]');
    await expect(background).toHaveAttribute('data-active', '0');
    await page.clock.runFor(4900);
    await expect(background).toHaveAttribute('data-active', '0');
    await page.clock.runFor(200);
    await expect(background).toHaveAttribute('data-active', '1');
    // What the visitor sees: exactly one image fully shown (the others faded out), the second one.
    const shown = () =>
      background
        .locator('img')
        .evaluateAll((images) =>
          images
            .filter((image) => getComputedStyle(image).opacity === '1')
            .map((image) => image.getAttribute('src')),
        );
    await expect.poll(shown).toEqual(['/backgrounds/coming-soon-2.webp']);
    await page.clock.runFor(5000 * 5);
    await expect(background).toHaveAttribute('data-active', '0');
  });

  test('holds still for reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/search');
    await page.clock.runFor(20_000);
    await expect(page.locator('[data-rotating-background]')).toHaveAttribute('data-active', '0');
  });

  test('rotates on the search page too', async ({ page }) => {
    await page.goto('/search');
    await page.clock.runFor(5100);
    await expect(page.locator('[data-rotating-background]')).toHaveAttribute('data-active', '1');
  });
});

// The school search page has its own file: search.spec.ts.

test.describe('bare pages accessibility', () => {
  // axe over the long school list can take a while on a shared 2-core machine (a ceiling, not a speed check).
  test.describe.configure({ timeout: 120_000 });
  // '/', '/default', '/search' and the branded 404 page of a missing asset as they load are
  // checked by the page walk (page-walk.spec.ts).
  test('/ with the email error shown, and /search with no match: no axe violations', async ({
    page,
  }) => {
    // Two pages and two axe runs in one test: allow for a busy machine.
    test.slow();
    await page.goto('/');
    await page.getByRole('button', { name: 'Notify me' }).click();
    await expect(page.getByText(EMAIL_ERROR)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.goto('/search');
    await page.getByRole('searchbox').fill('zzz');
    await expect(page.getByText('No schools found matching "zzz"')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});
