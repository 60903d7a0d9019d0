/** The giveaway entry form in the browser (docs/behaviour.md §5): errors, nothing sent when invalid, the phone field. */
import { expect, test } from '@playwright/test';
import { axeViolations } from './axe.ts';
import {
  ERROR_FIELDS,
  OPEN_SCHOOLS,
  contentDoc,
  countEntryPosts,
  fillForm,
  newPerson,
  openForm,
  prizeItems,
  tenantOf,
} from './giveaway-helpers.ts';

const school = OPEN_SCHOOLS[0];
const form = contentDoc(school.key, 'giveawayForm');
let entryPath = '';
let schoolName = '';

test.beforeAll(async ({ request }) => {
  const tenant = await tenantOf(request, school.key);
  entryPath = `/${school.seo}/giveaway-entry/${tenant.event}`;
  schoolName = tenant.name;
});

test('the entry page: title is the school name, texts and prizes from content', async ({
  page,
}) => {
  await openForm(page, entryPath);
  await expect(page).toHaveTitle(schoolName);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(form['winHeader']!);
  await expect(page.getByText(form['enterByText']!)).toBeVisible();
  await expect(page.getByRole('heading', { name: form['premiumGiveawayHeader'] })).toBeVisible();
  await expect(prizeItems(page)).toHaveCount(4);
  await expect(page.getByRole('heading', { name: form['formTitle'] })).toBeVisible();
  await expect(page.getByRole('form', { name: form['formTitle'] })).toBeVisible();
  await expect(page.getByRole('link', { name: /Official Rules/ })).toHaveAttribute(
    'href',
    /^https:\/\//,
  );
  await expect(page.getByText(form['finePrintBold']!)).toBeVisible();
  const state = page.getByLabel('State');
  await expect(state.locator('option').first()).toHaveText('Select your State');
  await expect(state.locator('option').first()).toHaveAttribute('value', '');
  await expect(state.locator('option')).toHaveCount(52);
});

test(
  'an empty submit shows every error, focuses the first field and sends nothing; axe finds nothing',
  { tag: '@phone' },
  async ({ page }) => {
    const posts = countEntryPosts(page);
    await openForm(page, entryPath);
    await page.getByRole('button', { name: form['enterButtonText'] }).click();
    for (const field of ERROR_FIELDS) await expect(page.getByText(form[field]!)).toBeVisible();
    await expect(page.getByLabel('Name')).toBeFocused();
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Phone')).toHaveAttribute(
      'aria-describedby',
      'giveaway-phone-error',
    );
    expect(await axeViolations(page)).toEqual([]);
    await page.waitForTimeout(300);
    expect(posts()).toBe(0);
  },
);

const alone: Array<[string, (typeof ERROR_FIELDS)[number], Parameters<typeof fillForm>[1]]> = [
  ['name', 'nameRequiredError', { name: '   ' }],
  ['name of zero-width characters only', 'nameRequiredError', { name: '\u200b\u200b\u200b' }],
  ['name with a right-to-left override', 'nameRequiredError', { name: '\u202eFan Pat' }],
  ['email without a dot part', 'validEmailError', { email: 'pat@example' }],
  ['state', 'stateRequiredError', { state: '' }],
  ['phone with 9 digits', 'phoneRequiredError', { phone: '206555014' }],
  ['agree', 'agreeToTermsError', { agree: false }],
];

for (const [label, errorField, wrong] of alone) {
  test(`only the ${label} error shows when only that field is wrong`, async ({ page }) => {
    const posts = countEntryPosts(page);
    await openForm(page, entryPath);
    await fillForm(page, { ...newPerson(), agree: true, ...wrong });
    if (wrong.agree === false) await page.getByRole('checkbox').uncheck();
    await page.getByRole('button', { name: form['enterButtonText'] }).click();
    for (const field of ERROR_FIELDS) {
      await expect(page.getByText(form[field]!)).toHaveCount(field === errorField ? 1 : 0);
    }
    expect(posts()).toBe(0);
  });
}

test('letter key presses in the phone field do nothing; pasted text keeps its digits', async ({
  page,
}) => {
  await openForm(page, entryPath);
  const phone = page.getByLabel('Phone');
  await expect(phone).toHaveAttribute('inputmode', 'numeric');
  await phone.pressSequentially('abc-()+ x');
  await expect(phone).toHaveValue('');
  await phone.pressSequentially('20a65b55c0142');
  await expect(phone).toHaveValue('2065550142');
  await phone.fill('');
  await phone.evaluate((input) => {
    const data = new DataTransfer();
    data.setData('text/plain', '+1 (206) 555-0142');
    input.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  });
  await expect(phone).toHaveValue('12065550142');
});
