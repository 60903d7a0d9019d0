/** The landing page (docs/behaviour.md §2): hero, partner banner 1, perks, how it works, choose plans, mission, FAQs. */
import { single } from '../content/index.ts';
import { heroCta } from '../landing/sections.ts';
import { partnerBanner, schoolLayout, when, type SchoolPageProps } from './school-page.ts';

export function landingView(props: SchoolPageProps) {
  const { site, settings } = props;
  const content = site.content;
  const header = single(content, 'landingHeader');
  const seoSlug = site.seoSlug;
  return {
    layout: schoolLayout(props, 'landing'),
    hero: when(header, (doc) => ({ header: doc, defaultCarrierLine: settings.carrierLine })),
    partnerBanner: partnerBanner(props, 1),
    perks: when(single(content, 'landingPerks'), (doc) => ({
      title: doc.title, subtitle: doc.subtitle, perks: doc.perks, columns: 5 as const, headingId: 'perks-title',
    })),
    howItWorks: when(single(content, 'howItWorks'), (doc) => ({ steps: doc, seoSlug })),
    // The hero's call to action lands on the choose-plans block.
    choosePlans: when(single(content, 'choosePlans'), (doc) => ({ plans: doc, seoSlug, anchorId: heroCta(header ?? {}).anchorId })),
    mission: when(single(content, 'missionRows'), (doc) => ({
      title: doc.title, subtitle: doc.missionSubtitle, tag: doc.subHeaderTag, pillars: doc.missionPillars,
    })),
    faqs: when(single(content, 'faqs'), (doc) => ({ faqs: doc, seoSlug })),
  };
}

export type LandingView = ReturnType<typeof landingView>;
