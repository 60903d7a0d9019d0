/**
 * The inheritance panels in Chromium, as the Studio draws them (its field and item components over
 * @sanity/ui in the Studio's theme) on the test page studio/tests/render/inheritance-page.tsx, which
 * plays Sanity's form, its document store (the bundled dataset, the Studio's own GROQ queries run
 * by groq-js) and Presentation (the Studio cannot sign in to Sanity offline):
 * - a school's field: inherited (the product's value with its names), **Override for this school**
 *   writes that value into the field, **Reset to the product's value** (by keyboard) empties it;
 * - a product document's field: how many schools share it, and which override it, named;
 * - click-to-edit: the product document opened at the field the preview's `data-sanity` names on a
 *   school's page (made by the preview's own code, as the overlay posts it) says it is shared by N
 *   schools and opens that school's document to override it instead;
 * - axe (WCAG 2.2 A/AA and best practices) finds nothing on any of them.
 * Screenshots of each, at 390, 1024 and 1280 px: .scratch/studio-inheritance/.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium, type Browser, type Locator, type Page } from '@playwright/test';
import { decodeSanityNodeData } from '@sanity/visual-editing-csm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM } from '../../scripts/dev/studio-host.ts';
import { serveStudioTestPage, type StudioTestPage } from '../../scripts/dev/studio-test-page.ts';
import {
  indexProducts,
  isProductId,
  resolveSchoolDocuments,
  schoolWords,
  type FieldPath,
} from '../../src/lib/content/inheritance/index.ts';
import { applyPerspective } from '../../src/lib/content/perspective.ts';
import { editAttribute } from '../../src/lib/preview/server/edit-attribute.ts';
import { editTarget } from '../../src/lib/views/edit-target.ts';
import AxeBuilder from '@axe-core/playwright';
import { AXE_TAGS } from '../../tests/e2e/axe.ts';
import type { Doc } from '../inheritance/field-state.ts';
import { WORDS } from '../inheritance/inheritance-words.ts';

type Document = Doc & { _id: string; _type: string };
const dataset = applyPerspective(
  readFileSync(new URL('../../src/dataset/data.ndjson', import.meta.url), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Document),
  'published',
) as Document[];
/** How long a value may take to show after a click (a shared, busy machine). */
const POLL = { timeout: 10_000 };
const SHOTS = resolve(import.meta.dirname, '../../.scratch/studio-inheritance');
const WIDTHS = [390, 1024, 1280];

let served: StudioTestPage;
let browser: Browser;

beforeAll(async () => {
  served = await serveStudioTestPage({
    entry: 'studio/tests/render/inheritance-page.tsx',
    title: 'Studio: inheritance panels (test page)',
    files: { '/dataset.json': ['application/json', JSON.stringify(dataset)] },
  });
  browser = await chromium.launch(CHROMIUM);
  mkdirSync(SHOTS, { recursive: true });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await served?.close();
});

async function open(view: Record<string, string>, width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  page.on('close', () => void context.close().catch(() => undefined));
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${served.url}#form?${new URLSearchParams(view).toString()}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  expect(errors).toEqual([]);
  return page;
}

/** A field and its panel, with a margin, as the editor sees it. */
async function shoot(page: Page, field: Locator, name: string) {
  await field.scrollIntoViewIfNeeded();
  const box = (await field.boundingBox())!;
  const width = page.viewportSize()!.width;
  await page.screenshot({
    path: resolve(SHOTS, `${name}-${width}.png`),
    clip: { x: 0, y: Math.max(0, box.y - 24), width, height: box.height + 48 },
  });
}

/** axe (the site's rules: WCAG 2.2 A/AA and best practices) on the new controls: the panels and the shared-by card. */
async function panelViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .include('[data-inheritance-panel]')
    .include('[role="note"]')
    .withTags(AXE_TAGS)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.nodes
        .map((node) => node.target.join(' '))
        .slice(0, 3)
        .join(' | ')}`,
  );
}

const fieldAt = (page: Page, path: string) => page.locator(`[data-path=${JSON.stringify(path)}]`);

describe("a school's field", () => {
  it("inherited, then overridden for this school, then reset to the product's value by keyboard", async () => {
    const page = await open({ id: 'huskymobile-planPageHeader-fan' });
    const product = 'Premium 5G for all of Husky Nation, with taxes and fees included.';
    const inherited = page.getByRole('group', { name: WORDS.inheritedLabel('Network line') });
    await expect(inherited.innerText()).resolves.toContain(WORDS.inherited);
    await expect(inherited.innerText()).resolves.toContain(product);
    const input = page.getByLabel('Network line', { exact: true });
    await expect(input.inputValue()).resolves.toBe('');
    // The fields that say which document this is have no panel.
    await expect(
      fieldAt(page, 'customerType').locator('[data-inheritance-panel]').count(),
    ).resolves.toBe(0);

    await inherited.getByRole('button', { name: WORDS.override }).click();
    await expect.poll(() => input.inputValue(), POLL).toBe(product);
    const overridden = page.getByRole('group', { name: WORDS.overriddenLabel('Network line') });
    await expect(overridden.innerText()).resolves.toContain(WORDS.overridden);
    await expect(
      page.getByRole('group', { name: WORDS.inheritedLabel('Network line') }).count(),
    ).resolves.toBe(0);

    // Keyboard: from the field's input, Tab reaches Reset; Enter resets.
    await input.focus();
    await page.keyboard.press('Tab');
    const reset = overridden.getByRole('button', { name: WORDS.reset });
    await expect(reset.evaluate((button) => button === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => input.inputValue(), POLL).toBe('');
    await expect(
      page.getByRole('group', { name: WORDS.inheritedLabel('Network line') }).innerText(),
    ).resolves.toContain(product);
    await page.close();
  }, 60_000);

  it("an overridden field says so, with the product's value that Reset brings back", async () => {
    const page = await open({ id: 'beavsmobile-planPageHeader-fan' });
    const overridden = page.getByRole('group', { name: WORDS.overriddenLabel('Heading') });
    // The product's value with this school's words: its mascot in the product's {mascot}.
    await expect(overridden.innerText()).resolves.toContain('Plans for Beaver fans & alumni');
    await expect(page.getByLabel('Heading', { exact: true }).inputValue()).resolves.toBe(
      'Plans for every Beaver fan & alum',
    );
    await expect(overridden.getByRole('button', { name: WORDS.reset }).count()).resolves.toBe(1);
    await page.close();
  }, 60_000);
});

describe('a product document', () => {
  it('each field says how many schools share it and names those that override it', async () => {
    const page = await open({ id: 'product-landingHeader' });
    const text = page.getByRole('group', { name: WORDS.overviewLabel('Text'), exact: true });
    await expect(text.innerText()).resolves.toContain(WORDS.sharedBy(1));
    await expect(text.innerText()).resolves.toContain(WORDS.overriddenBy(5));
    await expect(text.getByRole('listitem').allInnerTexts()).resolves.toEqual([
      'Bears Mobile',
      'Beavs Mobile',
      'Cubby Mobile',
      'Kentucky Mobile',
      'Utes Mobile',
    ]);
    const button = page.getByRole('group', {
      name: WORDS.overviewLabel('Button text'),
      exact: true,
    });
    await expect(button.innerText()).resolves.toContain(WORDS.sharedBy(6));
    await expect(button.innerText()).resolves.toContain(WORDS.noneOverrides);
    await page.close();
  }, 60_000);
});

describe('click-to-edit on inherited text', () => {
  /** What the overlay posts when the editor clicks a text Husky Mobile's page inherits (the preview's own code). */
  function clicked(
    type: string,
    customerType: string,
    path: FieldPath,
  ): { id: string; path: string } {
    const husky = dataset.find((doc) => doc._id === 'school-huskymobile')!;
    const own = dataset.filter(
      (doc) => (doc.school as { _ref?: string } | undefined)?._ref === husky._id,
    );
    const products = indexProducts(dataset.filter((doc) => isProductId(doc._id)));
    const shown = resolveSchoolDocuments(husky, schoolWords(husky), own, products).documents.find(
      (doc) => doc._type === type && doc.customerType === customerType,
    )!;
    const target = editTarget(shown as Document, path);
    return decodeSanityNodeData(editAttribute(target.doc, target.path)) as {
      id: string;
      path: string;
    };
  }

  it('opens the product document at the field, says it is shared by N schools, and overrides it for the school instead', async () => {
    const focus = clicked('planPageHeader', 'fan', ['tmoSubHeader']);
    expect(focus).toMatchObject({ id: 'product-planPageHeader-fan', path: 'tmoSubHeader' });
    const page = await open({ id: focus.id, preview: '/uw-husky-mobile/fan', path: focus.path });
    const note = page.getByRole('note', { name: WORDS.sharedBy(6) });
    await expect(note.innerText()).resolves.toContain(WORDS.openedShared('Husky Mobile'));
    // Only the field that was clicked.
    await expect(page.getByRole('note').count()).resolves.toBe(1);
    await expect(fieldAt(page, 'tmoSubHeader').getByRole('note').count()).resolves.toBe(1);

    await note.getByRole('link', { name: WORDS.overrideInstead('Husky Mobile') }).click();
    await expect(page.evaluate(() => window.intents)).resolves.toEqual([
      {
        intent: 'edit',
        params: {
          id: 'huskymobile-planPageHeader-fan',
          type: 'planPageHeader',
          path: 'tmoSubHeader',
          mode: 'presentation',
          presentation: 'presentation',
          preview: '/uw-husky-mobile/fan',
        },
      },
    ]);
    // Husky Mobile's document, at that field: inherited, ready to override.
    await page.getByRole('heading', { name: /^Husky Mobile · Plan page header/ }).waitFor();
    const input = page.getByLabel('Network line', { exact: true });
    await expect
      .poll(() => input.evaluate((element) => element === document.activeElement), POLL)
      .toBe(true);
    await page
      .getByRole('group', { name: WORDS.inheritedLabel('Network line') })
      .getByRole('button', { name: WORDS.override })
      .click();
    await expect
      .poll(() => input.inputValue(), POLL)
      .toBe('Premium 5G for all of Husky Nation, with taxes and fees included.');
    await page.close();
  }, 60_000);

  it("a plan's text: the school's list of plans opens, whose Override lists the plans, each named, each field its own", async () => {
    const product = dataset.find((doc) => doc._id === 'product-planCards-fan')!;
    const key = (product.plans as Doc[])[1]._key as string;
    const focus = clicked('planCards', 'fan', ['plans', { _key: key }, 'planDescription']);
    expect(focus).toEqual(expect.objectContaining({ id: 'product-planCards-fan' }));
    const page = await open({ id: focus.id, preview: '/uw-husky-mobile/fan', path: focus.path });
    const note = page.getByRole('note', { name: WORDS.sharedBy(6) });
    await note.waitFor();
    await expect(fieldAt(page, focus.path).getByRole('note').count()).resolves.toBe(1);
    await note.getByRole('link', { name: WORDS.overrideInstead('Husky Mobile') }).click();
    // Husky Mobile lists no plan of its own yet: its document opens at its list of plans.
    await expect(
      page.evaluate(() => window.intents.map((intent) => intent.params)),
    ).resolves.toEqual([
      expect.objectContaining({ id: 'huskymobile-planCards-fan', path: 'plans' }),
    ]);
    const plans = page.getByRole('group', { name: WORDS.inheritedLabel('Plans') });
    await expect(plans.getByRole('listitem').allInnerTexts()).resolves.toEqual([
      'Fan Essentials',
      'Fan Unlimited',
      'Fan Premium Unlimited',
    ]);
    await plans.getByRole('button', { name: WORDS.override }).click();
    // Each plan listed by its key and named as the page shows it; each field inherited on its own.
    await expect
      .poll(() => page.locator('legend').allInnerTexts(), POLL)
      .toEqual(['Fan Essentials', 'Fan Unlimited', 'Fan Premium Unlimited']);
    const description = fieldAt(page, focus.path);
    const inherited = description.getByRole('group', { name: WORDS.inheritedLabel('Description') });
    await expect(inherited.innerText()).resolves.toContain(
      'The plan most of Husky Nation chooses.',
    );
    await inherited.getByRole('button', { name: WORDS.override }).click();
    await expect
      .poll(() => description.getByLabel('Description', { exact: true }).inputValue(), POLL)
      .toContain('The plan most of Husky Nation chooses.');
    await expect(
      page.getByRole('group', { name: WORDS.overriddenLabel('Plans') }).innerText(),
    ).resolves.toContain(WORDS.listOverridden(1, 3));
    await page.close();
  }, 60_000);
});

describe('accessibility and screenshots', () => {
  const views: Array<{ name: string; view: Record<string, string>; field: string }> = [
    {
      name: 'inherited-field',
      view: { id: 'huskymobile-planPageHeader-fan' },
      field: 'tmoSubHeader',
    },
    { name: 'overridden-field', view: { id: 'beavsmobile-planPageHeader-fan' }, field: 'header' },
    {
      name: 'product-overriding-schools',
      view: { id: 'product-landingHeader' },
      field: 'subtitle',
    },
    {
      name: 'shared-by-schools',
      view: {
        id: 'product-planPageHeader-fan',
        preview: '/uw-husky-mobile/fan',
        path: 'tmoSubHeader',
      },
      field: 'tmoSubHeader',
    },
  ];

  it('axe finds nothing on the panels, which fit the width at 390, 1024 and 1280 px', async () => {
    for (const width of WIDTHS) {
      const page = await open(views[0].view, width);
      for (const { name, view, field } of views) {
        // Another document: the page draws it anew, as the Studio's router opens a document.
        await page.evaluate(
          (hash) => (location.hash = hash),
          `#form?${new URLSearchParams(view).toString()}`,
        );
        await page.getByRole('heading', { level: 1 }).waitFor();
        await fieldAt(page, field)
          .locator('[data-inheritance-panel], [role="note"]')
          .first()
          .waitFor();
        // axe once per view (its rules do not depend on the width; ~5 s a run on a shared machine).
        if (width === 1280)
          expect(await panelViolations(page), `${name} at ${width}px`).toEqual([]);
        // Nothing wider than the page (no sideways scrolling on a phone).
        await expect(
          page.evaluate(() => document.documentElement.scrollWidth),
        ).resolves.toBeLessThanOrEqual(width);
        await shoot(page, fieldAt(page, field), name);
        if (name === 'overridden-field') {
          // Keyboard focus on Reset, as a keyboard user lands on it.
          await page.getByLabel('Heading', { exact: true }).focus();
          await page.keyboard.press('Tab');
          await shoot(page, fieldAt(page, field), `${name}-focus`);
        }
      }
      await page.close();
    }
  }, 240_000);
});
