/**
 * School colours with SPEC §9's fallbacks, and readable text on them: black or white,
 * whichever contrasts more (WCAG relative luminance).
 */
export const FALLBACK_PRIMARY = '#000000';
export const FALLBACK_SECONDARY = '#e5e7eb';

export interface Theme {
  primary: string;
  onPrimary: string;
  secondary: string;
  onSecondary: string;
  third: string;
}

function expand(hex: string): string {
  const value = hex.replace('#', '');
  return value.length === 3 ? value.split('').map((c) => c + c).join('') : value;
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
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

export function readableTextOn(background: string): '#000000' | '#ffffff' {
  return contrastRatio(background, '#000000') >= contrastRatio(background, '#ffffff') ? '#000000' : '#ffffff';
}

interface TenantColours { primaryColor: string | null; secondaryColor: string | null; thirdColor: string | null }
/** The school document's brand colours (content), used where the tenant record has none. */
interface SchoolColours { primaryColor?: { hex: string } | undefined; secondaryColor?: { hex: string } | undefined }

/** Each colour: the tenant record's, else the school document's, else SPEC §9's fallback. */
export function schoolTheme(tenant: TenantColours, school: SchoolColours = {}): Theme {
  const primary = tenant.primaryColor ?? school.primaryColor?.hex ?? FALLBACK_PRIMARY;
  const secondary = tenant.secondaryColor ?? school.secondaryColor?.hex ?? FALLBACK_SECONDARY;
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
