/** The why page (docs/behaviour.md §2): hero, partner banner 2, give-back funds, the money math, perks, choose plans. */
import { WHY_PAGE_PLAN_EVENT } from '../analytics/events.ts';
import { single } from '../content/index.ts';
import { fieldEdit } from './edit-target.ts';
import { partnerBanner, schoolLayout, when, type ViewProps } from './school-page.ts';

export function whyView(props: ViewProps) {
  const content = props.site.content;
  return {
    layout: schoolLayout(props, 'why'),
    hero: when(single(content, 'whyHero'), (hero) => ({ hero, edit: fieldEdit(props, hero) })),
    partnerBanner: partnerBanner(props, 2),
    funds: when(single(content, 'givebackFunds'), (funds) => ({
      funds,
      edit: fieldEdit(props, funds),
    })),
    math: when(single(content, 'howItWorksMath'), (math) => ({
      math,
      edit: fieldEdit(props, math),
    })),
    perks: when(single(content, 'whyPerks'), (perks) => ({ perks, edit: fieldEdit(props, perks) })),
    choosePlans: when(single(content, 'whyPlans'), (plans) => ({
      plans,
      seoSlug: props.site.seoSlug,
      events: WHY_PAGE_PLAN_EVENT,
      edit: fieldEdit(props, plans),
    })),
  };
}

export type WhyView = ReturnType<typeof whyView>;
