/** Giveaway decisions made at build time (docs/behaviour.md §2 "Giveaway route decision", §4, §9). */
import { schoolPath } from '../route-table/routes.ts';

/**
 * A giveaway id as it is compared and written into addresses: GUIDs are case-insensitive, and
 * some mail tools upper-case the links they carry, so ids match whatever their case and the
 * entry page lives at the lower-case id (its upper-case form redirects there).
 */
export function giveawayIdKey(id: string): string {
  return id.trim().toLowerCase();
}

function includesId(ids: readonly string[], id: string): boolean {
  const key = giveawayIdKey(id);
  return ids.some((candidate) => giveawayIdKey(candidate) === key);
}

export function isGiveawayOpen(
  activeEvent: string | null,
  activeIds: readonly string[],
): activeEvent is string {
  return activeEvent !== null && includesId(activeIds, activeEvent);
}

/** Where the giveaway banner and links send a visitor. */
export function giveawayRoute(
  seoSlug: string,
  activeEvent: string | null,
  activeIds: readonly string[],
): string {
  return isGiveawayOpen(activeEvent, activeIds)
    ? schoolPath(seoSlug, `giveaway-entry/${giveawayIdKey(activeEvent)}`)
    : schoolPath(seoSlug, 'giveaway-closed');
}

/** The enter button is hidden when the school's event is one of the excluded ids. */
export function showEnterButton(activeEvent: string | null, hiddenIds: readonly string[]): boolean {
  return !(activeEvent !== null && includesId(hiddenIds, activeEvent));
}
