import { describe, expect, it } from 'vitest';
import { WHY_PAGE_PLAN_EVENT } from '../../../src/lib/analytics/events.ts';
import { heroCta } from '../../../src/lib/landing/sections.ts';
import { landingView } from '../../../src/lib/views/landing.ts';
import { whyView } from '../../../src/lib/views/why.ts';
import { schoolPage, without } from './school-pages.ts';

describe('landingView', () => {
  it('gives every landing section its props, in the layout of the landing route', async () => {
    const props = await schoolPage();
    const view = landingView(props);
    expect(view.layout).toEqual({ site: props.site, settings: props.settings, route: 'landing' });
    expect(view.hero?.defaultCarrierLine).toBe(props.settings.carrierLine);
    expect(view.partnerBanner?.banner.bannerNumber).toBe(1);
    expect(view.perks).toMatchObject({ columns: 5, headingId: 'perks-title' });
    expect(view.howItWorks?.seoSlug).toBe(props.site.seoSlug);
    expect(view.mission?.pillars.length).toBeGreaterThan(0);
    expect(view.faqs?.seoSlug).toBe(props.site.seoSlug);
  });

  it('points the choose-plans block at the hero call to action, and at #plans without a hero', async () => {
    const props = await schoolPage();
    const header = landingView(props).hero?.header;
    expect(landingView(props).choosePlans?.anchorId).toBe(heroCta(header ?? {}).anchorId);
    expect(landingView(without(props, 'landingHeader')).choosePlans?.anchorId).toBe('plans');
  });

  it('leaves out the section of a missing document', async () => {
    const view = landingView(without(await schoolPage(), 'landingPerks', 'faqs', 'partnerBanner'));
    expect(view.perks).toBeUndefined();
    expect(view.faqs).toBeUndefined();
    expect(view.partnerBanner).toBeUndefined();
    expect(view.hero).toBeDefined();
  });
});

describe('whyView', () => {
  it('shows partner banner 2 and sends choose-plans clicks as the why page events', async () => {
    const props = await schoolPage();
    const view = whyView(props);
    expect(view.layout.route).toBe('why');
    expect(view.partnerBanner?.banner.bannerNumber).toBe(2);
    expect(view.choosePlans).toMatchObject({
      seoSlug: props.site.seoSlug,
      events: WHY_PAGE_PLAN_EVENT,
    });
    for (const part of [view.hero, view.funds, view.math, view.perks]) expect(part).toBeDefined();
  });

  it('leaves out the section of a missing document', async () => {
    const view = whyView(without(await schoolPage(), 'whyHero', 'whyPlans'));
    expect(view.hero).toBeUndefined();
    expect(view.choosePlans).toBeUndefined();
    expect(view.funds).toBeDefined();
  });
});
