/**
 * One simulated world of the publish loop, for the publish loop's fault model
 * (tests/unit/deploys/publish-loop.model.test.ts) and the month bench (scripts/bench/month/): the
 * site's real functions (rebuild-on-publish, publish-retry, freshness-check, deploy-notification,
 * publish-status), each invocation a fresh instance, over two Blobs stores (in memory with
 * Netlify's conditional-write rules, or any others given), with or without a deploy budget; Sanity
 * (its content, and its webhook deliveries: a failed one is delivered again twice, 30 s apart);
 * the product API (product-api.ts); Netlify (netlify.ts); Netlify's scheduler (publish-retry on
 * every minute, the freshness check on every quarter hour, or the nightly build every midnight);
 * ops' builds by hand (`npm run rebuild`); one clock (clock.ts). What differs between the two runs
 * is given: the faults injected (faults.ts: then the invocations interleave by the seed), the
 * activity (the model's commands, the bench's month: they call `publish`, `changeTenant`, `byHand`
 * and move the clock) and the schedules.
 */
import { encodeSignatureHeader } from '@sanity/webhook';
import { createNotificationFunction } from '../../../src/lib/deploys/notification-function.ts';
import { createStatusFunctions } from '../../../src/lib/deploys/status-function.ts';
import { memoryBlobStore, type BlobStore } from '../../../src/lib/publish-records/blob-store.ts';
import {
  BUILD_RECORD_BLOB,
  PRODUCTION_HISTORY_KEY,
  PUBLISH_QUEUE_KEY,
  type BuildInputs,
  type DocumentStatus,
  type ProductionHistory,
  type PublishQueue,
} from '../../../src/lib/publish-records/records.ts';
import { manualBody, triggerBuild } from '../../../src/lib/rebuild/build-hook.ts';
import { createFreshnessCheckFunction } from '../../../src/lib/rebuild/freshness-check.ts';
import { createPublishFunction } from '../../../src/lib/rebuild/publish-function.ts';
import { createPublishRetryFunction } from '../../../src/lib/rebuild/publish-retry.ts';
import { newBatchId } from '../../../src/lib/publish-records/records.ts';
import { TenantHttpError, type TenantTransport } from '../../../src/lib/tenants/client.ts';
import type { DeployNotificationBody } from '../netlify/notifications.ts';
import { signedNotification } from '../netlify/notifications.ts';
import { seeded } from '../random.ts';
import { SimClock } from './clock.ts';
import { Faults } from './faults.ts';
import { interleave, Invocation } from './invocations.ts';
import {
  createSimulatedNetlify,
  SITE_ID,
  type Revision,
  type SimulatedNetlify,
} from './netlify.ts';
import { ProductApi } from './product-api.ts';

const WEBHOOK_SECRET = 'simulated-webhook-secret-0123456789abcdef';
const NOTIFICATION_SECRET = 'simulated-notification-secret-0123456789abcdef';
const PASS_SECRET = 'simulated-editor-pass-secret-0123456789abcdef';
const HOOK_URL = 'https://api.netlify.example/build_hooks/simulated';
const EDITOR = 'editor-session-token';
const API_BASE = 'https://api.simulated.example';
/** Sanity delivers a webhook that failed twice more, 30 s apart (Sanity's changelog, 29 April 2026). */
const REDELIVERIES = 2;
const MINUTE = 60_000;
const QUARTER_HOUR = 15 * MINUTE;
const DAY = 24 * 60 * MINUTE;
/** How long Netlify takes to post a notification. */
const NOTIFICATION_DELAY_MS = 1_000;

/** The Blobs stores the functions use, and a deploy's own store (its build record). */
export interface WorldStores {
  queue: () => BlobStore;
  deploys: () => BlobStore;
  deploy: (deployId: string) => BlobStore;
}

/** Stores in memory, with Netlify Blobs' conditional-write rules. */
export function memoryStores(): WorldStores {
  const queue = memoryBlobStore();
  const deploys = memoryBlobStore();
  const perDeploy = new Map<string, BlobStore>();
  return {
    queue: () => queue,
    deploys: () => deploys,
    deploy: (deployId) => {
      if (!perDeploy.has(deployId)) perDeploy.set(deployId, memoryBlobStore());
      return perDeploy.get(deployId)!;
    },
  };
}

export interface WorldOptions {
  /** When the clock starts. */
  start: number;
  /** The schools the product API keeps tenant records of. */
  schools: readonly string[];
  /** Documents published before the world starts (revision `<id>-r0`). */
  documents?: readonly string[];
  /** What a document is: its webhook's `_type`, its build record's type and school (default: an FAQ of no school). */
  describe?: (id: string) => { type: string; school: string | null };
  /** DEPLOY_BUDGET_PER_HOUR, or none. */
  budget?: number | undefined;
  /** How long builds take (ms) until `buildMs` is changed. */
  buildMs: number;
  /** FRESHNESS_CHECK_MINUTES: the freshness check runs on every quarter hour, checking on those. None: no freshness check. */
  freshnessMinutes?: number | undefined;
  /** The nightly build, every midnight (UTC), as the nightly function made it before the freshness check. */
  nightly?: boolean;
  /**
   * publish-retry on every minute; or only while something may wait (after a publish, a
   * notification, a build called or a freshness check, until it answers that nothing waits): a run
   * with nothing to do changes nothing, so a month skips its quiet minutes.
   */
  retry: 'every-minute' | 'while-busy';
  /** The Blobs stores (default memoryStores()). */
  stores?: WorldStores;
  /**
   * Faults injected (`world.faults` arms them): every invocation then stops at each step outside it
   * and the world lets them on in an order drawn from `seed`; `moveTimers` moves fake timers when
   * nothing else can (updateJson's pauses between lost races).
   */
  faults?: { seed: number; moveTimers: () => void };
  /** Keeps the log of what happened and every move of the live pointer (the fault model's checks). */
  observe?: boolean;
}

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

const quiet = () => {};

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
  /** The live pointer's `since` after every notification (with `observe`): it never moves back. */
  readonly liveSince: string[] = [];
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
    this.stores = options.stores ?? memoryStores();
    for (const id of options.documents ?? [])
      this.content.set(id, { rev: `${id}-r0`, broken: false });
    this.netlify = createSimulatedNetlify({
      clock: this.clock,
      faults: this.faults,
      content: () => this.content,
      inputs: () => this.productApi.inputs(),
      describe: this.describe,
      deployStore: this.stores.deploy,
      emit: (body) => this.emit(body),
      buildMs: () => this.buildMs,
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

  /** A store as one invocation sees it: with faults, each read and write is a step that may fail. */
  private store(store: BlobStore, invocation: Invocation, name: string): BlobStore {
    return this.faults ? this.faults.wrap(store, invocation, name) : store;
  }

  private settings() {
    return {
      NETLIFY_BUILD_HOOK_URL: HOOK_URL,
      PUBLISH_RETRY_BASE_SECONDS: undefined,
      DEPLOY_BUDGET_PER_HOUR: this.budget,
      CONTEXT: 'production',
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
    const body = JSON.stringify({
      _id: published.id,
      _type: this.describe(published.id).type,
      _rev: published.rev,
      _updatedAt: published.publishedAt,
    });
    const signature = await encodeSignatureHeader(body, this.clock.now, WEBHOOK_SECRET);
    const request = new Request('https://site.example/.netlify/functions/rebuild-on-publish', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sanity-webhook-signature': signature },
      body,
    });
    const answer = await this.invoke(async (invocation) => {
      const response = await createPublishFunction({
        openBlobStore: () => this.store(this.stores.queue(), invocation, 'webhook'),
        readSettings: () => ({ ...this.settings(), SANITY_WEBHOOK_SECRET: WEBHOOK_SECRET }),
        site: {},
        log: (line) => this.note(line),
        webhook: {
          fetch: this.netlify.hook(invocation),
          now: () => this.clock.now,
          newBatchId: () => this.batchId(),
          log: (line) => this.note(line),
        },
      })(request, { deploy: { context: 'production' } });
      await response.arrayBuffer();
      return response.status;
    });
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
    const message = await this.invoke(async (invocation) => {
      const answer = await createPublishRetryFunction({
        openBlobStore: () => this.store(this.stores.queue(), invocation, 'publish-retry'),
        readSettings: () => this.settings(),
        site: {},
        log: (line) => this.note(line),
        now: () => new Date(this.clock.now),
        fetch: this.netlify.hook(invocation),
      })(new Request('https://site.example/.netlify/functions/publish-retry', { method: 'POST' }));
      const text = await answer.text();
      return text.startsWith('{') ? (JSON.parse(text) as { message?: string }).message : text;
    });
    if (message === 'nothing waits') this.busy = false;
  }

  /** The freshness check, as the scheduler runs it (on the quarter hour: it checks on the FRESHNESS_CHECK_MINUTES it names). */
  private async freshness(): Promise<void> {
    await this.invoke(async (invocation) => {
      const answer = await createFreshnessCheckFunction({
        openQueueStore: () => this.store(this.stores.queue(), invocation, 'freshness-check'),
        openDeploysStore: () => this.store(this.stores.deploys(), invocation, 'freshness-check'),
        readSettings: () => ({
          ...this.settings(),
          PUBLIC_API_BASE: API_BASE,
          FRESHNESS_CHECK_MINUTES: this.options.freshnessMinutes!,
          FRESHNESS_MAX_AGE_DAYS: 7,
        }),
        site: {},
        log: (line) => {
          // A check that ran logs what it found.
          this.checks += 1;
          this.note(`[freshness-check] ${line}`);
        },
        now: () => new Date(this.clock.now),
        fetch: this.netlify.hook(invocation),
        transport: () => this.readProductApi(invocation),
      })(
        new Request('https://site.example/.netlify/functions/freshness-check', { method: 'POST' }),
        { deploy: { context: 'production' } },
      );
      await answer.arrayBuffer();
    });
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
    const { text, headers } = signedNotification(body, NOTIFICATION_SECRET);
    const request = new Request('https://site.example/api/deploy-notification', {
      method: 'POST',
      headers,
      body: text,
    });
    const answer = await this.invoke(async (invocation) => {
      const response = await createNotificationFunction({
        openDeploysStore: () => this.store(this.stores.deploys(), invocation, 'notification'),
        openQueueStore: () => this.store(this.stores.queue(), invocation, 'notification'),
        // A read of the deploy's own store: a Blobs read like any other.
        readBuildReport: async (deployId) =>
          (
            await this.store(
              this.stores.deploy(deployId),
              invocation,
              'notification',
            ).getWithMetadata(BUILD_RECORD_BLOB, { type: 'json' })
          )?.data,
        readSettings: () => ({
          ...this.settings(),
          NETLIFY_DEPLOY_NOTIFICATION_SECRET: NOTIFICATION_SECRET,
          SITE_ID,
        }),
        site: {},
        log: (line) => this.note(line),
        fetch: this.netlify.hook(invocation),
        now: () => new Date(this.clock.now),
      })(request, { deploy: { context: 'production' } });
      await response.arrayBuffer();
      return response.status;
    });
    this.note(`notification ${body.id.slice(-4)} ${body.state}: ${answer}`);
    if (this.options.observe) {
      const history = await this.stores.deploys().getWithMetadata(PRODUCTION_HISTORY_KEY, {
        type: 'json',
      });
      const since = (history?.data as ProductionHistory | undefined)?.live?.since;
      if (since && since !== this.liveSince.at(-1)) this.liveSince.push(since);
    }
  }

  // ---- What an editor's badge is told, and what the queue holds ------------------------------------

  async statusOf(questions: readonly Published[]): Promise<Record<string, DocumentStatus>> {
    const status = createStatusFunctions({
      openDeploysStore: this.stores.deploys,
      openQueueStore: this.stores.queue,
      readSettings: () => ({
        SANITY_STUDIO_URL: undefined,
        SANITY_PROJECT_ID: 'simulated',
        SANITY_DATASET: 'production',
        SANITY_API_HOST: undefined,
        EDITOR_PASS_SECRET: PASS_SECRET,
        SITE_ID,
        CONTEXT: 'production',
        DEPLOY_BUDGET_PER_HOUR: this.budget,
      }),
      verifyToken: (token) => Promise.resolve(token === EDITOR ? 'editor' : 'refused'),
      site: {},
      now: () => new Date(this.clock.now),
      log: quiet,
    });
    const ids = questions.map((question) => `${question.id}:${question.rev}`).join(',');
    const answer = await status.publishStatus(
      new Request(`https://site.example/api/publish-status?ids=${ids}`, {
        headers: { authorization: `Bearer ${EDITOR}` },
      }),
      { deploy: { context: 'production' } },
    );
    return ((await answer.json()) as { documents: Record<string, DocumentStatus> }).documents;
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
    if (!this.options.observe) return;
    // publish-retry's idle minutes, and the freshness check's runs that are not due, say nothing.
    if (
      line.endsWith('nothing waits') ||
      line.endsWith('is building') ||
      line.includes('not due: the next check')
    )
      return;
    this.log.push(`${new Date(this.clock.now).toISOString().slice(11, 19)} ${line}`);
  }
}
