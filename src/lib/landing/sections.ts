/**
 * Pure decisions of the landing page (docs/behaviour.md §2 "Landing page"): the hero's defaults and the
 * plans anchor it points at, the choose-plans destinations, and FAQ analytics names.
 */
import { ANALYTICS_EVENTS } from '../analytics/events.ts';
import { CUSTOMER_TYPES } from '../content/schemas.ts';
import { schoolPath } from '../route-table/routes.ts';

export const DEFAULT_CTA_TEXT = 'Shop Plans';
export const DEFAULT_PLANS_ANCHOR = 'plans';

/** An element id made of safe characters (letters, digits, - and _), starting with a letter. */
const ANCHOR_ID = /^[A-Za-z][\w-]*$/;

export interface HeroCta {
  text: string;
  /** In-page link, e.g. "#plans". */
  href: string;
  /** The id the choose-plans block carries so the link lands on it. */
  anchorId: string;
}

/** The hero's call to action: content's text and fragment, or 'Shop Plans' to #plans. */
export function heroCta(header: {
  ctaText?: string | undefined;
  ctaFragment?: string | undefined;
}): HeroCta {
  const text = header.ctaText?.trim() || DEFAULT_CTA_TEXT;
  const fragment = header.ctaFragment?.trim().replace(/^#/, '') ?? '';
  const anchorId = ANCHOR_ID.test(fragment) ? fragment : DEFAULT_PLANS_ANCHOR;
  return { text, href: `#${anchorId}`, anchorId };
}

/** The carrier line under the hero title: content's tmoHeader, else the site-wide carrier line. */
export function carrierLine(tmoHeader: string | undefined, siteCarrierLine: string): string {
  return tmoHeader?.trim() || siteCarrierLine;
}

export const PLAN_CHOICES = CUSTOMER_TYPES;
export type PlanChoice = (typeof PLAN_CHOICES)[number];

/** Where each choose-plans button goes: /{seo}/fan, /{seo}/student, /{seo}/faculty. */
export function planChoicePath(seoSlug: string, choice: PlanChoice): string {
  return schoolPath(seoSlug, choice);
}

export interface FaqItem {
  question: string;
  answer: string;
  /** landingpage.faq{n}expand, n counting from 1. */
  expandEvent: string;
}

export function faqItems(faqs: ReadonlyArray<{ question: string; answer: string }>): FaqItem[] {
  return faqs.map(({ question, answer }, index) => ({
    question,
    answer,
    expandEvent: ANALYTICS_EVENTS.landingFaqExpand(index + 1),
  }));
}
