/** CORS for the site's own origins only. */
import { XSRF_HEADER } from '../../../src/lib/http/fetch-with-csrf.ts';
import type { ApiRequest, ApiResponse } from './http.ts';
import { apiError } from './http.ts';

export const ALLOWED_METHODS = 'GET, HEAD, POST, PUT, OPTIONS';
export const ALLOWED_HEADERS = [
  'Content-Type',
  'Idempotency-Key',
  XSRF_HEADER,
  'Authorization',
].join(', ');

/** The origins allowed to call the API: SITE_URL's origin and the static server's loopback origins. */
export function siteOrigins(siteUrl: string, port: number): string[] {
  const origins = new Set<string>();
  try {
    origins.add(new URL(siteUrl).origin);
  } catch {
    // an unparsable SITE_URL adds nothing
  }
  origins.add(`http://127.0.0.1:${port}`);
  origins.add(`http://localhost:${port}`);
  return [...origins];
}

export type CorsDecision =
  { kind: 'none' } | { kind: 'allowed'; headers: Record<string, string> } | { kind: 'denied' };

export function corsDecision(request: ApiRequest, allowed: ReadonlySet<string>): CorsDecision {
  const origin = request.headers['origin'];
  if (origin === undefined) return { kind: 'none' };
  if (!allowed.has(origin)) return { kind: 'denied' };
  return { kind: 'allowed', headers: { 'access-control-allow-origin': origin } };
}

/** Answers an OPTIONS preflight, or undefined when the request is not one. */
export function preflight(request: ApiRequest, decision: CorsDecision): ApiResponse | undefined {
  if (request.method !== 'OPTIONS') return undefined;
  if (decision.kind !== 'allowed') {
    return {
      status: decision.kind === 'denied' ? 403 : 204,
      headers: { vary: 'Origin' },
      body: '',
    };
  }
  return {
    status: 204,
    headers: {
      ...decision.headers,
      'access-control-allow-methods': ALLOWED_METHODS,
      'access-control-allow-headers': ALLOWED_HEADERS,
      'access-control-max-age': '600',
      vary: 'Origin',
    },
    body: '',
  };
}

/** State-changing requests from a foreign origin are refused outright (no CORS headers). */
export function foreignWrite(request: ApiRequest, decision: CorsDecision): ApiResponse | undefined {
  if (decision.kind !== 'denied' || request.method === 'GET' || request.method === 'HEAD')
    return undefined;
  return apiError(403, 'Requests from this origin are not allowed.');
}
