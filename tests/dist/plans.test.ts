/** Plan pages, why page and the machine-readable labels as built into dist/. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { siteContent } from '../../src/lib/content/index.ts';
import { orderedFacts, selectFacts } from '../../src/lib/plans/facts.ts';
import { DIST, buildReport, readPage } from './helpers.ts';

const report = buildReport();
const content = await siteContent();
const PLAN_TYPES = ['student', 'faculty', 'fan'] as const;
/** Seed schools whose active event is an excluded id (SPEC §9): no enter button. */
const HIDDEN_ENTER = new Set(['cubbymobile', 'utah-ute-mobile']);

/** Data lines of a CSV whose fields hold no line breaks (true of the seed labels). */
const csvLines = (text: string) => text.split('\r\n').filter(Boolean);

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
      expect(rows.map((row) => row.split(',')[0])).toEqual(records.map((record) => record.uniquePlanId));
    });

    it.each(PLAN_TYPES)('renders the %s plan page: cards, facts labels, fine print with the CSV link', (type) => {
      const html = readPage(`/${school.seoSlug}/${type}`);
      const cards = schoolContent?.documents.planCards.find((doc) => doc.customerType === type)?.plans ?? [];
      expect(cards).toHaveLength(3);
      expect(html.match(/<article class="plan-card"/g)).toHaveLength(3);
      // Card bodies are static HTML in the page: no island, no templates left for a script to fill.
      expect(html).not.toContain('<template data-astro-template');
      expect(html).not.toContain('<astro-island');
      expect(html).toMatch(/<article class="plan-card"[^>]*>\s*<div class="head[ "]/);
      expect(html.match(/aria-expanded="false"/g)?.length).toBeGreaterThanOrEqual(3);
      for (const card of cards) {
        expect(html).toContain(`>${card.planLabel}</h2>`);
        const record = selectFacts(records, card.planLabel);
        if (record) expect(html).toContain(record.uniquePlanId);
      }
      expect(html).toContain(`href="/${school.seoSlug}/broadband-labels.csv"`);
      expect(html).toContain(`data-analytics="${type}plans.why"`);
    });

    it('strikes through the regular price on the faculty page only', () => {
      expect(readPage(`/${school.seoSlug}/faculty`)).toMatch(/<s class="was[ "][^>]*><span class="visually-hidden[ "][^>]*>Was <\/span>\$\d+<\/s>/);
      expect(readPage(`/${school.seoSlug}/fan`)).not.toMatch(/<s class="was[ "]/);
    });

    it(`${HIDDEN_ENTER.has(school.seoSlug) ? 'hides' : 'shows'} the giveaways enter button, pointing at the giveaway route`, () => {
      const html = readPage(`/${school.seoSlug}/student`);
      expect(html).toContain('id="giveaways-heading"');
      if (HIDDEN_ENTER.has(school.seoSlug)) expect(html).not.toContain('data-giveaway-enter');
      else expect(html).toMatch(new RegExp(`href="${school.giveaway}"[^>]*data-giveaway-enter`));
    });

    it('builds the why page with choose-plans buttons to the three plan pages', () => {
      const html = readPage(`/${school.seoSlug}/why`);
      for (const type of ['fan', 'student', 'faculty']) {
        expect(html).toMatch(new RegExp(`href="/${school.seoSlug}/${type}"[^>]*data-analytics="why.${type}plans"`));
      }
      expect(html).toMatch(/alt="Partner of [^"]+"/);
    });
  });
}

it('reports no malformed or repeated unique plan ids for the seed content', () => {
  const problems = report.schools.flatMap((school) => school.problems).filter((problem) => problem.documentType === 'broadbandFacts');
  expect(problems).toEqual([]);
});
