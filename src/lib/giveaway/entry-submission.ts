/**
 * Giveaway submission (docs/behaviour.md §4, §7, §8): the request, how an answer becomes an outcome,
 * the Idempotency-Key per form attempt, and the outcome's hand-off to the confirmation page.
 * Browser and DOM are injected (fetch, storage, uuid), so everything here runs in unit tests.
 */
import { digitsOnly, type EntryField, type EntryFormInput } from './entry-rules.ts';

export const ENTRY_SUCCESS_MESSAGE = 'Your entry has been submitted successfully!';
export const ENTRY_FALLBACK_ERROR = 'Something went wrong. Please try again.';
export const MISSING_SLUG_MESSAGE = 'Tenant slug is not available for navigation.';
export const MISSING_GUID_MESSAGE =
  'Giveaway event id is missing from the route; the entry was not sent.';
export const SENDING_TEXT = 'Sending…';
/** docs/behaviour.md §9 HTTP client default. */
export const ENTRY_TIMEOUT_MS = 120_000;

export interface EntryFormValues {
  name: string;
  email: string;
  state: string;
  phone: string;
  agree: boolean;
}

/** docs/behaviour.md §3 "Submission payload". */
export interface EntryPayload {
  eventGUID: string;
  name: string;
  emailAddress: string;
  stateCode: string;
  phone: string;
  agreeToGiveawayTerms: boolean;
}

/** The payload's name for each form field; the local API reads entries by these names. */
export const PAYLOAD_FIELD = {
  name: 'name',
  email: 'emailAddress',
  state: 'stateCode',
  phone: 'phone',
  agree: 'agreeToGiveawayTerms',
} as const satisfies Record<EntryField, keyof EntryPayload>;

export type EntryOutcome = { status: 'success' | 'error'; message: string };

export function entryPayload(eventGUID: string, values: EntryFormValues): EntryPayload {
  return {
    eventGUID,
    name: values.name.trim(),
    emailAddress: values.email.trim(),
    stateCode: values.state,
    phone: digitsOnly(values.phone),
    agreeToGiveawayTerms: values.agree,
  };
}

/** A received payload's values as the form's fields, so the form's own rules can check them. */
export function formInputFromPayload(body: Readonly<Record<string, unknown>>): EntryFormInput {
  return {
    name: body[PAYLOAD_FIELD.name],
    email: body[PAYLOAD_FIELD.email],
    state: body[PAYLOAD_FIELD.state],
    phone: body[PAYLOAD_FIELD.phone],
    agree: body[PAYLOAD_FIELD.agree],
  };
}

export function entryEndpoint(apiBase: string): string {
  return `${apiBase.replace(/\/+$/, '')}/k1mobile/giveaway/entry`;
}

export function confirmationPath(seoSlug: string): string {
  return `/${seoSlug}/giveaway-confirmation`;
}

/** The server's `error.resultCode.message`, when the body has one. */
export function serverMessage(body: unknown): string | undefined {
  const error = (body as { error?: { resultCode?: { message?: unknown } } } | null)?.error;
  const message = error?.resultCode?.message;
  return typeof message === 'string' && message.trim() !== '' ? message.trim() : undefined;
}

/** A 2xx answer without an error object is a success; anything else is an error with the server's message or the fallback. */
export function outcomeFromAnswer(ok: boolean, body: unknown): EntryOutcome {
  const message = serverMessage(body);
  const hasError =
    typeof body === 'object' && body !== null && (body as { error?: unknown }).error != null;
  if (ok && !hasError) return { status: 'success', message: ENTRY_SUCCESS_MESSAGE };
  return { status: 'error', message: message ?? ENTRY_FALLBACK_ERROR };
}

export type FetchLike = (url: string, init: RequestInit) => Promise<Pick<Response, 'ok' | 'text'>>;

/** The headers the entry is sent with: JSON and the attempt's key, which make the browser ask the product API first (a CORS preflight). */
export function entryRequestHeaders(idempotencyKey: string): Record<string, string> {
  return {
    'Content-Type': 'application/json',
    Accept: 'application/json',
    'Idempotency-Key': idempotencyKey,
  };
}

/** One POST; network failures, timeouts and unreadable answers all become the fallback error. */
export async function sendEntry(
  fetcher: FetchLike,
  apiBase: string,
  payload: EntryPayload,
  idempotencyKey: string,
): Promise<EntryOutcome> {
  try {
    const response = await fetcher(entryEndpoint(apiBase), {
      method: 'POST',
      headers: entryRequestHeaders(idempotencyKey),
      body: JSON.stringify(payload),
      ...(typeof AbortSignal.timeout === 'function'
        ? { signal: AbortSignal.timeout(ENTRY_TIMEOUT_MS) }
        : {}),
    });
    const text = await response.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    return outcomeFromAnswer(response.ok, body);
  } catch {
    return { status: 'error', message: ENTRY_FALLBACK_ERROR };
  }
}

/** A random v4 UUID; `getRandomValues` covers browsers without `randomUUID`. */
export function newUuid(
  source: Pick<Crypto, 'getRandomValues'> & Partial<Pick<Crypto, 'randomUUID'>> = globalThis.crypto,
): string {
  if (typeof source.randomUUID === 'function') return source.randomUUID();
  const bytes = source.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * One key per form attempt: sending the same payload again (a retry, a second click, the page
 * restored by Back) reuses the key so the API answers the first result and stores nothing new;
 * a changed payload is a new attempt and gets a new key (the API refuses a key reused with another body).
 */
export function idempotencyKeys(
  makeUuid: () => string = () => newUuid(),
): (payload: EntryPayload) => string {
  let last: { body: string; key: string } | undefined;
  return (payload) => {
    const body = JSON.stringify(payload);
    if (last?.body !== body) last = { body, key: makeUuid() };
    return last.key;
  };
}

/* The hand-off: history state does not survive a full navigation between static pages, session storage does. */

export const OUTCOME_STORAGE_KEY = 'giveaway-entry-outcome';

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function saveOutcome(storage: StorageLike, seoSlug: string, outcome: EntryOutcome): void {
  storage.setItem(OUTCOME_STORAGE_KEY, JSON.stringify({ seoSlug, ...outcome }));
}

/** Reads and removes the outcome (shown once: a reload shows the neutral page). Only this school's, only a well-formed one. */
export function takeOutcome(storage: StorageLike, seoSlug: string): EntryOutcome | null {
  const raw = storage.getItem(OUTCOME_STORAGE_KEY);
  if (raw === null) return null;
  storage.removeItem(OUTCOME_STORAGE_KEY);
  try {
    const value = JSON.parse(raw) as Record<string, unknown>;
    if (value['seoSlug'] !== seoSlug) return null;
    const status = value['status'];
    const message = value['message'];
    if ((status !== 'success' && status !== 'error') || typeof message !== 'string') return null;
    return { status, message };
  } catch {
    return null;
  }
}
