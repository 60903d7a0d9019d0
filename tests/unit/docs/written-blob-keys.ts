/**
 * The Netlify Blobs keys the code writes, by store, observed by running it as sent-messages.ts
 * does (the functions' own factories over memory stores that record each write): a publish, a
 * published production deploy with its build's record, a deploy preview, a freshness check that
 * finds a tenant record changed, and the build writing its record for the deploy's own store. A key the documents name must be one of these (or match one,
 * `<…>` standing for a part of it).
 */
import { defineFunction } from '../../../src/lib/functions/define-function.ts';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEPLOY_BLOBS_DIR, writeStaticSiteOutput } from '../../../src/lib/build/netlify-output.ts';
import { memoryBlobStore, type BlobStore } from '../../../src/lib/functions/blob-store.ts';
import { DEPLOYS_STORE, PUBLISH_QUEUE_STORE } from '../../../src/lib/publish-records/names.ts';
import { REVOCATION_STORE_NAME } from '../../../src/lib/preview/server/revocation.ts';
import { freshnessCheck } from '../../../src/lib/rebuild/freshness-check.ts';
import { readFreshnessSettings } from '../../../src/lib/functions/function-settings.ts';
import { resetProcessMemoryStores } from '../../../src/lib/functions/state-store.ts';
import { recordsTransport } from '../../../src/lib/tenants/client.ts';
import { buildRecord } from '../deploys/fixtures.ts';
import {
  HOOK,
  notification,
  NOTIFICATION_SECRET,
  notificationFunction,
  production,
  publish,
  publishFunction,
  WEBHOOK_SECRET,
} from './sent-messages.ts';

/** The deploy's own store (`getDeployStore`), which the build fills and the notification reads. */
export const DEPLOY_STORE = "the deploy's own store";
/** Every site store the code opens by name. */
export const SITE_STORES = [PUBLISH_QUEUE_STORE, DEPLOYS_STORE, REVOCATION_STORE_NAME] as const;

function recording(into: Set<string>): BlobStore {
  const store = memoryBlobStore();
  return {
    ...store,
    setJSON: async (key, value, options) => {
      into.add(key);
      return store.setJSON(key, value, options);
    },
  };
}

export async function writtenBlobKeys(): Promise<Map<string, Set<string>>> {
  resetProcessMemoryStores();
  const written = new Map<string, Set<string>>([
    [PUBLISH_QUEUE_STORE, new Set()],
    [DEPLOYS_STORE, new Set()],
    [DEPLOY_STORE, new Set()],
  ]);

  const queue = recording(written.get(PUBLISH_QUEUE_STORE)!);
  const webhook = publishFunction(
    { SANITY_WEBHOOK_SECRET: WEBHOOK_SECRET, NETLIFY_BUILD_HOOK_URL: HOOK },
    true,
    {},
    () => queue,
  );
  await webhook(await publish(WEBHOOK_SECRET), production);

  const deploys = recording(written.get(DEPLOYS_STORE)!);
  const record = buildRecord(
    { 'huskymobile-faqs': ['r1', 'husky'], siteSettings: ['r2', null] },
    { inputs: { source: 'api', digest: 'd'.repeat(64), tenants: { husky: 'a'.repeat(16) } } },
  );
  const notify = notificationFunction(
    {
      NETLIFY_DEPLOY_NOTIFICATION_SECRET: NOTIFICATION_SECRET,
      NETLIFY_BUILD_HOOK_URL: HOOK,
      SITE_ID: 'site-1',
    },
    { deploys, queue },
    () => Promise.resolve(record),
  );
  const at = '2026-11-27T10:05:00.000Z';
  await notify(
    notification(NOTIFICATION_SECRET, {
      id: 'd-live',
      state: 'ready',
      published_at: at,
      updated_at: at,
    }),
    production,
  );
  await notify(
    notification(NOTIFICATION_SECRET, {
      id: 'd-preview',
      state: 'ready',
      context: 'deploy-preview',
      updated_at: at,
    }),
    { deploy: { context: 'deploy-preview' } },
  );
  // The publish's batch ended; a check by hand then finds husky's record changed and asks for a build.
  await notify(
    notification(NOTIFICATION_SECRET, {
      id: 'd-live',
      state: 'ready',
      published_at: at,
      updated_at: '2026-11-27T10:06:00.000Z',
    }),
    production,
  );
  await defineFunction(freshnessCheck, {
    openStores: { queue: () => queue, deploys: () => deploys },
    site: {},
    log: () => {},
    fetch: () => Promise.resolve(new Response('')),
    readSettings: () =>
      readFreshnessSettings({
        NETLIFY_BUILD_HOOK_URL: HOOK,
        PUBLIC_API_BASE: 'https://api.example',
      }),
    now: () => new Date('2026-11-27T10:37:00.000Z'),
    deps: {
      transport: () =>
        recordsTransport([
          { id: 1, affiliateId: 1, slug: 'husky', Name: 'Husky Mobile', ActiveGiveawayEvent: null },
        ]),
    },
  })(
    new Request('https://site.example/.netlify/functions/freshness-check', { method: 'POST' }),
    production,
  );

  const project = mkdtempSync(join(tmpdir(), 'blob-keys-'));
  try {
    writeStaticSiteOutput(project, record);
    for (const key of readdirSync(join(project, DEPLOY_BLOBS_DIR)))
      written.get(DEPLOY_STORE)!.add(key);
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
  resetProcessMemoryStores();
  return written;
}

/** Whether `key`, as a document writes it (`<deploy id>` for any one part), is a key `keys` holds. */
export function keyMatches(key: string, keys: ReadonlySet<string>): boolean {
  const pattern = new RegExp(
    `^${key
      .split(/<[^>]+>/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('[^/]+')}$`,
  );
  return [...keys].some((written) => pattern.test(written));
}
