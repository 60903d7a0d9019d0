/**
 * The launch review as a visitor sees it, beyond what the page walk checks on every page
 * (page-walk.spec.ts: console errors, an icon that loads, no sideways scrolling and axe on every
 * page type at both widths): a one-row header at 1024 px, where it is tightest, and 1280 px, no
 * empty map frame, a confirmation page that thanks nobody when reached directly, the phone menu's
 * keyboard order, anchors below the fixed header and no section twice on a page.
 */
import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { schoolPages } from '../school-pages.ts';
import { ALL_SCHOOLS, SCHOOLS, hydrated } from './helpers.ts';

const report = JSON.parse(readFileSync('reports/build-report.json', 'utf8')) as {
  schools: Array<{ seoSlug: string; giveaway: string }>;
};

/** Every page of a school, from the route table (the entry page while its giveaway is open). */
function pagesOf(seo: string): string[] {
  const school = report.schools.find((candidate) => candidate.seoSlug === seo);
  if (!school)
    throw new Error(`${seo} is not in the build report: build the site before the browser tests`);
  return schoolPages(school).map((page) => page.path);
}

test.describe('the header stays one row', () => {
  for (const width of [1024, 1280]) {
    for (const school of ALL_SCHOOLS) {
      test(`${school} at ${width} px`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`/${school}`);
        const header = page.getByRole('banner');
        expect((await header.boundingBox())?.height).toBeLessThanOrEqual(73);
        // Every link of the main navigation and the sign-in button sit in the header's one row (their centres line up).
        const signIn = header.getByRole('button', { name: 'Sign In' });
        const centres = await header
          .getByRole('navigation', { name: 'Main' })
          .getByRole('link')
          .or(signIn)
          .evaluateAll((items) =>
            items.map((item) => {
              const box = item.getBoundingClientRect();
              return box.top + box.height / 2;
            }),
          );
        expect(centres.length).toBeGreaterThan(1);
        expect(Math.max(...centres) - Math.min(...centres)).toBeLessThanOrEqual(3);
        const right = await signIn.evaluate((button) => button.getBoundingClientRect().right);
        expect(right).toBeLessThanOrEqual(width);
      });
    }
  }
});

test.describe('coverage map', () => {
  for (const school of ALL_SCHOOLS) {
    test(`${school}: the map panel shows a coverage illustration, the full-map link and the zip check, never an empty frame`, async ({
      page,
    }) => {
      await page.goto(`/${school}/coverage-map`);
      const figure = page.getByRole('figure');
      await expect(figure.getByRole('img', { name: /coverage/i })).toBeVisible();
      const link = figure.getByRole('link', { name: /Open the full coverage map/ });
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('href', /^https:\/\//);
      await expect(page.getByRole('textbox', { name: /ZIP code/i })).toBeVisible();
      // No frame without the visitor asking for one (the bundled content names no embeddable map).
      await expect(page.locator('iframe')).toHaveCount(0);
    });
  }

  test('offline, the panel and the zip check still work', async ({ page, context }) => {
    await page.goto(`/${SCHOOLS.husky}/coverage-map`);
    const zip = await hydrated(page, page.getByRole('textbox', { name: /ZIP code/i }));
    await context.setOffline(true);
    await expect(page.getByRole('figure').getByRole('img', { name: /coverage/i })).toBeVisible();
    await zip.fill('90210');
    await page.getByRole('button', { name: 'Check coverage' }).click();
    await expect(page.getByText(/coverage is available in 90210/i).first()).toBeVisible();
    await context.setOffline(false);
  });
});

test.describe('giveaway confirmation reached directly', () => {
  test('an open giveaway: its headline and the enter button, no thanks', async ({ page }) => {
    await page.goto(`/${SCHOOLS.husky}/giveaway-confirmation`);
    await page.locator('astro-island:not([ssr])').first().waitFor();
    const route = report.schools.find((school) => school.seoSlug === SCHOOLS.husky)
      ?.giveaway as string;
    expect(route).toContain('/giveaway-entry/');
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(/thank/i);
    await expect(page.getByText(/thanks for entering|you're entered/i)).toHaveCount(0);
    await expect(
      page.locator('[data-current-giveaway]').getByRole('link', { name: 'Enter to Win' }),
    ).toHaveAttribute('href', route);
    await expect(page.getByRole('link', { name: /^Why / }).first()).toHaveAttribute(
      'href',
      `/${SCHOOLS.husky}/why`,
    );
    await expect(page.getByRole('heading', { name: /giveaway includes/i })).toBeVisible();
  });

  test('a closed giveaway: the closed texts, no enter button, no thanks', async ({ page }) => {
    await page.goto(`/${SCHOOLS.bears}/giveaway-confirmation`);
    await page.locator('astro-island:not([ssr])').first().waitFor();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This giveaway has ended');
    await expect(page.locator('[data-giveaway-enter]')).toHaveCount(0);
    await expect(page.getByText(/thanks for entering/i)).toHaveCount(0);
  });
});

test('the school with no tenant colours wears its brand colours from content', async ({ page }) => {
  await page.goto(`/${SCHOOLS.bears}`);
  const colours = await page.evaluate(() => {
    const style = getComputedStyle(document.documentElement);
    return [
      style.getPropertyValue('--school-primary').trim(),
      style.getPropertyValue('--school-secondary').trim(),
    ];
  });
  expect(colours).toEqual(['#003262', '#FDB515']);
});

test(
  'phone menu: the button comes first, Tab enters the open menu, Escape closes it and returns focus, a backdrop dims the page',
  { tag: '@phone' },
  async ({ page }, info) => {
    test.skip(info.project.name !== 'phone', 'the menu button is a phone and tablet control');
    await page.goto(`/${SCHOOLS.husky}`);
    const button = page.getByRole('button', { name: 'Menu' });
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('#site-menu') !== null)).toBe(
      true,
    );
    // The backdrop fades in: read it once the transition has ended.
    const backdrop = () =>
      page.getByRole('banner').evaluate((header) => {
        const style = getComputedStyle(header, '::after');
        return {
          opacity: style.opacity,
          visibility: style.visibility,
          background: style.backgroundColor,
        };
      });
    await expect.poll(backdrop).toMatchObject({ opacity: '1', visibility: 'visible' });
    expect((await backdrop()).background).toMatch(/rgba\(.*0\.\d+\)/);

    await page.keyboard.press('Escape');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(button).toBeFocused();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();

    // A tap on the dimmed page closes the menu too.
    await button.click();
    await page.mouse.click(200, 700);
    await expect(button).toHaveAttribute('aria-expanded', 'false');
  },
);

test('the sign-in dialog says it is for signing in', async ({ page }) => {
  await page.goto(`/${SCHOOLS.husky}?open=signin`);
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await expect(dialog.getByText('Which kind of Husky are you?')).toBeVisible();
});

test.describe('in-page anchors land below the fixed header', () => {
  for (const width of [390, 1024, 1280]) {
    test(`at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/${SCHOOLS.husky}`);
      const cta = page
        .locator('a[href^="#"]')
        .filter({ hasText: /shop plans/i })
        .first();
      const target = (await cta.getAttribute('href')) as string;
      await cta.click();
      await page.waitForTimeout(1200);
      const headerBottom = await page
        .getByRole('banner')
        .evaluate((header) => header.getBoundingClientRect().bottom);
      const heading = page.locator(`${target} h2`).first();
      const top = await heading.evaluate((element) => element.getBoundingClientRect().top);
      expect(top).toBeGreaterThanOrEqual(headerBottom);
      expect(top).toBeLessThan(900);

      // Arriving with the fragment in the address: the same after the delayed scroll.
      await page.goto(`/${SCHOOLS.husky}/${target}`.replace('/#', '#'));
      await page.waitForTimeout(1500);
      const arrivedTop = await heading.evaluate((element) => element.getBoundingClientRect().top);
      expect(arrivedTop).toBeGreaterThanOrEqual(headerBottom);
    });
  }
});

test('no section appears twice on a page', async ({ page }) => {
  for (const path of pagesOf(SCHOOLS.husky)) {
    await page.goto(path);
    // A block is known by what a reader meets first: its label (aria-labelledby/aria-label), else its
    // first heading, else its first image's alt text (the partner banner). Blocks with none are not compared.
    const repeated = await page.evaluate(() => {
      const seen = new Map<string, number>();
      for (const section of document.querySelectorAll('main > section, main > div')) {
        const labelledBy = section.getAttribute('aria-labelledby');
        const name =
          (labelledBy
            ? document.getElementById(labelledBy)?.textContent
            : section.getAttribute('aria-label')) ??
          section.querySelector('h1, h2, h3')?.textContent ??
          section.querySelector('img[alt]:not([alt=""])')?.getAttribute('alt') ??
          '';
        const key = name.replace(/\s+/g, ' ').trim();
        if (key) seen.set(key, (seen.get(key) ?? 0) + 1);
      }
      return [...seen].filter(([, count]) => count > 1).map(([name]) => name);
    });
    expect(repeated, path).toEqual([]);
  }
});
