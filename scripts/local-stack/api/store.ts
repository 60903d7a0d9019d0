/** SQLite persistence of the local API (node:sqlite). One file: `{dataDir}/local-api.sqlite`. */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { TenantRecord } from './config.ts';
import { entrantKeys } from '../../../src/lib/giveaway/entrant-identity.ts';

export const DATABASE_FILE = 'local-api.sqlite';

export interface NewEntry {
  entryId: string;
  eventGuid: string;
  name: string;
  /** As typed (trimmed). */
  email: string;
  /** The identity keys duplicates are decided on (src/lib/giveaway/entrant-identity.ts). */
  emailNormalised: string;
  stateCode: string;
  /** As typed (digits). */
  phoneDigits: string;
  phoneNormalised: string;
  createdAt: string;
}

export interface StoredAnswer {
  fingerprint: string;
  status: number;
  body: string;
}

/** The tables as first released; MIGRATIONS bring an existing or new data folder up to date. */
const SCHEMA = `
CREATE TABLE IF NOT EXISTS tenants (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE COLLATE NOCASE,
  affiliate_id INTEGER NOT NULL,
  record TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS giveaway_entries (
  row_id INTEGER PRIMARY KEY AUTOINCREMENT,
  entry_id TEXT NOT NULL UNIQUE,
  event_guid TEXT NOT NULL,
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  email_normalised TEXT NOT NULL,
  state_code TEXT NOT NULL,
  phone_digits TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS idempotency_keys (
  key TEXT PRIMARY KEY,
  fingerprint TEXT NOT NULL,
  status INTEGER NOT NULL,
  body TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS auth_tokens (
  token TEXT PRIMARY KEY,
  created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS orders (
  row_id INTEGER PRIMARY KEY AUTOINCREMENT,
  payload TEXT NOT NULL,
  created_at TEXT NOT NULL
);
`;

/**
 * Schema migrations, run in order on open; PRAGMA user_version says how many have run.
 * 1: duplicates are decided on identity keys (NFKC email, national phone number). Existing rows
 *    get their keys; a row whose key an earlier row of the event already has is kept and marked
 *    `duplicate_of` (nothing is deleted), and the one-per-person indexes skip marked rows.
 */
const MIGRATIONS: ReadonlyArray<(db: DatabaseSync) => void> = [
  (db) => {
    db.exec(`
      ALTER TABLE giveaway_entries ADD COLUMN phone_normalised TEXT NOT NULL DEFAULT '';
      ALTER TABLE giveaway_entries ADD COLUMN duplicate_of INTEGER REFERENCES giveaway_entries (row_id);
      DROP INDEX IF EXISTS giveaway_entries_one_per_email;
      DROP INDEX IF EXISTS giveaway_entries_one_per_phone;
    `);
    const update = db.prepare(
      'UPDATE giveaway_entries SET email_normalised = ?, phone_normalised = ?, duplicate_of = ? WHERE row_id = ?',
    );
    const first = new Map<string, number>();
    for (const row of db
      .prepare(
        'SELECT row_id, event_guid, email, phone_digits FROM giveaway_entries ORDER BY row_id',
      )
      .all()) {
      const rowId = Number(row['row_id']);
      const keys = entrantKeys({ email: String(row['email']), phone: String(row['phone_digits']) });
      const byEmail = `${String(row['event_guid'])} email ${keys.email}`;
      const byPhone = `${String(row['event_guid'])} phone ${keys.phone}`;
      const earlier = first.get(byEmail) ?? first.get(byPhone);
      if (earlier === undefined) {
        first.set(byEmail, rowId);
        first.set(byPhone, rowId);
      }
      update.run(keys.email, keys.phone, earlier ?? null, rowId);
    }
    db.exec(`
      CREATE UNIQUE INDEX giveaway_entries_one_per_email_key
        ON giveaway_entries (event_guid, email_normalised) WHERE duplicate_of IS NULL;
      CREATE UNIQUE INDEX giveaway_entries_one_per_phone_key
        ON giveaway_entries (event_guid, phone_normalised) WHERE duplicate_of IS NULL;
    `);
  },
];

function migrate(db: DatabaseSync): void {
  const version = Number(db.prepare('PRAGMA user_version').get()?.['user_version'] ?? 0);
  for (const [index, step] of MIGRATIONS.entries()) {
    if (index < version) continue;
    db.exec('BEGIN IMMEDIATE');
    try {
      step(db);
      db.exec(`PRAGMA user_version = ${index + 1}`);
      db.exec('COMMIT');
    } catch (error) {
      db.exec('ROLLBACK');
      throw error;
    }
  }
}

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Error && /UNIQUE constraint failed/.test(error.message);
}

export function openStore(dataDir: string) {
  mkdirSync(dataDir, { recursive: true });
  const db = new DatabaseSync(join(dataDir, DATABASE_FILE));
  // FULL: each commit is synced to disk with the WAL, so an acknowledged entry survives a power cut.
  db.exec('PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 5000; PRAGMA synchronous = FULL;');
  db.exec(SCHEMA);
  migrate(db);

  const statements = {
    tenantBySlug: db.prepare('SELECT record FROM tenants WHERE slug = ?'),
    tenantById: db.prepare('SELECT record FROM tenants WHERE id = ?'),
    insertTenant: db.prepare(
      'INSERT INTO tenants (id, slug, affiliate_id, record) VALUES (?, ?, ?, ?)',
    ),
    updateTenant: db.prepare('UPDATE tenants SET record = ? WHERE slug = ?'),
    insertEntry: db.prepare(
      `INSERT INTO giveaway_entries
        (entry_id, event_guid, name, email, email_normalised, state_code, phone_digits, phone_normalised, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    answerByKey: db.prepare('SELECT fingerprint, status, body FROM idempotency_keys WHERE key = ?'),
    insertAnswer: db.prepare(
      'INSERT INTO idempotency_keys (key, fingerprint, status, body, created_at) VALUES (?, ?, ?, ?, ?)',
    ),
    insertToken: db.prepare('INSERT INTO auth_tokens (token, created_at) VALUES (?, ?)'),
    tokenExists: db.prepare('SELECT 1 AS found FROM auth_tokens WHERE token = ?'),
    insertOrder: db.prepare('INSERT INTO orders (payload, created_at) VALUES (?, ?)'),
  };

  /** Runs `work` in one write transaction (BEGIN IMMEDIATE), rolled back when it throws. */
  function transaction<T>(work: () => T): T {
    db.exec('BEGIN IMMEDIATE');
    try {
      const result = work();
      db.exec('COMMIT');
      return result;
    } catch (error) {
      db.exec('ROLLBACK');
      throw error;
    }
  }

  function parseRecord(row: Record<string, unknown> | undefined): TenantRecord | undefined {
    return row === undefined ? undefined : (JSON.parse(String(row['record'])) as TenantRecord);
  }

  return {
    db,
    transaction,

    /** Replaces the tenant table with the seed file's records. */
    seedTenants(tenants: readonly TenantRecord[]): void {
      transaction(() => {
        db.exec('DELETE FROM tenants');
        for (const tenant of tenants) {
          statements.insertTenant.run(
            tenant.id,
            tenant.slug,
            tenant.affiliateId,
            JSON.stringify(tenant),
          );
        }
      });
    },
    tenantBySlug(slug: string): TenantRecord | undefined {
      return parseRecord(statements.tenantBySlug.get(slug));
    },
    tenantById(id: number): TenantRecord | undefined {
      return parseRecord(statements.tenantById.get(id));
    },
    /**
     * The product API's operators change a record (a giveaway opens or closes): the fields given
     * replace the record's (null clears one); its id, slug and affiliate stay. Answers the record
     * as it is now, or undefined for a slug the API does not know. Each start seeds the records again.
     */
    changeTenant(
      slug: string,
      changes: Readonly<Record<string, unknown>>,
    ): TenantRecord | undefined {
      return transaction(() => {
        const current = parseRecord(statements.tenantBySlug.get(slug));
        if (!current) return undefined;
        const next = {
          ...current,
          ...changes,
          id: current.id,
          slug: current.slug,
          affiliateId: current.affiliateId,
        } as TenantRecord;
        statements.updateTenant.run(JSON.stringify(next), slug);
        return next;
      });
    },

    /** Inserts an entry; 'duplicate' when the event already has this email or phone key (UNIQUE indexes). */
    insertEntry(entry: NewEntry): 'inserted' | 'duplicate' {
      try {
        statements.insertEntry.run(
          entry.entryId,
          entry.eventGuid,
          entry.name,
          entry.email,
          entry.emailNormalised,
          entry.stateCode,
          entry.phoneDigits,
          entry.phoneNormalised,
          entry.createdAt,
        );
        return 'inserted';
      } catch (error) {
        if (isUniqueViolation(error)) return 'duplicate';
        throw error;
      }
    },
    answerFor(key: string): StoredAnswer | undefined {
      const row = statements.answerByKey.get(key);
      if (row === undefined) return undefined;
      return {
        fingerprint: String(row['fingerprint']),
        status: Number(row['status']),
        body: String(row['body']),
      };
    },
    rememberAnswer(key: string, answer: StoredAnswer): void {
      statements.insertAnswer.run(
        key,
        answer.fingerprint,
        answer.status,
        answer.body,
        new Date().toISOString(),
      );
    },
    addToken(token: string): void {
      statements.insertToken.run(token, new Date().toISOString());
    },
    hasToken(token: string): boolean {
      return statements.tokenExists.get(token) !== undefined;
    },
    addOrder(payload: string): void {
      statements.insertOrder.run(payload, new Date().toISOString());
    },
    close(): void {
      if (db.isOpen) db.close();
    },
  };
}

export type Store = ReturnType<typeof openStore>;
