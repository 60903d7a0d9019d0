/**
 * What the status functions (publish-status, deploys) answer with: the function headers (security
 * headers, a policy that loads nothing), a cache of at most 2 seconds for this caller only, and
 * CORS for the Studio's origins alone. CORS is not access control (a non-browser caller ignores
 * it): what an answer may say is decided by who the caller is (access.ts).
 */
import { FUNCTION_HEADERS } from '../functions/function-http.ts';
import { PASS_HEADER } from '../publish-records/names.ts';
import { type AccessChecking } from '../publish-records/status-answers.ts';

/** The answer depends on the origin (CORS), the token and the editor's pass (what an editor may see). */
export const STATUS_VARY = `Origin, Authorization, ${PASS_HEADER}`;

export const STATUS_HEADERS: Readonly<Record<string, string>> = {
  ...FUNCTION_HEADERS,
  'cache-control': 'private, max-age=2',
  vary: STATUS_VARY,
};

/** CORS headers for `origin` when it is one of the Studio's; none otherwise (the browser then withholds the answer). */
export function corsHeaders(
  origin: string | null,
  allowed: readonly string[],
): Record<string, string> {
  if (!origin || !allowed.includes(origin)) return {};
  return { 'access-control-allow-origin': origin };
}

export function json(status: number, value: unknown, extra: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(value), { status, headers: { ...STATUS_HEADERS, ...extra } });
}

export function message(
  status: number,
  text: string,
  extra: Record<string, string> = {},
): Response {
  return json(status, { message: text }, extra);
}

/**
 * The answer to a preflight (OPTIONS): a Studio origin may GET with an Authorization header and an editor's pass;
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
      'access-control-allow-headers': `Authorization, ${PASS_HEADER}`,
      'access-control-max-age': '600',
    },
  });
}

/**
 * The caller sent a token the function could not check yet (the instance's budget of Sanity
 * requests is spent, or Sanity gave no verdict): it may be an editor not proven yet, so it is told
 * so and when to ask again, never answered as a visitor in silence.
 */
export function checkingAnswer(retryAfterSeconds: number, cors: Record<string, string>): Response {
  const body: AccessChecking = {
    message: `checking your access; ask again in ${retryAfterSeconds} s`,
    access: 'checking',
    retryAfterSeconds,
  };
  return json(503, body, { ...cors, 'retry-after': String(retryAfterSeconds) });
}
