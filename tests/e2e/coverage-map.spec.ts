import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from './axe.ts';
import { SCHOOLS, hydrated } from './helpers.ts';

/** The carrier's map is another host: serve a stand-in so tests never depend on the network. */
async function stubMap(page: Page) {
  await page.route('https://coverage.example-carrier.com/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><html lang="en"><head><title>Coverage map</title></head><body><main aria-label="Coverage map"><h1>Map</h1></main></body></html>',
    }),
  );
}

async function openCoverage(page: Page, seo: string = SCHOOLS.husky) {
  await stubMap(page);
  await page.goto(`/${seo}/coverage-map`);
  const zipForm = page.getByRole('form', { name: 'Check coverage by ZIP code' });
  const imeiForm = page.getByRole('form', { name: 'Check your phone for eSIM' });
  await hydrated(page, zipForm.getByRole('button', { name: 'Check coverage' }));
  return { zipForm, imeiForm };
}

/** The error shown under a check's field: a paragraph of the form (the live status repeats it for screen readers). */
const errorText = (form: import('@playwright/test').Locator, message: string) =>
  form.getByRole('paragraph').filter({ hasText: message });

async function check(form: import('@playwright/test').Locator, label: string, value: string) {
  await form.getByLabel(label).fill(value);
  await form.getByRole('button').click();
}

test.describe('coverage map page', () => {
  test('header, instruction text, the map panel and the analytics page name', async ({ page }) => {
    await stubMap(page);
    await page.goto(`/${SCHOOLS.husky}/coverage-map`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Check your coverage' }),
    ).toBeVisible();
    await expect(page.getByText('Enter your 5-digit ZIP code')).toBeVisible();
    // The bundled content names no embeddable map: the page's own panel, with the carrier's full map a new tab away.
    const panel = page.locator('[data-coverage-map]');
    await expect(
      panel.getByRole('img', { name: /coverage across the continental United States/ }),
    ).toBeVisible();
    await expect(panel.getByRole('link', { name: /Open the full coverage map/ })).toHaveAttribute(
      'target',
      '_blank',
    );
    await expect(page.locator('iframe')).toHaveCount(0);
    await expect(page.locator('html')).toHaveAttribute('data-page-name', 'Coverage Map');
  });

  test('zip 90210 is available and 12345 is not; the result is in a live region', async ({
    page,
  }) => {
    const { zipForm } = await openCoverage(page);
    const status = zipForm.getByRole('status');
    await check(zipForm, 'ZIP code', '90210');
    await expect(status).toContainText('5G coverage is available in 90210');
    await check(zipForm, 'ZIP code', '12345');
    await expect(status).toContainText('5G coverage is not available in 12345');
  });

  for (const [value, message] of [
    ['1234', 'must be exactly 5 digits'],
    ['123456', 'must be exactly 5 digits'],
    ['abcde', 'can contain digits only'],
    ['', 'Please enter your ZIP code.'],
  ] as const) {
    test(`zip "${value}" shows an error and no result`, async ({ page }) => {
      const { zipForm } = await openCoverage(page);
      let posted = false;
      page.on('request', (request) => {
        if (request.url().includes('/eligibility')) posted = true;
      });
      await check(zipForm, 'ZIP code', value);
      await expect(errorText(zipForm, message)).toBeVisible();
      await expect(zipForm.getByLabel('ZIP code')).toHaveAttribute('aria-invalid', 'true');
      await expect(zipForm.getByLabel('ZIP code')).toHaveAccessibleDescription(
        new RegExp(message.replace(/[.]/g, '\\.')),
      );
      await expect(zipForm.getByRole('status')).toContainText(message);
      await expect(zipForm.locator('[data-result-tone]')).toHaveCount(0);
      expect(posted).toBe(false);
    });
  }

  test('the eligibility POST carries the XSRF cookie as X-XSRF-TOKEN and the zip as body', async ({
    page,
  }) => {
    const { zipForm } = await openCoverage(page);
    const requestSeen = page.waitForRequest(
      (request) =>
        request.method() === 'POST' &&
        new URL(request.url()).pathname === '/mobileapi/zipcode/90210/eligibility',
    );
    await check(zipForm, 'ZIP code', '90210');
    const request = await requestSeen;
    const cookie = (await page.context().cookies()).find(
      (candidate) => candidate.name === 'XSRF-TOKEN',
    );
    expect(cookie?.value).toBeTruthy();
    expect(await request.headerValue('x-xsrf-token')).toBe(cookie?.value);
    expect(request.postData()).toBe('90210');
    // The local order service checks the token: a 200 proves header and cookie matched.
    expect((await request.response())?.status()).toBe(200);
  });

  test('a failing eligibility call is only logged; the result still shows', async ({ page }) => {
    const { zipForm } = await openCoverage(page);
    await page.route('**/mobileapi/zipcode/**', (route) => route.abort());
    const logged = page.waitForEvent(
      'console',
      (message) => message.type() === 'error' && message.text().includes('Coverage check failed'),
    );
    await check(zipForm, 'ZIP code', '10001');
    await expect(zipForm.getByRole('status')).toContainText('available in 10001');
    await logged;
  });

  test('IMEI: 35… is incompatible, another 15-digit IMEI is compatible, 14 digits is an error', async ({
    page,
  }) => {
    const { imeiForm } = await openCoverage(page);
    const status = imeiForm.getByRole('status');
    await check(imeiForm, 'IMEI number', '352099001761481');
    await expect(status).toContainText('Your phone is not eSIM compatible.');
    await check(imeiForm, 'IMEI number', '490154203237518');
    await expect(status).toContainText('Your phone is eSIM compatible.');
    await check(imeiForm, 'IMEI number', '49015420323751');
    await expect(errorText(imeiForm, 'must be exactly 15 digits')).toBeVisible();
    await expect(imeiForm.locator('[data-result-tone]')).toHaveCount(0);
  });

  test('an error clears once the input is fixed', async ({ page }) => {
    const { zipForm } = await openCoverage(page);
    await check(zipForm, 'ZIP code', '902');
    await expect(errorText(zipForm, 'must be exactly 5 digits')).toBeVisible();
    await zipForm.getByLabel('ZIP code').fill('90210');
    await expect(zipForm.getByText('must be exactly 5 digits')).toHaveCount(0);
    await expect(zipForm.getByLabel('ZIP code')).not.toHaveAttribute('aria-invalid', 'true');
  });
});

// The page as it loads is checked by the launch review; here the checks' error and result states.
test.describe('coverage map accessibility', () => {
  for (const seo of [SCHOOLS.husky, SCHOOLS.cubby, SCHOOLS.bears]) {
    test(`${seo}: no axe violations with an error and a result shown`, async ({ page }) => {
      const { zipForm, imeiForm } = await openCoverage(page, seo);
      await check(zipForm, 'ZIP code', '90210');
      await check(imeiForm, 'IMEI number', '123');
      await expect(errorText(imeiForm, 'must be exactly 15 digits')).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});
