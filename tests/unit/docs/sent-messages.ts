/**
 * The messages the public site's functions answer with, gathered by calling them as Netlify does
 * (their own factories, memory stores, a build hook that answers) in each situation the documents
 * speak of. A document may quote only these: a message the code does not send fails the docs test.
 * A situation the documents start quoting is added here, which is the proof the code sends it.
 */
import { defineFunction } from '../../../src/lib/functions/define-function.ts';
import { encodeSignatureHeader } from '@sanity/webhook';
import { memoryBlobStore, type BlobStore } from '../../../src/lib/functions/blob-store.ts';
import { signNetlifyNotification } from '../../../src/lib/deploys/jws.ts';
import { deployNotification } from '../../../src/lib/deploys/notification-function.ts';
import {
  LOCAL_DEPLOY_NOTIFICATION_SECRET,
  LOCAL_WEBHOOK_SECRET,
} from '../../../src/lib/publish-records/names.ts';
import {
  readDeployNotificationSettings,
  readFreshnessSettings,
  readPublishSettings,
  readStatusSettings,
} from '../../../src/lib/functions/function-settings.ts';
import { freshnessCheck as freshnessCheckFunction } from '../../../src/lib/rebuild/freshness-check.ts';
import {
  LIVE_INPUTS_KEY,
  PRODUCTION_HISTORY_KEY,
  PUBLISH_QUEUE_KEY,
} from '../../../src/lib/publish-records/names.ts';
import { recordsTransport } from '../../../src/lib/tenants/client.ts';
import { inputsDigest, tenantDigest } from '../../../src/lib/tenants/digest.ts';
import { toTenant } from '../../../src/lib/tenants/schema.ts';
import { rebuildOnPublish } from '../../../src/lib/rebuild/publish-webhook.ts';
import { publishRetry } from '../../../src/lib/rebuild/publish-retry.ts';
import { resetProcessMemoryStores } from '../../../src/lib/functions/state-store.ts';
import { settingsCheckAnswer } from '../../../src/lib/functions/settings-check.ts';
import {
  settingsCheckProof,
  SETTINGS_CHECK_HEADER,
} from '../../../src/lib/functions/settings-proof.ts';
import { deploy, statusHandlers } from '../deploys/fixtures.ts';

export const HOOK = 'https://api.netlify.com/build_hooks/abc';
export const WEBHOOK_SECRET = 'w'.repeat(40);
export const NOTIFICATION_SECRET = 'n'.repeat(40);
const quiet = () => {};
const hookAnswers = () => Promise.resolve(new Response(''));
const PREVIEW = { SITE_MODE: 'preview' };

/** A function's answer: its status, and its message when the body is `{"message":…}`. */
interface Sent {
  message: string;
  status: number;
}

async function messageOf(
  response: Response | Promise<Response> | undefined,
): Promise<Sent | undefined> {
  const answered = await response;
  if (!answered) return undefined;
  const body = await answered.text();
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    return typeof parsed.message === 'string'
      ? { message: parsed.message, status: answered.status }
      : undefined;
  } catch {
    return undefined;
  }
}

export async function publish(
  secret: string,
  body = { _id: 'huskymobile-faqs', _type: 'faqs', _rev: 'r1', _updatedAt: '2026-03-01T12:00:00Z' },
  at = Date.now(),
): Promise<Request> {
  const text = JSON.stringify(body);
  return new Request('https://site.example/.netlify/functions/rebuild-on-publish', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'sanity-webhook-signature': await encodeSignatureHeader(text, at, secret),
    },
    body: text,
  });
}

/** A store that reads but cannot write (an outage of Netlify Blobs mid-publish). */
const unwritable = (): BlobStore => ({
  ...memoryBlobStore(),
  setJSON: () => Promise.reject(new Error('Blobs did not answer')),
});

export function publishFunction(
  env: Record<string, string | undefined>,
  blobs = true,
  webhook: { fetch?: typeof hookAnswers; now?: () => number } = {},
  openStore: () => BlobStore = memoryBlobStore,
) {
  const store = openStore();
  return defineFunction(rebuildOnPublish, {
    openStores: {
      queue: () => {
        if (!blobs) throw new Error('no Blobs');
        return store;
      },
    },
    readSettings: () => readPublishSettings(env),
    site: env,
    log: quiet,
    fetch: webhook.fetch ?? hookAnswers,
    ...(webhook.now ? { now: () => new Date(webhook.now!()) } : {}),
  });
}

/** The moment docs/operations.md's example of a build hook that did not answer is set at. */
const EXAMPLE_NOW = Date.parse('2026-11-28T12:06:00.000Z');

export function notificationFunction(
  env: Record<string, string | undefined>,
  stores: { deploys: BlobStore; queue: BlobStore } = {
    deploys: memoryBlobStore(),
    queue: memoryBlobStore(),
  },
  readBuildReport: (deployId: string) => Promise<unknown> = () => Promise.resolve(undefined),
) {
  const { deploys, queue } = stores;
  return defineFunction(deployNotification, {
    openStores: { deploys: () => deploys, queue: () => queue },
    readSettings: () => readDeployNotificationSettings(env),
    site: env,
    log: quiet,
    fetch: hookAnswers,
    deps: { readBuildReport: readBuildReport },
  });
}

export const notification = (secret: string, overrides: Record<string, unknown> = {}) => {
  const body = JSON.stringify(deploy({ site_id: 'site-1', ...overrides }));
  return new Request('https://site.example/api/deploy-notification', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-webhook-signature': signNetlifyNotification(body, secret),
    },
    body,
  });
};
const unsignedPost = (url: string) =>
  new Request(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
export const production = { deploy: { context: 'production' } };

/** A school's tenant record as the product API answers it. */
const tenantRecord = (slug: string, id: number, event: string | null) => ({
  id,
  affiliateId: 1,
  slug,
  Name: `${slug} Mobile`,
  ActiveGiveawayEvent: event,
});

/**
 * The freshness check, run by hand, on a site whose live deploy read `built` from the product API
 * (none: no live deploy recorded), the API answering `now`.
 */
async function freshnessCheck(
  built: ReturnType<typeof tenantRecord>[] | undefined,
  now: ReturnType<typeof tenantRecord>[],
  env: Record<string, string> = {},
) {
  const queue = memoryBlobStore();
  const deploys = memoryBlobStore();
  if (built) {
    const tenants = Object.fromEntries(
      built.map((entry) => [entry.slug, tenantDigest(toTenant(entry, entry.slug, '1'))]),
    );
    const since = '2026-11-28T09:00:00.000Z';
    await deploys.setJSON(PRODUCTION_HISTORY_KEY, {
      deploys: [],
      live: { deployId: 'live-deploy', since },
      site: null,
    });
    await deploys.setJSON(LIVE_INPUTS_KEY, {
      source: 'api',
      digest: inputsDigest(tenants),
      tenants,
      deployId: 'live-deploy',
      publishedAt: since,
    });
  }
  return defineFunction(freshnessCheckFunction, {
    openStores: { queue: () => queue, deploys: () => deploys },
    readSettings: () =>
      readFreshnessSettings({
        NETLIFY_BUILD_HOOK_URL: HOOK,
        PUBLIC_API_BASE: 'https://api.example',
        ...env,
      }),
    site: env,
    log: quiet,
    fetch: hookAnswers,
    now: () => new Date('2026-11-28T12:07:30.000Z'),
    deps: { transport: () => recordsTransport(now) },
  })(
    new Request('https://site.example/.netlify/functions/freshness-check', { method: 'POST' }),
    production,
  );
}

/** Every message the functions send in the situations the documents describe, with the statuses each comes with. */
export async function sentMessages(): Promise<Map<string, Set<number>>> {
  resetProcessMemoryStores();
  const sent: Array<Sent | undefined> = [];
  const publishEnv = { SANITY_WEBHOOK_SECRET: WEBHOOK_SECRET, NETLIFY_BUILD_HOOK_URL: HOOK };

  // rebuild-on-publish: a publish, one during its build, unsigned, each setting missing or wrong, no Blobs, the preview site.
  const webhook = publishFunction(publishEnv);
  sent.push(await messageOf(webhook(await publish(WEBHOOK_SECRET), production)));
  sent.push(
    await messageOf(
      webhook(
        await publish(WEBHOOK_SECRET, {
          _id: 'huskymobile-hero',
          _type: 'landingHeader',
          _rev: 'r2',
          _updatedAt: '2026-03-01T12:00:01Z',
        }),
        production,
      ),
    ),
  );
  sent.push(
    await messageOf(
      webhook(
        unsignedPost('https://site.example/.netlify/functions/rebuild-on-publish'),
        production,
      ),
    ),
  );
  // A signed draft: not a publish.
  sent.push(
    await messageOf(
      webhook(
        await publish(WEBHOOK_SECRET, {
          _id: 'drafts.huskymobile-faqs',
          _type: 'faqs',
          _rev: 'r3',
          _updatedAt: '2026-03-01T12:00:02Z',
        }),
        production,
      ),
    ),
  );
  // The same revision again: a replay or a redelivery starts no build.
  sent.push(await messageOf(webhook(await publish(WEBHOOK_SECRET), production)));
  // The build hook does not answer: the publish is kept, and the site tries again a minute later.
  const noAnswer = publishFunction(publishEnv, true, {
    fetch: () => Promise.resolve(new Response('', { status: 502 })),
    now: () => EXAMPLE_NOW,
  });
  sent.push(
    await messageOf(noAnswer(await publish(WEBHOOK_SECRET, undefined, EXAMPLE_NOW), production)),
  );
  // Its redelivery (or another publish) before that minute: it waits with it, held.
  sent.push(
    await messageOf(noAnswer(await publish(WEBHOOK_SECRET, undefined, EXAMPLE_NOW), production)),
  );
  for (const env of [
    { NETLIFY_BUILD_HOOK_URL: HOOK },
    { ...publishEnv, SANITY_WEBHOOK_SECRET: 'short' },
    { ...publishEnv, SANITY_WEBHOOK_SECRET: LOCAL_WEBHOOK_SECRET },
    { ...publishEnv, NETLIFY_BUILD_HOOK_URL: 'not-a-url' },
  ]) {
    sent.push(await messageOf(publishFunction(env)(await publish(WEBHOOK_SECRET), production)));
  }
  sent.push(
    await messageOf(publishFunction(publishEnv, false)(await publish(WEBHOOK_SECRET), production)),
  );
  // The queue's record cannot be written: the publish is not kept, and Sanity delivers it again.
  sent.push(
    await messageOf(
      publishFunction(publishEnv, true, {}, unwritable)(await publish(WEBHOOK_SECRET), production),
    ),
  );
  sent.push(
    await messageOf(
      publishFunction({ ...publishEnv, ...PREVIEW })(await publish(WEBHOOK_SECRET), production),
    ),
  );
  // A deploy budget of 1 an hour whose slot a build already took: the publish waits for the next hour.
  const spent = memoryBlobStore();
  await spent.setJSON(PUBLISH_QUEUE_KEY, {
    waiting: [],
    waitingMore: 0,
    recent: [],
    slots: ['2026-11-28T12:00:00.000Z'],
  });
  sent.push(
    await messageOf(
      publishFunction(
        { ...publishEnv, DEPLOY_BUDGET_PER_HOUR: '1' },
        true,
        { now: () => EXAMPLE_NOW },
        () => spent,
      )(await publish(WEBHOOK_SECRET, undefined, EXAMPLE_NOW), production),
    ),
  );

  // A rollback holds the queue: the operator published an older deploy again over a newer one.
  const restored = memoryBlobStore();
  await restored.setJSON(PUBLISH_QUEUE_KEY, {
    waiting: [],
    waitingMore: 0,
    recent: [],
    live: { deployId: 'd-old', since: '2026-11-28T11:00:00.000Z', restoredOver: 'd-new' },
  });
  sent.push(
    await messageOf(
      publishFunction(
        publishEnv,
        true,
        {},
        () => restored,
      )(await publish(WEBHOOK_SECRET), production),
    ),
  );

  // deploy-notification: recorded, again, another site's, unsigned, the secret missing or local, the preview site.
  const notifyEnv = {
    NETLIFY_DEPLOY_NOTIFICATION_SECRET: NOTIFICATION_SECRET,
    NETLIFY_BUILD_HOOK_URL: HOOK,
    SITE_ID: 'site-1',
  };
  const notify = notificationFunction(notifyEnv);
  sent.push(await messageOf(notify(notification(NOTIFICATION_SECRET), production)));
  sent.push(await messageOf(notify(notification(NOTIFICATION_SECRET), production)));
  sent.push(
    await messageOf(
      notify(notification(NOTIFICATION_SECRET, { site_id: 'another-site' }), production),
    ),
  );
  sent.push(
    await messageOf(
      notify(unsignedPost('https://site.example/api/deploy-notification'), production),
    ),
  );
  for (const env of [
    { ...notifyEnv, NETLIFY_DEPLOY_NOTIFICATION_SECRET: undefined },
    { ...notifyEnv, NETLIFY_DEPLOY_NOTIFICATION_SECRET: LOCAL_DEPLOY_NOTIFICATION_SECRET },
    { ...notifyEnv, NETLIFY_DEPLOY_NOTIFICATION_SECRET: 'short' },
    { ...notifyEnv, ...PREVIEW },
  ]) {
    sent.push(
      await messageOf(notificationFunction(env)(notification(NOTIFICATION_SECRET), production)),
    );
  }

  // The scheduled functions and the status functions on the preview site.
  sent.push(
    await messageOf(
      defineFunction(publishRetry, {
        openStores: { queue: memoryBlobStore },
        site: PREVIEW,
        log: quiet,
      })(new Request('https://p.example/.netlify/functions/publish-retry', { method: 'POST' })),
    ),
  );
  sent.push(await messageOf(freshnessCheck(undefined, [], PREVIEW)));

  // The freshness check: no live deploy recorded, no change, a giveaway closed in the product API.
  const schools = [
    tenantRecord('huskymobile', 1, 'e1'),
    tenantRecord('beavsmobile', 2, null),
    tenantRecord('cubbymobile', 3, 'e3'),
  ];
  sent.push(await messageOf(freshnessCheck(undefined, schools)));
  sent.push(await messageOf(freshnessCheck(schools, schools)));
  sent.push(
    await messageOf(
      freshnessCheck(schools, [tenantRecord('huskymobile', 1, null), ...schools.slice(1)]),
    ),
  );
  const status = statusHandlers({
    openStores: { deploys: memoryBlobStore, queue: memoryBlobStore },
    readSettings: () => readStatusSettings({}),
    site: PREVIEW,
    log: quiet,
  });
  sent.push(await messageOf(status.deploys(new Request('https://p.example/api/deploys'))));

  // The settings check: refused, and without the hook to check the proof with.
  const check = (env: Record<string, string>, proof: string) =>
    settingsCheckAnswer(
      ['deploys'],
      new Request('https://site.example/api/deploys', {
        headers: { [SETTINGS_CHECK_HEADER]: proof },
      }),
      { source: () => env, log: quiet },
    );
  sent.push(await messageOf(check({ NETLIFY_BUILD_HOOK_URL: HOOK }, 'nonsense')));
  sent.push(await messageOf(check({}, settingsCheckProof(HOOK))));

  resetProcessMemoryStores();
  const statuses = new Map<string, Set<number>>();
  for (const answer of sent)
    if (answer)
      statuses.set(answer.message, (statuses.get(answer.message) ?? new Set()).add(answer.status));
  return statuses;
}
