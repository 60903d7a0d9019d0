/**
 * 10,000 generated entries through the local API over HTTP: people entering again with phone
 * and email variants (trunk 1, 001/011 prefixes, full-width, zero-width, case, trailing dot),
 * hostile names, and junk. Expected: no server error, no invalid row stored, exactly one entry
 * per person and every other variant refused as a duplicate.
 */
import fc from 'fast-check';
import { Agent, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DUPLICATE_ENTRY_MESSAGE } from '../../../scripts/local-stack/api/giveaway.ts';
import { startApiServer } from '../../../scripts/local-stack/api/server.ts';
import { phoneKey } from '../../../src/lib/giveaway/entrant-identity.ts';
import { normaliseEmail, validateEntry } from '../../../src/lib/giveaway/entry-rules.ts';
import { CLOSED_EVENT, FIXTURE_DATASET, FIXTURE_TENANTS, OPEN_EVENT, tempDir } from './helpers.ts';

const ENTRIES = 10_000;
const PEOPLE = 1_500;
const IN_FLIGHT = 8;

type Kind = 'variant' | 'hostileName' | 'junk';
interface Sent {
  kind: Kind;
  person?: number;
  body: string;
}

const AREAS = ['206', '312', '503', '617'];
const person = (index: number) => ({
  national: `${AREAS[index % 4]}${200 + (Math.floor(index / 4) % 700)}${String(index).padStart(4, '0')}`,
  email: `fan${index}.go@school${index % 7}.example`,
});

const fullWidth = (text: string) =>
  text.replace(/[!-~]/g, (char) => String.fromCharCode(char.charCodeAt(0) + 0xfee0));
const zeroWidth = fc.constantFrom('\u200b', '\u200c', '\u200d', '\u2060', '\ufeff');
const emailVariant = (email: string) =>
  fc
    .tuple(
      fc.constantFrom('plain', 'upper', 'full', 'dot', 'zw', 'mixed'),
      zeroWidth,
      fc.nat(email.length),
    )
    .map(([how, mark, at]) => {
      if (how === 'upper') return email.toUpperCase();
      if (how === 'full') return fullWidth(email);
      if (how === 'dot') return `${email}.`;
      if (how === 'zw') return email.slice(0, at) + mark + email.slice(at);
      if (how === 'mixed')
        return ` ${fullWidth(email.slice(0, at)).toUpperCase()}${mark}${email.slice(at)}. `;
      return email;
    });
const phoneVariant = (national: string) =>
  fc.constantFrom(national, `1${national}`, `001${national}`, `0111${national}`);
const goodName = fc.constantFrom(
  'Pat Fan',
  'Zoë Núñez',
  '李小龍',
  'محمد',
  'Ｐａｔ',
  "O'Brien-Smith Jr.",
);
const hostileName = fc.constantFrom(
  '\u200b\u200b',
  '\u200b \u2060 \ufeff',
  'Pat\u0000Fan',
  'Pat\u0007',
  '\u202eFan',
  'Pat\u2066x\u2069',
  '\u0001',
  '12345',
  '  ',
);
const state = fc.constantFrom('WA', 'DC', 'NY', 'TX', 'OR');

const sentArbitrary: fc.Arbitrary<Sent> = fc.oneof(
  {
    weight: 7,
    arbitrary: fc.nat(PEOPLE - 1).chain((index) =>
      fc.record({
        kind: fc.constant<Kind>('variant'),
        person: fc.constant(index),
        body: fc
          .tuple(
            goodName,
            emailVariant(person(index).email),
            phoneVariant(person(index).national),
            state,
          )
          .map(([name, emailAddress, phone, stateCode]) =>
            JSON.stringify({
              eventGUID: OPEN_EVENT,
              name,
              emailAddress,
              stateCode,
              phone,
              agreeToGiveawayTerms: true,
            }),
          ),
      }),
    ),
  },
  {
    weight: 1,
    arbitrary: fc.nat(PEOPLE - 1).chain((index) =>
      fc.record({
        kind: fc.constant<Kind>('hostileName'),
        person: fc.constant(index),
        body: fc.tuple(hostileName, state).map(([name, stateCode]) =>
          JSON.stringify({
            eventGUID: OPEN_EVENT,
            name,
            emailAddress: person(index).email,
            stateCode,
            phone: person(index).national,
            agreeToGiveawayTerms: true,
          }),
        ),
      }),
    ),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant<Kind>('junk'),
      body: fc.oneof(
        fc
          .record(
            {
              eventGUID: fc.oneof(
                fc.constantFrom(OPEN_EVENT, CLOSED_EVENT, 'nope', ''),
                fc.anything(),
              ),
              name: fc.oneof(fc.string({ unit: 'binary', maxLength: 300 }), fc.anything()),
              // Junk never borrows a person's address or number: its own domain, numbers in a 9xx area.
              emailAddress: fc.oneof(
                fc.stringMatching(/^[a-z0-9.]{1,10}@junk\.example$/),
                fc.string({ unit: 'binary', maxLength: 40 }),
                fc.anything(),
              ),
              stateCode: fc.oneof(state, fc.string({ maxLength: 3 })),
              phone: fc.oneof(fc.stringMatching(/^9[0-9]{7,16}$/), fc.anything()),
              agreeToGiveawayTerms: fc.oneof(fc.constant(true), fc.anything()),
            },
            { requiredKeys: [] },
          )
          .map((value) => JSON.stringify(value)),
        fc.json(),
        fc.string({ unit: 'binary', maxLength: 200 }),
      ),
    }),
  },
);

const dir = tempDir();
let api: Awaited<ReturnType<typeof startApiServer>>;
const agent = new Agent({ keepAlive: true, maxSockets: IN_FLIGHT });
beforeAll(async () => {
  api = await startApiServer({
    port: 0,
    dataDir: dir.path,
    tenantsFile: FIXTURE_TENANTS,
    datasetFile: FIXTURE_DATASET,
    allowedOrigins: [],
    warn: () => {},
    log: () => {},
    limits: { requestsPerWindow: 1_000_000 },
  });
});
afterAll(async () => {
  agent.destroy();
  await api.close();
  dir.remove();
});

function postEntry(body: string): Promise<{ status: number; body: string }> {
  return new Promise((done, fail) => {
    const outgoing = request(
      `${api.url}/k1mobile/giveaway/entry`,
      { method: 'POST', agent, headers: { 'content-type': 'application/json' } },
      (answer) => {
        let text = '';
        answer.setEncoding('utf8');
        answer.on('data', (chunk: string) => {
          text += chunk;
        });
        answer.on('end', () => done({ status: answer.statusCode ?? 0, body: text }));
      },
    );
    outgoing.on('error', fail);
    outgoing.end(body);
  });
}

/** The local API's refusal of an entry. */
const refusal = (body: string) =>
  JSON.parse(body) as {
    error: { fields?: Record<string, string>; resultCode?: { message: string } };
  };

describe(`${ENTRIES} generated entries through the API`, () => {
  it('stores one valid row per person, refuses every other variant, and never fails', async () => {
    const sent = fc.sample(sentArbitrary, { numRuns: ENTRIES, seed: 1313 });
    const answers = new Array<{ status: number; body: string }>(sent.length);
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (next < sent.length) {
          const index = next++;
          answers[index] = await postEntry(sent[index]!.body);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `entry fuzz: ${sent.length} requests in ${seconds.toFixed(1)} s (${Math.round(sent.length / seconds)}/s), ${IN_FLIGHT} in flight`,
    );

    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(
      [...new Set(statuses)].filter((status) => ![201, 400, 404, 409, 415, 422].includes(status)),
    ).toEqual([]);

    // Every hostile name is refused on the name field.
    sent.forEach((item, index) => {
      if (item.kind !== 'hostileName') return;
      expect(answers[index]!.status, item.body).toBe(400);
      expect(refusal(answers[index]!.body).error.fields?.name, item.body).toMatch(
        /^(invalid|required)$/,
      );
    });

    // Each person: exactly one entry accepted, every other variant refused as a duplicate.
    const byPerson = new Map<number, number[]>();
    sent.forEach((item, index) => {
      if (item.kind === 'variant')
        byPerson.set(item.person!, [...(byPerson.get(item.person!) ?? []), answers[index]!.status]);
    });
    let variantsRefused = 0;
    for (const [who, got] of byPerson) {
      expect(got.filter((status) => status === 201).length, `person ${who}: ${got.join(',')}`).toBe(
        1,
      );
      expect(
        got.filter((status) => status !== 201 && status !== 409),
        `person ${who}`,
      ).toEqual([]);
      variantsRefused += got.length - 1;
    }
    sent.forEach((item, index) => {
      if (item.kind === 'variant' && answers[index]!.status === 409) {
        expect(refusal(answers[index]!.body).error.resultCode?.message).toBe(
          DUPLICATE_ENTRY_MESSAGE,
        );
      }
    });
    console.log(
      `entry fuzz: ${byPerson.size} people entered once each; ${variantsRefused} repeat variants refused; statuses ${JSON.stringify(Object.fromEntries([...new Set(statuses)].map((s) => [s, statuses.filter((x) => x === s).length])))}`,
    );

    // What is stored: valid as typed, keyed right, one row per key.
    const rows = api.api.store.db.prepare('SELECT * FROM giveaway_entries').all();
    expect(rows.length).toBe(statuses.filter((status) => status === 201).length);
    const invalid = rows.filter((row) => {
      const form = {
        name: row['name'],
        email: row['email'],
        state: row['state_code'],
        phone: row['phone_digits'],
        agree: true,
      };
      return (
        !validateEntry(form).valid ||
        row['email_normalised'] !== normaliseEmail(String(row['email'])) ||
        row['phone_normalised'] !== phoneKey(String(row['phone_digits'])) ||
        row['duplicate_of'] !== null
      );
    });
    expect(invalid).toEqual([]);
    for (const column of ['email_normalised', 'phone_normalised']) {
      const keys = rows.map((row) => `${String(row['event_guid'])} ${String(row[column])}`);
      expect(new Set(keys).size, column).toBe(keys.length);
    }
  }, 600_000);
});
