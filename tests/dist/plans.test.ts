/** Plan pages, why page and the machine-readable labels as built into dist/. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { siteContent } from '../../src/lib/content/index.ts';
import { orderedFacts, selectFacts } from '../../src/lib/plans/facts.ts';
import {
  DIST,
  accessibleName,
  buildReport,
  headingTexts,
  linksIn,
  pageDocument,
  textOf,
} from './helpers.ts';

const report = buildReport();
const content = await siteContent();
const PLAN_TYPES = ['student', 'faculty', 'fan'] as const;
/** Seed schools whose active event is an excluded id (docs/behaviour.md §9): no enter button. */
const HIDDEN_ENTER = new Set(['cubbymobile', 'utah-ute-mobile']);

/** Data lines of a CSV whose fields hold no line breaks (true of the seed labels). */
const csvLines = (text: string) => text.split('\r\n').filter(Boolean);

describe('every school', () => {
  it("carries the one provider's FRN in every label's plan id", () => {
    const frns = report.schools.flatMap((school) =>
      csvLines(readFileSync(join(DIST, school.seoSlug, 'broadband-labels.csv'), 'utf8'))
        .slice(1)
        .map((row) => row.slice(1, 11)),
    );
    expect(frns.length).toBeGreaterThan(report.schools.length);
    expect(new Set(frns).size).toBe(1);
  });
});

for (const school of report.schools) {
  const schoolContent = content.schools.find((entry) => entry.school.key === school.key);
  const records = orderedFacts(schoolContent?.documents.broadbandFacts ?? []);

  describe(school.seoSlug, () => {
    it('publishes its broadband labels CSV with one row per facts record, in order', () => {
      const file = join(DIST, school.seoSlug, 'broadband-labels.csv');
      expect(existsSync(file), file).toBe(true);
      const [header, ...rows] = csvLines(readFileSync(file, 'utf8'));
      expect(header?.startsWith('unique_plan_id,provider_name,service_plan_name,')).toBe(true);
      expect(records.length).toBeGreaterThan(0);
      expect(rows).toHaveLength(records.length);
      expect(rows.map((row) => row.split(',')[0])).toEqual(
        records.map((record) => record.uniquePlanId),
      );
    });

    it('labels its plans as the mobile service they are: M plan ids of one FRN, each label priced as the card that opens it', () => {
      const [, ...rows] = csvLines(
        readFileSync(join(DIST, school.seoSlug, 'broadband-labels.csv'), 'utf8'),
      );
      const ids = rows.map((row) => row.split(',')[0] ?? '');
      for (const id of ids) expect(id).toMatch(/^M\d{10}[A-Z0-9]{15}$/);
      expect(new Set(ids.map((id) => id.slice(1, 11))).size).toBe(1);
      const amount = (text: string) => Number(/\$\s?([\d.]+)/.exec(text)?.[1]);
      const labelled = PLAN_TYPES.flatMap((type) => {
        const document = pageDocument(`/${school.seoSlug}/${type}`);
        return [...document.querySelectorAll('main article button[aria-controls]')].map(
          (toggle) => {
            const article = toggle.closest('article')!;
            const panel = document.getElementById(toggle.getAttribute('aria-controls') ?? '')!;
            return {
              card: `${type}: ${accessibleName(article)}`,
              heading: textOf(panel.querySelector('.bb-label .kind')),
              price: amount(textOf(panel.querySelector('.bb-label .row--price dd'))),
              cardPrice: amount(textOf(article.querySelector('.price .amount'))),
            };
          },
        );
      });
      expect(labelled).toHaveLength(9);
      for (const { card, heading, price, cardPrice } of labelled) {
        expect(heading, card).toBe('Mobile Broadband Consumer Disclosure');
        expect(price, card).toBe(cardPrice);
        expect(price, card).toBeGreaterThan(0);
      }
    });

    it.each(PLAN_TYPES)(
      'renders the %s plan page: cards, facts labels, fine print with the CSV link',
      (type) => {
        const document = pageDocument(`/${school.seoSlug}/${type}`);
        const cards =
          schoolContent?.documents.planCards.find((doc) => doc.customerType === type)?.plans ?? [];
        expect(cards).toHaveLength(3);
        // Three cards, each an article named by its plan heading, in content order.
        const articles = [...document.querySelectorAll('main article')].filter((article) =>
          article.querySelector(':scope h2'),
        );
        expect(articles.map(accessibleName)).toEqual(cards.map((card) => card.planLabel));
        expect(articles.map((article) => headingTexts(article, 2))).toEqual(
          cards.map((card) => [card.planLabel]),
        );
        // Card bodies are static HTML in the page: no island, no templates left for a script to fill.
        expect(document.querySelector('template[data-astro-template], astro-island')).toBeNull();
        for (const [index, article] of articles.entries()) {
          const card = cards[index]!;
          // What a reader gets without any script: the price, an order link for this plan, and a
          // collapsed Broadband Facts button controlling a hidden region that names the same plan.
          expect(textOf(article), card.planLabel).toMatch(/\$\s?\d+/);
          expect(
            linksIn(article).some((link) => link.name.includes(card.planLabel)),
            card.planLabel,
          ).toBe(true);
          const toggle = [...article.querySelectorAll('button')].find(
            (button) => accessibleName(button) === `Broadband Facts for ${card.planLabel}`,
          );
          expect(toggle, card.planLabel).toBeDefined();
          expect(toggle!.getAttribute('aria-expanded')).toBe('false');
          const panel = document.getElementById(toggle!.getAttribute('aria-controls') ?? '');
          expect(panel?.getAttribute('role')).toBe('region');
          expect(accessibleName(panel!)).toBe(`Broadband Facts: ${card.planLabel}`);
          expect(panel!.hidden).toBe(true);
          expect(headingTexts(panel!, 3)).toEqual(['Broadband Facts']);
          const record = selectFacts(records, card.planLabel);
          if (record)
            expect(textOf(panel), card.planLabel).toContain(
              `Unique plan identifier: ${record.uniquePlanId}`,
            );
        }
        const csv = linksIn(document).filter(
          (link) => link.href === `/${school.seoSlug}/broadband-labels.csv`,
        );
        expect(csv.map((link) => link.name)).toEqual([
          'Broadband labels in machine-readable format (CSV)',
        ]);
        const why = linksIn(document).filter(
          (link) => link.element.dataset.analytics === `${type}plans.why`,
        );
        expect(why.map((link) => link.href)).toEqual([`/${school.seoSlug}/why`]);
        expect(why[0]?.name).toMatch(/^Why .+\?$/);
      },
    );

    it('strikes through the regular price on the faculty page only', () => {
      // A struck-out price that a screen reader announces as the earlier price.
      const struck = [...pageDocument(`/${school.seoSlug}/faculty`).querySelectorAll('main s')].map(
        textOf,
      );
      expect(struck.length).toBeGreaterThan(0);
      for (const text of struck) expect(text).toMatch(/^Was \$\d+$/);
      expect(pageDocument(`/${school.seoSlug}/fan`).querySelectorAll('main s')).toHaveLength(0);
    });

    it(`${HIDDEN_ENTER.has(school.seoSlug) ? 'hides' : 'shows'} the giveaways enter button, pointing at the giveaway route`, () => {
      const document = pageDocument(`/${school.seoSlug}/student`);
      const section = document.querySelector('section[aria-labelledby="giveaways-heading"]');
      expect(section).not.toBeNull();
      expect(accessibleName(section!)).toMatch(/\w/);
      const enter = linksIn(section!).filter((link) => /enter/i.test(link.name));
      if (HIDDEN_ENTER.has(school.seoSlug)) expect(enter).toEqual([]);
      else
        expect(enter.map((link) => [link.name, link.href])).toEqual([
          ['Enter to Win', school.giveaway],
        ]);
    });

    it('builds the why page with choose-plans buttons to the three plan pages', () => {
      const document = pageDocument(`/${school.seoSlug}/why`);
      const links = linksIn(document);
      for (const type of ['fan', 'student', 'faculty']) {
        const choose = links.filter(
          (link) =>
            link.href === `/${school.seoSlug}/${type}` &&
            link.element.dataset.analytics === `why.${type}plans`,
        );
        expect(choose, type).toHaveLength(1);
        expect(choose[0]!.name, type).toMatch(/\w/);
      }
      expect(
        [...document.querySelectorAll('img')].map((image) => image.getAttribute('alt')),
      ).toContainEqual(expect.stringMatching(/^Partner of \S/));
    });
  });
}

it('reports no malformed or repeated unique plan ids for the seed content', () => {
  const problems = report.schools
    .flatMap((school) => school.problems)
    .filter((problem) => problem.documentType === 'broadbandFacts');
  expect(problems).toEqual([]);
});
