/** Netlify deploy notifications, build records and a site's stores, for the deploy tests. */
import { memoryBlobStore } from '../../../src/lib/functions/blob-store.ts';
import { createDeployStore } from '../../../src/lib/deploys/deploy-store.ts';
import { signNetlifyNotification } from '../../../src/lib/deploys/jws.ts';
import { handleNotification } from '../../../src/lib/deploys/notification.ts';
import { statusFunctions, type StatusFakes } from '../../../src/lib/deploys/status-function.ts';
import { defineFunction } from '../../../src/lib/functions/define-function.ts';
import type { BuildRecord } from '../../../src/lib/publish-records/build-record.ts';
import type { BuildHookBody } from '../../../src/lib/publish-records/hook-body.ts';
import { createPublishQueue } from '../../../src/lib/rebuild/publish-queue.ts';
import { NETLIFY_FAILURE } from '../../../scripts/support/netlify/notifications.ts';

export const SECRET = 'test-notification-secret';
/** Netlify's `error_message` for a build command that failed (the build stopped on a fault it names), and for a failure around it. */
export const CONTENT_FAILURE = NETLIFY_FAILURE['build-command'];
export const PLATFORM_FAILURE = NETLIFY_FAILURE.platform;
export const SITE_ID = 'site-1111';

/** publish-status and deploys as one instance of each makes them (define-function.ts), sharing what it sets up, with `fakes`. */
export function statusHandlers(fakes: StatusFakes) {
  const made = statusFunctions();
  return {
    publishStatus: defineFunction(made.publishStatus, fakes),
    deploys: defineFunction(made.deploys, fakes),
  };
}

/** Netlify's deploy object as a notification carries it (the fields Netlify sends, most of them unused here). */
export function deploy(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const id = (overrides['id'] as string | undefined) ?? 'd-1';
  return {
    id,
    site_id: SITE_ID,
    build_id: `build-${id}`,
    state: 'building',
    name: 'school-mobile',
    url: 'https://school-mobile.example',
    ssl_url: 'https://school-mobile.example',
    admin_url: 'https://app.netlify.com/projects/school-mobile',
    deploy_url: `http://${id}--school-mobile.netlify.app`,
    deploy_ssl_url: `https://${id}--school-mobile.netlify.app`,
    created_at: '2026-11-27T10:00:00.000Z',
    updated_at: '2026-11-27T10:00:01.000Z',
    user_id: 'u-1',
    error_message: null,
    required: [],
    required_functions: [],
    commit_ref: null,
    review_id: null,
    branch: 'main',
    commit_url: null,
    skipped: null,
    locked: null,
    title: null,
    review_url: null,
    published_at: null,
    context: 'production',
    deploy_time: null,
    available_functions: [],
    ...overrides,
  };
}

/** A build record as the build writes it (part of src/lib/build), for `documents` {id: [rev, school]}. */
export function buildRecord(
  documents: Record<string, [string | null, string | null]>,
  extra: Partial<BuildRecord> = {},
): BuildRecord {
  return {
    version: 1,
    contentReadAt: '2026-11-27T10:00:05.000Z',
    trigger: { kind: 'unknown' },
    documents: Object.fromEntries(
      Object.entries(documents).map(([id, [rev, school]]) => [
        id,
        { rev, type: id.split('-')[1] ?? 'faqs', school },
      ]),
    ),
    schools: [{ key: 'husky', seoSlug: 'uw-husky-mobile', status: 'live' }],
    leftOut: [],
    problems: [],
    ...extra,
  };
}

export function signed(body: Record<string, unknown>, secret = SECRET): Request {
  const text = JSON.stringify(body);
  return new Request('https://site.example/api/deploy-notification', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-webhook-signature': signNetlifyNotification(text, secret),
    },
    body: text,
  });
}

/** One site's stores and the notification handler over them; `reports`: what each deploy's build wrote. */
export function site() {
  const deploysStore = memoryBlobStore();
  const queueStore = memoryBlobStore();
  const reports = new Map<string, BuildRecord>();
  const hookCalls: BuildHookBody[] = [];
  const logged: string[] = [];
  let counter = 0;
  let clock = Date.parse('2026-11-27T10:00:00.000Z');
  const queue = createPublishQueue({
    store: queueStore,
    now: () => new Date(clock),
    newBatchId: () => `b-${(counter += 1).toString(16).padStart(8, '0')}`,
    trigger: (body) => {
      hookCalls.push(body);
      return Promise.resolve(`Publish [batch ${body.batch}]`);
    },
  });
  const deploys = createDeployStore({
    store: deploysStore,
    readBuildReport: (id) => Promise.resolve(reports.get(id)),
    log: (line) => logged.push(line),
  });
  const notify = (body: Record<string, unknown>, secret = SECRET) =>
    handleNotification(signed(body, secret), {
      secret: SECRET,
      siteId: SITE_ID,
      deploys,
      queue,
      log: (line) => logged.push(line),
    });
  return {
    deploysStore,
    queueStore,
    reports,
    hookCalls,
    logged,
    queue,
    deploys,
    notify,
    advance: (ms: number) => (clock += ms),
  };
}
