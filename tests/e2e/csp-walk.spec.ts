/**
 * The Content-Security-Policy as Chromium enforces it, beyond the page walk (page-walk.spec.ts,
 * which loads, settles and uses every page type of every school, every page without a school and
 * the 404 page with no `securitypolicyviolation`): a giveaway entry submitted end to end raises
 * none either, and the watcher those checks rely on does see a violation when a page breaks its
 * policy.
 */
import { expect, test } from '@playwright/test';
import { watchViolations } from './csp.ts';
import { SCHOOLS, hydrated } from './helpers.ts';
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
