/** Transport-free request/response shapes of the local API, so the handler can run in-process. */
import { parse as parseContentType } from 'content-type';

export interface ApiRequest {
  method: string;
  /** Path without the query string, e.g. `/k1mobile/tenant/12`. */
  path: string;
  /** Header names in lower case. */
  headers: Record<string, string | undefined>;
  body: string;
}

export interface ApiResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export const JSON_TYPE = 'application/json; charset=utf-8';

export function json(
  status: number,
  value: unknown,
  headers: Record<string, string> = {},
): ApiResponse {
  return {
    status,
    headers: { 'content-type': JSON_TYPE, ...headers },
    body: JSON.stringify(value),
  };
}

/** The product API's error shape: `{"error":{"resultCode":{"message":...}}}`. */
export function apiError(
  status: number,
  message: string,
  extra: Record<string, unknown> = {},
): ApiResponse {
  return json(status, { error: { resultCode: { message }, ...extra } });
}

export type JsonParse = { ok: true; value: unknown } | { ok: false; response: ApiResponse };

/** Whether the Content-Type is exactly one of `types` (parameters allowed; a charset, if given, must be UTF-8). */
export function hasContentType(request: ApiRequest, types: readonly string[]): boolean {
  try {
    const parsed = parseContentType(request.headers['content-type'] ?? '');
    const charset = parsed.parameters['charset'];
    return (
      types.includes(parsed.type) && (charset === undefined || charset.toLowerCase() === 'utf-8')
    );
  } catch {
    return false;
  }
}

/** Only `application/json` (not json-seq, not +json variants, not text/plain). */
export function parseJsonBody(request: ApiRequest): JsonParse {
  if (!hasContentType(request, ['application/json'])) {
    return { ok: false, response: apiError(415, 'Request body must be sent as application/json.') };
  }
  try {
    return { ok: true, value: JSON.parse(request.body) as unknown };
  } catch {
    return { ok: false, response: apiError(400, 'Request body is not valid JSON.') };
  }
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Decodes one path segment; undefined when it is not valid percent-encoding. */
export function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}
