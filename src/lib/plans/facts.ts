/**
 * Which broadband facts record a plan card shows (docs/behaviour.md §4): the first record whose planName
 * contains the card's label, ignoring case. Records are taken in the content's `order`.
 */
export interface FactsRecordLike {
  planName: string;
  order?: number | undefined;
}

export function selectFacts<T extends FactsRecordLike>(
  records: readonly T[],
  planLabel: string,
): T | undefined {
  const label = planLabel.trim().toLowerCase();
  if (!label) return undefined;
  return records.find((record) => record.planName.toLowerCase().includes(label));
}

/** A school's records in label order: by `order`, records without one last, otherwise as stored. */
export function orderedFacts<T extends FactsRecordLike>(records: readonly T[]): T[] {
  const rank = (record: T) => record.order ?? Number.MAX_SAFE_INTEGER;
  return [...records].sort((a, b) => rank(a) - rank(b));
}

/** docs/behaviour.md §2: what the facts panel says when a card has no record. */
export const NO_FACTS_TEXT = 'No broadband fact available yet.';
