/**
 * The coverage-map page's two checks (docs/behaviour.md §4, §5, §9): ZIP code coverage and eSIM
 * compatibility by IMEI. Both are placeholders of the real service. Pure and
 * dependency-free: this file is bundled into the coverage island.
 */

export const ZIP_LENGTH = 5;
export const IMEI_LENGTH = 15;
/** docs/behaviour.md §5 and §9: the placeholder reports coverage only for these test zips. */
export const COVERED_ZIPS: ReadonlySet<string> = new Set(['90210', '10001', '30301', '60601']);
/** docs/behaviour.md §5: the placeholder says IMEIs starting with this are not eSIM-ready. */
export const INCOMPATIBLE_IMEI_PREFIX = '35';

export type CoverageResult = 'available' | 'unavailable' | 'unknown';
export type EsimResult = 'compatible' | 'incompatible' | 'unknown';

function digitsError(value: string, length: number, what: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return `Please enter your ${what}.`;
  if (!/^[0-9]+$/.test(trimmed)) return `Your ${what} can contain digits only.`;
  if (trimmed.length !== length)
    return `Your ${what} must be exactly ${length} digits (you entered ${trimmed.length}).`;
  return null;
}

/** The error to show for a ZIP code, or null when it is exactly 5 digits. */
export function zipError(value: string): string | null {
  return digitsError(value, ZIP_LENGTH, 'ZIP code');
}

/** The error to show for an IMEI, or null when it is exactly 15 digits. */
export function imeiError(value: string): string | null {
  return digitsError(value, IMEI_LENGTH, 'IMEI');
}

/** Coverage for a ZIP code; `unknown` when the input is not a valid ZIP code. */
export function coverageFor(zip: string): CoverageResult {
  const value = zip.trim();
  if (zipError(value)) return 'unknown';
  return COVERED_ZIPS.has(value) ? 'available' : 'unavailable';
}

/** eSIM compatibility for an IMEI; `unknown` when the input is not a valid IMEI. */
export function esimCompatibilityFor(imei: string): EsimResult {
  const value = imei.trim();
  if (imeiError(value)) return 'unknown';
  return value.startsWith(INCOMPATIBLE_IMEI_PREFIX) ? 'incompatible' : 'compatible';
}

export interface ResultMessage {
  tone: 'positive' | 'negative' | 'neutral';
  title: string;
  detail: string;
}

/** What the page says about a coverage result; `brand` is the school's phone service (tenant name). */
export function coverageMessage(result: CoverageResult, zip: string, brand: string): ResultMessage {
  const value = zip.trim();
  switch (result) {
    case 'available':
      return {
        tone: 'positive',
        title: `Good news: 5G coverage is available in ${value}.`,
        detail: `${brand} works on the nation's largest 5G network where you are.`,
      };
    case 'unavailable':
      return {
        tone: 'negative',
        title: `5G coverage is not available in ${value} yet.`,
        detail: 'Check the map for coverage nearby, or try another ZIP code.',
      };
    default:
      return {
        tone: 'neutral',
        title: 'We could not check that ZIP code.',
        detail: 'Please try again with a 5-digit ZIP code.',
      };
  }
}

/** What the page says about an eSIM result. */
export function esimMessage(result: EsimResult): ResultMessage {
  switch (result) {
    case 'compatible':
      return {
        tone: 'positive',
        title: 'Your phone is eSIM compatible.',
        detail: 'You can activate in minutes, with no SIM card to wait for.',
      };
    case 'incompatible':
      return {
        tone: 'negative',
        title: 'Your phone is not eSIM compatible.',
        detail: 'You can still join with a physical SIM card, which we mail to you.',
      };
    default:
      return {
        tone: 'neutral',
        title: 'We could not check that IMEI.',
        detail: 'Please try again with the 15-digit IMEI (dial *#06# to see it).',
      };
  }
}

/** The order-service path of docs/behaviour.md §7 for a (valid) ZIP code. */
export function eligibilityPath(zip: string): string {
  return `/mobileapi/zipcode/${encodeURIComponent(zip.trim())}/eligibility`;
}
