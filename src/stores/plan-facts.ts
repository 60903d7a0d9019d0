/**
 * Which plan card's broadband facts are shown (SPEC §4): none at first, one at a time, and
 * choosing the open one again closes it. The value is the id of the open facts panel (the
 * toggle's `aria-controls`); the toggles and panels (PlanCardGrid.astro) follow it.
 * A page has one plan group, so one value serves the page.
 */
import { atom } from 'nanostores';

export const $openPlanFacts = atom<string | null>(null);

/** Shows a card's facts, or hides them when they are the ones shown. Returns whether they are shown now. */
export function togglePlanFacts(panelId: string): boolean {
  const opening = $openPlanFacts.get() !== panelId;
  $openPlanFacts.set(opening ? panelId : null);
  return opening;
}

export function closePlanFacts(): void {
  $openPlanFacts.set(null);
}
