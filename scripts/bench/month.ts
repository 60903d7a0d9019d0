/**
 * A month in a minute (a measurement, not a test): a month of publishes, release publishes and
 * tenant record changes (month/activity.ts) replayed through the site's own functions on a fake
 * clock over Netlify's local Blobs (month/replay.ts), once per behaviour:
 *   today      the nightly build every midnight (UTC), whatever changed, and a build per publish batch
 *   freshness  the freshness check (every hour) instead of the nightly build
 *   budget     the freshness check and a deploy budget (--budget, default 6 an hour)
 * Each build takes the build bench's latest 600-school time (docs/performance.md, or --build-seconds).
 * Prints production deploys, deploys saved against today's behaviour, their credits
 * (docs/operations.md's price), publish → live p50/p95 and the giveaway state's staleness (max, p95),
 * then what one freshness check costs the product API at --schools (its real client over HTTP, a
 * stand-in API answering in 50 ms). Writes reports/bench-month.json.
 *   npm run bench:month
 *   npm run bench:month -- --schools 600 --publishes 40 --releases 10 --tenant-days 8 --budget 6 --seed 1
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { readTenantDigests } from '../../src/lib/rebuild/freshness-check.ts';
import {
  httpTransport,
  HTTP_TRANSPORT_DEFAULTS,
  type TenantRequestStats,
} from '../../src/lib/tenants/client.ts';
import { drawMonth } from './month/activity.ts';
import { replayMonth, type Behaviour } from './month/replay.ts';
import { percentile } from '../support/stats.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
const API_LATENCY_MS = 50;

const { values } = parseArgs({
  options: {
    schools: { type: 'string', default: '600' },
    days: { type: 'string', default: '30' },
    publishes: { type: 'string', default: '40' },
    releases: { type: 'string', default: '10' },
    'tenant-days': { type: 'string', default: '8' },
    budget: { type: 'string', default: '6' },
    'build-seconds': { type: 'string' },
    seed: { type: 'string', default: '1' },
  },
});

/**
 * The build bench's latest site build time at 600 schools (docs/performance.md, its "Latest
 * figures" table: the row of this code, `after`, when it gives a before and an after).
 */
function benchBuildSeconds(): number {
  const text = readFileSync(join(ROOT, 'docs/performance.md'), 'utf8');
  const start = text.indexOf('## Build bench');
  const section = text.slice(start, text.indexOf('\n## ', start + 1));
  const rows = [
    ...section.matchAll(/^\| (?:(before|after) \| )?600 \| [\d,]+ \| ([\d.]+) \|/gm),
  ].filter((row) => row[1] !== 'before');
  if (rows.length !== 1)
    throw new Error(
      "docs/performance.md has no one 600-school row of this code in the build bench's table: give --build-seconds",
    );
  return Number(rows[0]![2]);
}

/** Netlify's credit plans and their allotments, as docs/deploying.md's plan table gives them. */
function plans(): Array<{ plan: string; credits: number }> {
  const text = readFileSync(join(ROOT, 'docs/deploying.md'), 'utf8');
  return [
    ...text.matchAll(/^\s*\| (Free|Personal|Pro) \| (?:from )?\$[^|]+ \| ([\d,]+)[^|]* \|/gm),
  ].map((match) => ({ plan: match[1]!, credits: Number(match[2]!.replace(/,/g, '')) }));
}

/** The day of the month (1-based) on which `deploys` (their creation times) have spent more than `credits`, if they do. */
function pausedBy(
  deploys: readonly number[],
  start: number,
  credits: number,
  price: number,
): number | undefined {
  const sorted = [...deploys].sort((a, b) => a - b);
  const over = sorted[Math.floor(credits / price)];
  return over === undefined ? undefined : Math.floor((over - start) / 86_400_000) + 1;
}

/** The credits of one production deploy, as docs/operations.md states it. */
function creditsPerDeploy(): number {
  return Number(
    /costs \*\*(\d+) credits\*\*/.exec(readFileSync(join(ROOT, 'docs/operations.md'), 'utf8'))![1],
  );
}

/** One freshness check's reading at `schools` schools: the real client over HTTP, a stand-in API answering in API_LATENCY_MS. */
async function checkCost(
  schools: number,
): Promise<{ requests: number; retries: number; seconds: number }> {
  const server = createServer((request, response) => {
    setTimeout(() => {
      const code = /^\/k1mobile\/tenant\/code\/s(\d+)$/.exec(request.url ?? '');
      const full = /^\/k1mobile\/tenant\/(\d+)$/.exec(request.url ?? '');
      const id = Number(code?.[1] ?? Number(full?.[1]) - 1);
      const result = code
        ? { id: id + 1, affiliateId: 1 }
        : {
            id: id + 1,
            affiliateId: 1,
            slug: `s${id}`,
            Name: `School ${id} Mobile`,
            ActiveGiveawayEvent: `event-${id}`,
          };
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ result }));
    }, API_LATENCY_MS);
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const { port } = server.address() as { port: number };
  const stats: TenantRequestStats = { requests: 0, retries: 0 };
  const started = performance.now();
  const read = await readTenantDigests(
    Array.from({ length: schools }, (_, school) => `s${school}`),
    httpTransport(`http://127.0.0.1:${port}`, { stats }),
  );
  const seconds = (performance.now() - started) / 1000;
  server.closeAllConnections();
  await new Promise((closed) => server.close(closed));
  if (!read.ok) throw new Error(`the check could not read the stand-in API: ${read.error}`);
  return { ...stats, seconds };
}

const duration = (ms: number) =>
  !Number.isFinite(ms)
    ? 'none'
    : ms < 60_000
      ? `${(ms / 1000).toFixed(0)} s`
      : ms < 3_600_000
        ? `${(ms / 60_000).toFixed(1)} min`
        : `${(ms / 3_600_000).toFixed(1)} h`;
const count = (value: number) => value.toLocaleString('en-US');

async function main(): Promise<void> {
  const schools = Number(values.schools);
  const budget = Number(values.budget);
  const buildSeconds = values['build-seconds']
    ? Number(values['build-seconds'])
    : benchBuildSeconds();
  const price = creditsPerDeploy();
  const activity = drawMonth({
    schools,
    days: Number(values.days),
    publishesPerWorkday: Number(values.publishes),
    releases: Number(values.releases),
    tenantChangeDays: Number(values['tenant-days']),
    seed: Number(values.seed),
  });
  const documents = activity.publishes.reduce((sum, entry) => sum + entry.ids.length, 0);
  console.log(
    `[bench-month] ${values.days} days at ${schools} schools: ${count(documents)} documents published (${activity.publishes.filter((entry) => entry.release).length} release publishes), ${activity.tenantChanges.length} tenant record changes on ${values['tenant-days']} days; each build ${buildSeconds} s (the build bench's 600-school figure)`,
  );

  const rows: Array<{ name: string; behaviour: Behaviour; budget?: number }> = [
    { name: 'today: the nightly build and a build per publish batch', behaviour: 'today' },
    { name: 'the freshness check', behaviour: 'freshness' },
    {
      name: `the freshness check and a budget of ${budget} an hour`,
      behaviour: 'freshness',
      budget,
    },
  ];
  const results = [];
  for (const row of rows) {
    const started = performance.now();
    const replay = await replayMonth(activity, {
      behaviour: row.behaviour,
      budgetPerHour: row.budget,
      schools,
      buildMs: buildSeconds * 1000,
    });
    results.push({
      ...row,
      deploys: replay.deploys.length,
      credits: replay.deploys.length * price,
      pausedBy: Object.fromEntries(
        plans().map(({ plan, credits }) => [
          plan,
          pausedBy(
            replay.deploys.map((deploy) => deploy.createdAt),
            activity.start,
            credits,
            price,
          ) ?? null,
        ]),
      ),
      publishToLive: {
        p50: percentile(replay.publishToLiveMs, 50),
        p95: percentile(replay.publishToLiveMs, 95),
      },
      staleness: {
        max: Math.max(...replay.giveawayStalenessMs),
        p95: percentile(replay.giveawayStalenessMs, 95),
      },
      checks: replay.checks,
      apiReads: replay.apiReads,
      replaySeconds: (performance.now() - started) / 1000,
    });
    console.log(
      `[bench-month] ${row.name}: replayed in ${results.at(-1)!.replaySeconds.toFixed(1)} s (${replay.redeliveries} webhook deliveries made again)`,
    );
  }
  const today = results[0]!.deploys;
  console.log(
    '\n| behaviour | production deploys | saved against today | credits | publish → live p50 | p95 | giveaway staleness max | p95 |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const result of results) {
    console.log(
      `| ${result.name} | ${count(result.deploys)} | ${count(today - result.deploys)} | ${count(result.credits)} | ${duration(result.publishToLive.p50)} | ${duration(result.publishToLive.p95)} | ${duration(result.staleness.max)} | ${duration(result.staleness.p95)} |`,
    );
  }
  // The plan table's month (docs/deploying.md, between <!-- month-spend --> and <!-- /month-spend -->).
  console.log(
    `\n| plan | credits a month | ${results.map((result) => `${result.name}: ${count(result.deploys)} deploys`).join(' | ')} |`,
  );
  console.log(`|---|---|${results.map(() => '---').join('|')}|`);
  for (const { plan, credits } of plans()) {
    const cells = results.map((result) => {
      const spent = result.credits;
      const day = result.pausedBy[plan];
      return spent > credits
        ? `${count(spent)} credits: ${count(spent - credits)} over; paused by day ${day}`
        : `${count(spent)} credits: ${count(credits - spent)} left`;
    });
    console.log(`| ${plan} | ${count(credits)} | ${cells.join(' | ')} |`);
  }
  const cost = await checkCost(schools);
  const reads = results[1]!.apiReads;
  console.log(
    `\nOne freshness check at ${schools} schools: ${count(cost.requests)} requests to the product API (${cost.retries} retried), ${cost.seconds.toFixed(2)} s (${API_LATENCY_MS} ms an answer, at most ${HTTP_TRANSPORT_DEFAULTS.concurrency} in flight); this month ${reads} checks read it: ${count(reads * cost.requests)} requests.`,
  );
  mkdirSync(join(ROOT, 'reports'), { recursive: true });
  writeFileSync(
    join(ROOT, 'reports/bench-month.json'),
    JSON.stringify({ options: values, buildSeconds, price, results, checkCost: cost }, null, 2),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
