/** Giveaway endpoints: entry submission (validated, one per person per event, idempotent) and event lookup. */
import { createHash, randomUUID } from 'node:crypto';
import { entrantKeys } from '../../../src/lib/giveaway/entrant-identity.ts';
import {
  digitsOnly,
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PHONE_MAX_DIGITS,
  PHONE_MIN_DIGITS,
  validateEntry,
  type EntryErrorCode,
  type EntryField,
} from '../../../src/lib/giveaway/entry-rules.ts';
import {
  ENTRY_SUCCESS_MESSAGE,
  formInputFromPayload,
  PAYLOAD_FIELD,
} from '../../../src/lib/giveaway/entry-submission.ts';
import type { TenantRecord } from './config.ts';
import {
  apiError,
  isPlainObject,
  json,
  JSON_TYPE,
  parseJsonBody,
  type ApiRequest,
  type ApiResponse,
} from './http.ts';
import type { Store } from './store.ts';

export const DUPLICATE_ENTRY_MESSAGE =
  'An entry with this email or phone number has already been received for this giveaway.';
export const EVENT_NOT_FOUND_MESSAGE = 'Giveaway event not found.';
export const EVENT_CLOSED_MESSAGE = 'This giveaway is closed and no longer accepts entries.';

const MESSAGES: Record<EntryField, Partial<Record<EntryErrorCode, string>>> = {
  name: {
    required: 'name is required.',
    tooLong: `name must be at most ${NAME_MAX_LENGTH} characters.`,
    invalid: 'name must contain a letter and no control or bidirectional-override characters.',
  },
  email: {
    required: 'emailAddress is required.',
    tooLong: `emailAddress must be at most ${EMAIL_MAX_LENGTH} characters.`,
    invalid: 'emailAddress must be a valid email address.',
  },
  state: {
    required: 'stateCode is required.',
    invalid: 'stateCode must be the two-letter code of a US state or DC.',
  },
  phone: {
    required: 'phone is required.',
    invalid: `phone must contain only digits, ${PHONE_MIN_DIGITS} to ${PHONE_MAX_DIGITS} of them.`,
    tooLong: `phone must have at most ${PHONE_MAX_DIGITS} digits.`,
  },
  agree: { required: 'agreeToGiveawayTerms must be true: the giveaway terms must be accepted.' },
};

export interface GiveawayEvents {
  /** Lower-case GUIDs of every event the API knows (tenants' events and the active list). */
  known: ReadonlySet<string>;
  active: ReadonlySet<string>;
}

export function giveawayEvents(
  tenants: readonly TenantRecord[],
  activeIds: readonly string[],
): GiveawayEvents {
  const active = new Set(activeIds.map((id) => id.toLowerCase()));
  const known = new Set(active);
  for (const tenant of tenants) {
    const event = tenant.ActiveGiveawayEvent;
    if (typeof event === 'string' && event !== '') known.add(event.toLowerCase());
  }
  return { known, active };
}

export function giveawayStatus(events: GiveawayEvents, guid: string): ApiResponse {
  const id = guid.toLowerCase();
  if (!events.known.has(id)) return apiError(404, EVENT_NOT_FOUND_MESSAGE);
  return json(200, { result: { eventGUID: guid, isActive: events.active.has(id) } });
}

/** Decides the answer to one entry body and stores the entry when it is accepted. */
function decideEntry(store: Store, events: GiveawayEvents, body: unknown): ApiResponse {
  if (!isPlainObject(body)) return apiError(400, 'Request body must be a JSON object.');
  const eventGUID = body['eventGUID'];
  if (typeof eventGUID !== 'string' || eventGUID.trim() === '')
    return apiError(400, 'eventGUID is required.');
  if (eventGUID.length > 64) return apiError(400, 'eventGUID is not a valid giveaway id.');

  const input = formInputFromPayload(body);
  const { valid, errors } = validateEntry(input);
  if (!valid) {
    const fields: Record<string, EntryErrorCode> = {};
    const messages: string[] = [];
    for (const [field, code] of Object.entries(errors) as [EntryField, EntryErrorCode][]) {
      fields[PAYLOAD_FIELD[field]] = code;
      messages.push(MESSAGES[field][code] ?? `${PAYLOAD_FIELD[field]} is not valid.`);
    }
    return apiError(400, messages.join(' '), { fields });
  }

  const event = eventGUID.trim().toLowerCase();
  if (!events.known.has(event)) return apiError(404, EVENT_NOT_FOUND_MESSAGE);
  if (!events.active.has(event)) return apiError(409, EVENT_CLOSED_MESSAGE);

  const email = String(input.email).trim();
  const phone = digitsOnly(String(input.phone));
  const keys = entrantKeys({ email, phone });
  const entryId = randomUUID();
  // The row keeps what the person typed; duplicates are decided on the identity keys.
  const outcome = store.insertEntry({
    entryId,
    eventGuid: event,
    name: String(input.name).trim(),
    email,
    emailNormalised: keys.email,
    stateCode: String(input.state),
    phoneDigits: phone,
    phoneNormalised: keys.phone,
    createdAt: new Date().toISOString(),
  });
  if (outcome === 'duplicate') return apiError(409, DUPLICATE_ENTRY_MESSAGE);
  return json(201, { result: { entryId, message: ENTRY_SUCCESS_MESSAGE } });
}

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/** POST /k1mobile/giveaway/entry. */
export function submitEntry(
  store: Store,
  events: GiveawayEvents,
  request: ApiRequest,
): ApiResponse {
  const key = request.headers['idempotency-key'];
  if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) {
    return apiError(400, 'Idempotency-Key must be 1 to 255 visible ASCII characters.');
  }
  const fingerprint = createHash('sha256').update(request.body).digest('hex');

  return store.transaction(() => {
    if (key !== undefined) {
      const first = store.answerFor(key);
      if (first !== undefined) {
        if (first.fingerprint !== fingerprint) {
          return apiError(
            422,
            'This Idempotency-Key was already used with a different request body.',
          );
        }
        return {
          status: first.status,
          headers: { 'content-type': JSON_TYPE, 'idempotent-replayed': 'true' },
          body: first.body,
        };
      }
    }
    const parsed = parseJsonBody(request);
    const answer = parsed.ok ? decideEntry(store, events, parsed.value) : parsed.response;
    if (key !== undefined)
      store.rememberAnswer(key, { fingerprint, status: answer.status, body: answer.body });
    return answer;
  });
}
