import { describe, expect, it } from 'vitest';
import { PLAN_PAGE_WHY_EVENT } from '../../../src/lib/analytics/events.ts';
import { forCustomer } from '../../../src/lib/content/index.ts';
import { broadbandLabelsView, planPageView } from '../../../src/lib/views/plans.ts';
import { datasetMatrix } from '../../../scripts/bench/synthetic-matrix.ts';
import { bundledDataset } from '../../../scripts/bench/synthetic-files.ts';
import { schoolPage, without } from './school-pages.ts';

describe('planPageView', () => {
  for (const customerType of ['fan', 'student', 'faculty'] as const) {
    it(`${customerType}: a card per plan, the why-us bar with its event, three perks`, async () => {
      const props = await schoolPage();
      const view = planPageView(props, customerType);
      const cards = forCustomer(props.site.content, 'planCards', customerType);
      expect(view.layout.route).toBe(customerType);
      expect(view.cards?.views).toHaveLength(cards?.plans.length ?? 0);
      expect(view.giveback?.analyticsEvent).toBe(PLAN_PAGE_WHY_EVENT[customerType]);
      expect(view.perks?.perks.length).toBeLessThanOrEqual(3);
      expect(view.perks).toMatchObject({ columns: 3, headingId: 'plan-perks-title' });
      expect(view.switchSection).toMatchObject({ headingId: 'switch-title', alt: true });
      expect(view.partnerBanner?.banner.bannerNumber).toBe(1);
    });
  }

  it('links the labels CSV only when the school has broadband facts', async () => {
    const props = await schoolPage();
    expect(planPageView(props, 'fan').finePrint?.labelsCsvHref).toBe(
      `/${props.site.seoSlug}/broadband-labels.csv`,
    );
    expect(
      planPageView(without(props, 'broadbandFacts'), 'fan').finePrint?.labelsCsvHref,
    ).toBeUndefined();
  });

  it('leaves out heading, fine print and give-back bar without the page header, and the grid without cards', async () => {
    const view = planPageView(
      without(await schoolPage(), 'planPageHeader', 'planCards'),
      'student',
    );
    expect([view.heading, view.finePrint, view.giveback, view.cards]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(view.giveawaysBanner).toBeDefined();
  });

  it('sends the giveaways banner button to the giveaway route, or shows none when the event hides it', async () => {
    const shown = await schoolPage((site) => site.giveaway.showEnterButton);
    expect(planPageView(shown, 'fan').giveawaysBanner?.enterHref).toBe(shown.site.giveaway.route);
    const hidden = await schoolPage((site) => !site.giveaway.showEnterButton);
    expect(planPageView(hidden, 'fan').giveawaysBanner).toMatchObject({ enterHref: undefined });
  });
});

describe('broadbandLabelsView', () => {
  it('writes the school facts as CSV (CRLF lines, a header row)', async () => {
    const csv = broadbandLabelsView(await schoolPage());
    expect(csv.split('\r\n').length).toBeGreaterThan(2);
  });

  it("reads the labels through the product layer: a product label's price and text reach every school that inherits them, with its words", async () => {
    const bundled = bundledDataset();
    const documents = bundled.documents.map((doc) =>
      (doc as { _id: string })._id === 'product-broadbandFacts-1'
        ? { ...doc, planPrice: '$27.00', planName: '{baseName} Fan Basics' }
        : doc,
    );
    const matrix = await datasetMatrix({ documents, tenants: bundled.tenants });
    const csvs = matrix.schools.map((site) => ({
      site,
      csv: broadbandLabelsView({ site, settings: matrix.settings }),
    }));
    expect(csvs.length).toBeGreaterThan(1);
    for (const { site, csv } of csvs) {
      const fan = csv.split('\r\n').find((line) => line.includes('Fan Basics'));
      expect(fan, site.key).toContain(`${site.content.school.baseName} Fan Basics`);
      expect(fan, site.key).toContain('27.00');
    }
  });
});
