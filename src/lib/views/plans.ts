/**
 * The plan pages (student, faculty, fan; docs/behaviour.md §2), in order: heading, plan cards with the
 * broadband facts and fine print, give-back bar with the why-us button, partner banner 1, three
 * perks, the giveaways banner and the switch section. The broadband labels CSV reads the same facts.
 */
import { PLAN_PAGE_WHY_EVENT } from '../analytics/events.ts';
import { forCustomer, single } from '../content/index.ts';
import type { CustomerType } from '../content/schemas.ts';
import { broadbandLabelsCsv } from '../labels/broadband-csv.ts';
import { schoolLink } from '../links/classify.ts';
import { orderedFacts } from '../plans/facts.ts';
import { planCardViews } from '../plans/plan-cards.ts';
import { schoolPath } from '../route-table/routes.ts';
import { giveawaysBanner } from './giveaway.ts';
import { partnerBanner, schoolLayout, when, type SchoolPageProps } from './school-page.ts';

export function planPageView(props: SchoolPageProps, customerType: CustomerType) {
  const { site } = props;
  const content = site.content;
  const header = forCustomer(content, 'planPageHeader', customerType);
  const cards = forCustomer(content, 'planCards', customerType);
  const facts = orderedFacts(content.documents.broadbandFacts);
  const views = cards ? planCardViews(site.seoSlug, cards.plans, facts) : [];
  return {
    layout: schoolLayout(props, customerType),
    heading: when(header, (doc) => ({ title: doc.header, subtitle: doc.tmoSubHeader })),
    cards: views.length > 0 ? { views } : undefined,
    finePrint: when(header, (doc) => ({
      finePrint: doc.finePrint,
      termsLine: doc.termsLine,
      labelsCsvHref: facts.length > 0 ? schoolPath(site.seoSlug, 'broadband-labels.csv') : undefined,
    })),
    giveback: when(header, (doc) => ({
      heading: doc.givebackHeader,
      buttonText: doc.whyUsButtonText,
      link: schoolLink(site.seoSlug, doc.whyUsPagePath),
      analyticsEvent: PLAN_PAGE_WHY_EVENT[customerType],
    })),
    partnerBanner: partnerBanner(props, 1),
    perks: when(single(content, 'perkSection'), (doc) => ({
      title: doc.title, subtitle: doc.subtitle, perks: doc.perks.slice(0, 3), columns: 3 as const, headingId: 'plan-perks-title',
    })),
    giveawaysBanner: giveawaysBanner(props),
    switchSection: when(single(content, 'switchSection'), (doc) => ({
      title: doc.header, pillars: doc.missionPillars, headingId: 'switch-title', alt: true,
    })),
  };
}

export type PlanPageView = ReturnType<typeof planPageView>;

/** The school's broadband labels in machine-readable form (FCC), from the records the plan pages show. */
export function broadbandLabelsView({ site }: SchoolPageProps): string {
  return broadbandLabelsCsv(orderedFacts(site.content.documents.broadbandFacts));
}
