/** Giveaway decisions made at build time (SPEC §2 "Giveaway route decision", §4, §9). */
import { schoolPath } from '../route-table/routes.ts';

export function isGiveawayOpen(activeEvent: string | null, activeIds: readonly string[]): activeEvent is string {
  return activeEvent !== null && activeIds.includes(activeEvent);
}

/** Where the giveaway banner and links send a visitor. */
export function giveawayRoute(seoSlug: string, activeEvent: string | null, activeIds: readonly string[]): string {
  return isGiveawayOpen(activeEvent, activeIds)
    ? schoolPath(seoSlug, `giveaway-entry/${activeEvent}`)
    : schoolPath(seoSlug, 'giveaway-closed');
}

/** The enter button is hidden when the school's event is one of the excluded ids. */
export function showEnterButton(activeEvent: string | null, hiddenIds: readonly string[]): boolean {
  return !(activeEvent !== null && hiddenIds.includes(activeEvent));
}
