/**
 * Plan cards as the page renders them: prices decided (sale price with the struck-through
 * one, or a single price), content links resolved under the school, and each card's broadband
 * facts record chosen once at build time.
 */
import type { TenantDocuments } from '../content/schemas.ts';
import { schoolLink, type ResolvedLink } from '../links/classify.ts';
import { selectFacts, type FactsRecordLike } from './facts.ts';

export type PlanCardContent = TenantDocuments['planCards']['plans'][number];

export interface PlanBulletView {
  bold?: string | undefined;
  body?: string | undefined;
  link?: { text: string; link: ResolvedLink } | undefined;
}

export interface PlanCardView<Facts> {
  id: string;
  label: string;
  /** The price paid: the sale price when there is one. */
  price: string | undefined;
  /** The struck-through regular price, shown only next to a sale price. */
  wasPrice: string | undefined;
  perTime: string;
  taxes: string;
  tagline: string;
  description: string | undefined;
  button: { text: string; link: ResolvedLink } | undefined;
  toggleText: string;
  bullets: PlanBulletView[];
  facts: Facts | undefined;
}

const present = (value: string | undefined) => (value?.trim() ? value : undefined);

export function planBullets(
  seoSlug: string,
  bullets: PlanCardContent['planBullets'],
): PlanBulletView[] {
  return bullets.flatMap((bullet) => {
    const link = present(bullet.linkText) ? schoolLink(seoSlug, bullet.linkPagePath) : undefined;
    const view: PlanBulletView = {
      bold: present(bullet.boldedText),
      body: present(bullet.bodyText),
      link: link && bullet.linkText ? { text: bullet.linkText, link } : undefined,
    };
    return view.bold || view.body || view.link ? [view] : [];
  });
}

export function planCardViews<Facts extends FactsRecordLike>(
  seoSlug: string,
  cards: readonly PlanCardContent[],
  facts: readonly Facts[],
  idPrefix = 'plan',
): PlanCardView<Facts>[] {
  return cards.map((card, index) => {
    const sale = present(card.salePrice);
    const buttonLink = schoolLink(seoSlug, card.planButtonLink);
    return {
      id: `${idPrefix}-${index + 1}`,
      label: card.planLabel,
      price: sale ?? present(card.price),
      wasPrice: sale ? present(card.strikePrice) : undefined,
      perTime: card.perTime,
      taxes: card.taxesIncluded,
      tagline: card.planTagline,
      description: present(card.planDescription),
      button: buttonLink ? { text: card.planButtonText, link: buttonLink } : undefined,
      toggleText: card.broadbandButtonText,
      bullets: planBullets(seoSlug, card.planBullets),
      facts: selectFacts(facts, card.planLabel),
    };
  });
}
