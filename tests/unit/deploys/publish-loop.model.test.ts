/**
 * The publish loop under injected faults, model-based (fast-check's `fc.commands`): each run, with no
 * deploy budget or a budget of 1, 2 or 6 an hour, is a generated sequence of editors' publishes
 * (single documents, releases, replays, broken revisions), operators' changes of tenant records in
 * the product API (no event reaches the site: the freshness check finds them), builds by hand, time
 * passing, and faults armed for whatever comes next (faults.ts): any Blobs read or write failing,
 * landing without an answer, losing a race, or its instance dying just before or after it; the build
 * hook failing, timing out (with or without a build), or its caller dying; builds failing outside the
 * content, or in their build command while the product API is down (Netlify words that as it words
 * broken content: build-failure.ts); notifications lost, delivered twice, delayed (so out of order); the product API failing
 * or never answering the freshness check; publish-retry's runs skipped (a clock jump); a record written
 * by the previous version's code (migrated as read), or unreadable for up to 30 minutes (a newer
 * version, as an older deploy's code finds it: kept aside, answered 503, never overwritten, so the
 * publishes it holds build once it reads again); an operator's rollback (*Publish deploy* on a
 * deploy 1 to 3 back: Netlify's "Deploy restored", its notification as faulty as any) and the way
 * back (the newest deploy published again). The real
 * functions run it, in the simulated world the month bench replays its month in too
 * (scripts/support/world/). Then the faults stop, a rollback still standing ends the way the
 * operator ends it (the newest deploy published again), the clock runs past the bound
 * (publishBoundMs with the budget's slot, plus the builds Netlify already had queued, plus the
 * freshness check's interval) and the invariants must hold:
 *
 * - while the site held a restore, the publish queue started no build and asked for no freshness
 *   build (held-starts.ts watches every write of its record): a rollback is the operator's, and
 *   neither a publish, publish-retry nor the freshness check undoes it;
 * - every published revision that is its document's newest and that the site acknowledged (202) is
 *   live or not live for a reason (never "publishing", never unknown), and that is the truth: live
 *   means the deploy visitors get carries that revision, not live that it does not;
 * - no newest revision, acknowledged or not, is still "publishing";
 * - the live pointer never moved back;
 * - visitors get the tenant records as the product API has them (the giveaway's state is fresh),
 *   unless a newest revision is broken (no build can succeed then);
 * - builds started for publishes ≤ revisions published + replays + faults fired + builds failed on
 *   broken content (each failed build is tried again once), and freshness builds ≤ tenant changes +
 *   faults fired + builds failed on broken content;
 * - with a budget, the publish queue never started two builds in one slot;
 * - and then nothing more: another two hours start no build (but the freshness check's try every
 *   AFTER_FAILED_BUILD_MS while broken content keeps the tenant records it would publish off the site).
 *
 * MODEL_RUNS and MODEL_SEED (and MODEL_PATH) repeat a run; a failure prints the seed, the path and the
 * shrunk sequence of commands, then the world's log.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { slotStartMs } from '../../../src/lib/rebuild/deploy-budget.ts';
import { NETLIFY_BUILD_LIMIT_MS, publishBoundMs } from '../../../src/lib/rebuild/queue-timing.ts';
import { AFTER_FAILED_BUILD_MS, CHECK_TICK_MS } from '../../../src/lib/rebuild/freshness.ts';
import { isProductId } from '../../../src/lib/content/inheritance/index.ts';
import { seeded } from '../../../scripts/support/random.ts';
import {
  FAULT_RECORDS,
  type ApiFault,
  Faults,
  type HookFault,
  type NotificationFault,
  type StoreFault,
} from '../../../scripts/support/world/faults.ts';
import { World } from '../../../scripts/support/world/world.ts';

const START = Date.UTC(2026, 10, 27, 9, 0, 0);
/** The schools whose tenant records the builds read and the freshness check compares. */
const SCHOOLS = ['huskymobile', 'beavsmobile', 'cubbymobile'];
/**
 * What editors publish: schools' documents, the site's settings, and a product document (the text
 * every school that does not override a field shows), published beside them.
 */
const DOCUMENTS = [
  'huskymobile-landingHeader',
  'beavsmobile-faqs',
  'cubbymobile-planCards-fan',
  'siteSettings',
  'product-faqs',
];
/**
 * What each document is as a build's record names it (readDocuments): a school's document by its
 * school's key; the settings and a product document by no school (a product document's type is
 * the one it is the product of).
 */
function describeDocument(id: string): { type: string; school: string | null } {
  if (isProductId(id)) return { type: id.split('-')[1]!, school: null };
  const [school, type] = id.split('-');
  return SCHOOLS.includes(school!) ? { type: type!, school: school! } : { type: id, school: null };
}
/** The freshness check's interval in the model (FRESHNESS_CHECK_MINUTES). */
const FRESHNESS_MINUTES = 30;

const RUNS = Number(process.env['MODEL_RUNS'] ?? 1000);
const SEED =
  process.env['MODEL_SEED'] === undefined ? undefined : Number(process.env['MODEL_SEED']);
const PATH = process.env['MODEL_PATH'];

type Model = Record<string, never>;
type Command = fc.AsyncCommand<Model, World>;

/** A command that always applies: its run changes the world (or arms its faults), its name is how the sequence prints. */
function command(
  name: string,
  run: (world: World, faults: Faults) => void | Promise<void>,
): Command {
  return {
    check: () => true,
    run: async (_model, world) => {
      await run(world, world.faults!);
    },
    toString: () => name,
  };
}

const doc = fc.integer({ min: 0, max: DOCUMENTS.length - 1 });
const minutes = (ms: number) => `${Math.round((ms / 60_000) * 10) / 10} min`;

const commands: Array<fc.Arbitrary<Command>> = [
  fc.tuple(doc, fc.boolean(), fc.integer({ min: 0, max: 9 })).map(([at, broken, weight]) => {
    // Mostly sound revisions: a broken one fails every build until its document is published again.
    const isBroken = broken && weight === 0;
    return command(`publish ${DOCUMENTS[at]}${isBroken ? ' (broken)' : ''}`, (world) =>
      world.publish([DOCUMENTS[at]!], isBroken),
    );
  }),
  fc.uniqueArray(doc, { minLength: 2, maxLength: DOCUMENTS.length }).map((at) =>
    command(`release ${at.map((index) => DOCUMENTS[index]).join('+')}`, (world) =>
      world.publish(
        at.map((index) => DOCUMENTS[index]!),
        false,
      ),
    ),
  ),
  doc.map((at) => command(`replay ${DOCUMENTS[at]}`, (world) => world.replay(DOCUMENTS[at]!))),
  fc.constant(command('build by hand', (world) => world.byHand())),
  fc
    .constantFrom(...SCHOOLS)
    .map((slug) => command(`tenant change ${slug}`, (world) => world.changeTenant(slug))),
  fc
    .constantFrom<ApiFault>('error', 'no-answer')
    .map((fault) =>
      command(`arm product API fault ${fault}`, (_world, faults) => faults.armApi(fault)),
    ),
  fc
    .oneof(
      fc.integer({ min: 1, max: 90 }).map((seconds) => seconds * 1_000),
      fc.integer({ min: 2, max: 20 }).map((count) => count * 60_000),
    )
    .map((ms) =>
      command(`wait ${ms < 60_000 ? `${ms / 1000} s` : minutes(ms)}`, (world) =>
        world.advanceTo(world.now + ms),
      ),
    ),
  fc.integer({ min: 1, max: 15 }).map((count) =>
    command(`builds take ${count} min`, (world) => {
      world.buildMs = count * 60_000;
    }),
  ),
  fc
    .tuple(
      fc.constantFrom<StoreFault>(
        'read-error',
        'write-error',
        'write-lost-answer',
        'race',
        'die-before',
        'die-after',
      ),
      fc.integer({ min: 0, max: 6 }),
    )
    .map(([fault, skip]) =>
      command(`arm Blobs fault ${fault} (after ${skip} operations)`, (_world, faults) =>
        faults.armStore(fault, skip),
      ),
    ),
  fc
    .constantFrom<HookFault>('http-500', 'timeout', 'accepted-timeout', 'die', 'die-after-accept')
    .map((fault) =>
      command(`arm build hook fault ${fault}`, (_world, faults) => faults.armHook(fault)),
    ),
  fc
    .oneof(
      fc.constant<NotificationFault>({ kind: 'lose' }),
      fc
        .integer({ min: 1, max: 30 })
        .map((count): NotificationFault => ({ kind: 'duplicate', afterMs: count * 60_000 })),
      fc
        .integer({ min: 1, max: 90 })
        .map((count): NotificationFault => ({ kind: 'delay', ms: count * 60_000 })),
    )
    .map((fault) =>
      command(
        `arm notification fault ${fault.kind}${'ms' in fault ? ` ${minutes(fault.ms)}` : 'afterMs' in fault ? ` ${minutes(fault.afterMs)} later` : ''}`,
        (_world, faults) => faults.armNotification(fault),
      ),
    ),
  fc.constant(
    command('arm a build failing outside the content', (_world, faults) =>
      faults.armPlatformFailure(),
    ),
  ),
  fc.constant(
    command('arm a build meeting the product API down', (_world, faults) =>
      faults.armBuildOutage(),
    ),
  ),
  fc
    .constantFrom(...FAULT_RECORDS)
    .map((record) =>
      command(`arm record fault previous-version ${record}`, (_world, faults) =>
        faults.armRecord({ kind: 'previous-version', record }),
      ),
    ),
  fc
    .tuple(fc.constantFrom(...FAULT_RECORDS), fc.integer({ min: 1, max: 30 }))
    .map(([record, count]) =>
      command(`arm record fault unreadable ${record} for ${count} min`, (_world, faults) =>
        faults.armRecord({ kind: 'unreadable', record, ms: count * 60_000 }),
      ),
    ),
  fc
    .integer({ min: 1, max: 3 })
    .map((back) =>
      command(`restore the deploy ${back} back (a rollback)`, (world) => world.restore(back)),
    ),
  fc.constant(
    command('publish the newest deploy again (the way back)', (world) => world.rollForward()),
  ),
  fc.integer({ min: 2, max: 120 }).map((count) =>
    command(`skip publish-retry for ${count} min`, (world, faults) => {
      faults.count(`publish-retry skipped for ${count} min`);
      world.skipRetryUntil = world.now + count * 60_000;
    }),
  ),
];

async function quiet(world: World): Promise<void> {
  // The site's first two deploys, before anything is published: from the start there is an older one to roll back to.
  for (let deploys = 0; deploys < 2; deploys += 1) {
    world.byHand();
    await world.advanceTo(world.now + 10 * 60_000);
  }
}

/** After the faults: runs past the bound, then checks what every newest revision's badge says against what visitors get. */
async function settleAndCheck(world: World): Promise<void> {
  world.faults!.disarm();
  world.skipRetryUntil = 0;
  world.buildMs = Math.min(world.buildMs, NETLIFY_BUILD_LIMIT_MS);
  // Delayed notifications are faults until they arrive. The builds Netlify has queued then (the hook calls
  // of that moment included) are ahead of any new one: the bound counts from the last of them.
  await world.advanceTo(Math.max(world.now, world.pendingDeliveries()) + 1_000);
  // A rollback still standing (on Netlify, or as the site holds it) ends as the operator ends it.
  if (await world.restoreStands()) {
    world.rollForward();
    await world.advanceTo(world.now + 2_000);
  }
  const quietFrom = world.now;
  const queued = world.netlify.deploys.filter(
    (deploy) => deploy.state === 'enqueued' || deploy.state === 'building',
  ).length;
  // Notifications lost many times in a row (no word heard in between) lengthen the next wait: the bound says by how much.
  // A tenant change is found by the next check that is due (an interval and a tick at most), and its build has the same bound;
  // after a build whose command failed (the product API down) the check waits AFTER_FAILED_BUILD_MS before it builds again.
  const afterOutage = world.netlify.deploys.some((deploy) => deploy.failedOn === 'outage')
    ? AFTER_FAILED_BUILD_MS
    : 0;
  await world.advanceTo(
    quietFrom +
      FRESHNESS_MINUTES * 60_000 +
      CHECK_TICK_MS +
      afterOutage +
      publishBoundMs(undefined, (await world.queue())?.silentLosses ?? 0, world.budget) +
      queued * NETLIFY_BUILD_LIMIT_MS,
  );

  const newest = DOCUMENTS.map((id) =>
    [...world.published].reverse().find((entry) => entry.id === id),
  ).filter((entry) => entry !== undefined);
  const statuses = newest.length ? await world.statusOf(newest) : {};
  const live = world.netlify.published();
  for (const revision of newest) {
    const status = statuses[revision.id];
    const served = live?.read?.get(revision.id);
    const where = `${revision.rev}${revision.acknowledged ? '' : ' (never acknowledged)'}: ${JSON.stringify(status)}; visitors get ${served ?? 'nothing'}`;
    expect(status?.state, where).not.toBe('publishing');
    if (revision.acknowledged) expect(['live', 'not-live'], where).toContain(status?.state);
    if (status?.state === 'live') expect(served, where).toBe(revision.rev);
    if (status?.state === 'not-live') expect(served, where).not.toBe(revision.rev);
  }
  // With every newest revision sound and acknowledged, and builds failing at most once on Netlify's side or a service
  // (tried again), nothing stays named failed: the last publish's build carries them all.
  const platformFailures = world.faults!.fired.filter(
    (fault) =>
      fault.endsWith('build failed outside the content') ||
      fault.endsWith('the product API was down'),
  ).length;
  if (
    newest.every((revision) => revision.acknowledged && !revision.broken) &&
    platformFailures <= 1
  ) {
    for (const revision of newest)
      expect(
        statuses[revision.id]?.state,
        `${revision.rev}: ${JSON.stringify(statuses[revision.id])}`,
      ).toBe('live');
  }
  const since = world.liveSince.map(Date.parse);
  expect(since, 'the live pointer moved back').toEqual([...since].sort((a, b) => a - b));
  expect(world.heldStarts, 'builds the queue started while a restore held it').toEqual([]);

  // The giveaway's state visitors get is the product API's: every tenant change was found and built.
  if (newest.every((revision) => !revision.broken)) {
    expect(
      live?.inputs?.digest,
      `visitors get the tenant records of ${live?.id ?? 'no deploy'}; the product API has changed ${world.tenantChanges} times`,
    ).toBe(world.inputs().digest);
  }

  // A build that failed on broken content is tried again once, as any failed build: Netlify's message cannot tell.
  const onBroken = world.netlify.deploys.filter((deploy) => deploy.failedOn === 'content').length;
  const builds = () =>
    world.netlify.deploys.filter((deploy) => deploy.body?.kind === 'publish').length;
  const allowed = world.published.length + world.replays + world.faults!.fired.length + onBroken;
  expect(
    builds(),
    `builds for publishes: ${builds()}, revisions ${world.published.length} + replays ${world.replays} + faults ${world.faults!.fired.length} + failed on broken content ${onBroken}`,
  ).toBeLessThanOrEqual(allowed);
  const freshnessBuilds = world.netlify.deploys.filter(
    (deploy) => deploy.body?.kind === 'freshness',
  ).length;
  expect(
    freshnessBuilds,
    `freshness builds: ${freshnessBuilds}, tenant changes ${world.tenantChanges} + faults ${world.faults!.fired.length} + failed on broken content ${onBroken}`,
  ).toBeLessThanOrEqual(world.tenantChanges + world.faults!.fired.length + onBroken);

  // With a budget, the publish queue starts at most one build in a slot (builds by hand are ops' own).
  if (world.budget) {
    const slots = world.netlify.deploys
      .filter((deploy) => deploy.body?.kind === 'publish' || deploy.body?.kind === 'freshness')
      .map((deploy) => slotStartMs(deploy.createdAt, world.budget!));
    expect(slots.length, 'two builds of the queue in one slot of the deploy budget').toBe(
      new Set(slots).size,
    );
  }

  // Nothing is left to do: two more hours build nothing, but the freshness check trying again (every
  // AFTER_FAILED_BUILD_MS) while a newest revision is broken and visitors' tenant records are not the API's.
  const before = world.netlify.deploys.length;
  await world.advanceTo(world.now + 2 * 60 * 60_000);
  const retrying =
    newest.some((revision) => revision.broken) && live?.inputs?.digest !== world.inputs().digest;
  const later = world.netlify.deploys
    .slice(before)
    .filter((deploy) => !(retrying && deploy.body?.kind === 'freshness'));
  expect(
    later.map((deploy) => deploy.title),
    'builds after the loop settled',
  ).toEqual([]);
  if (!retrying)
    expect(
      (await world.queue())?.inFlight,
      'a batch in flight after the loop settled',
    ).toBeUndefined();
  expect((await world.queue())?.waiting ?? [], 'publishes waiting after the loop settled').toEqual(
    [],
  );
}

describe('the publish loop under injected faults (model)', () => {
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterAll(() => {
    vi.useRealTimers();
  });

  it(`every published revision ends live or named failed by itself, within the bound (${RUNS} generated runs)`, async () => {
    let lastWorld: World | undefined;
    const run = async (
      sequence: Iterable<Command>,
      seed: number,
      budget: number | undefined,
    ): Promise<World> => {
      const world = (lastWorld = new World({
        start: START,
        schools: SCHOOLS,
        documents: DOCUMENTS,
        describe: describeDocument,
        budget,
        buildMs: 3 * 60_000,
        freshnessMinutes: FRESHNESS_MINUTES,
        retry: 'every-minute',
        faults: {
          seed,
          moveTimers: () => {
            if (vi.getTimerCount() > 0) vi.advanceTimersToNextTimer();
          },
        },
        observe: true,
      }));
      // updateJson's pauses between lost races are random: drawn from the run's seed, so a run repeats.
      const random = seeded(seed ^ 0x5eed);
      vi.spyOn(Math, 'random').mockImplementation(random);
      try {
        await quiet(world);
        await fc.asyncModelRun(() => ({ model: {}, real: world }), sequence);
        await settleAndCheck(world);
      } finally {
        vi.restoreAllMocks();
      }
      return world;
    };
    const started = performance.now();
    const budgets = fc.constantFrom<number | undefined>(undefined, 1, 2, 6);
    const details = await fc.check(
      fc.asyncProperty(
        fc.commands(commands, { maxCommands: 40 }),
        fc.integer(),
        budgets,
        async (sequence, seed, budget) => {
          await run(sequence, seed, budget);
        },
      ),
      {
        numRuns: RUNS,
        ...(SEED === undefined ? {} : { seed: SEED }),
        ...(PATH === undefined ? {} : { path: PATH }),
      },
    );
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    if (details.failed) {
      // The shrunk run once more, for its world's log.
      const [sequence, seed, budget] = details.counterexample!;
      let world: World | undefined;
      const again = await run(sequence, seed, budget).then(
        (ran) => {
          world = ran;
          return 'passed this time';
        },
        (error: unknown) => String(error),
      );
      throw new Error(
        `${fc.defaultReportMessage(details)}\n${String(details.errorInstance)}\n\nRun again: ${again}\nIts world:\n${world?.log.join('\n') ?? lastWorld?.log.join('\n')}\n\nFaults fired:\n${(world ?? lastWorld)?.faults?.fired.join('\n')}`,
      );
    }
    console.info(
      `publish-loop model: ${details.numRuns} runs passed in ${seconds} s (seed ${details.seed})`,
    );
  }, 1_200_000);
});
