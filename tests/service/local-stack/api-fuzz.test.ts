import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normaliseEmail, validateEntry } from '../../../src/lib/giveaway/entry-rules.ts';
import { createLocalApi, type LocalApi } from '../../../scripts/local-stack/api/server.ts';
import { CLOSED_EVENT, FIXTURE_DATASET, FIXTURE_TENANTS, OPEN_EVENT, tempDir } from './helpers.ts';

const dir = tempDir();
let api: LocalApi;
beforeAll(() => {
  api = createLocalApi({
    dataDir: dir.path,
    tenantsFile: FIXTURE_TENANTS,
    datasetFile: FIXTURE_DATASET,
    allowedOrigins: ['http://localhost:4321'],
    warn: () => {},
  });
});
afterAll(() => {
  api.store.close();
  dir.remove();
});

/** Mostly plausible values with hostile ones mixed in, so that a share of the entries is accepted. */
const anyValue = fc.oneof(fc.anything(), fc.string(), fc.integer(), fc.constant(null));
const mostly = <T>(plausible: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 6, arbitrary: plausible }, { weight: 1, arbitrary: anyValue });
const fields = {
  eventGUID: mostly(
    fc.constantFrom(OPEN_EVENT, OPEN_EVENT, OPEN_EVENT.toUpperCase(), CLOSED_EVENT, 'nope', ''),
  ),
  name: mostly(fc.string({ minLength: 1, maxLength: 300 })),
  emailAddress: mostly(
    fc.oneof(
      fc
        .tuple(
          fc.stringMatching(/^[A-Za-z0-9._-]{1,12}$/),
          fc.constantFrom('example.com', 'Example.ORG', 'x'),
        )
        .map(([local, domain]) => ` ${local}@${domain} `),
      fc.emailAddress(),
    ),
  ),
  stateCode: mostly(fc.constantFrom('WA', 'DC', 'NY', 'TX', 'WY', 'wa', 'ZZ', '')),
  phone: mostly(
    fc.oneof(
      fc.stringMatching(/^[0-9]{8,17}$/),
      fc.constantFrom('2065550100', '2065550101', '206-555-0100'), // repeats: duplicates must be refused
    ),
  ),
  agreeToGiveawayTerms: mostly(fc.constantFrom(true, true, true, false)),
};
const entryBody = fc.oneof(
  { weight: 4, arbitrary: fc.record(fields) },
  { weight: 1, arbitrary: fc.record(fields, { requiredKeys: [] }) },
);
const body = fc.oneof(
  { weight: 6, arbitrary: entryBody.map((value) => JSON.stringify(value)) },
  { weight: 1, arbitrary: fc.json() },
  { weight: 1, arbitrary: fc.string({ maxLength: 200 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }) },
);
const headers = fc.record(
  {
    'content-type': fc.oneof(
      {
        weight: 8,
        arbitrary: fc.constantFrom('application/json', 'application/json; charset=utf-8'),
      },
      { weight: 1, arbitrary: fc.constantFrom('text/plain', '', 'application/jsonx') },
    ),
    'idempotency-key': fc.oneof(
      { weight: 8, arbitrary: fc.uuid() },
      { weight: 1, arbitrary: fc.constantFrom('k1', 'k2') },
      { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
    ),
    origin: fc.oneof(
      { weight: 8, arbitrary: fc.constant('http://localhost:4321') },
      { weight: 1, arbitrary: fc.constant('https://evil.example') },
    ),
  },
  { requiredKeys: ['content-type'] },
);
const stats = { statuses: new Map<number, number>() };

describe('entry endpoint fuzz', () => {
  it('never answers 5xx and stores only valid, unique entries of open giveaways', () => {
    let accepted = 0;
    fc.assert(
      fc.property(body, headers, (text, head) => {
        const answer = api.handle({
          method: 'POST',
          path: '/k1mobile/giveaway/entry',
          headers: head,
          body: text,
        });
        expect(answer.status).toBeLessThan(500);
        expect(() => JSON.parse(answer.body) as unknown).not.toThrow();
        if (answer.status === 201 && answer.headers['idempotent-replayed'] === undefined)
          accepted += 1;
        stats.statuses.set(answer.status, (stats.statuses.get(answer.status) ?? 0) + 1);
      }),
      { numRuns: 10_000 },
    );

    const rows = api.store.db.prepare('SELECT * FROM giveaway_entries').all();
    expect(rows.length).toBe(accepted);
    expect(accepted, JSON.stringify([...stats.statuses])).toBeGreaterThan(50);
    for (const row of rows) {
      const check = validateEntry({
        name: row['name'],
        email: row['email'],
        state: row['state_code'],
        phone: row['phone_digits'],
        agree: true,
      });
      expect(check.errors).toEqual({});
      expect(row['event_guid']).toBe(OPEN_EVENT);
      expect(row['email_normalised']).toBe(normaliseEmail(String(row['email'])));
    }
    const emails = new Set(
      rows.map((row) => `${String(row['event_guid'])} ${String(row['email_normalised'])}`),
    );
    const phones = new Set(
      rows.map((row) => `${String(row['event_guid'])} ${String(row['phone_digits'])}`),
    );
    expect(emails.size).toBe(rows.length);
    expect(phones.size).toBe(rows.length);
  }, 180_000);
});
