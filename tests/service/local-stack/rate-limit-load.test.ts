/**
 * Load: one client floods the local API from its own address with 16 connections while four
 * honest clients (other loopback addresses) browse and enter at a person's pace. The flood
 * gets no more than its share and is told when to come back; the honest clients are all
 * served. Latencies are printed as figures, not asserted.
 */
import { Agent, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiServer } from '../../../scripts/local-stack/api/server.ts';
import { percentile } from '../../../scripts/support/stats.ts';
import { FIXTURE_DATASET, FIXTURE_TENANTS, tempDir, validEntry } from './helpers.ts';

const PER_WINDOW = 20;
const WINDOW_SECONDS = 1;
const RUN_MS = 4_000;
const HONEST = ['127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5'];

const dir = tempDir();
let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer({
    port: 0,
    dataDir: dir.path,
    tenantsFile: FIXTURE_TENANTS,
    datasetFile: FIXTURE_DATASET,
    allowedOrigins: [],
    warn: () => {},
    log: () => {},
    limits: { requestsPerWindow: PER_WINDOW, windowSeconds: WINDOW_SECONDS },
  });
});
afterAll(async () => {
  await api.close();
  dir.remove();
});

interface Outcome {
  status: number;
  retryAfter?: string | undefined;
  ms: number;
}

function call(agent: Agent, path: string, body?: string): Promise<Outcome> {
  const started = performance.now();
  return new Promise((done) => {
    const outgoing = request(
      `${api.url}${path}`,
      {
        method: body === undefined ? 'GET' : 'POST',
        agent,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
      },
      (answer) => {
        answer.resume();
        answer.on('end', () =>
          done({
            status: answer.statusCode ?? 0,
            retryAfter: answer.headers['retry-after'],
            ms: performance.now() - started,
          }),
        );
      },
    );
    // A refused or reset connection counts as a failed request (status 0).
    outgoing.on('error', () => done({ status: 0, ms: performance.now() - started }));
    outgoing.end(body);
  });
}

describe('per-client rate limit under load', () => {
  it('holds the flood to its share while honest clients are all served', async () => {
    const until = Date.now() + RUN_MS;
    const started = Date.now();

    const floodAgent = new Agent({ keepAlive: true, maxSockets: 16, localAddress: '127.0.0.9' });
    const flood: Outcome[] = [];
    const flooding = Promise.all(
      Array.from({ length: 16 }, async () => {
        while (Date.now() < until)
          flood.push(await call(floodAgent, '/k1mobile/tenant/code/uw-husky-mobile'));
      }),
    );

    const honest: Outcome[] = [];
    const browsing = Promise.all(
      HONEST.map(async (address, index) => {
        const agent = new Agent({ keepAlive: true, localAddress: address });
        // Each person enters once, then looks around at five requests a second (a quarter of the limit).
        honest.push(
          await call(
            agent,
            '/k1mobile/giveaway/entry',
            JSON.stringify(
              validEntry({
                emailAddress: `honest${index}@example.com`,
                phone: `20655501${10 + index}`,
              }),
            ),
          ),
        );
        while (Date.now() < until) {
          honest.push(await call(agent, '/k1mobile/tenant/code/uw-husky-mobile'));
          await new Promise((pause) => setTimeout(pause, 200));
        }
        agent.destroy();
      }),
    );

    await Promise.all([flooding, browsing]);
    floodAgent.destroy();
    const elapsedSeconds = (Date.now() - started) / 1000;

    const floodServed = flood.filter((outcome) => outcome.status === 200).length;
    const floodRefused = flood.filter((outcome) => outcome.status === 429);
    console.log(
      `rate limit load: flood sent ${flood.length} in ${elapsedSeconds.toFixed(1)} s (${Math.round(flood.length / elapsedSeconds)}/s), ` +
        `${floodServed} served, ${floodRefused.length} refused 429, ${flood.length - floodServed - floodRefused.length} other; ` +
        `honest ${honest.length} requests, statuses ${[...new Set(honest.map((o) => o.status))].join('/')}, ` +
        `latency p50 ${percentile(
          honest.map((o) => o.ms),
          50,
        ).toFixed(1)} ms, p95 ${percentile(
          honest.map((o) => o.ms),
          95,
        ).toFixed(1)} ms`,
    );

    // The flood gets at most its share per window (plus the window it started in), and is told when to retry.
    expect(floodServed).toBeLessThanOrEqual(
      PER_WINDOW * (Math.ceil(elapsedSeconds / WINDOW_SECONDS) + 1),
    );
    expect(floodRefused.length).toBeGreaterThan(floodServed);
    for (const refused of floodRefused)
      expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(flood.filter((outcome) => outcome.status >= 500)).toEqual([]);

    // Honest clients: every request answered, none refused.
    expect(honest.length).toBeGreaterThanOrEqual(HONEST.length * 10);
    expect(honest.filter((outcome) => outcome.status !== 200 && outcome.status !== 201)).toEqual(
      [],
    );
  }, 60_000);
});
