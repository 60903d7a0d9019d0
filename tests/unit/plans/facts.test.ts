import { describe, expect, it } from 'vitest';
import { orderedFacts, selectFacts } from '../../../src/lib/plans/facts.ts';

const records = [
  { planName: 'Husky Mobile Fan Essentials', id: 1 },
  { planName: 'Husky Mobile Fan Unlimited', id: 2 },
  { planName: 'Husky Mobile Fan Premium Unlimited', id: 3 },
  { planName: 'Husky Mobile Faculty Unlimited', id: 4 },
];

describe('selectFacts (docs/behaviour.md §4)', () => {
  it('picks the record whose planName contains the card label', () => {
    expect(selectFacts(records, 'Fan Essentials')?.id).toBe(1);
    expect(selectFacts(records, 'Faculty Unlimited')?.id).toBe(4);
  });

  it('ignores case on both sides', () => {
    expect(selectFacts(records, 'fan ESSENTIALS')?.id).toBe(1);
    expect(
      selectFacts([{ planName: 'HUSKY MOBILE STUDENT PLAN', id: 9 }], 'Student Plan')?.id,
    ).toBe(9);
  });

  it('takes the first match when several contain the label', () => {
    // Three records contain "Unlimited": the first in content order wins.
    expect(selectFacts(records, 'Unlimited')?.id).toBe(2);
    expect(selectFacts([...records].reverse(), 'Unlimited')?.id).toBe(4);
  });

  it('gives nothing when no record matches', () => {
    expect(selectFacts(records, 'Student Essentials')).toBeUndefined();
    expect(selectFacts([], 'Fan Essentials')).toBeUndefined();
    expect(selectFacts(records, '   ')).toBeUndefined();
  });
});

describe('orderedFacts', () => {
  it('sorts by order, records without one last, keeping stored order among equals', () => {
    const sorted = orderedFacts([
      { planName: 'c' },
      { planName: 'b', order: 2 },
      { planName: 'a', order: 1 },
      { planName: 'd' },
    ]);
    expect(sorted.map((record) => record.planName)).toEqual(['a', 'b', 'c', 'd']);
  });
});
