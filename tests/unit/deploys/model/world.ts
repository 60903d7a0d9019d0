/**
 * The publish loop's world for the model: the site's real functions (rebuild-on-publish,
 * publish-retry, freshness-check, deploy-notification, publish-status), each invocation a fresh
 * instance, over two in-memory Blobs stores with Netlify's conditional-write rules, with or without
 * a deploy budget; Sanity (its content, and its webhook deliveries: a failed one is delivered again
 * twice, 30 s apart); the product API (each school's tenant record, which an operator changes with
 * no event); Netlify (netlify.ts); Netlify's scheduler (publish-retry on every minute, the freshness
 * check on every quarter hour); ops' builds by hand (`npm run rebuild`); one clock. Time moves only
 * by `advanceTo`, which runs every event due in order, those due at the same moment at once (so
 * their reads and writes interleave as concurrent instances' would).
 */
import { statusHandlers } from '../fixtures.ts';
import { defineFunction } from '../../../../src/lib/functions/define-function.ts';
import { vi } from 'vitest';
import { encodeSignatureHeader } from '@sanity/webhook';
import { memoryBlobStore } from '../../../../src/lib/functions/blob-store.ts';
import { signNetlifyNotification } from '../../../../src/lib/deploys/jws.ts';
import { deployNotification } from '../../../../src/lib/deploys/notification-function.ts';
import { manualBody, triggerBuild } from '../../../../src/lib/rebuild/build-hook.ts';
import { freshnessCheck } from '../../../../src/lib/rebuild/freshness-check.ts';
import { rebuildOnPublish } from '../../../../src/lib/rebuild/publish-webhook.ts';
import { publishRetry } from '../../../../src/lib/rebuild/publish-retry.ts';
import { type BuildInputs } from '../../../../src/lib/publish-records/build-record.ts';
import { type ProductionHistory } from '../../../../src/lib/publish-records/deploy-history.ts';
import {
  PRODUCTION_HISTORY_KEY,
  PUBLISH_QUEUE_KEY,
} from '../../../../src/lib/publish-records/names.ts';
import { type PublishQueue } from '../../../../src/lib/publish-records/queue-record.ts';
import { type DocumentStatus } from '../../../../src/lib/publish-records/status-answers.ts';
import {
  recordsTransport,
  TenantHttpError,
  type TenantTransport,
} from '../../../../src/lib/tenants/client.ts';
import { inputsDigest, tenantDigest } from '../../../../src/lib/tenants/digest.ts';
import { toTenant } from '../../../../src/lib/tenants/schema.ts';
import { Faults, Invocation } from './faults.ts';
import { createNetlify, SITE_ID, type Revision } from './netlify.ts';

const WEBHOOK_SECRET = 'model-webhook-secret-0123456789abcdef';
const NOTIFICATION_SECRET = 'model-notification-secret-0123456789abcdef';
const PASS_SECRET = 'model-editor-pass-secret-0123456789abcdef';
const HOOK_URL = 'https://api.netlify.example/build_hooks/model';
const EDITOR = 'editor-session-token';
export const START = Date.UTC(2026, 10, 27, 9, 0, 0);
export const DOCUMENTS = ['home-landingHeader', 'home-faqs', 'husky-plans', 'site-footer'];
/** The schools whose tenant records the builds read and the freshness check compares. */
export const SCHOOLS = ['huskymobile', 'beavsmobile', 'cubbymobile'];
/** The freshness check's interval in the model (FRESHNESS_CHECK_MINUTES). */
export const FRESHNESS_MINUTES = 30;
const API_BASE = 'https://api.model.example';
/** Sanity delivers a webhook that failed twice more, 30 s apart (Sanity's changelog, 29 April 2026). */
const REDELIVERIES = 2;

interface Event {
  at: number;
  order: number;
  what: string;
  run: () => Promise<void>;
}

export interface Published {
  id: string;
  rev: string;
  broken: boolean;
  /** Its `_updatedAt`: Sanity's publish time, in milliseconds, so never the same for two revisions of a document. */
  publishedAt: string;
  /** The site answered 202 to one of its deliveries. */
  acknowledged: boolean;
}

/** A small seeded generator (mulberry32): the world's draws repeat for the same seed. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A school's tenant record as the product API keeps it: what an operator changes. */
interface TenantState {
  id: number;
  event: string | null;
  name: string;
}

export class World {
  clock = START;
  readonly random: () => number;
  /** DEPLOY_BUDGET_PER_HOUR, or none. */
  readonly budget: number | undefined;
  readonly tenants = new Map<string, TenantState>(
    SCHOOLS.map((slug, at) => [
      slug,
      { id: at + 1, event: `${slug}-event-0`, name: `${slug} Mobile` },
    ]),
  );
  tenantChanges = 0;
  private active = new Set<Invocation>();
  readonly faults = new Faults(() => this.clock);
  readonly queueStore = memoryBlobStore();
  readonly deploysStore = memoryBlobStore();
  readonly content = new Map<string, Revision>(
    DOCUMENTS.map((id) => [id, { rev: `${id}-r0`, broken: false }]),
  );
  readonly published: Published[] = [];
  readonly log: string[] = [];
  replays = 0;
  /** publish-retry's runs are skipped until then (the scheduler missed them). */
  skipRetryUntil = 0;
  /** How long the next builds take (ms), as the commands set it. */
  buildMs = 3 * 60_000;
  /** The live pointer's `since` after every notification: it never moves back. */
  readonly liveSince: string[] = [];
  private events: Event[] = [];
  private order = 0;
  private batches = 0;
  private revisions = 0;
  private lastPublishedAt = 0;
  readonly netlify = createNetlify({
    faults: this.faults,
    now: () => this.clock,
    content: () => this.content,
    inputs: () => this.inputs(),
    schedule: (at, what, run) => this.schedule(at, what, run),
    emit: (body) => this.emit(body),
    buildMs: () => this.buildMs,
  });

  constructor(seed = 1, budget?: number) {
    this.random = seeded(seed);
    this.budget = budget;
    // publish-retry on every minute, the freshness check on every quarter hour, for as long as the world runs.
    this.scheduleRetry(Math.ceil((this.clock + 1) / 60_000) * 60_000);
    this.scheduleFreshness(Math.ceil((this.clock + 1) / 900_000) * 900_000);
  }

  /** Starts one invocation of a function; resolves with its answer, or 'died' when its instance stopped at a step. */
  private invoke<T>(work: (invocation: Invocation) => Promise<T>): Promise<T | 'died'> {
    const invocation = new Invocation();
    this.active.add(invocation);
    const answered = work(invocation).finally(() => {
      invocation.state = 'done';
    });
    return Promise.race([answered, invocation.death]);
  }

  /**
   * Runs `work` to its end: whenever every invocation still running waits at a gate, one drawn at
   * random goes on; fake timers (updateJson's pauses between lost races) move when nothing else can.
   * Web Crypto's HMACs run off the main thread, so real time passes too: a minute of it means a hang.
   */
  private async drive(work: Promise<unknown>): Promise<void> {
    let settled = false;
    let failure: { error: unknown } | undefined;
    work.then(
      () => {
        settled = true;
      },
      (error: unknown) => {
        settled = true;
        failure = { error };
      },
    );
    const giveUp = Date.now() + 60_000;
    while (!settled) {
      await new Promise((next) => setImmediate(next));
      if (settled) break;
      const live = [...this.active].filter(
        (invocation) => invocation.state !== 'done' && !invocation.dead,
      );
      if (live.length > 0 && live.every((invocation) => invocation.state === 'gated')) {
        live[Math.floor(this.random() * live.length)]!.release();
        continue;
      }
      if (vi.getTimerCount() > 0) vi.advanceTimersToNextTimer();
      if (Date.now() > giveUp)
        throw new Error(
          `an invocation neither answered nor died (${this.log.slice(-5).join('; ')})`,
        );
    }
    for (const invocation of this.active)
      if (invocation.state === 'done' || invocation.dead) this.active.delete(invocation);
    if (failure) throw failure.error;
  }

  schedule(at: number, what: string, run: () => Promise<void>): void {
    this.events.push({ at: Math.max(at, this.clock), order: (this.order += 1), what, run });
  }

  private scheduleFreshness(at: number): void {
    this.schedule(at, 'freshness-check', async () => {
      await this.freshness();
      this.scheduleFreshness(at + 900_000);
    });
  }

  private scheduleRetry(at: number): void {
    this.schedule(at, 'publish-retry', async () => {
      if (this.clock >= this.skipRetryUntil) await this.retry();
      this.scheduleRetry(at + 60_000);
    });
  }

  /** Runs every event due by `until` (the clock ends there). */
  async advanceTo(until: number): Promise<void> {
    for (;;) {
      const next = this.events.reduce<Event | undefined>(
        (first, event) =>
          !first || event.at < first.at || (event.at === first.at && event.order < first.order)
            ? event
            : first,
        undefined,
      );
      if (!next || next.at > until) break;
      this.clock = next.at;
      const due = this.events.filter((event) => event.at === next.at);
      this.events = this.events.filter((event) => event.at !== next.at);
      await this.drive(Promise.all(due.map((event) => event.run())));
    }
    this.clock = Math.max(this.clock, until);
  }

  // ---- Sanity ------------------------------------------------------------------------------

  /** An editor publishes `id` (a new revision, `broken`: the build fails on it); Sanity delivers its webhook now. */
  publish(ids: readonly string[], broken: boolean): void {
    for (const id of ids) {
      const rev = `${id}-r${(this.revisions += 1)}`;
      this.content.set(id, { rev, broken });
      this.lastPublishedAt = Math.max(this.clock, this.lastPublishedAt + 1);
      const published: Published = {
        id,
        rev,
        broken,
        publishedAt: new Date(this.lastPublishedAt).toISOString(),
        acknowledged: false,
      };
      this.published.push(published);
      this.schedule(this.clock, `webhook ${rev}`, () => this.deliverWebhook(published, 0));
    }
  }

  /** Sanity delivers the current revision's webhook again (a replay). */
  replay(id: string): void {
    const last = [...this.published].reverse().find((entry) => entry.id === id);
    if (!last) return;
    this.replays += 1;
    this.schedule(this.clock, `replay ${last.rev}`, () => this.deliverWebhook(last, REDELIVERIES));
  }

  private async deliverWebhook(published: Published, attempt: number): Promise<void> {
    const body = JSON.stringify({
      _id: published.id,
      _type: 'faqs',
      _rev: published.rev,
      _updatedAt: published.publishedAt,
    });
    const signature = await encodeSignatureHeader(body, this.clock, WEBHOOK_SECRET);
    const request = new Request('https://site.example/.netlify/functions/rebuild-on-publish', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sanity-webhook-signature': signature },
      body,
    });
    const answer = await this.invoke((invocation) =>
      defineFunction(rebuildOnPublish, {
        openStores: { queue: () => this.faults.wrap(this.queueStore, invocation, 'webhook') },
        readSettings: () => ({
          NETLIFY_BUILD_HOOK_URL: HOOK_URL,
          PUBLISH_RETRY_BASE_SECONDS: undefined,
          DEPLOY_BUDGET_PER_HOUR: this.budget,
          SANITY_WEBHOOK_SECRET: WEBHOOK_SECRET,
          CONTEXT: 'production',
        }),
        site: {},
        log: (line) => this.note(line),
        fetch: this.netlify.hook(invocation),
        now: () => new Date(this.clock),
        deps: { newBatchId: () => this.batchId() },
      })(request, { deploy: { context: 'production' } }),
    );
    const status = answer === 'died' ? 'died' : answer.status;
    this.note(`webhook ${published.rev} (delivery ${attempt + 1}): ${status}`);
    if (status === 202) published.acknowledged = true;
    else if (attempt < REDELIVERIES)
      this.schedule(this.clock + 30_000, `redeliver ${published.rev}`, () =>
        this.deliverWebhook(published, attempt + 1),
      );
  }

  // ---- The scheduled functions ---------------------------------------------------------------

  private async retry(): Promise<void> {
    await this.invoke((invocation) =>
      defineFunction(publishRetry, {
        openStores: { queue: () => this.faults.wrap(this.queueStore, invocation, 'publish-retry') },
        readSettings: () => ({
          NETLIFY_BUILD_HOOK_URL: HOOK_URL,
          PUBLISH_RETRY_BASE_SECONDS: undefined,
          DEPLOY_BUDGET_PER_HOUR: this.budget,
          CONTEXT: 'production',
        }),
        site: {},
        log: (line) => this.note(line),
        now: () => new Date(this.clock),
        fetch: this.netlify.hook(invocation),
      })(new Request('https://site.example/.netlify/functions/publish-retry', { method: 'POST' })),
    );
  }

  /** The freshness check, as the scheduler runs it (on the quarter hour: it checks on those FRESHNESS_MINUTES names). */
  private async freshness(): Promise<void> {
    await this.invoke((invocation) =>
      defineFunction(freshnessCheck, {
        openStores: {
          queue: () => this.faults.wrap(this.queueStore, invocation, 'freshness-check'),
          deploys: () => this.faults.wrap(this.deploysStore, invocation, 'freshness-check'),
        },
        readSettings: () => ({
          NETLIFY_BUILD_HOOK_URL: HOOK_URL,
          PUBLISH_RETRY_BASE_SECONDS: undefined,
          DEPLOY_BUDGET_PER_HOUR: this.budget,
          PUBLIC_API_BASE: API_BASE,
          FRESHNESS_CHECK_MINUTES: FRESHNESS_MINUTES,
          FRESHNESS_MAX_AGE_DAYS: 7,
          CONTEXT: 'production',
        }),
        site: {},
        log: (line) => this.note(line),
        now: () => new Date(this.clock),
        fetch: this.netlify.hook(invocation),
        deps: { transport: () => this.productApi(invocation) },
      })(
        new Request('https://site.example/.netlify/functions/freshness-check', { method: 'POST' }),
        { deploy: { context: 'production' } },
      ),
    );
  }

  /** The product API as one check reads it (each request a step of the invocation); a fault armed for it fails, or hangs, the whole read. */
  private productApi(invocation: Invocation): TenantTransport {
    const fault = this.faults.armed ? this.faults.nextApi() : undefined;
    return async (path) => {
      await invocation.gate();
      if (fault === 'error') throw new TenantHttpError(503, path);
      if (fault === 'no-answer') return new Promise(() => {});
      // The records as they are when this request arrives.
      return recordsTransport(
        [...this.tenants].map(([slug, tenant]) => ({
          id: tenant.id,
          affiliateId: 1,
          slug,
          Name: tenant.name,
          ActiveGiveawayEvent: tenant.event,
        })),
      )(path);
    };
  }

  /** What a build reads of the product API now, digested as the build digests it. */
  inputs(): BuildInputs {
    const tenants = Object.fromEntries(
      [...this.tenants].map(([slug, tenant]) => [
        slug,
        tenantDigest(
          toTenant(
            {
              id: tenant.id,
              affiliateId: 1,
              slug,
              Name: tenant.name,
              ActiveGiveawayEvent: tenant.event,
            },
            slug,
            '1',
          ),
        ),
      ]),
    );
    return { source: 'api', digest: inputsDigest(tenants), tenants };
  }

  /** An operator changes a school's tenant record in the product API (a giveaway opens or closes): no event reaches the site. */
  changeTenant(slug: string): void {
    const tenant = this.tenants.get(slug)!;
    this.tenantChanges += 1;
    tenant.event = tenant.event === null ? `${slug}-event-${this.tenantChanges}` : null;
    this.note(
      `tenant ${slug}: giveaway ${tenant.event === null ? 'closed' : `open (${tenant.event})`}`,
    );
  }

  /** Ops force a build now (`npm run rebuild`): straight to the build hook, its own batch. */
  byHand(): void {
    this.schedule(this.clock, 'build by hand', async () => {
      await this.invoke(async (invocation) => {
        const title = await triggerBuild(HOOK_URL, manualBody(), {
          fetch: this.netlify.hook(invocation),
          now: new Date(this.clock),
        }).catch((error: Error) => `failed: ${error.message}`);
        this.note(`build by hand: ${title}`);
      });
    });
  }

  // ---- Netlify's notifications ----------------------------------------------------------------

  private emit(body: Record<string, unknown>): void {
    const fault = this.faults.armed ? this.faults.nextNotification() : undefined;
    const what = `notify ${String(body['id']).slice(-4)} ${String(body['state'])}`;
    if (fault?.kind === 'lose') return;
    const delay = fault?.kind === 'delay' ? fault.ms : 1_000;
    this.schedule(this.clock + delay, what, () => this.deliverNotification(body));
    if (fault?.kind === 'duplicate')
      this.schedule(this.clock + delay + fault.afterMs, `${what} again`, () =>
        this.deliverNotification(body),
      );
  }

  private async deliverNotification(body: Record<string, unknown>): Promise<void> {
    const text = JSON.stringify(body);
    const request = new Request('https://site.example/api/deploy-notification', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-webhook-signature': signNetlifyNotification(text, NOTIFICATION_SECRET),
      },
      body: text,
    });
    const answer = await this.invoke((invocation) =>
      defineFunction(deployNotification, {
        openStores: {
          deploys: () => this.faults.wrap(this.deploysStore, invocation, 'notification'),
          queue: () => this.faults.wrap(this.queueStore, invocation, 'notification'),
        },
        readSettings: () => ({
          NETLIFY_BUILD_HOOK_URL: HOOK_URL,
          PUBLISH_RETRY_BASE_SECONDS: undefined,
          DEPLOY_BUDGET_PER_HOUR: this.budget,
          NETLIFY_DEPLOY_NOTIFICATION_SECRET: NOTIFICATION_SECRET,
          SITE_ID,
          CONTEXT: 'production',
        }),
        site: {},
        log: (line) => this.note(line),
        fetch: this.netlify.hook(invocation),
        now: () => new Date(this.clock),
        deps: {
          readBuildReport: async (deployId) => {
            // A read of the deploy's own store: a Blobs read like any other.
            const store = this.faults.wrap(memoryBlobStore(), invocation, 'notification');
            await store.getWithMetadata('build-record', { type: 'json' });
            return this.netlify.buildRecord(deployId);
          },
        },
      })(request, { deploy: { context: 'production' } }),
    );
    this.note(
      `notification ${String(body['id']).slice(-4)} ${String(body['state'])}: ${answer === 'died' ? 'died' : answer.status}`,
    );
    const since = (this.deploysStore.value(PRODUCTION_HISTORY_KEY) as ProductionHistory | undefined)
      ?.live?.since;
    if (since && since !== this.liveSince.at(-1)) this.liveSince.push(since);
  }

  // ---- What an editor's badge is told --------------------------------------------------------------

  async statusOf(questions: readonly Published[]): Promise<Record<string, DocumentStatus>> {
    const status = statusHandlers({
      openStores: { deploys: () => this.deploysStore, queue: () => this.queueStore },
      readSettings: () => ({
        SANITY_STUDIO_URL: undefined,
        SANITY_PROJECT_ID: 'model',
        SANITY_DATASET: 'production',
        SANITY_API_HOST: undefined,
        EDITOR_PASS_SECRET: PASS_SECRET,
        SITE_ID,
        CONTEXT: 'production',
        DEPLOY_BUDGET_PER_HOUR: this.budget,
      }),
      site: {},
      now: () => new Date(this.clock),
      log: () => {},
      deps: { verifyToken: (token) => Promise.resolve(token === EDITOR ? 'editor' : 'refused') },
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

  /** When the last notification still on its way arrives (the world's clock if none is). */
  pendingDeliveries(): number {
    return Math.max(
      this.clock,
      ...this.events.filter((event) => event.what.startsWith('notify')).map((event) => event.at),
    );
  }

  queue(): PublishQueue | undefined {
    return this.queueStore.value(PUBLISH_QUEUE_KEY) as PublishQueue | undefined;
  }

  private batchId(): string {
    return `b-${(this.batches += 1).toString(16).padStart(8, '0')}`;
  }

  note(line: string): void {
    // publish-retry's idle minutes, and the freshness check's runs that are not due, say nothing.
    if (
      (line.startsWith('[publish-retry] ') &&
        (line.endsWith('nothing waits') || line.endsWith('is building'))) ||
      line.includes('not due: the next check')
    )
      return;
    this.log.push(`${new Date(this.clock).toISOString().slice(11, 19)} ${line}`);
  }
}
