/**
 * The hex colour rules, written once for the site, the tenant records and the Studio.
 * Dependency-free: the Studio bundles this file.
 */

/** A 3-digit (#fff) or 6-digit (#4b2e83) hex colour. */
export const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** A 6-digit hex colour only: the school document's named brand colours. */
export const SIX_DIGIT_HEX_COLOUR = /^#[0-9a-f]{6}$/i;

/** A hex colour from content, trimmed and in lower case; anything else is refused. */
export function safeHexColour(value: string | undefined): string | undefined {
  const colour = value?.trim();
  return colour && HEX_COLOUR.test(colour) ? colour.toLowerCase() : undefined;
}
