import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { ALL_SCHOOLS, API_BASE, SCHOOLS } from './helpers.ts';

/** The school documents' brand colours (bundled content): the theme's second choice after the tenant record's. */
const schoolPrimary = new Map(
  readFileSync('src/dataset/data.ndjson', 'utf8')
    .split('\n')
    .filter(Boolean)
    .map(
      (line) => JSON.parse(line) as { _type: string; key?: string; primaryColor?: { hex: string } },
    )
    .filter((doc) => doc._type === 'school')
    .map((doc) => [doc.key, doc.primaryColor?.hex]),
);

test.describe('every school is served', () => {
  for (const seo of ALL_SCHOOLS) {
    test(`${seo}: landing page with the school's name, colour, header and footer`, async ({
      page,
      request,
    }) => {
      const tenant = (await (
        await request.get(`${API_BASE}/k1mobile/tenant/code/${await schoolKey(page, seo)}`)
      ).json()) as { result: { id: number } };
      const full = (await (
        await request.get(`${API_BASE}/k1mobile/tenant/${tenant.result.id}`)
      ).json()) as { result: { Name: string; PrimaryColor?: string | null } };
      await page.goto(`/${seo}`);
      await expect(page).toHaveTitle(`${full.result.Name} – Your School, Your Plan`);
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await expect(
        page.getByRole('link', { name: `${full.result.Name} home` }).first(),
      ).toBeVisible();
      const primary = await page.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--school-primary').trim(),
      );
      const key = await page.locator('html').getAttribute('data-school');
      expect(primary.toLowerCase()).toBe(
        (full.result.PrimaryColor ?? schoolPrimary.get(key ?? '') ?? '#000000').toLowerCase(),
      );
    });
  }
});

/** The school key behind an seo slug, from the page itself. */
async function schoolKey(page: import('@playwright/test').Page, seo: string): Promise<string> {
  await page.goto(`/${seo}`);
  return (await page.locator('html').getAttribute('data-school')) ?? '';
}

test.describe('legacy URLs and redirects (docs/behaviour.md §2)', () => {
  const cases: Array<[string, string]> = [
    ['/gohuskymobile', `/${SCHOOLS.husky}`],
    ['/huskymobile', `/${SCHOOLS.husky}`],
    ['/beavsmobile', `/${SCHOOLS.beavs}`],
    ['/bearsmobile', `/${SCHOOLS.bears}`],
    ['/kentuckymobile', `/${SCHOOLS.kentucky}`],
    ['/utemobile', `/${SCHOOLS.utes}`],
    ['/huskymobile/landingpage', `/${SCHOOLS.husky}`],
    ['/gohuskymobile/student', `/${SCHOOLS.husky}/student`],
    ['/kentuckymobile/shop-faculty-plans', `/${SCHOOLS.kentucky}/faculty`],
    ['/utemobile/fan', `/${SCHOOLS.utes}/fan`],
    ['/beavsmobile/why', `/${SCHOOLS.beavs}/why`],
    ['/bearsmobile/coveragemap', `/${SCHOOLS.bears}/coverage-map`],
    ['/kentuckymobile/newsroom', `/${SCHOOLS.kentucky}/newsroom`],
    ['/utemobile/giveawayconfirmation', `/${SCHOOLS.utes}/giveaway-confirmation`],
    ['/huskymobile/giveaway-closed', `/${SCHOOLS.husky}/giveaway-closed`],
    [`/${SCHOOLS.husky}/fan-plans`, `/${SCHOOLS.husky}/fan`],
  ];
  for (const [from, to] of cases) {
    test(`${from} lands on ${to}`, async ({ page }) => {
      const response = await page.goto(from);
      expect(response?.status()).toBe(200);
      expect(new URL(page.url()).pathname).toBe(to);
      await expect(page.locator('h1').first()).toBeVisible();
    });
  }

  test('a legacy giveaway entry URL reaches the entry page or the closed page', async ({
    page,
  }) => {
    await page.goto('/huskymobile/giveawayentry/not-the-active-id');
    expect(new URL(page.url()).pathname).toBe(`/${SCHOOLS.husky}/giveaway-closed`);
  });

  test('an unknown path goes to the main site', async ({ request }) => {
    const response = await request.get('/no-such-school/anything', { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toMatch(/^https:\/\//);
    const alias = await request.get('/beavsmobile/giveawayentry/abc', { maxRedirects: 0 });
    expect(alias.headers().location).toBe(response.headers().location);
  });

  test('a page asked for with a trailing slash is served, and the address bar shows the bare path', async ({
    page,
    request,
  }) => {
    // Netlify serves x.html at /x/ as at /x; no redirect rule can tell them apart (it would loop).
    const response = await request.get(`/${SCHOOLS.cubby}/student/`, { maxRedirects: 0 });
    expect(response.status()).toBe(200);
    expect(await response.text()).toMatch(
      new RegExp(`rel="canonical" href="[^"]+/${SCHOOLS.cubby}/student"`),
    );
    await page.goto(`/${SCHOOLS.cubby}/why/?from=mail#faq`);
    await expect(page).toHaveURL(new RegExp(`/${SCHOOLS.cubby}/why\\?from=mail#faq$`));
    await expect(page.locator('h1').first()).toBeVisible();
  });

  test('a missing asset is a branded 404, not a trip to the main site', async ({ page }) => {
    const response = await page.goto('/_astro/no-such-file.js');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Find your school' })).toHaveAttribute(
      'href',
      '/search',
    );
  });

  test('the coming-soon and search pages have no header or footer', async ({ page }) => {
    for (const path of ['/', '/default', '/search']) {
      await page.goto(path);
      await expect(page.getByRole('banner')).toHaveCount(0);
      await expect(page.getByRole('contentinfo')).toHaveCount(0);
    }
  });
});
