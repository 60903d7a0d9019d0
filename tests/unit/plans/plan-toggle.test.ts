// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NO_FACTS_TEXT } from '../../../src/lib/plans/facts.ts';
import { initPlanGroup } from '../../../src/lib/plans/plan-toggle.client.ts';

const cards = [
  {
    id: 'plan-1',
    label: 'Fan Essentials',
    toggleText: 'Broadband Facts',
    facts: 'Facts for Fan Essentials',
  },
  {
    id: 'plan-2',
    label: 'Fan Unlimited',
    toggleText: 'Broadband Facts',
    facts: 'Facts for Fan Unlimited',
  },
  { id: 'plan-3', label: 'Fan Mystery', toggleText: 'Label details', facts: undefined },
];

/** The markup PlanCardGrid.astro writes: each card followed by its hidden panel. */
function renderGroup(): HTMLElement {
  document.body.innerHTML = `<div class="plan-group" data-plan-group>${cards
    .map(
      (card, index) => `
    <article class="plan-card" aria-labelledby="${card.id}-title" data-plan-card="${card.id}">
      <h2 id="${card.id}-title">${card.label}</h2>
      <button type="button" class="plan-card__toggle" aria-expanded="false" aria-controls="${card.id}-facts" aria-label="${card.toggleText} for ${card.label}">${card.toggleText}</button>
    </article>
    <div id="${card.id}-facts" class="plan-facts plan-facts--col-${index + 1}" role="region" aria-label="${card.toggleText}: ${card.label}" hidden>${card.facts ? `<p>${card.facts}</p>` : `<p class="plan-facts__empty">${NO_FACTS_TEXT}</p>`}</div>`,
    )
    .join('')}
  </div>`;
  const group = document.querySelector<HTMLElement>('[data-plan-group]') as HTMLElement;
  initPlanGroup(group);
  return group;
}

const toggle = (label: string) =>
  document.querySelector<HTMLButtonElement>(
    `button[aria-label$="for ${label}"]`,
  ) as HTMLButtonElement;
const panelOf = (button: HTMLElement) =>
  document.getElementById(button.getAttribute('aria-controls') ?? '') as HTMLElement;

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('plan card toggles', () => {
  it('start with nothing expanded and every panel hidden, and mark the group ready', () => {
    const group = renderGroup();
    for (const button of document.querySelectorAll('button')) {
      expect(button.getAttribute('aria-expanded')).toBe('false');
      expect(panelOf(button).hidden).toBe(true);
    }
    expect(document.querySelector('.plan-card--expanded')).toBeNull();
    expect(group.hasAttribute('data-ready')).toBe(true);
  });

  it('expand one card at a time and collapse it when toggled again', () => {
    renderGroup();
    const first = toggle('Fan Essentials');
    const second = toggle('Fan Unlimited');

    first.click();
    expect(first.getAttribute('aria-expanded')).toBe('true');
    expect(panelOf(first).hidden).toBe(false);
    expect(panelOf(first).textContent).toBe('Facts for Fan Essentials');
    expect(first.closest('article')?.classList.contains('plan-card--expanded')).toBe(true);

    second.click();
    expect(first.getAttribute('aria-expanded')).toBe('false');
    expect(panelOf(first).hidden).toBe(true);
    expect(second.getAttribute('aria-expanded')).toBe('true');
    expect(document.querySelectorAll('.plan-card--expanded')).toHaveLength(1);

    second.click();
    expect(second.getAttribute('aria-expanded')).toBe('false');
    expect(panelOf(second).hidden).toBe(true);
    expect(document.querySelector('.plan-card--expanded')).toBeNull();
  });

  it('show the no-facts text for a card without a record', () => {
    renderGroup();
    const mystery = toggle('Fan Mystery');
    mystery.click();
    expect(panelOf(mystery).hidden).toBe(false);
    expect(panelOf(mystery).textContent).toBe(NO_FACTS_TEXT);
    expect(NO_FACTS_TEXT).toBe('No broadband fact available yet.');
  });

  it('scroll a panel that opens below the fold into view, and leave one in view alone', () => {
    renderGroup();
    const scrollBy = vi.fn();
    window.scrollBy = scrollBy as typeof window.scrollBy;
    const first = toggle('Fan Essentials');
    vi.spyOn(panelOf(first), 'getBoundingClientRect').mockReturnValue({
      top: window.innerHeight + 100,
    } as DOMRect);
    first.click();
    expect(scrollBy).toHaveBeenCalledTimes(1);
    expect(scrollBy.mock.calls[0]?.[0]).toMatchObject({
      top: window.innerHeight + 100 - window.innerHeight * 0.35,
    });

    const second = toggle('Fan Unlimited');
    vi.spyOn(panelOf(second), 'getBoundingClientRect').mockReturnValue({ top: 10 } as DOMRect);
    second.click();
    expect(scrollBy).toHaveBeenCalledTimes(1);
  });
});
