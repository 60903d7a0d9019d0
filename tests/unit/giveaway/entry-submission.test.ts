import { describe, expect, it, vi } from 'vitest';
import {
  ENTRY_FALLBACK_ERROR,
  ENTRY_SUCCESS_MESSAGE,
  OUTCOME_STORAGE_KEY,
  confirmationPath,
  entryEndpoint,
  entryPayload,
  idempotencyKeys,
  newUuid,
  outcomeFromAnswer,
  saveOutcome,
  sendEntry,
  serverMessage,
  takeOutcome,
  type FetchLike,
} from '../../../src/lib/giveaway/entry-submission.ts';

const GUID = '053219f6-7cee-4319-a4f1-aab3f833263f';
const VALUES = {
  name: '  Pat Husky ',
  email: ' pat@example.com ',
  state: 'WA',
  phone: '2065550142',
  agree: true,
};

/** An in-memory Storage. */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('entry payload and endpoint (docs/behaviour.md §3, §7)', () => {
  it('sends exactly the six payload fields, trimmed, phone as digits', () => {
    expect(entryPayload(GUID, { ...VALUES, phone: '206 555 0142' })).toEqual({
      eventGUID: GUID,
      name: 'Pat Husky',
      emailAddress: 'pat@example.com',
      stateCode: 'WA',
      phone: '2065550142',
      agreeToGiveawayTerms: true,
    });
  });

  it('posts to {api}/k1mobile/giveaway/entry whatever the base ends with', () => {
    expect(entryEndpoint('http://127.0.0.1:8787')).toBe(
      'http://127.0.0.1:8787/k1mobile/giveaway/entry',
    );
    expect(entryEndpoint('https://api.example.com/')).toBe(
      'https://api.example.com/k1mobile/giveaway/entry',
    );
    expect(confirmationPath('uw-husky-mobile')).toBe('/uw-husky-mobile/giveaway-confirmation');
  });
});

describe('outcome of an answer (docs/behaviour.md §4, §8)', () => {
  it('a 2xx answer is a success with the fixed message', () => {
    expect(outcomeFromAnswer(true, { result: { entryId: 'x' } })).toEqual({
      status: 'success',
      message: ENTRY_SUCCESS_MESSAGE,
    });
    expect(outcomeFromAnswer(true, null)).toEqual({
      status: 'success',
      message: ENTRY_SUCCESS_MESSAGE,
    });
  });

  it("an error answer carries the server's resultCode message", () => {
    const body = { error: { resultCode: { message: 'Already entered.' } } };
    expect(serverMessage(body)).toBe('Already entered.');
    expect(outcomeFromAnswer(false, body)).toEqual({
      status: 'error',
      message: 'Already entered.',
    });
    expect(outcomeFromAnswer(true, body)).toEqual({ status: 'error', message: 'Already entered.' });
  });

  it.each([
    null,
    'text',
    {},
    { error: {} },
    { error: { resultCode: { message: '  ' } } },
    { error: { resultCode: { message: 42 } } },
  ])('falls back when the error answer has no message: %j', (body) => {
    expect(outcomeFromAnswer(false, body)).toEqual({
      status: 'error',
      message: ENTRY_FALLBACK_ERROR,
    });
  });
});

describe('sendEntry', () => {
  const payload = entryPayload(GUID, VALUES);

  it('makes one JSON POST with the Idempotency-Key header', async () => {
    const fetcher = vi.fn<FetchLike>(() =>
      Promise.resolve({ ok: true, text: () => Promise.resolve('{"result":{}}') }),
    );
    const outcome = await sendEntry(fetcher, 'http://api.test', payload, 'key-1');
    expect(outcome.status).toBe('success');
    expect(fetcher).toHaveBeenCalledTimes(1);
    const [url, init] = fetcher.mock.calls[0]!;
    expect(url).toBe('http://api.test/k1mobile/giveaway/entry');
    expect(init.method).toBe('POST');
    expect(init.headers).toMatchObject({
      'Content-Type': 'application/json',
      'Idempotency-Key': 'key-1',
    });
    expect(JSON.parse(init.body as string)).toEqual(payload);
  });

  it('a network error, or an answer that is not JSON, gives the fallback message', async () => {
    const down: FetchLike = () => Promise.reject(new TypeError('Failed to fetch'));
    expect(await sendEntry(down, 'http://api.test', payload, 'k')).toEqual({
      status: 'error',
      message: ENTRY_FALLBACK_ERROR,
    });
    const html: FetchLike = () =>
      Promise.resolve({ ok: false, text: () => Promise.resolve('<html>502</html>') });
    expect(await sendEntry(html, 'http://api.test', payload, 'k')).toEqual({
      status: 'error',
      message: ENTRY_FALLBACK_ERROR,
    });
  });

  it('a refused entry gives the server message', async () => {
    const refused: FetchLike = () =>
      Promise.resolve({
        ok: false,
        text: () =>
          Promise.resolve(JSON.stringify({ error: { resultCode: { message: 'Duplicate.' } } })),
      });
    expect(await sendEntry(refused, 'http://api.test', payload, 'k')).toEqual({
      status: 'error',
      message: 'Duplicate.',
    });
  });
});

describe('Idempotency-Key per form attempt', () => {
  it('is a v4 UUID, also without crypto.randomUUID', () => {
    const v4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(newUuid()).toMatch(v4);
    const noRandomUuid = { getRandomValues: crypto.getRandomValues.bind(crypto) };
    expect(newUuid(noRandomUuid)).toMatch(v4);
  });

  it('the same payload keeps its key; a changed payload gets a new one', () => {
    let n = 0;
    const keyFor = idempotencyKeys(() => `key-${++n}`);
    const first = entryPayload(GUID, VALUES);
    expect(keyFor(first)).toBe('key-1');
    expect(keyFor({ ...first })).toBe('key-1');
    expect(keyFor({ ...first, emailAddress: 'other@example.com' })).toBe('key-2');
    expect(keyFor(first)).toBe('key-3');
  });
});

describe('hand-off to the confirmation page', () => {
  it('is read once, for the same school only', () => {
    const storage = memoryStorage();
    saveOutcome(storage, 'uw-husky-mobile', { status: 'success', message: ENTRY_SUCCESS_MESSAGE });
    expect(takeOutcome(storage, 'uw-husky-mobile')).toEqual({
      status: 'success',
      message: ENTRY_SUCCESS_MESSAGE,
    });
    expect(takeOutcome(storage, 'uw-husky-mobile')).toBeNull();

    saveOutcome(storage, 'uk-kentucky-mobile', { status: 'error', message: 'No.' });
    expect(takeOutcome(storage, 'uw-husky-mobile')).toBeNull();
  });

  it.each([
    'not json',
    '{"seoSlug":"s","status":"maybe","message":"x"}',
    '{"seoSlug":"s","status":"error"}',
    'null',
  ])('ignores a malformed value: %s', (raw) => {
    const storage = memoryStorage();
    storage.setItem(OUTCOME_STORAGE_KEY, raw);
    expect(takeOutcome(storage, 's')).toBeNull();
    expect(storage.items.size).toBe(0);
  });
});
