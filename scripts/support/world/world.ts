/**
 * One simulated world of the publish loop, for the publish loop's fault model
 * (tests/unit/deploys/publish-loop.model.test.ts) and the month bench (scripts/bench/month/): the
 * site's real functions (rebuild-on-publish, publish-retry, freshness-check, deploy-notification,
 * publish-status), each invocation a fresh instance, over two Blobs stores (in memory with
 * Netlify's conditional-write rules, or any others given), with or without a deploy budget; Sanity
 * (its content, and its webhook deliveries: a failed one is delivered again twice, 30 s apart);
 * the product API (product-api.ts); Netlify (netlify.ts); Netlify's scheduler (publish-retry on
 * every minute, the freshness check on every quarter hour, or the nightly build every midnight);
 * ops' builds by hand (`npm run rebuild`) and their rollbacks (*Publish deploy* on an older deploy,
 * and the way back); one clock (clock.ts). What differs between the two runs is given: the faults
 * injected (faults.ts: then the invocations interleave by the seed), the activity (the model's
 * commands, the bench's month: they call `publish`, `changeTenant`, `byHand` and move the clock)
 * and the schedules.
 */
import type { BlobStore } from '../../../src/lib/functions/blob-store.ts';
import type { BuildInputs } from '../../../src/lib/publish-records/build-record.ts';
import type { ProductionHistory } from '../../../src/lib/publish-records/deploy-history.ts';
import { newBatchId } from '../../../src/lib/publish-records/hook-body.ts';
import {
  PRODUCTION_HISTORY_KEY,
  PUBLISH_QUEUE_KEY,
} from '../../../src/lib/publish-records/names.ts';
import type { PublishQueue } from '../../../src/lib/publish-records/queue-record.ts';
import type { DocumentStatus } from '../../../src/lib/publish-records/status-answers.ts';
import { manualBody, triggerBuild } from '../../../src/lib/rebuild/build-hook.ts';
import { TenantHttpError, type TenantTransport } from '../../../src/lib/tenants/client.ts';
import type { DeployNotificationBody } from '../netlify/notifications.ts';
import { seeded } from '../random.ts';
import { SimClock } from './clock.ts';
import { Faults } from './faults.ts';
import { watchHeldStarts } from './held-starts.ts';
import { interleave, Invocation } from './invocations.ts';
import { createSimulatedNetlify, type Revision, type SimulatedNetlify } from './netlify.ts';
import { memoryStores, type WorldOptions, type WorldStores } from './options.ts';
import { ProductApi } from './product-api.ts';
import { createSite, HOOK_URL, type InvocationDoors, type Site } from './site.ts';

/** Sanity delivers a webhook that failed twice more, 30 s apart (Sanity's changelog, 29 April 2026). */
const REDELIVERIES = 2;
const MINUTE = 60_000;
const QUARTER_HOUR = 15 * MINUTE;
const DAY = 24 * 60 * MINUTE;
/** How long Netlify takes to post a notification. */
const NOTIFICATION_DELAY_MS = 1_000;

export interface Published {
  id: string;
  rev: string;
  broken: boolean;
  /** When the editor published it (the clock's ms). */
  at: number;
  /** Its `_updatedAt`: Sanity's publish time, in milliseconds, so never the same for two revisions of a document. */
  publishedAt: string;
  /** The site answered 202 to one of its deliveries. */
  acknowledged: boolean;
}

export class World {
  readonly clock: SimClock;
  readonly budget: number | undefined;
  readonly faults: Faults | undefined;
  readonly productApi: ProductApi;
  readonly stores: WorldStores;
  readonly content = new Map<string, Revision>();
  readonly published: Published[] = [];
  readonly log: string[] = [];
  readonly netlify: SimulatedNetlify;
  private readonly site: Site;
  /** The live pointer's `since` after every notification (with `observe`): it never moves back. */
  readonly liveSince: string[] = [];
  /** What the queue started while a restore held it (with `observe`): nothing, ever (held-starts.ts). */
  readonly heldStarts: string[] = [];
  replays = 0;
  /** Deliveries Sanity made again after an answer other than 202. */
  redeliveries = 0;
  /** Freshness checks that ran (each logs what it found), and those that read the product API. */
  checks = 0;
  apiReads = 0;
  /** publish-retry's runs are skipped until then (the scheduler missed them). */
  skipRetryUntil = 0;
  /** How long the next builds take (ms). */
  buildMs: number;
  private readonly options: WorldOptions;
  private readonly random: () => number;
  private readonly active = new Set<Invocation>();
  private readonly describe: (id: string) => { type: string; school: string | null };
  private busy = false;
  private revisions = 0;
  private batches = 0;
  private lastPublishedAt = 0;

  constructor(options: WorldOptions) {
    this.options = options;
    this.budget = options.budget;
    this.buildMs = options.buildMs;
    this.describe = options.describe ?? (() => ({ type: 'faqs', school: null }));
    this.random = seeded(options.faults?.seed ?? 1);
    const moveTimers = options.faults?.moveTimers;
    this.clock = new SimClock(
      options.start,
      moveTimers
        ? (work) =>
            interleave(work, this.active, this.random, moveTimers, () =>
              this.log.slice(-5).join('; '),
            )
        : undefined,
    );
    this.faults = options.faults ? new Faults(() => this.clock.now) : undefined;
    this.productApi = new ProductApi(options.schools);
    const stores = options.stores ?? memoryStores();
    this.stores = options.observe
      ? {
          ...stores,
          queue: () =>
            watchHeldStarts(stores.queue(), (what) => {
              this.heldStarts.push(what);
              this.note(`started while held: ${what}`);
            }),
        }
      : stores;
    for (const id of options.documents ?? [])
      this.content.set(id, { rev: `${id}-r0`, broken: false });
    this.netlify = createSimulatedNetlify({
      clock: this.clock,
      faults: this.faults,
      content: () => this.content,
      inputs: () => this.productApi.inputs(),
      describe: this.describe,
      schools: options.schools,
      deployStore: this.stores.deploy,
      emit: (body) => this.emit(body),
      buildMs: () => this.buildMs,
    });
    this.site = createSite({
      now: () => this.clock.now,
      budget: options.budget,
      freshnessMinutes: options.freshnessMinutes,
      log: (line) => this.note(line),
      newBatchId: () => this.batchId(),
    });
    // The scheduler's runs, for as long as the world runs: from the first minute, quarter hour or midnight after the start.
    const next = (period: number) => Math.ceil((options.start + 1) / period) * period;
    this.every(MINUTE, next(MINUTE), 'publish-retry', () => this.retry());
    if (options.freshnessMinutes !== undefined)
      this.every(QUARTER_HOUR, next(QUARTER_HOUR), 'freshness-check', () => this.freshness());
    if (options.nightly) this.every(DAY, next(DAY), 'nightly build', () => this.nightly());
  }

  get now(): number {
    return this.clock.now;
  }

  /** Runs every event due by `until` (the clock ends there). */
  advanceTo(until: number): Promise<void> {
    return this.clock.runUntil(until);
  }

  private every(period: number, at: number, what: string, run: () => Promise<void>): void {
    this.clock.schedule(at, what, async () => {
      await run();
      this.every(period, at + period, what, run);
    });
  }

  /** Starts one invocation of a function; resolves with its answer, or 'died' when its instance stopped at a step. */
  private invoke<T>(work: (invocation: Invocation) => Promise<T>): Promise<T | 'died'> {
    const invocation = new Invocation();
    if (this.faults) this.active.add(invocation);
    const answered = work(invocation).finally(() => {
      invocation.state = 'done';
    });
    return Promise.race([answered, invocation.death]);
  }

  /** What one invocation's instance reaches: with faults, each store operation, hook call and API request is a step that may fail. */
  private doors(invocation: Invocation, name: string): InvocationDoors {
    const store = (opened: BlobStore) =>
      this.faults ? this.faults.wrap(opened, invocation, name) : opened;
    return {
      queue: () => store(this.stores.queue()),
      deploys: () => store(this.stores.deploys()),
      deploy: (deployId) => store(this.stores.deploy(deployId)),
      hook: this.netlify.hook(invocation),
      productApi: () => this.readProductApi(invocation),
    };
  }

  // ---- Sanity ------------------------------------------------------------------------------

  /** An editor publishes `ids` (each a new revision; `broken`: a build fails on it); Sanity delivers their webhooks now. */
  publish(ids: readonly string[], broken = false): void {
    this.busy = true;
    for (const id of ids) {
      const rev = `${id}-r${(this.revisions += 1)}`;
      this.content.set(id, { rev, broken });
      this.lastPublishedAt = Math.max(this.clock.now, this.lastPublishedAt + 1);
      const published: Published = {
        id,
        rev,
        broken,
        at: this.clock.now,
        publishedAt: new Date(this.lastPublishedAt).toISOString(),
        acknowledged: false,
      };
      this.published.push(published);
      this.clock.schedule(this.clock.now, `webhook ${rev}`, () =>
        this.deliverWebhook(published, 0),
      );
    }
  }

  /** Sanity delivers the current revision's webhook again (a replay). */
  replay(id: string): void {
    const last = [...this.published].reverse().find((entry) => entry.id === id);
    if (!last) return;
    this.replays += 1;
    this.clock.schedule(this.clock.now, `replay ${last.rev}`, () =>
      this.deliverWebhook(last, REDELIVERIES),
    );
  }

  private async deliverWebhook(published: Published, attempt: number): Promise<void> {
    this.busy = true;
    const answer = await this.invoke((invocation) =>
      this.site.publishWebhook(
        {
          id: published.id,
          type: this.describe(published.id).type,
          rev: published.rev,
          updatedAt: published.publishedAt,
        },
        this.doors(invocation, 'webhook'),
      ),
    );
    this.note(`webhook ${published.rev} (delivery ${attempt + 1}): ${answer}`);
    if (answer === 202) published.acknowledged = true;
    else if (attempt < REDELIVERIES) {
      this.redeliveries += 1;
      this.clock.schedule(this.clock.now + 30_000, `redeliver ${published.rev}`, () =>
        this.deliverWebhook(published, attempt + 1),
      );
    }
  }

  // ---- The scheduled functions and builds by hand ------------------------------------------------

  private async retry(): Promise<void> {
    if (this.clock.now < this.skipRetryUntil) return;
    if (this.options.retry === 'while-busy' && !this.busy) return;
    const message = await this.invoke((invocation) =>
      this.site.retry(this.doors(invocation, 'publish-retry')),
    );
    if (message === 'nothing waits') this.busy = false;
  }

  /** The freshness check, as the scheduler runs it (on the quarter hour: it checks on the FRESHNESS_CHECK_MINUTES it names). */
  private async freshness(): Promise<void> {
    await this.invoke((invocation) =>
      this.site.freshness(this.doors(invocation, 'freshness-check')),
    );
    this.busy = true;
  }

  /** The product API as one check reads it (each request a step of the invocation); a fault injected for it fails, or hangs, the whole read. */
  private readProductApi(invocation: Invocation): TenantTransport {
    this.apiReads += 1;
    const fault = this.faults?.armed ? this.faults.nextApi() : undefined;
    return async (path) => {
      if (this.faults) await invocation.gate();
      if (fault === 'error') throw new TenantHttpError(503, path);
      if (fault === 'no-answer') return new Promise(() => {});
      return this.productApi.transport(path);
    };
  }

  /** The nightly build: a build hook call at midnight, as the nightly function made it. */
  private async nightly(): Promise<void> {
    this.busy = true;
    await this.invoke((invocation) =>
      triggerBuild(
        HOOK_URL,
        { kind: 'nightly', batch: newBatchId(), documents: [], more: 0 },
        { fetch: this.netlify.hook(invocation), now: new Date(this.clock.now) },
      ),
    );
  }

  /** Ops force a build now (`npm run rebuild`): straight to the build hook, its own batch. */
  byHand(): void {
    this.clock.schedule(this.clock.now, 'build by hand', async () => {
      await this.invoke(async (invocation) => {
        const title = await triggerBuild(HOOK_URL, manualBody(), {
          fetch: this.netlify.hook(invocation),
          now: new Date(this.clock.now),
        }).catch((error: Error) => `failed: ${error.message}`);
        this.note(`build by hand: ${title}`);
      });
    });
  }

  // ---- Rollbacks ----------------------------------------------------------------------------------

  /**
   * The operator publishes an older ready deploy again (*Publish deploy*), `back` published deploys
   * before the one visitors get (as far back as there are): a restore, and one of the faults.
   */
  restore(back: number): void {
    this.clock.schedule(this.clock.now, 'restore', async () => {
      const current = this.netlify.published();
      if (!current) return;
      const older = this.netlify.deploys
        .filter(
          (deploy) =>
            deploy.state === 'ready' &&
            deploy.publishedAt !== undefined &&
            deploy.createdAt < current.createdAt,
        )
        .sort((a, b) => b.createdAt - a.createdAt);
      const deploy = older[Math.min(back, older.length) - 1];
      if (!deploy) return;
      this.faults?.count(`restore: deploy ${deploy.id.slice(-4)} over ${current.id.slice(-4)}`);
      this.note(`ops publish deploy ${deploy.id.slice(-4)} again (a rollback)`);
      await this.netlify.restore(deploy.id);
    });
  }

  /** The way back: the operator publishes the newest ready deploy again. */
  rollForward(): void {
    this.clock.schedule(this.clock.now, 'the way back', async () => {
      const newest = this.netlify.deploys
        .filter((deploy) => deploy.state === 'ready')
        .sort((a, b) => b.createdAt - a.createdAt)[0];
      if (!newest) return;
      this.note(`ops publish the newest deploy ${newest.id.slice(-4)} again (the way back)`);
      await this.netlify.restore(newest.id);
    });
  }

  /** Whether a restore stands: visitors get an older deploy than the newest ready one, or the site's queue still holds one. */
  async restoreStands(): Promise<boolean> {
    const newest = this.netlify.deploys
      .filter((deploy) => deploy.state === 'ready')
      .sort((a, b) => b.createdAt - a.createdAt)[0];
    return (
      (newest !== undefined && this.netlify.published() !== newest) ||
      (await this.queue())?.live?.restoredOver !== undefined
    );
  }

  // ---- The product API ------------------------------------------------------------------------

  /** What a build reads of the product API now, digested as the build digests it. */
  inputs(): BuildInputs {
    return this.productApi.inputs();
  }

  /** How many times an operator changed a tenant record. */
  get tenantChanges(): number {
    return this.productApi.changes;
  }

  /** An operator changes a school's tenant record in the product API (a giveaway opens or closes): no event reaches the site. */
  changeTenant(slug: string): void {
    const event = this.productApi.change(slug);
    this.note(`tenant ${slug}: giveaway ${event === null ? 'closed' : `open (${event})`}`);
  }

  // ---- Netlify's notifications ----------------------------------------------------------------

  private emit(body: DeployNotificationBody): void {
    const fault = this.faults?.armed ? this.faults.nextNotification() : undefined;
    const what = `notify ${body.id.slice(-4)} ${body.state}`;
    if (fault?.kind === 'lose') return;
    const delay = fault?.kind === 'delay' ? fault.ms : NOTIFICATION_DELAY_MS;
    this.clock.schedule(this.clock.now + delay, what, () => this.deliverNotification(body));
    if (fault?.kind === 'duplicate')
      this.clock.schedule(this.clock.now + delay + fault.afterMs, `${what} again`, () =>
        this.deliverNotification(body),
      );
  }

  private async deliverNotification(body: DeployNotificationBody): Promise<void> {
    this.busy = true;
    const answer = await this.invoke((invocation) =>
      this.site.notification(body, this.doors(invocation, 'notification')),
    );
    this.note(`notification ${body.id.slice(-4)} ${body.state}: ${answer}`);
    if (this.options.observe) {
      const history = await this.stores
        .deploys()
        .getWithMetadata(PRODUCTION_HISTORY_KEY, { type: 'json' });
      const since = (history?.data as ProductionHistory | undefined)?.live?.since;
      if (since && since !== this.liveSince.at(-1)) this.liveSince.push(since);
    }
  }

  // ---- What an editor's badge is told, and what the queue holds ------------------------------------

  /** What an editor's badges say of these revisions now. */
  statusOf(questions: readonly Published[]): Promise<Record<string, DocumentStatus>> {
    return this.site.badges(questions, this.stores);
  }

  /** When the last notification still on its way arrives (the clock's now if none is). */
  pendingDeliveries(): number {
    return Math.max(
      this.clock.now,
      ...this.clock
        .pending()
        .filter((event) => event.what.startsWith('notify'))
        .map((event) => event.at),
    );
  }

  async queue(): Promise<PublishQueue | undefined> {
    return (await this.stores.queue().getWithMetadata(PUBLISH_QUEUE_KEY, { type: 'json' }))
      ?.data as PublishQueue | undefined;
  }

  private batchId(): string {
    return `b-${(this.batches += 1).toString(16).padStart(8, '0')}`;
  }

  note(line: string): void {
    // A freshness check that ran logs what it found.
    if (line.startsWith('[freshness-check]')) this.checks += 1;
    if (!this.options.observe) return;
    // publish-retry's idle minutes, and the freshness check's runs that are not due, say nothing.
    if (
      (line.startsWith('[publish-retry] ') &&
        (line.endsWith('nothing waits') || line.endsWith('is building'))) ||
      line.includes('not due: the next check')
    )
      return;
    this.log.push(`${new Date(this.clock.now).toISOString().slice(11, 19)} ${line}`);
  }
}
