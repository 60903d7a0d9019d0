/**
 * The plan cards' broadband-facts toggles (SPEC §4) in the browser: none expanded at first, one
 * at a time, toggling the open one closes it. Which facts are open is shared state
 * ($openPlanFacts in src/stores/plan-facts.ts); the cards, toggles and panels are static HTML
 * (PlanCardGrid.astro) and follow it: `aria-expanded`, the panel's `hidden` and the card's
 * expanded class. A panel that opens below the fold is brought into view.
 */
import { $openPlanFacts, togglePlanFacts } from '../../stores/plan-facts.ts';

const panelOf = (button: HTMLButtonElement) => button.ownerDocument.getElementById(button.getAttribute('aria-controls') ?? '');

function setExpanded(button: HTMLButtonElement, open: boolean): void {
  button.setAttribute('aria-expanded', String(open));
  button.closest('.plan-card')?.classList.toggle('plan-card--expanded', open);
  const panel = panelOf(button);
  if (panel) panel.hidden = !open;
}

/** An opened panel under the grid (desktop) may start below the fold: scroll its top into view. */
function bringIntoView(panel: HTMLElement | null): void {
  const top = panel?.getBoundingClientRect().top;
  if (top === undefined || typeof window.scrollBy !== 'function' || top < window.innerHeight - 160) return;
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  window.scrollBy({ top: top - window.innerHeight * 0.35, behavior: reduceMotion ? 'auto' : 'smooth' });
}

/** Wires a plan group to the shared state; returns the function that unwires it from the state. */
export function initPlanGroup(group: HTMLElement): () => void {
  const toggles = [...group.querySelectorAll<HTMLButtonElement>('.plan-card__toggle')];
  const stop = $openPlanFacts.subscribe((openId) => {
    for (const button of toggles) setExpanded(button, openId !== null && button.getAttribute('aria-controls') === openId);
  });
  for (const button of toggles) {
    button.addEventListener('click', () => {
      if (togglePlanFacts(button.getAttribute('aria-controls') ?? '')) bringIntoView(panelOf(button));
    });
  }
  group.setAttribute('data-ready', '');
  return stop;
}
