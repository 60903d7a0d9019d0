/** The why page (docs/behaviour.md §2): hero, partner banner 2, give-back funds, the money math, perks, choose plans. */
import { WHY_PAGE_PLAN_EVENT } from '../analytics/events.ts';
import { single } from '../content/index.ts';
import { partnerBanner, schoolLayout, when, type SchoolPageProps } from './school-page.ts';

export function whyView(props: SchoolPageProps) {
  const content = props.site.content;
  return {
    layout: schoolLayout(props, 'why'),
    hero: when(single(content, 'whyHero'), (hero) => ({ hero })),
    partnerBanner: partnerBanner(props, 2),
    funds: when(single(content, 'givebackFunds'), (funds) => ({ funds })),
    math: when(single(content, 'howItWorksMath'), (math) => ({ math })),
    perks: when(single(content, 'whyPerks'), (perks) => ({ perks })),
    choosePlans: when(single(content, 'whyPlans'), (plans) => ({ plans, seoSlug: props.site.seoSlug, events: WHY_PAGE_PLAN_EVENT })),
  };
}

export type WhyView = ReturnType<typeof whyView>;
