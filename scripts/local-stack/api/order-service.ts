/** Stand-ins for the order service calls of docs/behaviour.md §7 (relative paths, CSRF-protected). */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { COVERED_ZIPS } from '../../../src/lib/coverage/checks.ts';
import { readCookie, XSRF_COOKIE, XSRF_HEADER } from '../../../src/lib/http/fetch-with-csrf.ts';
import {
  apiError,
  hasContentType,
  isPlainObject,
  json,
  parseJsonBody,
  type ApiRequest,
  type ApiResponse,
} from './http.ts';
import type { Store } from './store.ts';

/** The XSRF-TOKEN cookie; `Secure` whenever the page is served over HTTPS, so it never travels in clear. */
export function xsrfCookie(token: string, https: boolean): string {
  return `${XSRF_COOKIE}=${token}; Path=/; SameSite=Strict${https ? '; Secure' : ''}`;
}

/** Served over HTTPS: TLS on this socket, or a TLS-terminating proxy in front saying so. */
export function servedOverHttps(request: {
  headers: Record<string, string | string[] | undefined>;
  socket?: object;
}): boolean {
  const forwarded = request.headers['x-forwarded-proto'];
  const proto = (Array.isArray(forwarded) ? forwarded[0] : forwarded)
    ?.split(',')[0]
    ?.trim()
    .toLowerCase();
  const encrypted =
    request.socket !== undefined &&
    'encrypted' in request.socket &&
    request.socket.encrypted === true;
  return encrypted || proto === 'https';
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Non-GET requests must echo the XSRF-TOKEN cookie in the X-XSRF-TOKEN header. */
export function csrfFailure(request: ApiRequest): ApiResponse | undefined {
  if (request.method === 'GET' || request.method === 'HEAD') return undefined;
  const cookie = readCookie(request.headers['cookie'] ?? '', XSRF_COOKIE);
  // Header names arrive in lower case.
  const header = request.headers[XSRF_HEADER.toLowerCase()];
  if (cookie === undefined || cookie === '' || header === undefined || !sameText(cookie, header)) {
    return apiError(403, 'The X-XSRF-TOKEN header must match the XSRF-TOKEN cookie.');
  }
  return undefined;
}

/** POST /account/login {username, password} → {data:{token}}. Any non-empty credentials are accepted locally. */
export function login(store: Store, request: ApiRequest): ApiResponse {
  const parsed = parseJsonBody(request);
  if (!parsed.ok) return parsed.response;
  const body = parsed.value;
  if (!isPlainObject(body)) return apiError(400, 'Request body must be a JSON object.');
  for (const field of ['username', 'password']) {
    const value = body[field];
    if (typeof value !== 'string' || value === '' || value.length > 256) {
      return apiError(400, `${field} is required (at most 256 characters).`);
    }
  }
  const token = randomBytes(32).toString('base64url');
  store.addToken(token);
  return json(200, { data: { token } });
}

/** PUT /nexusapi/add_customer with `Authorization: Bearer <token>` from login. */
export function addCustomer(store: Store, request: ApiRequest): ApiResponse {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers['authorization'] ?? '');
  if (match === null || !store.hasToken(match[1] ?? '')) {
    return apiError(401, 'A valid Bearer token from /account/login is required.');
  }
  const parsed = parseJsonBody(request);
  if (!parsed.ok) return parsed.response;
  if (!isPlainObject(parsed.value))
    return apiError(400, 'Request body must be a JSON object (the order).');
  store.addOrder(JSON.stringify(parsed.value));
  return json(200, { data: { status: 'received' } });
}

/** POST /mobileapi/zipcode/{zip}/eligibility; the body is the zip as text (docs/behaviour.md §7), or JSON. Covered: the coverage check's own list. */
export function zipEligibility(request: ApiRequest, zip: string): ApiResponse {
  if (request.body !== '' && !hasContentType(request, ['text/plain', 'application/json'])) {
    return apiError(415, 'The zip must be sent as text/plain or application/json.');
  }
  if (!/^[0-9]{5}$/.test(zip)) return apiError(400, 'zip must be exactly 5 digits.');
  return json(200, { data: { zip, eligible: COVERED_ZIPS.has(zip) } });
}
