/** The search page's filter in the browser: hides the cards that do not match and updates the summary line. */
import { filterSchools, searchSummary } from './filter.ts';

export function initSchoolSearch(root: ParentNode = document): void {
  const form = root.querySelector<HTMLFormElement>('[data-school-search-form]');
  const input = root.querySelector<HTMLInputElement>('[data-school-search-input]');
  const summary = root.querySelector<HTMLElement>('[data-school-search-summary]');
  const cards = [...root.querySelectorAll<HTMLElement>('[data-school-name]')].map((element) => ({ element, name: element.dataset['schoolName'] ?? '' }));

  const update = () => {
    if (!input || !summary) return;
    const shown = new Set(filterSchools(cards, input.value));
    for (const card of cards) card.element.hidden = !shown.has(card);
    summary.textContent = searchSummary(shown.size, input.value);
  };
  form?.addEventListener('submit', (event) => event.preventDefault());
  input?.addEventListener('input', update);
  if (input?.value) update();
}
