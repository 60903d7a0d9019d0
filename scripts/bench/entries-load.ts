/**
 * Load check of the giveaway entry endpoint (not a test): starts the local API on a temporary data
 * folder, fires 1,000 concurrent submissions (10% duplicates of earlier people, 5% also retried with
 * the same Idempotency-Key) and checks that nothing accepted was lost and nothing was stored twice.
 *   npm run bench:entries [-- --count 1000]
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { parseArgs } from 'node:util';
import { startProcess } from '../support/process.ts';
import { percentile } from '../support/stats.ts';

const { values } = parseArgs({ options: { count: { type: 'string', default: '1000' } } });
const COUNT = Number(values.count);
const EVENT = '0b0b0b0b-1e57-4e57-8e57-000000000001';
const START = resolve(import.meta.dirname, '..', 'local-stack', 'start.ts');

interface Sent {
  status: number;
  body: string;
  ms: number;
}

function post(agent: Agent, url: string, body: string, key: string): Promise<Sent> {
  const started = performance.now();
  return new Promise((done, fail) => {
    const outgoing = request(
      `${url}/k1mobile/giveaway/entry`,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'idempotency-key': key },
      },
      (answer) => {
        let text = '';
        answer.setEncoding('utf8');
        answer.on('data', (chunk: string) => (text += chunk));
        answer.on('end', () =>
          done({ status: answer.statusCode ?? 0, body: text, ms: performance.now() - started }),
        );
      },
    );
    outgoing.on('error', fail);
    outgoing.end(body);
  });
}

async function startApi(
  dataDir: string,
  tenantsFile: string,
): Promise<{ url: string; stop: () => Promise<void> }> {
  const api = await startProcess({
    name: 'the local API',
    args: [START, '--api-only'],
    env: {
      ...process.env,
      API_PORT: '0',
      DATA_DIR: dataDir,
      TENANTS_FILE: tenantsFile,
      ACTIVE_GIVEAWAY_IDS: EVENT,
    },
    ready: /Local API: (http:\/\/\S+)[\s\S]*Press Ctrl\+C/,
    stderr: 'inherit',
  });
  return {
    url: api.match![1]!,
    stop: async () => {
      await api.stop();
    },
  };
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'entries-bench-'));
  const tenantsFile = join(dataDir, 'tenants.json');
  writeFileSync(
    tenantsFile,
    JSON.stringify([
      { id: 1, affiliateId: 1, slug: 'bench', Name: 'Bench', ActiveGiveawayEvent: EVENT },
    ]),
  );
  const api = await startApi(dataDir, tenantsFile);
  try {
    const unique = Math.round(COUNT * 0.9);
    const people = Array.from({ length: unique }, (_, i) => ({
      name: `Bench Fan ${i}`,
      emailAddress: `fan${i}@bench.example`,
      phone: `20655${String(i).padStart(5, '0')}`,
    }));
    const bodies: string[] = people.map((person) => JSON.stringify(entry(person)));
    for (let i = 0; bodies.length < COUNT; i += 1) {
      const earlier = people[(i * 7) % unique]!;
      // half reuse the email (other case, spaces), half reuse the phone
      const duplicate =
        i % 2 === 0
          ? {
              ...earlier,
              emailAddress: `  ${earlier.emailAddress.toUpperCase()} `,
              phone: `31255${String(i).padStart(5, '0')}`,
            }
          : { ...earlier, emailAddress: `other${i}@bench.example` };
      bodies.push(JSON.stringify(entry(duplicate)));
    }
    const requests = bodies.map((body, i) => ({ body, key: `bench-${i}` }));
    const retries = requests.filter((_, i) => i % 20 === 3); // 5% sent twice
    const all = [...requests, ...retries];

    const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
    const started = performance.now();
    const answers = await Promise.all(all.map(({ body, key }) => post(agent, api.url, body, key)));
    const wallMs = performance.now() - started;
    agent.destroy();

    const firstAnswers = answers.slice(0, requests.length);
    const retryAnswers = answers.slice(requests.length);
    const retryMismatches = retryAnswers.filter((retry, i) => {
      const original = answers[requests.indexOf(retries[i]!)]!;
      return retry.status !== original.status || retry.body !== original.body;
    }).length;
    const acceptedIds = new Set(
      answers
        .filter((a) => a.status === 201)
        .map((a) => (JSON.parse(a.body) as { result: { entryId: string } }).result.entryId),
    );
    const refused = firstAnswers.filter((a) => a.status === 409).length;
    const other = answers.filter((a) => a.status !== 201 && a.status !== 409);

    const db = new DatabaseSync(join(dataDir, 'local-api.sqlite'), { readOnly: true });
    const storedIds = new Set(
      db
        .prepare('SELECT entry_id FROM giveaway_entries')
        .all()
        .map((r) => String(r['entry_id'])),
    );
    const duplicateRows = Number(
      db
        .prepare(
          `SELECT (SELECT COUNT(*) - COUNT(DISTINCT event_guid || ' ' || email_normalised) FROM giveaway_entries)
                + (SELECT COUNT(*) - COUNT(DISTINCT event_guid || ' ' || phone_digits) FROM giveaway_entries) AS n`,
        )
        .get()?.['n'],
    );
    db.close();
    const lost = [...acceptedIds].filter((id) => !storedIds.has(id)).length;
    const latencies = answers.map((a) => a.ms).sort((a, b) => a - b);

    const report = {
      requests: all.length,
      'submissions (distinct keys)': requests.length,
      'idempotent retries': retries.length,
      accepted: acceptedIds.size,
      refused,
      'other statuses': other.length,
      'rows stored': storedIds.size,
      'lost (must be 0)': lost,
      'duplicate rows (must be 0)': duplicateRows,
      'retry answers differing from the first (must be 0)': retryMismatches,
      'p50 latency ms': Number(percentile(latencies, 50).toFixed(1)),
      'p99 latency ms': Number(percentile(latencies, 99).toFixed(1)),
      'wall time ms': Number(wallMs.toFixed(0)),
    };
    console.table(report);
    const ok =
      lost === 0 &&
      duplicateRows === 0 &&
      retryMismatches === 0 &&
      other.length === 0 &&
      acceptedIds.size === unique;
    if (!ok) {
      console.error('FAILED: see the figures above.');
      process.exitCode = 1;
    }
  } finally {
    await api.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function entry(person: { name: string; emailAddress: string; phone: string }) {
  return { eventGUID: EVENT, stateCode: 'WA', agreeToGiveawayTerms: true, ...person };
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
