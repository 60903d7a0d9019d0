/**
 * What every Netlify function answers with and checks first (and the preview site's doors too:
 * a request's method, size and media type, a JSON body). netlify.toml's [[headers]] do not
 * apply to function responses, so the functions send the site's security headers themselves, from
 * the one list (security/site-headers.ts) a test holds equal to netlify.toml's "/*" block. Errors
 * answer a short message, never a stack or an internal error text (those go to the function log).
 */
import { parse as parseContentType } from 'content-type';
import { SettingsError } from '../config/setting-types.ts';
import { SITE_SECURITY_HEADERS } from '../security/site-headers.ts';
import { NOT_JSON, parseJson } from '../http/json-body.ts';
import { UnreadableRecordError } from './blob-store.ts';

/** The site-wide headers of netlify.toml's "/*" block, plus no caching and a policy that loads nothing. */
export const FUNCTION_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  ...Object.fromEntries(
    Object.entries(SITE_SECURITY_HEADERS).map(([name, value]) => [name.toLowerCase(), value]),
  ),
  'content-security-policy':
    "default-src 'none'; frame-ancestors 'none'; object-src 'none'; base-uri 'none'",
};

/** What Netlify passes as the second argument: `waitUntil`, and the deploy context the invocation serves. */
export interface FunctionContext {
  waitUntil?: (work: Promise<unknown>) => void;
  deploy?: { context?: string };
  /** The caller's address, as Netlify saw it. */
  ip?: string;
}

export function answer(
  status: number,
  message: string,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify({ message }), {
    status,
    headers: { ...FUNCTION_HEADERS, ...headers },
  });
}

export function noContent(): Response {
  return new Response(null, { status: 204, headers: FUNCTION_HEADERS });
}

export interface RequestRules {
  /** The methods accepted (`any`: whatever the caller sends, e.g. a scheduler whose method is not documented). */
  methods: readonly string[] | 'any';
  maxBodyBytes: number;
  /** Body media types accepted (`any`: whatever is sent); `optional` lets a request without a Content-Type through (no body expected). */
  contentTypes: readonly string[] | 'any';
  contentTypeOptional?: boolean;
}

export type CheckedRequest = { ok: true; body: string } | { ok: false; response: Response };

function mediaType(header: string | null): string | undefined {
  if (header === null) return undefined;
  try {
    const parsed = parseContentType(header);
    const charset = parsed.parameters['charset'];
    return charset === undefined || charset.toLowerCase() === 'utf-8'
      ? parsed.type
      : 'unsupported charset';
  } catch {
    return 'unparsable';
  }
}

/** Reads at most `limit` bytes of the body; undefined when it is longer. */
async function readLimited(request: Request, limit: number): Promise<string | undefined> {
  if (request.body === null) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Method, declared and actual size, and content type, in that order; the body when all pass. */
export async function checkRequest(request: Request, rules: RequestRules): Promise<CheckedRequest> {
  if (rules.methods !== 'any' && !rules.methods.includes(request.method)) {
    return {
      ok: false,
      response: answer(405, 'method not allowed', { allow: rules.methods.join(', ') }),
    };
  }
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (!Number.isFinite(declared) || declared > rules.maxBodyBytes) {
    return {
      ok: false,
      response: answer(413, `request body is larger than ${rules.maxBodyBytes} bytes`),
    };
  }
  const type = mediaType(request.headers.get('content-type'));
  if (
    rules.contentTypes !== 'any' &&
    (type === undefined ? !rules.contentTypeOptional : !rules.contentTypes.includes(type))
  ) {
    return {
      ok: false,
      response: answer(415, `request body must be ${rules.contentTypes.join(' or ')}`),
    };
  }
  const body = await readLimited(request, rules.maxBodyBytes);
  if (body === undefined)
    return {
      ok: false,
      response: answer(413, `request body is larger than ${rules.maxBodyBytes} bytes`),
    };
  return { ok: true, body };
}

/** A door that takes JSON: POST only, at most `maxBodyBytes`, `application/json` (405, 413, 415). */
export function checkJsonPost(request: Request, maxBodyBytes: number): Promise<CheckedRequest> {
  return checkRequest(request, {
    methods: ['POST'],
    maxBodyBytes,
    contentTypes: ['application/json'],
  });
}

export type JsonBody =
  { ok: true; value: unknown } | { ok: false; message: string; response: Response };

/** The checked body's JSON value, or the answer to a body that is none: 400 "the body is not JSON". */
export function jsonBody(body: string): JsonBody {
  const parsed = parseJson(body);
  return parsed.ok ? parsed : { ok: false, message: NOT_JSON, response: answer(400, NOT_JSON) };
}

/**
 * A set-up problem the caller may be told about: its message names what to fix (a setting, a
 * missing platform service), never a value or an internal error text.
 */
export class SetupError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'SetupError';
  }
}

function logLine(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? `${error.message} (${error.cause.message})` : error.message;
}

/**
 * Runs a handler; anything it throws becomes a 500 (details to the log). A settings or set-up
 * problem says what to fix; a record this code cannot read (kept aside, blob-store.ts) is a 503
 * that names it and where it was kept, so the sender (Sanity, Netlify) retries and the Deploys tool
 * shows why; anything else answers a plain "internal error".
 */
export async function guarded(
  name: string,
  work: () => Promise<Response>,
  log: (message: string) => void = console.error,
): Promise<Response> {
  try {
    return await work();
  } catch (error) {
    log(`[${name}] failed: ${logLine(error)}`);
    if (error instanceof SettingsError)
      return answer(500, `${name} is not configured: ${error.problems.join('; ')}`);
    if (error instanceof SetupError) return answer(500, error.message);
    if (error instanceof UnreadableRecordError) return answer(503, error.message);
    return answer(500, 'internal error');
  }
}
