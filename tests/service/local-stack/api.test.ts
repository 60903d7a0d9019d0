import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createLocalApi,
  startApiServer,
  type LocalApi,
} from '../../../scripts/local-stack/api/server.ts';
import type { ApiRequest } from '../../../scripts/local-stack/api/http.ts';
import type { RunningServer } from '../../../scripts/local-stack/listen.ts';
import {
  CLOSED_EVENT,
  FIXTURE_DATASET,
  FIXTURE_TENANTS,
  OPEN_EVENT,
  raw,
  tempDir,
  validEntry,
} from './helpers.ts';

const SITE_ORIGIN = 'http://localhost:4321';
const SECOND_OPEN_EVENT = '33333333-3333-4333-8333-333333333333';

function apiOptions(dataDir: string) {
  return {
    dataDir,
    tenantsFile: FIXTURE_TENANTS,
    datasetFile: FIXTURE_DATASET,
    allowedOrigins: [SITE_ORIGIN, 'http://127.0.0.1:4321'],
    warn: () => {},
  };
}

function post(path: string, body: unknown, headers: Record<string, string> = {}): ApiRequest {
  return {
    method: 'POST',
    path,
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  };
}

const get = (path: string, headers: Record<string, string> = {}): ApiRequest => ({
  method: 'GET',
  path,
  headers,
  body: '',
});
const entry = (body: unknown, headers: Record<string, string> = {}) =>
  post('/k1mobile/giveaway/entry', body, headers);
/** The local API's answers as these tests read them: each carries one of the three. */
interface ApiAnswer {
  result: { isActive?: boolean; message?: string; entryId?: string };
  error: { resultCode: { message: string }; fields: Record<string, string> };
  data: { token: string };
}
const parse = (body: string) => JSON.parse(body) as ApiAnswer;

function rowCount(api: LocalApi): number {
  return Number(api.store.db.prepare('SELECT COUNT(*) AS n FROM giveaway_entries').get()?.['n']);
}

describe('local API in-process', () => {
  let dir: ReturnType<typeof tempDir>;
  let api: LocalApi;
  beforeEach(() => {
    dir = tempDir();
    api = createLocalApi(apiOptions(dir.path));
  });
  afterEach(() => {
    api.store.close();
    dir.remove();
  });

  describe('tenants', () => {
    it('looks a tenant up by code, then by id', () => {
      const code = api.handle(get('/k1mobile/tenant/code/uw-husky-mobile'));
      expect(code.status).toBe(200);
      expect(parse(code.body)).toEqual({ result: { id: 101, affiliateId: 5001 } });
      const full = api.handle(get('/k1mobile/tenant/101'));
      expect(full.status).toBe(200);
      expect(parse(full.body).result).toMatchObject({
        id: 101,
        slug: 'uw-husky-mobile',
        Name: 'Husky Mobile',
        SeconndaryColor: '#b7a57a',
      });
    });
    it.each([
      '/k1mobile/tenant/code/nobody',
      '/k1mobile/tenant/999',
      '/k1mobile/tenant/abc',
      '/k1mobile/tenant/1e3',
    ])('%s → 404 Tenant not found.', (path) => {
      const answer = api.handle(get(path));
      expect(answer.status).toBe(404);
      expect(parse(answer.body)).toEqual({
        error: { resultCode: { message: 'Tenant not found.' } },
      });
    });
  });

  describe('giveaway events', () => {
    it('reports open, closed and unknown events', () => {
      expect(parse(api.handle(get(`/k1mobile/giveaway/${OPEN_EVENT}`)).body)).toEqual({
        result: { eventGUID: OPEN_EVENT, isActive: true },
      });
      expect(
        parse(api.handle(get(`/k1mobile/giveaway/${CLOSED_EVENT}`)).body).result.isActive,
      ).toBe(false);
      expect(api.handle(get('/k1mobile/giveaway/no-such-event')).status).toBe(404);
    });
    it('ACTIVE_GIVEAWAY_IDS overrides the dataset', () => {
      const other = tempDir();
      const overridden = createLocalApi({
        ...apiOptions(other.path),
        activeGiveawayIds: ` ${CLOSED_EVENT} ,`,
      });
      try {
        expect(
          parse(overridden.handle(get(`/k1mobile/giveaway/${CLOSED_EVENT}`)).body).result.isActive,
        ).toBe(true);
        expect(
          parse(overridden.handle(get(`/k1mobile/giveaway/${OPEN_EVENT}`)).body).result.isActive,
        ).toBe(false);
      } finally {
        overridden.store.close();
        other.remove();
      }
    });
  });

  describe('entries', () => {
    it('accepts a valid entry with 201 and stores it once', () => {
      const answer = api.handle(entry(validEntry()));
      expect(answer.status).toBe(201);
      const body = parse(answer.body);
      expect(body.result.message).toBe('Your entry has been submitted successfully!');
      expect(body.result.entryId).toMatch(/^[0-9a-f-]{36}$/);
      const row = api.store.db.prepare('SELECT * FROM giveaway_entries').get();
      expect(row).toMatchObject({
        entry_id: body.result.entryId,
        event_guid: OPEN_EVENT,
        email_normalised: 'pat.fan@example.com',
        phone_digits: '2065550100',
        state_code: 'WA',
      });
    });

    it.each([
      ['name', { name: '' }, 'name'],
      ['name too long', { name: 'x'.repeat(257) }, 'name'],
      ['email missing', { emailAddress: undefined }, 'emailAddress'],
      ['email without dot part', { emailAddress: 'pat@example' }, 'emailAddress'],
      ['email too long', { emailAddress: `${'a'.repeat(250)}@example.com` }, 'emailAddress'],
      ['state', { stateCode: 'ZZ' }, 'stateCode'],
      ['state missing', { stateCode: '' }, 'stateCode'],
      ['phone short', { phone: '123456789' }, 'phone'],
      ['phone long', { phone: '1234567890123456' }, 'phone'],
      ['phone punctuation', { phone: '206-555-0100' }, 'phone'],
      ['phone as number', { phone: 2065550100 }, 'phone'],
      ['terms', { agreeToGiveawayTerms: false }, 'agreeToGiveawayTerms'],
      ['terms as string', { agreeToGiveawayTerms: 'true' }, 'agreeToGiveawayTerms'],
      ['event', { eventGUID: '' }, 'eventGUID'],
    ])('%s → 400 naming %s, nothing stored', (_label, overrides, field) => {
      const answer = api.handle(entry(validEntry(overrides)));
      expect(answer.status).toBe(400);
      const message: string = parse(answer.body).error.resultCode.message;
      expect(message).toContain(field);
      expect(rowCount(api)).toBe(0);
    });

    it('names every invalid field at once', () => {
      const answer = api.handle(entry({ eventGUID: OPEN_EVENT }));
      const body = parse(answer.body);
      expect(Object.keys(body.error.fields).sort()).toEqual([
        'agreeToGiveawayTerms',
        'emailAddress',
        'name',
        'phone',
        'stateCode',
      ]);
    });

    it.each([
      ['malformed JSON', '{"name": ', 400],
      ['JSON array', '[]', 400],
      ['JSON null', 'null', 400],
      ['empty body', '', 400],
    ])('%s → %i', (_label, body, status) => {
      expect(api.handle(entry(body)).status).toBe(status);
    });

    it('requires a JSON content type (415)', () => {
      const answer = api.handle({
        ...entry(validEntry()),
        headers: { 'content-type': 'text/plain' },
      });
      expect(answer.status).toBe(415);
      expect(rowCount(api)).toBe(0);
    });

    it('refuses unknown (404) and closed (409) giveaways', () => {
      const unknown = api.handle(entry(validEntry({ eventGUID: 'not-an-event' })));
      expect(unknown.status).toBe(404);
      expect(parse(unknown.body).error.resultCode.message).toBe('Giveaway event not found.');
      const closed = api.handle(entry(validEntry({ eventGUID: CLOSED_EVENT })));
      expect(closed.status).toBe(409);
      expect(parse(closed.body).error.resultCode.message).toMatch(/closed/);
      expect(rowCount(api)).toBe(0);
    });

    it('refuses a second entry with the same email, whatever its case and spaces', () => {
      expect(api.handle(entry(validEntry())).status).toBe(201);
      const again = api.handle(
        entry(validEntry({ emailAddress: '  PAT.Fan@Example.COM ', phone: '3125550199' })),
      );
      expect(again.status).toBe(409);
      expect(parse(again.body).error.resultCode.message).toBe(
        'An entry with this email or phone number has already been received for this giveaway.',
      );
      expect(rowCount(api)).toBe(1);
    });

    it('refuses a second entry with the same phone digits', () => {
      expect(api.handle(entry(validEntry())).status).toBe(201);
      expect(api.handle(entry(validEntry({ emailAddress: 'other@example.com' }))).status).toBe(409);
      expect(rowCount(api)).toBe(1);
    });

    it('lets the same person enter a different giveaway', () => {
      expect(api.handle(entry(validEntry())).status).toBe(201);
      expect(api.handle(entry(validEntry({ eventGUID: SECOND_OPEN_EVENT }))).status).toBe(201);
      expect(api.handle(entry(validEntry({ eventGUID: OPEN_EVENT.toUpperCase() }))).status).toBe(
        409,
      );
      expect(rowCount(api)).toBe(2);
    });

    it('replays the first answer for a repeated Idempotency-Key and stores nothing new', () => {
      const key = { 'idempotency-key': 'retry-1' };
      const first = api.handle(entry(validEntry(), key));
      const second = api.handle(entry(validEntry(), key));
      expect(first.status).toBe(201);
      expect(second.status).toBe(201);
      expect(second.body).toBe(first.body);
      expect(second.headers['idempotent-replayed']).toBe('true');
      expect(rowCount(api)).toBe(1);
      // a refused first answer is replayed too
      const refusedKey = { 'idempotency-key': 'retry-2' };
      const refused = api.handle(entry(validEntry({ phone: '12' }), refusedKey));
      expect(api.handle(entry(validEntry({ phone: '12' }), refusedKey))).toMatchObject({
        status: 400,
        body: refused.body,
      });
    });

    it('refuses a reused Idempotency-Key with a different body (422), and bad keys (400)', () => {
      api.handle(entry(validEntry(), { 'idempotency-key': 'k' }));
      expect(
        api.handle(entry(validEntry({ name: 'Other' }), { 'idempotency-key': 'k' })).status,
      ).toBe(422);
      expect(api.handle(entry(validEntry(), { 'idempotency-key': 'x'.repeat(256) })).status).toBe(
        400,
      );
      expect(api.handle(entry(validEntry(), { 'idempotency-key': 'has space' })).status).toBe(400);
      expect(rowCount(api)).toBe(1);
    });

    it('refuses bodies over 16 KB with 413', () => {
      expect(api.handle(entry(validEntry({ name: 'x'.repeat(17 * 1024) }))).status).toBe(413);
    });
  });

  describe('order service', () => {
    const csrf = { cookie: 'a=1; XSRF-TOKEN=tok123', 'x-xsrf-token': 'tok123' };

    it('requires X-XSRF-TOKEN to equal the XSRF-TOKEN cookie on every call', () => {
      const body = { username: 'fan', password: 'secret' };
      expect(api.handle(post('/account/login', body)).status).toBe(403);
      expect(api.handle(post('/account/login', body, { cookie: 'XSRF-TOKEN=tok123' })).status).toBe(
        403,
      );
      expect(
        api.handle(post('/account/login', body, { ...csrf, 'x-xsrf-token': 'tok124' })).status,
      ).toBe(403);
      expect(api.handle(post('/mobileapi/zipcode/90210/eligibility', '"90210"')).status).toBe(403);
      expect(api.handle({ ...post('/nexusapi/add_customer', {}), method: 'PUT' }).status).toBe(403);
    });

    it('logs in, then accepts an order with the Bearer token only', () => {
      const login = api.handle(
        post('/account/login', { username: 'fan', password: 'secret' }, csrf),
      );
      expect(login.status).toBe(200);
      const token: string = parse(login.body).data.token;
      expect(token.length).toBeGreaterThanOrEqual(32);
      const order = {
        ...post('/nexusapi/add_customer', { total: 45, planId: 'fan-1' }, csrf),
        method: 'PUT',
      };
      expect(api.handle(order).status).toBe(401);
      expect(
        api.handle({ ...order, headers: { ...order.headers, authorization: 'Bearer wrong' } })
          .status,
      ).toBe(401);
      const accepted = api.handle({
        ...order,
        headers: { ...order.headers, authorization: `Bearer ${token}` },
      });
      expect(accepted.status).toBe(200);
      expect(parse(accepted.body)).toEqual({ data: { status: 'received' } });
    });

    it.each([
      ['90210', true],
      ['10001', true],
      ['30301', true],
      ['60601', true],
      ['98105', false],
    ])('zip %s eligible=%s', (zip, eligible) => {
      const answer = api.handle(post(`/mobileapi/zipcode/${zip}/eligibility`, `"${zip}"`, csrf));
      expect(parse(answer.body)).toEqual({ data: { zip, eligible } });
    });

    it('refuses a zip that is not 5 digits', () => {
      expect(api.handle(post('/mobileapi/zipcode/9021/eligibility', '""', csrf)).status).toBe(400);
    });
  });

  describe('CORS', () => {
    it('answers a preflight from the site origin', () => {
      const answer = api.handle({
        method: 'OPTIONS',
        path: '/k1mobile/giveaway/entry',
        headers: { origin: SITE_ORIGIN },
        body: '',
      });
      expect(answer.status).toBe(204);
      expect(answer.headers['access-control-allow-origin']).toBe(SITE_ORIGIN);
      expect(answer.headers['access-control-allow-headers']).toMatch(
        /Content-Type.*Idempotency-Key.*X-XSRF-TOKEN/,
      );
      expect(answer.headers['access-control-allow-methods']).toContain('POST');
    });
    it('allows the loopback origin of the static server', () => {
      const answer = api.handle(get('/k1mobile/tenant/101', { origin: 'http://127.0.0.1:4321' }));
      expect(answer.headers['access-control-allow-origin']).toBe('http://127.0.0.1:4321');
    });
    it('gives other origins no CORS headers and refuses their writes', () => {
      const evil = { origin: 'https://evil.example' };
      const pre = api.handle({
        method: 'OPTIONS',
        path: '/k1mobile/giveaway/entry',
        headers: evil,
        body: '',
      });
      expect(pre.status).toBe(403);
      expect(pre.headers['access-control-allow-origin']).toBeUndefined();
      const read = api.handle(get('/k1mobile/tenant/101', evil));
      expect(read.headers['access-control-allow-origin']).toBeUndefined();
      const write = api.handle(entry(validEntry(), evil));
      expect(write.status).toBe(403);
      expect(write.headers['access-control-allow-origin']).toBeUndefined();
      expect(rowCount(api)).toBe(0);
    });
    it('sets CORS headers on the actual request from the site', () => {
      const answer = api.handle(entry(validEntry(), { origin: SITE_ORIGIN }));
      expect(answer.status).toBe(201);
      expect(answer.headers['access-control-allow-origin']).toBe(SITE_ORIGIN);
      expect(answer.headers.vary).toBe('Origin');
    });
  });

  it('answers unknown paths 404 and wrong methods 405', () => {
    expect(api.handle(get('/nothing')).status).toBe(404);
    expect(api.handle(get('/k1mobile/giveaway/entry')).status).toBe(404); // GET of the event "entry"
    expect(api.handle({ ...get('/account/login') }).status).toBe(405);
  });
});

describe('local API over HTTP', () => {
  const dir = tempDir();
  const lines: string[] = [];
  let server: RunningServer & { api: LocalApi };
  beforeAll(async () => {
    server = await startApiServer({
      ...apiOptions(dir.path),
      port: 0,
      log: (line) => lines.push(line),
    });
  });
  afterAll(async () => {
    await server.close();
    dir.remove();
  });

  const send = (body: string, headers: Record<string, string> = {}) =>
    raw(`${server.url}/k1mobile/giveaway/entry`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });

  it('stores exactly one row for 20 identical concurrent submissions', async () => {
    const body = JSON.stringify(
      validEntry({ emailAddress: 'race@example.com', phone: '5035550123' }),
    );
    const answers = await Promise.all(Array.from({ length: 20 }, () => send(body)));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const rows = server.api.store.db
      .prepare(
        "SELECT COUNT(*) AS n FROM giveaway_entries WHERE email_normalised = 'race@example.com'",
      )
      .get();
    expect(rows?.['n']).toBe(1);
  });

  it('answers 413 to a body over 16 KB and keeps serving', async () => {
    const big = await send(JSON.stringify(validEntry({ name: 'x'.repeat(20_000) })));
    expect(big.status).toBe(413);
    const ok = await raw(`${server.url}/k1mobile/tenant/101`);
    expect(ok.status).toBe(200);
  });

  it('logs method, path, status and duration, never the entrant details', async () => {
    const person = {
      name: 'Zelda Quux',
      emailAddress: 'zelda.quux@example.org',
      phone: '7205550177',
    };
    await send(JSON.stringify(validEntry(person)));
    await send(JSON.stringify(validEntry(person)));
    await send(JSON.stringify(validEntry({ ...person, stateCode: 'QQ' })));
    const log = lines.join('\n');
    expect(log).toMatch(/POST \/k1mobile\/giveaway\/entry 201 [0-9.]+ms/);
    expect(log).toMatch(/POST \/k1mobile\/giveaway\/entry 409 [0-9.]+ms/);
    for (const secret of ['Zelda', 'Quux', 'zelda.quux', 'example.org', '7205550177', '5550177']) {
      expect(log).not.toContain(secret);
    }
  });

  it('keeps entries across a restart', async () => {
    const other = tempDir();
    const first = await startApiServer({ ...apiOptions(other.path), port: 0, log: () => {} });
    const body = JSON.stringify(
      validEntry({ emailAddress: 'persist@example.com', phone: '6175550142' }),
    );
    expect(
      (
        await raw(`${first.url}/k1mobile/giveaway/entry`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        })
      ).status,
    ).toBe(201);
    await first.close();
    const second = await startApiServer({ ...apiOptions(other.path), port: 0, log: () => {} });
    try {
      const again = await raw(`${second.url}/k1mobile/giveaway/entry`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      expect(again.status).toBe(409);
    } finally {
      await second.close();
      other.remove();
    }
  });
});
