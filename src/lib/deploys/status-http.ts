/**
 * What the status functions (publish-status, deploys) answer with: the function headers (security
 * headers, a policy that loads nothing), a cache of at most 2 seconds for this caller only, and
 * CORS for the Studio's origins alone. CORS is not access control (a non-browser caller ignores
 * it): what an answer may say is decided by who the caller is (access.ts).
 */
import { FUNCTION_HEADERS } from '../rebuild/function-http.ts';

/** The answer depends on both the origin (CORS) and the token (what an editor may see). */
export const STATUS_VARY = 'Origin, Authorization';

export const STATUS_HEADERS: Readonly<Record<string, string>> = {
  ...FUNCTION_HEADERS,
  'cache-control': 'private, max-age=2',
  vary: STATUS_VARY,
};

/** CORS headers for `origin` when it is one of the Studio's; none otherwise (the browser then withholds the answer). */
export function corsHeaders(origin: string | null, allowed: readonly string[]): Record<string, string> {
  if (!origin || !allowed.includes(origin)) return {};
  return { 'access-control-allow-origin': origin };
}

export function json(status: number, value: unknown, extra: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(value), { status, headers: { ...STATUS_HEADERS, ...extra } });
}

export function message(status: number, text: string, extra: Record<string, string> = {}): Response {
  return json(status, { message: text }, extra);
}

/**
 * The answer to a preflight (OPTIONS): a Studio origin may GET with an Authorization header;
 * any other origin gets 403 and no CORS headers.
 */
export function preflight(request: Request, allowed: readonly string[]): Response {
  const origin = request.headers.get('origin');
  const cors = corsHeaders(origin, allowed);
  if (!cors['access-control-allow-origin']) return message(403, 'origin not allowed');
  return new Response(null, {
    status: 204,
    headers: {
      ...STATUS_HEADERS,
      ...cors,
      'access-control-allow-methods': 'GET, OPTIONS',
      'access-control-allow-headers': 'Authorization',
      'access-control-max-age': '600',
    },
  });
}
