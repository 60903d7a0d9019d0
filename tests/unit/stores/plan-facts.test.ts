import { beforeEach, describe, expect, it } from 'vitest';
import { $openPlanFacts, closePlanFacts, togglePlanFacts } from '../../../src/stores/plan-facts.ts';

describe('$openPlanFacts', () => {
  beforeEach(() => closePlanFacts());

  it('starts with no facts shown', () => {
    expect($openPlanFacts.get()).toBeNull();
  });

  it('shows one card’s facts at a time, and hides them when the same card is chosen again', () => {
    expect(togglePlanFacts('plan-1-facts')).toBe(true);
    expect($openPlanFacts.get()).toBe('plan-1-facts');
    expect(togglePlanFacts('plan-2-facts')).toBe(true);
    expect($openPlanFacts.get()).toBe('plan-2-facts');
    expect(togglePlanFacts('plan-2-facts')).toBe(false);
    expect($openPlanFacts.get()).toBeNull();
  });

  it('tells a listener every change, and closing when nothing is open is no change', () => {
    const seen: Array<string | null> = [];
    const stop = $openPlanFacts.listen((open) => seen.push(open));
    closePlanFacts();
    togglePlanFacts('plan-1-facts');
    togglePlanFacts('plan-3-facts');
    closePlanFacts();
    stop();
    togglePlanFacts('plan-1-facts');
    expect(seen).toEqual(['plan-1-facts', 'plan-3-facts', null]);
  });
});
