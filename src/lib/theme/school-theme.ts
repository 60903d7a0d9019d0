/**
 * School colours with docs/behaviour.md §9's fallbacks, and readable text on them: black or white,
 * whichever contrasts more (WCAG relative luminance).
 */
export const FALLBACK_PRIMARY = '#000000';
export const FALLBACK_SECONDARY = '#e5e7eb';

/** Never changed once made: its stylesheet is worked out once per theme (theme-stylesheet.ts). */
export interface Theme {
  readonly primary: string;
  readonly onPrimary: string;
  readonly secondary: string;
  readonly onSecondary: string;
  readonly third: string;
}

function expand(hex: string): string {
  const value = hex.replace('#', '');
  return value.length === 3
    ? value
        .split('')
        .map((c) => c + c)
        .join('')
    : value;
}

export function relativeLuminance(hex: string): number {
  const value = expand(hex);
  const channel = (offset: number) => {
    const c = parseInt(value.slice(offset, offset + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

export function readableTextOn(background: string): '#000000' | '#ffffff' {
  return contrastRatio(background, '#000000') >= contrastRatio(background, '#ffffff')
    ? '#000000'
    : '#ffffff';
}

interface TenantColours {
  primaryColor: string | null;
  secondaryColor: string | null;
  thirdColor: string | null;
}
/** The school document's brand colours (content), each with the name editors gave it. */
interface SchoolColours {
  primaryColor?: { name?: string; hex: string } | undefined;
  secondaryColor?: { name?: string; hex: string } | undefined;
}

/** A colour as a school shows it: its hex value and a name for people (the search card's swatch label). */
export interface BrandColour {
  name: string;
  hex: string;
}

/** What a colour is called when content gives it no name: by its role. */
export const COLOUR_ROLE_NAMES = { primary: 'Primary', secondary: 'Accent' } as const;

function pick(
  tenantHex: string | null,
  content: { name?: string; hex: string } | undefined,
  role: keyof typeof COLOUR_ROLE_NAMES,
  fallback: string,
): BrandColour {
  const hex = tenantHex ?? content?.hex ?? fallback;
  // Content's name belongs to content's colour: it labels the tenant's colour only when they are the same.
  const named =
    content?.name && content.hex.toLowerCase() === hex.toLowerCase() ? content.name : undefined;
  return { name: named ?? COLOUR_ROLE_NAMES[role], hex };
}

/**
 * The one precedence for a school's colours, wherever they show (page theme, search card):
 * each colour is the tenant record's, else the school document's, else the fallback
 * (#000000 primary, #e5e7eb secondary). The product API's record is the school's live brand;
 * the school document fills in for a tenant that has none.
 */
export function schoolColours(
  tenant: TenantColours,
  school: SchoolColours = {},
): { primary: BrandColour; secondary: BrandColour } {
  return {
    primary: pick(tenant.primaryColor, school.primaryColor, 'primary', FALLBACK_PRIMARY),
    secondary: pick(tenant.secondaryColor, school.secondaryColor, 'secondary', FALLBACK_SECONDARY),
  };
}

/** The page theme: the school's colours (`schoolColours`) and readable text on each. */
export function schoolTheme(tenant: TenantColours, school: SchoolColours = {}): Theme {
  const {
    primary: { hex: primary },
    secondary: { hex: secondary },
  } = schoolColours(tenant, school);
  return {
    primary,
    onPrimary: readableTextOn(primary),
    secondary,
    onSecondary: readableTextOn(secondary),
    third: tenant.thirdColor ?? secondary,
  };
}

/** The `<style>` text that puts the theme into the page at build time (no inline style attributes: CSP). */
export function themeCss(theme: Theme): string {
  return `html[data-school]{--school-primary:${theme.primary};--school-on-primary:${theme.onPrimary};--school-secondary:${theme.secondary};--school-on-secondary:${theme.onSecondary};--school-third:${theme.third}}`;
}
