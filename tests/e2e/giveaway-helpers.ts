/** Giveaway e2e helpers: content texts from the bundled dataset, entry paths from the local API, a filled form. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import {
  productIdOf,
  resolveDocument,
  schoolWords,
} from '../../src/lib/content/inheritance/index.ts';
import { API_BASE, DATA_DIR, hydrated } from './helpers.ts';

type Doc = Record<string, unknown>;
const documents: Doc[] = readFileSync('src/dataset/data.ndjson', 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as Doc);

/**
 * A school's document of a type, from the same dataset the build used, as its pages show it: the
 * school's values, otherwise its product document's with the school's words put in.
 */
export function contentDoc(schoolKey: string, type: string): Record<string, string> {
  const school = documents.find((doc) => doc['_type'] === 'school' && doc['key'] === schoolKey);
  const found = documents.find(
    (doc) =>
      doc['_type'] === type && (doc['school'] as Doc | undefined)?.['_ref'] === school?.['_id'],
  );
  if (!school || !found) throw new Error(`No ${type} for ${schoolKey} in the dataset`);
  const product = documents.find((doc) => doc['_id'] === productIdOf(found));
  return resolveDocument({ product, override: found, words: schoolWords(school) })
    .document as Record<string, string>;
}

/** The open schools of the seed data: seo slug and internal key. */
export const OPEN_SCHOOLS = [
  { seo: 'uw-husky-mobile', key: 'huskymobile' },
  { seo: 'uk-kentucky-mobile', key: 'kentuckymobile' },
] as const;

/** The school's name and active event, as the product API reports them. */
export async function tenantOf(
  request: APIRequestContext,
  key: string,
): Promise<{ name: string; event: string }> {
  const code = (await (await request.get(`${API_BASE}/k1mobile/tenant/code/${key}`)).json()) as {
    result: { id: number };
  };
  const tenant = (await (
    await request.get(`${API_BASE}/k1mobile/tenant/${code.result.id}`)
  ).json()) as { result: { Name: string; ActiveGiveawayEvent: string } };
  return { name: tenant.result.Name, event: tenant.result.ActiveGiveawayEvent };
}

export const ERROR_FIELDS = [
  'nameRequiredError',
  'validEmailError',
  'stateRequiredError',
  'phoneRequiredError',
  'agreeToTermsError',
] as const;

/** Someone who has not entered yet: unique email and phone per call. */
export function newPerson() {
  const unique = `${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  return {
    name: 'Pat Tester',
    email: `e2e-${unique}@example.com`,
    state: 'WA',
    phone: `2${unique.slice(-9).padStart(9, '0')}`,
  };
}

export type Person = ReturnType<typeof newPerson>;

/** Opens the entry page and waits until the form is interactive. */
export async function openForm(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page, page.getByRole('form').filter({ has: page.getByLabel('Email') }));
}

export async function fillForm(page: Page, person: Partial<Person> & { agree?: boolean }) {
  if (person.name !== undefined) await page.getByLabel('Name').fill(person.name);
  if (person.email !== undefined) await page.getByLabel('Email').fill(person.email);
  if (person.state !== undefined) await page.getByLabel('State').selectOption(person.state);
  if (person.phone !== undefined) await page.getByLabel('Phone').fill(person.phone);
  if (person.agree) await page.getByRole('checkbox').check();
}

/** Counts the entry POSTs the page makes. */
export function countEntryPosts(page: Page): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/k1mobile/giveaway/entry'))
      count += 1;
  });
  return () => count;
}

/** Stored entries for an email, read straight from the local API's SQLite file. */
export function storedEntries(
  email: string,
): Array<{ event_guid: string; state_code: string; phone_digits: string }> {
  const db = new DatabaseSync(join(DATA_DIR, 'local-api.sqlite'), { readOnly: true });
  try {
    return db
      .prepare(
        'SELECT event_guid, state_code, phone_digits FROM giveaway_entries WHERE email_normalised = ?',
      )
      .all(email.toLowerCase()) as Array<{
      event_guid: string;
      state_code: string;
      phone_digits: string;
    }>;
  } finally {
    db.close();
  }
}

/** The confirmation's outcome block (a live region; it names the state it shows in `data-status`). */
export const outcomeBlock = (page: Page) => page.locator('[data-status]');

export async function expectOutcome(page: Page, status: 'success' | 'error' | 'neutral') {
  await expect(outcomeBlock(page)).toHaveAttribute('data-status', status);
}

/** The premium giveaway's prizes: the list named by its header. */
export const prizeItems = (page: Page) =>
  page.getByRole('list', { name: /giveaway includes/i }).getByRole('listitem');
