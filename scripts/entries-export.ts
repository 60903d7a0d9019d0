/**
 * Giveaway entries of one event as CSV (RFC 4180), from the local API's database.
 *   npm run entries:export -- --event <guid> [--out entries.csv] [--raw]
 * Env: DATA_DIR (default ./data). Cells a spreadsheet would run as formulas (leading =, +, -, @,
 * tab, CR) get a leading apostrophe; --raw writes them exactly as typed (for programs, not spreadsheets).
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { parseArgs } from 'node:util';
import { toCsv } from '../src/lib/csv/write.ts';
import { DATABASE_FILE } from './local-stack/api/store.ts';

const USAGE = 'Usage: npm run entries:export -- --event <giveaway id> [--out file.csv] [--raw]';
const HEADER = ['entryId', 'eventGUID', 'name', 'emailAddress', 'stateCode', 'phone', 'createdAt'];

function fail(message: string, code: number): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

let options;
try {
  options = parseArgs({
    options: {
      event: { type: 'string' },
      out: { type: 'string' },
      raw: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  }).values;
} catch (error) {
  fail(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`, 2);
}
if (options.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
const event = options.event?.trim();
if (event === undefined || event === '') fail(`--event is required.\n${USAGE}`, 2);

const dataDir = resolve(process.env['DATA_DIR'] ?? join(import.meta.dirname, '..', 'data'));
const file = join(dataDir, DATABASE_FILE);
if (!existsSync(file))
  fail(`No local API database at ${file}. Start the local stack (npm run serve) first.`, 1);

const db = new DatabaseSync(file, { readOnly: true });
const rows = db
  .prepare(
    `SELECT entry_id, event_guid, name, email, state_code, phone_digits, created_at
       FROM giveaway_entries WHERE event_guid = ? ORDER BY row_id`,
  )
  .all(event.toLowerCase())
  .map((row) => [
    String(row['entry_id']),
    String(row['event_guid']),
    String(row['name']),
    String(row['email']),
    String(row['state_code']),
    String(row['phone_digits']),
    String(row['created_at']),
  ]);
db.close();

const csv = toCsv(HEADER, rows, { raw: options.raw });
if (options.out !== undefined) {
  writeFileSync(options.out, csv);
  process.stderr.write(
    `${rows.length} entr${rows.length === 1 ? 'y' : 'ies'} written to ${options.out}\n`,
  );
} else {
  process.stdout.write(csv);
}
