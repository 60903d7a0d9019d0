/**
 * The plan pages (student, faculty, fan; docs/behaviour.md §2), in order: heading, plan cards with the
 * broadband facts and fine print, give-back bar with the why-us button, partner banner 1, three
 * perks, the giveaways banner and the switch section. The broadband labels CSV reads the same facts.
 */
import { PLAN_PAGE_WHY_EVENT } from '../analytics/events.ts';
import { forCustomer, single } from '../content/index.ts';
import type { CustomerType, TenantDocuments } from '../content/schemas.ts';
import { broadbandLabelsCsv } from '../labels/broadband-csv.ts';
import { schoolLink } from '../links/classify.ts';
import { orderedFacts } from '../plans/facts.ts';
import { planBullets, planCardViews } from '../plans/plan-cards.ts';
import { schoolPath } from '../route-table/routes.ts';
import { giveawaysBanner } from './giveaway.ts';
import { fieldEdit, itemStep, scopedEdit, type PathSegment } from './edit-target.ts';
import {
  partnerBanner,
  schoolLayout,
  when,
  type SchoolPageProps,
  type ViewProps,
} from './school-page.ts';

export function planPageView(props: ViewProps, customerType: CustomerType) {
  const { site } = props;
  const content = site.content;
  const header = forCustomer(content, 'planPageHeader', customerType);
  const cards = forCustomer(content, 'planCards', customerType);
  const facts = orderedFacts(content.documents.broadbandFacts);
  const views = cards ? planCardViews(site.seoSlug, cards.plans, facts) : [];
  return {
    layout: schoolLayout(props, customerType),
    heading: when(header, (doc) => ({
      title: doc.header,
      subtitle: doc.tmoSubHeader,
      edit: fieldEdit(props, doc, { title: 'header', subtitle: 'tmoSubHeader' }),
    })),
    cards: views.length > 0 ? { views, edits: cards && cardEdits(props, cards) } : undefined,
    finePrint: when(header, (doc) => ({
      finePrint: doc.finePrint,
      termsLine: doc.termsLine,
      labelsCsvHref:
        facts.length > 0 ? schoolPath(site.seoSlug, 'broadband-labels.csv') : undefined,
      edit: fieldEdit(props, doc),
    })),
    giveback: when(header, (doc) => ({
      heading: doc.givebackHeader,
      buttonText: doc.whyUsButtonText,
      link: schoolLink(site.seoSlug, doc.whyUsPagePath),
      analyticsEvent: PLAN_PAGE_WHY_EVENT[customerType],
      edit: fieldEdit(props, doc, { heading: 'givebackHeader', buttonText: 'whyUsButtonText' }),
    })),
    partnerBanner: partnerBanner(props, 1),
    perks: when(single(content, 'perkSection'), (doc) => ({
      title: doc.title,
      subtitle: doc.subtitle,
      perks: doc.perks.slice(0, 3),
      columns: 3 as const,
      headingId: 'plan-perks-title',
      edit: fieldEdit(props, doc),
    })),
    giveawaysBanner: giveawaysBanner(props),
    switchSection: when(single(content, 'switchSection'), (doc) => ({
      title: doc.header,
      pillars: doc.missionPillars,
      headingId: 'switch-title',
      alt: true,
      edit: fieldEdit(props, doc, { title: 'header', pillars: 'missionPillars' }),
    })),
  };
}

export type PlanPageView = ReturnType<typeof planPageView>;

/**
 * Draft mode only: each card's fields (under `plans[_key]`), the path step of each bullet the card
 * shows (empty bullets are left out of the card), and the fields of the facts record it shows.
 */
function cardEdits(props: ViewProps, cards: TenantDocuments['planCards']) {
  const edit = fieldEdit(props, cards);
  if (!edit) return undefined;
  const seoSlug = props.site.seoSlug;
  return cards.plans.map((card, index) => ({
    card: scopedEdit(edit, 'plans', itemStep(card, index)),
    priceField: card.salePrice?.trim() ? 'salePrice' : 'price',
    bullets: card.planBullets.flatMap((bullet, at): PathSegment[] =>
      planBullets(seoSlug, [bullet]).length > 0 ? [itemStep(bullet, at)] : [],
    ),
    facts: (record: Parameters<typeof fieldEdit>[1]) => fieldEdit(props, record),
  }));
}

/** The school's broadband labels in machine-readable form (FCC), from the records the plan pages show. */
export function broadbandLabelsView({ site }: SchoolPageProps): string {
  return broadbandLabelsCsv(orderedFacts(site.content.documents.broadbandFacts));
}
