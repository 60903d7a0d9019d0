/** Entering the giveaway end to end: into the local API, onto the confirmation page; closed schools and wrong ids. */
import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from './axe.ts';
import { API_BASE, SCHOOLS, hydrated } from './helpers.ts';
import {
  OPEN_SCHOOLS,
  contentDoc,
  countEntryPosts,
  expectOutcome,
  fillForm,
  newPerson,
  openForm,
  outcomeBlock,
  prizeItems,
  storedEntries,
  tenantOf,
} from './giveaway-helpers.ts';

const enterButton = (page: Page, key: string) =>
  page.getByRole('button', { name: contentDoc(key, 'giveawayForm')['enterButtonText'] });
const SUCCESS_MESSAGE = 'Your entry has been submitted successfully!';
const FALLBACK_MESSAGE = 'Something went wrong. Please try again.';

for (const school of OPEN_SCHOOLS) {
  test(`${school.seo}: a valid entry lands on the success confirmation and is stored, once`, async ({
    page,
    request,
  }) => {
    const { event } = await tenantOf(request, school.key);
    const form = contentDoc(school.key, 'giveawayForm');
    const confirmation = contentDoc(school.key, 'giveawayConfirmation');
    const person = newPerson();
    const posts = countEntryPosts(page);

    await openForm(page, `/${school.seo}/giveaway-entry/${event}`);
    await fillForm(page, { ...person, email: `  ${person.email.toUpperCase()} `, agree: true });
    const button = page.getByRole('button', { name: form['enterButtonText'] });
    await Promise.all([page.waitForURL(`**/${school.seo}/giveaway-confirmation`), button.click()]);

    await expectOutcome(page, 'success');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(confirmation['thanksHeader']!);
    await expect(page.getByText(confirmation['enteredHeader']!)).toBeVisible();
    await expect(page.getByText(SUCCESS_MESSAGE)).toBeVisible();
    await expect(page.getByText(confirmation['learnMore']!)).toBeVisible();
    await expect(
      page.getByRole('main').getByRole('link', { name: confirmation['whyButtonText'] }),
    ).toHaveAttribute('href', `/${school.seo}/why`);
    await expect(prizeItems(page)).toHaveCount(4);
    await expect(page.getByText(confirmation['dupSubmitError']!)).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
    expect(posts()).toBe(1);

    expect(storedEntries(person.email)).toEqual([
      { event_guid: event.toLowerCase(), state_code: person.state, phone_digits: person.phone },
    ]);

    // Shown once: a reload is the neutral page.
    await page.reload();
    await hydrated(page, outcomeBlock(page));
    await expectOutcome(page, 'neutral');
    await expect(page.getByText(confirmation['thanksHeader']!)).toHaveCount(0);
  });
}

test('the same email again lands on the error confirmation with both content texts', async ({
  page,
  request,
}) => {
  const school = OPEN_SCHOOLS[1];
  const { event } = await tenantOf(request, school.key);
  const confirmation = contentDoc(school.key, 'giveawayConfirmation');
  const first = newPerson();
  const stored = await request.post(`${API_BASE}/k1mobile/giveaway/entry`, {
    data: {
      eventGUID: event,
      name: first.name,
      emailAddress: first.email,
      stateCode: first.state,
      phone: first.phone,
      agreeToGiveawayTerms: true,
    },
  });
  expect(stored.status()).toBe(201);

  await openForm(page, `/${school.seo}/giveaway-entry/${event}`);
  await fillForm(page, { ...newPerson(), email: first.email.toUpperCase(), agree: true });
  await Promise.all([
    page.waitForURL(`**/${school.seo}/giveaway-confirmation`),
    enterButton(page, school.key).click(),
  ]);

  await expectOutcome(page, 'error');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/already/i);
  await expect(page.getByText(confirmation['dupSubmitError']!)).toBeVisible();
  await expect(page.getByText(confirmation['phoneEmailError']!)).toBeVisible();
  await expect(page.getByText(confirmation['thanksHeader']!)).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
  expect(storedEntries(first.email)).toHaveLength(1);

  // The way back: the link returns to the school's entry form, ready for another try.
  const back = page.getByRole('main').getByRole('link', { name: 'Back to the entry form' });
  await expect(back).toHaveAttribute('href', `/${school.seo}/giveaway-entry/${event}`);
  await Promise.all([page.waitForURL(`**/${school.seo}/giveaway-entry/${event}`), back.click()]);
  await expect(enterButton(page, school.key)).toBeVisible();
});

test('the API unreachable lands on the fallback message; while sending, one request and a disabled button', async ({
  page,
  request,
}) => {
  const school = OPEN_SCHOOLS[0];
  const { event } = await tenantOf(request, school.key);
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(`${API_BASE}/k1mobile/giveaway/entry`, async (route) => {
    await held;
    await route.abort('connectionrefused');
  });
  const posts = countEntryPosts(page);
  const person = newPerson();
  await openForm(page, `/${school.seo}/giveaway-entry/${event}`);
  await fillForm(page, { ...person, agree: true });
  await enterButton(page, school.key).click();
  const sending = page.getByRole('button', { name: 'Sending…' });
  await expect(sending).toBeDisabled();
  await page.getByLabel('Name').press('Enter');
  await page.waitForTimeout(300);
  expect(posts()).toBe(1);
  const confirmed = page.waitForURL(`**/${school.seo}/giveaway-confirmation`);
  release();
  await confirmed;
  await expectOutcome(page, 'error');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(FALLBACK_MESSAGE);
  await expect(
    page.getByText(contentDoc(school.key, 'giveawayConfirmation')['dupSubmitError']!),
  ).toBeVisible();
  await expect(
    page.getByRole('main').getByRole('link', { name: 'Back to the entry form' }),
  ).toHaveAttribute('href', `/${school.seo}/giveaway-entry/${event}`);
  expect(storedEntries(person.email)).toEqual([]);
});

test("the confirmation reached directly shows the current giveaway, not an entrant's texts", async ({
  page,
}) => {
  const confirmation = contentDoc('huskymobile', 'giveawayConfirmation');
  await page.goto(`/${SCHOOLS.husky}/giveaway-confirmation`);
  await hydrated(page, outcomeBlock(page));
  await expectOutcome(page, 'neutral');
  for (const text of ['thanksHeader', 'enteredHeader', 'dupSubmitError', 'phoneEmailError']) {
    await expect(page.getByText(confirmation[text]!)).toHaveCount(0);
  }
  // "While you wait for the draw…" is for someone who just entered.
  await expect(page.getByText(confirmation['learnMore']!)).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    contentDoc('huskymobile', 'giveawayForm')['winHeader']!,
  );
  await expect(page.locator('[data-giveaway-enter]')).toHaveAttribute(
    'href',
    /\/uw-husky-mobile\/giveaway-entry\//,
  );
  await expect(
    page.getByRole('main').getByRole('link', { name: confirmation['whyButtonText'] }),
  ).toHaveAttribute('href', `/${SCHOOLS.husky}/why`);
  await expect(page.getByRole('link', { name: 'Back to the entry form' })).toHaveCount(0);
});

test('utah-ute-mobile has no prize list', async ({ page }) => {
  await page.goto(`/${SCHOOLS.utes}/giveaway-confirmation`);
  await expect(
    page.getByRole('main').getByRole('link', {
      name: contentDoc('utesmobile', 'giveawayConfirmation')['whyButtonText'],
    }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: /giveaway includes/i })).toHaveCount(0);
  await expect(prizeItems(page)).toHaveCount(0);
});

test("a closed school's giveaway links and its event's entry URL reach the closed page", async ({
  page,
  request,
}) => {
  const closed = contentDoc('beavsmobile', 'giveawayClosed');
  const { event } = await tenantOf(request, 'beavsmobile');
  for (const path of [`/${SCHOOLS.beavs}`, `/${SCHOOLS.beavs}/fan`, `/${SCHOOLS.beavs}/student`]) {
    await page.goto(path);
    await expect(page.locator(`a[href*="/giveaway-entry/"]`)).toHaveCount(0);
  }
  const closedPath = `/${SCHOOLS.beavs}/giveaway-closed`;
  const banner = page
    .getByRole('main')
    .getByRole('link')
    .and(page.locator(`[href="${closedPath}"]`))
    .first();
  if (await banner.count()) {
    await Promise.all([page.waitForURL(`**/${SCHOOLS.beavs}/giveaway-closed`), banner.click()]);
  } else {
    await page.goto(`/${SCHOOLS.beavs}/giveaway-entry/${event}`);
  }
  expect(new URL(page.url()).pathname).toBe(`/${SCHOOLS.beavs}/giveaway-closed`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(closed['endedHeader']!);
  await expect(page.getByText(closed['sorrySubheader']!)).toBeVisible();
  await expect(page.getByText(closed['checkText']!)).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
});

test('an entry URL with a wrong id goes to the closed page', async ({ page }) => {
  const response = await page.goto(
    `/${SCHOOLS.husky}/giveaway-entry/00000000-0000-4000-8000-000000000000`,
  );
  expect(response?.status()).toBe(200);
  expect(new URL(page.url()).pathname).toBe(`/${SCHOOLS.husky}/giveaway-closed`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    contentDoc('huskymobile', 'giveawayClosed')['endedHeader']!,
  );
});
