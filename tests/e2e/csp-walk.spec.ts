/**
 * The Content-Security-Policy as Chromium enforces it: every page type of every bundled school,
 * every page without a school and the 404 page a missing asset gets, served by the local stack
 * (Netlify's engine over dist/_headers and netlify.toml, header rules matched to the file served
 * as netlify-cli matches them). Each response carries HSTS and one policy, and the browser reports no
 * `securitypolicyviolation` while the page loads, settles and is used: the sign-in dialog, the
 * FAQ, the carousels at phone width, a plan card's broadband facts and a giveaway entry submitted
 * end to end.
 */
import { expect, test, type Page, type Response } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { ALL_SCHOOLS, SCHOOLS, hydrated, planCardsReady } from './helpers.ts';
import {
  ADDRESSED_BARE_PAGES,
  schoolPages as allSchoolPages,
  type BuiltSchool,
} from '../school-pages.ts';
import {
  OPEN_SCHOOLS,
  outcomeBlock,
  contentDoc,
  expectOutcome,
  fillForm,
  newPerson,
  openForm,
  tenantOf,
} from './giveaway-helpers.ts';

const report = JSON.parse(readFileSync('reports/build-report.json', 'utf8')) as {
  schools: BuiltSchool[];
};
const BARE_PAGES = ADDRESSED_BARE_PAGES;
/** Served with the 404 page and status 404 (tests/dist/route-walk.test.ts walks every asset folder). */
const MISSING_ASSET = '/_astro/missing.js';

/** Every page of the school, from the route table (a new route is walked without editing this test). */
function schoolPages(seo: string): string[] {
  const built = report.schools.find((school) => school.seoSlug === seo);
  if (!built) throw new Error(`${seo} is not in reports/build-report.json: build first`);
  return allSchoolPages(built).map((page) => page.path);
}

/** Collects every violation the page reports, from before its first script runs (survives navigations). */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(
        `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber}) ${event.sample}`,
      );
    });
  });
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(`console: ${message.text()}`);
  });
  return async () => [
    ...(await page.evaluate(
      () => (window as unknown as { cspViolations?: string[] }).cspViolations ?? [],
    )),
    ...refused.splice(0),
  ];
}

/** The response's policy: there, one policy (a comma would join two), framed by nobody; and HSTS. */
function expectOnePolicy(response: Response | null, path: string) {
  expect(response?.headers()['strict-transport-security'], `${path} carries HSTS`).toMatch(
    /^max-age=\d{8,}; includeSubDomains$/,
  );
  const policy = response?.headers()['content-security-policy'] ?? '';
  expect(policy, `${path} carries a CSP header`).toMatch(/script-src 'self'/);
  expect(policy, `${path}: one policy`).not.toContain(',');
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).not.toMatch(/unsafe-inline|unsafe-eval/);
}

/** Scrolled to the end, so lazy images, deferred sections and islands below the fold load and run too. */
async function settle(page: Page) {
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForLoadState('networkidle');
}

const visited: string[] = [];
const violations: string[] = [];

test.describe.configure({ timeout: 180_000 });

for (const school of ALL_SCHOOLS) {
  test(`${school}: every page type loads, settles and is used with no CSP violation`, async ({
    page,
  }) => {
    const collect = await watchViolations(page);
    const found: string[] = [];
    for (const path of schoolPages(school)) {
      const response = await page.goto(path);
      expectOnePolicy(response, path);
      await settle(page);
      if (/\/(student|faculty|fan)$/.test(path)) {
        await planCardsReady(page);
        await page
          .getByRole('button', { name: /Broadband Facts/ })
          .first()
          .click();
      }
      if (path === `/${school}`) {
        await page.getByRole('button', { name: 'Sign In' }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
        await page
          .getByRole('region', { name: 'Frequently asked questions' })
          .getByRole('group')
          .first()
          .locator('summary')
          .click();
        // The carousels at phone width: swipe rows with dots.
        await page.setViewportSize({ width: 390, height: 844 });
        const perks = page.getByRole('region', { name: 'Perks' });
        await perks.and(page.locator('[data-ready]')).waitFor();
        await perks.scrollIntoViewIfNeeded();
        await perks.getByRole('button', { name: /\(3 of 5\)/ }).click();
        await expect(perks.getByRole('button', { name: /\(3 of 5\)/ })).toHaveAttribute(
          'aria-current',
          'true',
        );
        await page.setViewportSize({ width: 1280, height: 900 });
      }
      const seen = (await collect()).map((line) => `${path}: ${line}`);
      found.push(...seen);
      visited.push(path);
    }
    violations.push(...found);
    test.info().annotations.push({
      type: 'csp walk',
      description: `${school}: ${schoolPages(school).length} pages, ${found.length} violation(s)`,
    });
    expect(found).toEqual([]);
  });
}

test('pages without a school and the 404 page load and settle with no CSP violation', async ({
  page,
}) => {
  const collect = await watchViolations(page);
  const found: string[] = [];
  for (const path of [...BARE_PAGES, MISSING_ASSET]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(path === MISSING_ASSET ? 404 : 200);
    expectOnePolicy(response, path);
    await settle(page);
    if (path === '/search') await page.getByRole('searchbox', { name: 'School name' }).fill('wash');
    found.push(...(await collect()).map((line) => `${path}: ${line}`));
    visited.push(path);
  }
  violations.push(...found);
  test.info().annotations.push({
    type: 'csp walk',
    description: `pages without a school and the 404 page: ${BARE_PAGES.length + 1} pages, ${found.length} violation(s)`,
  });
  expect(found).toEqual([]);
});

test('a giveaway entry submitted end to end raises no CSP violation', async ({ page, request }) => {
  const school =
    OPEN_SCHOOLS.find((candidate) => candidate.seo === SCHOOLS.husky) ?? OPEN_SCHOOLS[0];
  const { event } = await tenantOf(request, school.key);
  const collect = await watchViolations(page);
  await openForm(page, `/${school.seo}/giveaway-entry/${event}`);
  await fillForm(page, { ...newPerson(), agree: true });
  const button = page.getByRole('button', {
    name: contentDoc(school.key, 'giveawayForm')['enterButtonText'],
  });
  await Promise.all([page.waitForURL(`**/${school.seo}/giveaway-confirmation`), button.click()]);
  await hydrated(page, outcomeBlock(page));
  await expectOutcome(page, 'success');
  const found = await collect();
  test.info().annotations.push({
    type: 'csp walk',
    description: `giveaway entry: ${found.length} violation(s)`,
  });
  expect(found).toEqual([]);
});

test('the watcher sees a violation when a page breaks its policy (an image from a host it does not allow)', async ({
  page,
}) => {
  const collect = await watchViolations(page);
  await page.goto(`/${SCHOOLS.husky}/why`);
  await page.evaluate(() => {
    const image = document.createElement('img');
    image.src = 'https://images.example.invalid/x.png';
    document.body.append(image);
  });
  await expect
    .poll(
      async () =>
        await page.evaluate(
          () => (window as unknown as { cspViolations: string[] }).cspViolations.length,
        ),
    )
    .toBeGreaterThan(0);
  expect((await collect()).join('\n')).toContain(
    'img-src blocked https://images.example.invalid/x.png',
  );
});

test.afterAll(() => {
  if (visited.length > 0)
    console.log(
      `CSP walk (this worker): ${visited.length} pages visited, ${violations.length} violation(s)`,
    );
});
