/**
 * The registry of settings: every environment variable the site, its functions, its scripts and
 * the Studio read, with where it belongs and its rules. A setting read anywhere in src/, scripts/,
 * netlify/ or studio/ that is not here fails tests/unit/config/settings-registry.test.ts, and
 * docs/deploying.md's table of variables is held equal to it (tests/unit/docs/settings-table.test.ts).
 */
import { z } from 'zod';
import { LOCAL_SETTINGS } from './local.ts';
import { PLATFORM_SETTINGS } from './platform.ts';
import { SITE_SETTINGS } from './sites.ts';
import { STUDIO_SETTINGS } from './studio.ts';
import type { FunctionName, NetlifyScope, SettingDefinition, SiteName, SiteUse } from './types.ts';

export { MIN_SECRET_LENGTH } from './sites.ts';
export { FUNCTION_NAMES } from './types.ts';
export type {
  FunctionName,
  NetlifyScope,
  Reader,
  Requirement,
  SettingDefinition,
  SiteName,
  SiteUse,
} from './types.ts';

export const SETTINGS = {
  ...SITE_SETTINGS,
  ...STUDIO_SETTINGS,
  ...PLATFORM_SETTINGS,
  ...LOCAL_SETTINGS,
} as const satisfies Record<string, SettingDefinition>;

export type SettingName = keyof typeof SETTINGS;

type Shape<N extends SettingName> = { [K in N]: (typeof SETTINGS)[K]['schema'] };

/** The registry's entry for `name`, or undefined for a name it does not know. */
export function settingDefinition(name: string): SettingDefinition | undefined {
  return Object.hasOwn(SETTINGS, name)
    ? (SETTINGS as Record<string, SettingDefinition>)[name]
    : undefined;
}

export function isSettingName(name: string): name is SettingName {
  return settingDefinition(name) !== undefined;
}

/** One zod object of these settings, each with the registry's rules: what a reader parses its environment with. */
export function settingsSchema<const N extends SettingName>(
  names: readonly N[],
): z.ZodObject<Shape<N>> {
  return z.object(
    Object.fromEntries(names.map((name) => [name, SETTINGS[name].schema])),
  ) as unknown as z.ZodObject<Shape<N>>;
}

/** Every registered name, in the registry's order. */
export const SETTING_NAMES = Object.keys(SETTINGS) as SettingName[];

/** How `name` is used on `site`, or undefined when it does not belong there. */
export function siteUse(name: string, site: SiteName): SiteUse | undefined {
  return settingDefinition(name)?.sites?.[site];
}

/** The settings an operator gives `site`, in the registry's order. */
export function siteSettings(site: SiteName): SettingName[] {
  return SETTING_NAMES.filter((name) => siteUse(name, site) !== undefined);
}

/** The settings one of the public site's functions reads from its Functions scope. */
export function functionSettings(fn: FunctionName): SettingName[] {
  return SETTING_NAMES.filter((name) => (SETTINGS[name].readBy as readonly string[]).includes(fn));
}

/** The scopes `name` is set in on `site` (empty when it does not belong there). */
export function scopesOn(name: string, site: SiteName): readonly NetlifyScope[] {
  return siteUse(name, site)?.scopes ?? [];
}

/** Where a setting belongs, in words: "the public site", "the editors' preview site", "the Studio (studio/.env)", "your shell". */
export function homesOf(name: string): string[] {
  const definition = settingDefinition(name);
  if (!definition) return [];
  const homes: string[] = [];
  if (definition.sites?.production) homes.push('the public site');
  if (definition.sites?.preview) homes.push("the editors' preview site");
  if (definition.studio) homes.push('the Studio (studio/.env)');
  if (definition.shell) homes.push(`your shell (${definition.shell.command})`);
  return homes;
}

/** Set by the operator somewhere (a site, the Studio or a shell), as opposed to by a platform or the local tools. */
export function isOperatorSetting(name: string): boolean {
  return settingDefinition(name)?.setBy === 'operator';
}
