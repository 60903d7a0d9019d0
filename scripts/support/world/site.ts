/**
 * The site's functions as the simulated world invokes them (world.ts): each call a fresh instance
 * of the production function, with the world's settings and clock, its Blobs stores and the build
 * hook as that one invocation sees them (with faults injected, each a step that may fail). Answers
 * what the caller of each would read: the status code, publish-retry's message, the editor's badges.
 */
import { encodeSignatureHeader } from '@sanity/webhook';
import { deployNotification } from '../../../src/lib/deploys/notification-function.ts';
import { statusFunctions } from '../../../src/lib/deploys/status-function.ts';
import type { BlobStore } from '../../../src/lib/functions/blob-store.ts';
import { defineFunction, type FetchLike } from '../../../src/lib/functions/define-function.ts';
import { BUILD_RECORD_BLOB } from '../../../src/lib/publish-records/names.ts';
import type { DocumentStatus } from '../../../src/lib/publish-records/status-answers.ts';
import { freshnessCheck } from '../../../src/lib/rebuild/freshness-check.ts';
import { publishRetry } from '../../../src/lib/rebuild/publish-retry.ts';
import { rebuildOnPublish } from '../../../src/lib/rebuild/publish-webhook.ts';
import type { TenantTransport } from '../../../src/lib/tenants/client.ts';
import { signedNotification, type DeployNotificationBody } from '../netlify/notifications.ts';
import { SITE_ID } from './netlify.ts';

export const HOOK_URL = 'https://api.netlify.example/build_hooks/simulated';
const WEBHOOK_SECRET = 'simulated-webhook-secret-0123456789abcdef';
const NOTIFICATION_SECRET = 'simulated-notification-secret-0123456789abcdef';
const PASS_SECRET = 'simulated-editor-pass-secret-0123456789abcdef';
const EDITOR = 'editor-session-token';
const API_BASE = 'https://api.simulated.example';
const PRODUCTION = { deploy: { context: 'production' } };

/** What one invocation's instance reaches: its stores, the build hook and the product API. */
export interface InvocationDoors {
  queue: () => BlobStore;
  deploys: () => BlobStore;
  deploy: (deployId: string) => BlobStore;
  hook: FetchLike;
  productApi: () => TenantTransport;
}

export interface SiteOptions {
  now: () => number;
  /** DEPLOY_BUDGET_PER_HOUR, or none. */
  budget: number | undefined;
  /** FRESHNESS_CHECK_MINUTES. */
  freshnessMinutes: number | undefined;
  /** A function's log line, `[name] message`. */
  log: (line: string) => void;
  newBatchId: () => string;
}

/** The status a function answered, read in full. */
async function statusOf(answer: Response): Promise<number> {
  await answer.arrayBuffer();
  return answer.status;
}

export function createSite(options: SiteOptions) {
  const now = () => new Date(options.now());
  const settings = () => ({
    NETLIFY_BUILD_HOOK_URL: HOOK_URL,
    PUBLISH_RETRY_BASE_SECONDS: undefined,
    DEPLOY_BUDGET_PER_HOUR: options.budget,
    CONTEXT: 'production',
  });

  return {
    /** Sanity's webhook for one published revision, signed as Sanity signs it: rebuild-on-publish's status. */
    async publishWebhook(
      document: { id: string; type: string; rev: string; updatedAt: string },
      doors: InvocationDoors,
    ): Promise<number> {
      const body = JSON.stringify({
        _id: document.id,
        _type: document.type,
        _rev: document.rev,
        _updatedAt: document.updatedAt,
      });
      const signature = await encodeSignatureHeader(body, options.now(), WEBHOOK_SECRET);
      const request = new Request('https://site.example/.netlify/functions/rebuild-on-publish', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'sanity-webhook-signature': signature },
        body,
      });
      return statusOf(
        await defineFunction(rebuildOnPublish, {
          openStores: { queue: doors.queue },
          readSettings: () => ({ ...settings(), SANITY_WEBHOOK_SECRET: WEBHOOK_SECRET }),
          site: {},
          log: options.log,
          fetch: doors.hook,
          now,
          deps: { newBatchId: options.newBatchId },
        })(request, PRODUCTION),
      );
    },

    /** publish-retry as the scheduler runs it: its answer's message. */
    async retry(doors: InvocationDoors): Promise<string | undefined> {
      const answer = await defineFunction(publishRetry, {
        openStores: { queue: doors.queue },
        readSettings: settings,
        site: {},
        log: options.log,
        now,
        fetch: doors.hook,
      })(new Request('https://site.example/.netlify/functions/publish-retry', { method: 'POST' }));
      const text = await answer.text();
      return text.startsWith('{') ? (JSON.parse(text) as { message?: string }).message : text;
    },

    /** The freshness check as the scheduler runs it. */
    async freshness(doors: InvocationDoors): Promise<number> {
      return statusOf(
        await defineFunction(freshnessCheck, {
          openStores: { queue: doors.queue, deploys: doors.deploys },
          readSettings: () => ({
            ...settings(),
            PUBLIC_API_BASE: API_BASE,
            FRESHNESS_CHECK_MINUTES: options.freshnessMinutes!,
            FRESHNESS_MAX_AGE_DAYS: 7,
          }),
          site: {},
          log: options.log,
          now,
          fetch: doors.hook,
          deps: { transport: doors.productApi },
        })(
          new Request('https://site.example/.netlify/functions/freshness-check', {
            method: 'POST',
          }),
          PRODUCTION,
        ),
      );
    },

    /** One of Netlify's deploy notifications, signed as Netlify signs it: deploy-notification's status. */
    async notification(body: DeployNotificationBody, doors: InvocationDoors): Promise<number> {
      const { text, headers } = signedNotification(body, NOTIFICATION_SECRET);
      const request = new Request('https://site.example/api/deploy-notification', {
        method: 'POST',
        headers,
        body: text,
      });
      return statusOf(
        await defineFunction(deployNotification, {
          openStores: { deploys: doors.deploys, queue: doors.queue },
          readSettings: () => ({
            ...settings(),
            NETLIFY_DEPLOY_NOTIFICATION_SECRET: NOTIFICATION_SECRET,
            SITE_ID,
          }),
          site: {},
          log: options.log,
          fetch: doors.hook,
          now,
          deps: {
            // A read of the deploy's own store: a Blobs read like any other.
            readBuildReport: async (deployId) =>
              (await doors.deploy(deployId).getWithMetadata(BUILD_RECORD_BLOB, { type: 'json' }))
                ?.data,
          },
        })(request, PRODUCTION),
      );
    },

    /** What an editor's badges say of these revisions (publish-status). */
    async badges(
      questions: ReadonlyArray<{ id: string; rev: string }>,
      stores: { queue: () => BlobStore; deploys: () => BlobStore },
    ): Promise<Record<string, DocumentStatus>> {
      const status = defineFunction(statusFunctions().publishStatus, {
        openStores: { deploys: stores.deploys, queue: stores.queue },
        readSettings: () => ({
          SANITY_STUDIO_URL: undefined,
          SANITY_PROJECT_ID: 'simulated',
          SANITY_DATASET: 'production',
          SANITY_API_HOST: undefined,
          EDITOR_PASS_SECRET: PASS_SECRET,
          SITE_ID,
          CONTEXT: 'production',
          DEPLOY_BUDGET_PER_HOUR: options.budget,
        }),
        site: {},
        now,
        log: () => {},
        deps: {
          verifyToken: (token) => Promise.resolve(token === EDITOR ? 'editor' : 'refused'),
        },
      });
      const ids = questions.map((question) => `${question.id}:${question.rev}`).join(',');
      const answer = await status(
        new Request(`https://site.example/api/publish-status?ids=${ids}`, {
          headers: { authorization: `Bearer ${EDITOR}` },
        }),
        PRODUCTION,
      );
      return ((await answer.json()) as { documents: Record<string, DocumentStatus> }).documents;
    },
  };
}

export type Site = ReturnType<typeof createSite>;
