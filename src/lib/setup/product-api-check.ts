/**
 * `setup:check --deployed`: the product API's part. The giveaway form posts from the visitor's
 * browser to the product API (`{api}/k1mobile/giveaway/entry`) with JSON and an Idempotency-Key,
 * so the browser first sends a CORS preflight, and every entry fails unless the product API admits
 * the page's origin. The check sends that preflight, as a browser would from the public site's
 * origin, and reads the answer by the Fetch standard's rules (CORS check, then the methods and
 * headers the answer allows). `fetch` is passed in.
 */
import { entryEndpoint, entryRequestHeaders } from '../giveaway/entry-submission.ts';

/** The method the form sends. */
export const ENTRY_METHOD = 'POST';

/** Request headers a page may send cross-origin without asking first (Fetch: CORS-safelisted request-header). */
const SAFELISTED_HEADERS = new Set(['accept', 'accept-language', 'content-language']);
const SAFELISTED_CONTENT_TYPES = new Set([
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'text/plain',
]);
/** Methods a page may send cross-origin without the answer listing them (Fetch: CORS-safelisted method). */
const SAFELISTED_METHODS = new Set(['GET', 'HEAD', 'POST']);

/**
 * The headers a browser names in the preflight's Access-Control-Request-Headers: the ones the
 * request sends that are not safelisted, lower-cased and sorted (Fetch: CORS-unsafe request-header names).
 */
export function corsUnsafeHeaderNames(headers: Readonly<Record<string, string>>): string[] {
  return Object.entries(headers)
    .filter(([name, value]) => {
      const lower = name.toLowerCase();
      if (lower === 'content-type')
        return !SAFELISTED_CONTENT_TYPES.has(value.split(';')[0]!.trim().toLowerCase());
      return !SAFELISTED_HEADERS.has(lower);
    })
    .map(([name]) => name.toLowerCase())
    .sort();
}

/** What the giveaway form's preflight asks: POST, with the headers it sends that need the API's leave. */
export function entryPreflight(): { method: string; headers: string[] } {
  return { method: ENTRY_METHOD, headers: corsUnsafeHeaderNames(entryRequestHeaders('any')) };
}

const listed = (value: string | null) =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/**
 * Why a browser at `origin` would refuse to send the request after this preflight answer, or
 * undefined when it would send it. The form sends no credentials, so `*` admits any origin,
 * method or header.
 */
export function preflightRefusal(
  origin: string,
  asked: { method: string; headers: readonly string[] },
  answer: { status: number; headers: Headers },
): string | undefined {
  if (answer.status < 200 || answer.status > 299)
    return `it answered the preflight (OPTIONS) with HTTP ${answer.status}`;
  const allowOrigin = answer.headers.get('access-control-allow-origin');
  if (allowOrigin === null)
    return `its answer has no Access-Control-Allow-Origin (it does not admit ${origin})`;
  if (allowOrigin.trim() !== '*' && allowOrigin.trim() !== origin)
    return `its Access-Control-Allow-Origin is "${allowOrigin}", not ${origin}`;
  const methods = listed(answer.headers.get('access-control-allow-methods')).map((method) =>
    method.toUpperCase(),
  );
  if (
    !SAFELISTED_METHODS.has(asked.method) &&
    !methods.includes(asked.method) &&
    !methods.includes('*')
  ) {
    return `its Access-Control-Allow-Methods lacks ${asked.method}`;
  }
  const headers = listed(answer.headers.get('access-control-allow-headers')).map((header) =>
    header.toLowerCase(),
  );
  const missing = asked.headers.filter(
    (header) => !headers.includes(header) && !headers.includes('*'),
  );
  if (missing.length) return `its Access-Control-Allow-Headers lacks ${missing.join(', ')}`;
  return undefined;
}

export type ProductApiOutcome =
  | {
      state: 'answered';
      url: string;
      admitted: string[];
      refused: Array<{ origin: string; reason: string }>;
    }
  | { state: 'not reached'; url: string; reason: string }
  | { state: 'not asked'; reason: string };

export type PreflightFetch = (
  url: string,
  init: { method: 'OPTIONS'; headers: Record<string, string>; signal: AbortSignal },
) => Promise<Response>;

/** The origins the public site is visited at: the address asked about, and SITE_URL's when it is another. */
export function publicSiteOrigins(deployedUrl: string, siteUrl: string | undefined): string[] {
  const origins = [new URL(deployedUrl).origin];
  if (siteUrl && URL.canParse(siteUrl) && !origins.includes(new URL(siteUrl).origin))
    origins.push(new URL(siteUrl).origin);
  return origins;
}

/** Sends the giveaway form's preflight to the product API from each origin, once each. */
export async function askProductApi(
  apiBase: string | undefined,
  origins: readonly string[],
  fetch: PreflightFetch,
): Promise<ProductApiOutcome> {
  if (apiBase === undefined)
    return {
      state: 'not asked',
      reason:
        "PUBLIC_API_BASE is not set, so the giveaway form posts to the site's own origin (no preflight)",
    };
  const url = entryEndpoint(apiBase);
  const asked = entryPreflight();
  const admitted: string[] = [];
  const refused: Array<{ origin: string; reason: string }> = [];
  for (const origin of origins) {
    let answer: Response;
    try {
      answer = await fetch(url, {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': asked.method,
          'Access-Control-Request-Headers': asked.headers.join(','),
        },
        signal: AbortSignal.timeout(10_000),
      });
    } catch (error) {
      const code = (error as { cause?: { code?: unknown } }).cause?.code;
      return {
        state: 'not reached',
        url,
        reason: `${url} did not answer (${typeof code === 'string' ? code : (error as Error).name})`,
      };
    }
    await answer.arrayBuffer().catch(() => undefined);
    const reason = preflightRefusal(origin, asked, answer);
    if (reason) refused.push({ origin, reason });
    else admitted.push(origin);
  }
  return { state: 'answered', url, admitted, refused };
}

/** The problem line for a refusal, naming the origin, the reason and what the product API must admit. */
export function refusalText(url: string, refusal: { origin: string; reason: string }): string {
  const { method, headers } = entryPreflight();
  return `PUBLIC_API_BASE: the product API (${url}) refuses the giveaway form from ${refusal.origin}: ${refusal.reason}. Every entry from there would fail: the product API must admit that origin for ${method} with the headers ${headers.join(', ')} (docs/deploying.md, "The product API's part")`;
}
