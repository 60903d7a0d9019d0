/**
 * The plan cards' broadband-facts toggles (docs/behaviour.md §4) in the browser: none expanded at first, one
 * at a time, toggling the open one closes it. The cards, toggles and panels are static HTML
 * (PlanCardGrid.astro); this only flips `aria-expanded`, the panel's `hidden` and the card's
 * expanded class, and brings a panel that opens below the fold into view.
 * Which panel is open is this module's own state, not a store in src/stores: no other script
 * reads or sets it, and a shared store here would put nanostores in a chunk of its own on every
 * school page (over the giveaway entry page's JS budget).
 */

const panelOf = (button: HTMLButtonElement) =>
  button.ownerDocument.getElementById(button.getAttribute('aria-controls') ?? '');

function setExpanded(button: HTMLButtonElement, open: boolean): void {
  button.setAttribute('aria-expanded', String(open));
  button.closest('.plan-card')?.classList.toggle('plan-card--expanded', open);
  const panel = panelOf(button);
  if (panel) panel.hidden = !open;
}

/** An opened panel under the grid (desktop) may start below the fold: scroll its top into view. */
function bringIntoView(panel: HTMLElement | null): void {
  const top = panel?.getBoundingClientRect().top;
  if (top === undefined || typeof window.scrollBy !== 'function' || top < window.innerHeight - 160)
    return;
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  window.scrollBy({
    top: top - window.innerHeight * 0.35,
    behavior: reduceMotion ? 'auto' : 'smooth',
  });
}

export function initPlanGroup(group: HTMLElement): void {
  const toggles = [...group.querySelectorAll<HTMLButtonElement>('.plan-card__toggle')];
  for (const button of toggles) {
    button.addEventListener('click', () => {
      const opening = button.getAttribute('aria-expanded') !== 'true';
      for (const other of toggles) setExpanded(other, opening && other === button);
      if (opening) bringIntoView(panelOf(button));
    });
  }
  group.setAttribute('data-ready', '');
}
