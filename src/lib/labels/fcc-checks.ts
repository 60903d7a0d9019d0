/**
 * The FCC rules that keep a school's broadband labels from contradicting what its pages sell:
 * - a label's monthly price (`planPrice`) is the price its plan card shows (the sale price when
 *   there is one), the card being the one that opens the label (plans/facts.ts);
 * - a label headed as mobile (`planLabel`, "Mobile Broadband Consumer Disclosure") has a mobile
 *   unique plan id: `M`, not `F` (fixed broadband);
 * - the labels of one provider (`provider`) carry one FRN, the 10 digits after the plan id's letter.
 * They read resolved content (the school's value, else the product's with its words), so an
 * override and an inherited value are held alike; a message names the product document a value
 * is inherited from, where it is edited. The build stops on a live school's problems (its labels
 * are legal disclosures); the content check lists every school's. Pure.
 */
import { fieldOrigin, inheritanceOf, type FieldPath } from '../content/inheritance/index.ts';
import { orderedFacts, selectFacts } from '../plans/facts.ts';
import { FCC_PLAN_ID_PATTERN } from './plan-id.ts';

export interface FccLabel {
  _id: string;
  order?: number | undefined;
  provider: string;
  planName: string;
  planLabel: string;
  planPrice: string;
  uniquePlanId: string;
}

export interface FccPlanCard {
  _key?: string | undefined;
  planLabel: string;
  price?: string | undefined;
  salePrice?: string | undefined;
}

export interface FccSchool {
  key: string;
  /** A live school's problems stop the build; any other school's are reported. */
  status: string;
  planCards: ReadonlyArray<{ _id: string; plans: readonly FccPlanCard[] }>;
  broadbandFacts: readonly FccLabel[];
}

export interface FccProblem {
  school: string;
  live: boolean;
  documentType: 'broadbandFacts';
  documentId: string;
  field: 'planPrice' | 'uniquePlanId';
  reason: string;
}

/** A heading that says the label is a mobile service's. */
const MOBILE_HEADING = /\bmobile\b/i;

const present = (value: string | undefined) => (value?.trim() ? value : undefined);

/** A price's amount in cents ("$30" and "$30.00" are the same price), or undefined when it names no amount. */
export function priceInCents(text: string): number | undefined {
  const match = /(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?/.exec(text);
  if (!match) return undefined;
  return Number(match[1]!.replaceAll(',', '')) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

/** The same amount, or (neither naming one, e.g. "Free") the same words. */
export function samePrice(a: string, b: string): boolean {
  const [x, y] = [priceInCents(a), priceInCents(b)];
  if (x !== undefined || y !== undefined) return x === y;
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** The provider's FCC registration number in a well-formed unique plan id. */
export const frnOf = (uniquePlanId: string): string | undefined =>
  FCC_PLAN_ID_PATTERN.test(uniquePlanId) ? uniquePlanId.slice(1, 11) : undefined;

/** The document the resolved value at `path` is edited in: the product's when the school inherits it. */
function sourceOf(doc: { _id: string }, path: FieldPath): string {
  const sources = inheritanceOf(doc);
  return sources?.product ? fieldOrigin(sources, path).documentId : doc._id;
}

/** " (inherited from product-…)" when the value at `path` is the product document's. */
function inheritedNote(doc: { _id: string }, path: FieldPath): string {
  const source = sourceOf(doc, path);
  return source === doc._id ? '' : ` (inherited from ${source})`;
}

function problem(
  school: FccSchool,
  label: FccLabel,
  field: FccProblem['field'],
  reason: string,
): FccProblem {
  return {
    school: school.key,
    live: school.status === 'live',
    documentType: 'broadbandFacts',
    documentId: label._id,
    field,
    reason,
  };
}

/** Each label whose monthly price is not the price of a plan card that opens it. */
export function labelPriceProblems(school: FccSchool): FccProblem[] {
  const labels = orderedFacts(school.broadbandFacts);
  const problems: FccProblem[] = [];
  for (const cards of school.planCards) {
    for (const [index, card] of cards.plans.entries()) {
      const label = selectFacts(labels, card.planLabel);
      const field = present(card.salePrice) ? 'salePrice' : present(card.price) ? 'price' : '';
      if (!label || !field) continue;
      const price = card[field]!;
      if (samePrice(label.planPrice, price)) continue;
      const step = card._key ? { _key: card._key } : index;
      problems.push(
        problem(
          school,
          label,
          'planPrice',
          `monthly price "${label.planPrice}"${inheritedNote(label, ['planPrice'])} is not its plan card's price: "${card.planLabel}" shows "${price}" (${field} in ${sourceOf(cards, ['plans', step, field])})`,
        ),
      );
    }
  }
  return problems;
}

/** Each label headed as mobile whose unique plan id is not a mobile one. */
export function mobilePlanIdProblems(school: FccSchool): FccProblem[] {
  return school.broadbandFacts
    .filter((label) => MOBILE_HEADING.test(label.planLabel) && !label.uniquePlanId.startsWith('M'))
    .map((label) =>
      problem(
        school,
        label,
        'uniquePlanId',
        `unique plan id "${label.uniquePlanId}"${inheritedNote(label, ['uniquePlanId'])} does not start with M, but the label is headed "${label.planLabel}" (M: mobile, F: fixed broadband)`,
      ),
    );
}

/**
 * Each label whose FRN is not its provider's: the FRN most of the provider's labels carry (on a
 * tie, the first one's), across every school given. Providers are told by name, case and spacing
 * aside; a malformed plan id has no FRN (plan-id.ts reports it).
 */
export function providerFrnProblems(schools: readonly FccSchool[]): FccProblem[] {
  const byProvider = new Map<string, Array<{ school: FccSchool; label: FccLabel; frn: string }>>();
  for (const school of schools)
    for (const label of orderedFacts(school.broadbandFacts)) {
      const frn = frnOf(label.uniquePlanId);
      if (frn === undefined) continue;
      const provider = label.provider.trim().replace(/\s+/g, ' ').toLowerCase();
      const labels = byProvider.get(provider) ?? [];
      labels.push({ school, label, frn });
      byProvider.set(provider, labels);
    }
  const problems: FccProblem[] = [];
  for (const labels of byProvider.values()) {
    const counts = new Map<string, number>();
    for (const { frn } of labels) counts.set(frn, (counts.get(frn) ?? 0) + 1);
    if (counts.size < 2) continue;
    const [main, carried] = [...counts].reduce((best, next) => (next[1] > best[1] ? next : best));
    const provider = labels[0]!.label.provider.trim();
    for (const { school, label, frn } of labels)
      if (frn !== main)
        problems.push(
          problem(
            school,
            label,
            'uniquePlanId',
            `FRN ${frn} in unique plan id "${label.uniquePlanId}"${inheritedNote(label, ['uniquePlanId'])} is not ${provider}'s FRN ${main} (on ${carried} of its ${labels.length} labels): one provider has one FRN`,
          ),
        );
  }
  return problems;
}

/** Every FCC label problem of the schools: prices and mobile plan ids per school, then FRNs per provider. */
export function fccLabelProblems(schools: readonly FccSchool[]): FccProblem[] {
  return [
    ...schools.flatMap((school) => [
      ...labelPriceProblems(school),
      ...mobilePlanIdProblems(school),
    ]),
    ...providerFrnProblems(schools),
  ];
}

/** The message that stops the build: every live school's label problems, one line a school; undefined when there are none. */
export function fccStopMessage(problems: readonly FccProblem[]): string | undefined {
  const live = Map.groupBy(
    problems.filter((entry) => entry.live),
    (entry) => entry.school,
  );
  if (!live.size) return undefined;
  return [...live]
    .map(
      ([school, entries]) =>
        `School ${school} (live) cannot be published: ${entries
          .map((entry) => `${entry.documentId} field ${entry.field}: ${entry.reason}`)
          .join('; ')}`,
    )
    .join('\n');
}
