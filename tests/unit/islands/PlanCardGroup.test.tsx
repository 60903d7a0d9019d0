// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import PlanCardGroup from '../../../src/components/islands/PlanCardGroup/PlanCardGroup.tsx';
import { NO_FACTS_TEXT } from '../../../src/lib/plans/facts.ts';
import { cardSlot, factsSlot, type PlanToggleCard } from '../../../src/lib/plans/plan-cards.ts';

afterEach(cleanup);

const cards: PlanToggleCard[] = [
  { id: 'plan-1', label: 'Fan Essentials', toggleText: 'Broadband Facts', hasFacts: true },
  { id: 'plan-2', label: 'Fan Unlimited', toggleText: 'Broadband Facts', hasFacts: true },
  { id: 'plan-3', label: 'Fan Mystery', toggleText: 'Label details', hasFacts: false },
];

/** Static slot content as Astro would pass it: card bodies with their headings, facts labels. */
function renderGroup() {
  const slots = Object.fromEntries(cards.flatMap((card) => [
    [cardSlot(card.id), <h2 id={`${card.id}-title`}>{card.label}</h2>],
    [factsSlot(card.id), <p>Facts for {card.label}</p>],
  ]));
  return render(<PlanCardGroup cards={cards} {...slots} />);
}

const toggle = (name: RegExp) => screen.getByRole('button', { name });
const panelOf = (button: HTMLElement) => document.getElementById(button.getAttribute('aria-controls') ?? '') as HTMLElement;

describe('PlanCardGroup island', () => {
  it('starts with nothing expanded and every panel hidden', () => {
    renderGroup();
    for (const button of screen.getAllByRole('button')) {
      expect(button.getAttribute('aria-expanded')).toBe('false');
      expect(panelOf(button).hidden).toBe(true);
    }
    expect(document.querySelector('.plan-card--expanded')).toBeNull();
  });

  it('labels each toggle with its broadband button text and the card it belongs to', () => {
    renderGroup();
    expect(toggle(/^Broadband Facts for Fan Essentials$/)).toBeTruthy();
    expect(toggle(/^Label details for Fan Mystery$/)).toBeTruthy();
  });

  it('expands one card at a time and collapses it when toggled again', () => {
    renderGroup();
    const first = toggle(/Fan Essentials/);
    const second = toggle(/Fan Unlimited/);

    fireEvent.click(first);
    expect(first.getAttribute('aria-expanded')).toBe('true');
    expect(panelOf(first).hidden).toBe(false);
    expect(panelOf(first).textContent).toBe('Facts for Fan Essentials');
    expect(first.closest('article')?.classList.contains('plan-card--expanded')).toBe(true);

    fireEvent.click(second);
    expect(first.getAttribute('aria-expanded')).toBe('false');
    expect(panelOf(first).hidden).toBe(true);
    expect(second.getAttribute('aria-expanded')).toBe('true');
    expect(document.querySelectorAll('.plan-card--expanded')).toHaveLength(1);

    fireEvent.click(second);
    expect(second.getAttribute('aria-expanded')).toBe('false');
    expect(panelOf(second).hidden).toBe(true);
    expect(document.querySelector('.plan-card--expanded')).toBeNull();
  });

  it('says no fact is available for a card without a record', () => {
    renderGroup();
    const mystery = toggle(/Fan Mystery/);
    fireEvent.click(mystery);
    expect(panelOf(mystery).hidden).toBe(false);
    expect(panelOf(mystery).textContent).toBe(NO_FACTS_TEXT);
    expect(NO_FACTS_TEXT).toBe('No broadband fact available yet.');
  });

  it('puts each panel right after its card, so phones show it below the card', () => {
    renderGroup();
    const order = [...document.querySelectorAll('.plan-group > *')].map((el) => el.id || el.getAttribute('data-plan-card'));
    expect(order).toEqual(['plan-1', 'plan-1-facts', 'plan-2', 'plan-2-facts', 'plan-3', 'plan-3-facts']);
  });
});
