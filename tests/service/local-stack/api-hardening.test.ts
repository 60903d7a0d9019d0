/**
 * The local API over HTTP as a careful production service: 413 before an oversized body is
 * read, strict application/json, per-client rate limit with Retry-After, header timeout,
 * connection caps, nosniff on every answer, durable SQLite, and a schema migration that keeps
 * every existing entry.
 */
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiServer, type ServiceLimits } from '../../../scripts/local-stack/api/server.ts';
import { DATABASE_FILE, openStore } from '../../../scripts/local-stack/api/store.ts';
import { servedOverHttps, xsrfCookie } from '../../../scripts/local-stack/api/order-service.ts';
import {
  FIXTURE_DATASET,
  FIXTURE_TENANTS,
  OPEN_EVENT,
  raw,
  tempDir,
  validEntry,
} from './helpers.ts';

type Running = Awaited<ReturnType<typeof startApiServer>>;

async function start(dataDir: string, limits: Partial<ServiceLimits> = {}): Promise<Running> {
  return startApiServer({
    port: 0,
    dataDir,
    tenantsFile: FIXTURE_TENANTS,
    datasetFile: FIXTURE_DATASET,
    allowedOrigins: [],
    warn: () => {},
    log: () => {},
    limits,
  });
}

/** Sends `text` on a fresh connection (optionally from another loopback address) and returns what comes back until the server closes or `waitMs` passes. */
function exchange(
  port: number,
  text: string,
  options: { localAddress?: string; waitMs?: number } = {},
): Promise<{ reply: string; closedByServer: boolean }> {
  return new Promise((done, fail) => {
    const socket = connect({
      port,
      host: '127.0.0.1',
      ...(options.localAddress ? { localAddress: options.localAddress } : {}),
    });
    let reply = '';
    const timer = setTimeout(() => {
      socket.destroy();
      done({ reply, closedByServer: false });
    }, options.waitMs ?? 5_000);
    socket.on('data', (chunk) => {
      reply += chunk.toString('latin1');
    });
    socket.on('close', () => {
      clearTimeout(timer);
      done({ reply, closedByServer: true });
    });
    socket.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNRESET' || error.code === 'EPIPE' ? undefined : fail(error),
    );
    socket.write(text);
  });
}

const post = (body: string, contentType: string) => ({
  method: 'POST',
  body,
  headers: { 'content-type': contentType },
});

describe('local API limits (HTTP)', () => {
  const dir = tempDir();
  let api: Running;
  beforeAll(async () => {
    api = await start(dir.path, { requestsPerWindow: 1000 });
  });
  afterAll(async () => {
    await api.close();
    dir.remove();
  });

  it('answers 413 to a 10 MB body before a byte of it is sent, and closes the connection', async () => {
    const head = `POST /k1mobile/giveaway/entry HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${10 * 1024 * 1024}\r\n\r\n`;
    const { reply, closedByServer } = await exchange(api.port, head);
    expect(reply).toMatch(/^HTTP\/1\.1 413 /);
    expect(reply.toLowerCase()).toContain('x-content-type-options: nosniff');
    expect(reply).toContain('larger than 16 KB');
    expect(closedByServer).toBe(true);
  });

  it('answers 413 to a chunked body as soon as it passes the limit', async () => {
    const head =
      'POST /k1mobile/giveaway/entry HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n';
    const chunk = `${(20 * 1024).toString(16)}\r\n${'a'.repeat(20 * 1024)}\r\n`; // one chunk over the limit, never a last chunk
    const { reply, closedByServer } = await exchange(api.port, head + chunk);
    expect(reply).toMatch(/^HTTP\/1\.1 413 /);
    expect(closedByServer).toBe(true);
  });

  it.each([
    'application/json-seq',
    'application/ld+json',
    'application/vnd.api+json',
    'text/plain',
    'application/x-www-form-urlencoded',
    'application/json; charset=latin1',
    'json',
    '',
  ])('refuses %j with 415', async (type) => {
    const answer = await raw(
      `${api.url}/k1mobile/giveaway/entry`,
      post(JSON.stringify(validEntry()), type),
    );
    expect(answer.status).toBe(415);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
  });

  it('accepts application/json, with or without a UTF-8 charset', async () => {
    const first = await raw(
      `${api.url}/k1mobile/giveaway/entry`,
      post(JSON.stringify(validEntry()), 'application/json'),
    );
    expect(first.status).toBe(201);
    const second = await raw(
      `${api.url}/k1mobile/giveaway/entry`,
      post(
        JSON.stringify(validEntry({ emailAddress: 'b@example.com', phone: '3125550100' })),
        'Application/JSON; charset=UTF-8',
      ),
    );
    expect(second.status).toBe(201);
  });

  it('sends nosniff on every answer', async () => {
    const answers = await Promise.all([
      raw(`${api.url}/k1mobile/tenant/code/uw-husky-mobile`),
      raw(`${api.url}/nope`),
      raw(`${api.url}/k1mobile/giveaway/entry`, { method: 'PUT' }),
      raw(`${api.url}/k1mobile/giveaway/entry`, {
        method: 'OPTIONS',
        headers: { origin: 'https://evil.example' },
      }),
      raw(`${api.url}/k1mobile/giveaway/entry`, post('{', 'application/json')),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 404, 405, 403, 400]);
    for (const answer of answers) expect(answer.headers['x-content-type-options']).toBe('nosniff');
  });

  it('keeps SQLite in synchronous=FULL', () => {
    expect(api.api.store.db.prepare('PRAGMA synchronous').get()?.['synchronous']).toBe(2);
  });
});

describe('per-client rate limit', () => {
  const dir = tempDir();
  let api: Running;
  beforeAll(async () => {
    api = await start(dir.path, { requestsPerWindow: 5, windowSeconds: 30 });
  });
  afterAll(async () => {
    await api.close();
    dir.remove();
  });

  it('answers 429 with Retry-After once a client is over its share, and other clients are still served', async () => {
    const statuses: number[] = [];
    let refused: Awaited<ReturnType<typeof raw>> | undefined;
    for (let i = 0; i < 8; i += 1) {
      const answer = await raw(`${api.url}/k1mobile/tenant/code/uw-husky-mobile`);
      statuses.push(answer.status);
      if (answer.status === 429) refused ??= answer;
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    const retryAfter = Number(refused?.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(30);
    expect(refused?.headers['x-content-type-options']).toBe('nosniff');
    const refusal = JSON.parse(refused?.body.toString() ?? '{}') as {
      error?: { resultCode?: { message?: string } };
    };
    expect(refusal.error?.resultCode?.message).toMatch(/Too many requests/);

    const other = await exchange(
      api.port,
      'GET /k1mobile/tenant/code/uw-husky-mobile HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
      { localAddress: '127.0.0.2' },
    );
    expect(other.reply).toMatch(/^HTTP\/1\.1 200 /);
  });
});

describe('slow and greedy connections', () => {
  const dir = tempDir();
  let api: Running;
  beforeAll(async () => {
    api = await start(dir.path, {
      headersTimeoutMs: 500,
      requestTimeoutMs: 1_000,
      maxConnectionsPerClient: 4,
    });
  });
  afterAll(async () => {
    await api.close();
    dir.remove();
  });

  it('closes a connection whose headers never finish (408), instead of holding it for minutes', async () => {
    const { reply, closedByServer } = await exchange(
      api.port,
      'POST /k1mobile/giveaway/entry HTTP/1.1\r\nHost: x\r\nX-Slow: ',
      { waitMs: 10_000 },
    );
    expect(closedByServer).toBe(true);
    expect(reply).toMatch(/^HTTP\/1\.1 408 |^$/);
  });

  it('closes a request whose body never finishes', async () => {
    const head =
      'POST /k1mobile/giveaway/entry HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":';
    const { closedByServer } = await exchange(api.port, head, { waitMs: 10_000 });
    expect(closedByServer).toBe(true);
  });

  it('caps the connections one client may hold open; another client still gets in', async () => {
    const sockets: Socket[] = [];
    const closed: boolean[] = [];
    for (let i = 0; i < 6; i += 1) {
      const socket = connect({ port: api.port, host: '127.0.0.1', localAddress: '127.0.0.3' });
      const index = i;
      closed[index] = false;
      socket.on('close', () => {
        closed[index] = true;
      });
      socket.on('error', () => {});
      sockets.push(socket);
      await new Promise((ready) => socket.once('connect', ready));
    }
    await new Promise((settle) => setTimeout(settle, 200));
    expect(closed.filter(Boolean).length).toBe(2);
    const other = await exchange(
      api.port,
      'GET /k1mobile/tenant/code/uw-husky-mobile HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
      { localAddress: '127.0.0.4' },
    );
    expect(other.reply).toMatch(/^HTTP\/1\.1 200 /);
    for (const socket of sockets) socket.destroy();
  });
});

describe('XSRF cookie', () => {
  it('is Secure when the site is served over HTTPS, directly or behind a TLS proxy', () => {
    expect(xsrfCookie('t', true)).toBe('XSRF-TOKEN=t; Path=/; SameSite=Strict; Secure');
    expect(xsrfCookie('t', false)).toBe('XSRF-TOKEN=t; Path=/; SameSite=Strict');
    expect(servedOverHttps({ headers: { 'x-forwarded-proto': 'https' } })).toBe(true);
    expect(servedOverHttps({ headers: { 'x-forwarded-proto': 'HTTPS, http' } })).toBe(true);
    expect(servedOverHttps({ headers: {}, socket: { encrypted: true } })).toBe(true);
    expect(servedOverHttps({ headers: { 'x-forwarded-proto': 'http' } })).toBe(false);
    expect(servedOverHttps({ headers: {} })).toBe(false);
  });
});

describe('migrating an existing data folder', () => {
  const dir = tempDir();
  afterAll(() => dir.remove());

  it('keeps every entry, keys it, marks entries of a person already entered, and refuses new variants', async () => {
    // The table as the previous release wrote it, with the same person twice (phone and email variants).
    const old = new DatabaseSync(join(dir.path, DATABASE_FILE));
    old.exec(`
      CREATE TABLE giveaway_entries (row_id INTEGER PRIMARY KEY AUTOINCREMENT, entry_id TEXT NOT NULL UNIQUE, event_guid TEXT NOT NULL,
        name TEXT NOT NULL, email TEXT NOT NULL, email_normalised TEXT NOT NULL, state_code TEXT NOT NULL, phone_digits TEXT NOT NULL, created_at TEXT NOT NULL);
      CREATE UNIQUE INDEX giveaway_entries_one_per_email ON giveaway_entries (event_guid, email_normalised);
      CREATE UNIQUE INDEX giveaway_entries_one_per_phone ON giveaway_entries (event_guid, phone_digits);
    `);
    const insert = old.prepare(
      'INSERT INTO giveaway_entries (entry_id, event_guid, name, email, email_normalised, state_code, phone_digits, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    );
    insert.run(
      'e1',
      OPEN_EVENT,
      'Pat',
      'pat@example.com',
      'pat@example.com',
      'WA',
      '2065550123',
      '2026-01-01T00:00:00Z',
    );
    insert.run(
      'e2',
      OPEN_EVENT,
      'Pat',
      'pat@example.com.',
      'pat@example.com.',
      'WA',
      '12065550123',
      '2026-01-02T00:00:00Z',
    );
    insert.run(
      'e3',
      OPEN_EVENT,
      'Sam',
      'sam@example.com',
      'sam@example.com',
      'OR',
      '5035550100',
      '2026-01-03T00:00:00Z',
    );
    old.close();

    const api = await start(dir.path);
    try {
      const rows = api.api.store.db
        .prepare(
          'SELECT entry_id, email, email_normalised, phone_digits, phone_normalised, duplicate_of FROM giveaway_entries ORDER BY row_id',
        )
        .all();
      expect(rows).toEqual([
        {
          entry_id: 'e1',
          email: 'pat@example.com',
          email_normalised: 'pat@example.com',
          phone_digits: '2065550123',
          phone_normalised: '2065550123',
          duplicate_of: null,
        },
        {
          entry_id: 'e2',
          email: 'pat@example.com.',
          email_normalised: 'pat@example.com',
          phone_digits: '12065550123',
          phone_normalised: '2065550123',
          duplicate_of: 1,
        },
        {
          entry_id: 'e3',
          email: 'sam@example.com',
          email_normalised: 'sam@example.com',
          phone_digits: '5035550100',
          phone_normalised: '5035550100',
          duplicate_of: null,
        },
      ]);
      const again = await raw(
        `${api.url}/k1mobile/giveaway/entry`,
        post(
          JSON.stringify(validEntry({ emailAddress: 'new@example.com', phone: '0015035550100' })),
          'application/json',
        ),
      );
      expect(again.status).toBe(409);
    } finally {
      await api.close();
    }
    // Opening again runs nothing twice.
    const store = openStore(dir.path);
    expect(store.db.prepare('PRAGMA user_version').get()?.['user_version']).toBe(1);
    expect(store.db.prepare('SELECT COUNT(*) AS n FROM giveaway_entries').get()?.['n']).toBe(3);
    store.close();
  });
});
