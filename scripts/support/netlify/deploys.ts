/**
 * Netlify's deploys, as every stand-in for Netlify plays them (scripts/support/: the local stack's
 * real builds, and the simulated world's builds on its clock): a build hook call queues a deploy (a
 * new id, its title from `?trigger_title=`, its body as sent); deploys build one at a time in the
 * order called; each goes `building` (notified), then `ready` once its blobs are uploaded and it is
 * published (notified with `published_at`), or `error` (notified with Netlify's words for what
 * failed: notifications.ts). A ready deploy can be published again (`restore`: Netlify's *Publish
 * deploy*, a rollback or a rollforward): no build, and the notification Netlify calls "Deploy
 * restored" is that deploy's object, `ready` with its new `published_at`. What a build is, where a
 * deploy's blobs go, which deploy visitors get and how a notification reaches the site are the
 * player's: its `build`, `publish`, `republish` and `notify`.
 */
import {
  buildHookBodySchema,
  type BuildHookBody,
} from '../../../src/lib/publish-records/hook-body.ts';
import type { FailureCause } from '../../../src/lib/publish-records/build-failure.ts';
import {
  deployNotificationBody,
  NETLIFY_FAILURE,
  type DeployNotificationBody,
  type NetlifyDeployState,
  type NotifyingSite,
} from './notifications.ts';

/** Waits `ms` on the player's clock (`what`: the moment's name, for a simulated world's log). */
export type Sleep = (ms: number, what: string) => Promise<void>;

export interface NetlifyDeploy {
  id: string;
  title: string | null;
  /** The build hook call's body as sent (a build gets it as INCOMING_HOOK_BODY). */
  hookBody: string;
  /** That body read as the site's build hook body, when it is one. */
  body: BuildHookBody | undefined;
  /** The build hook's address without its query (INCOMING_HOOK_URL). */
  hookUrl: string;
  state: 'enqueued' | NetlifyDeployState;
  /** When the build hook was called. */
  createdAt: number;
  /** When it went `building`. */
  startedAt?: number;
  /** When its build began (after the "building" notification). */
  buildStartedAt?: number;
  /** When its build ended. */
  finishedAt?: number;
  publishedAt?: number;
  errorMessage?: string;
}

/** A build's end: success, or a failure of the build command or of Netlify's own part. */
export type BuildOutcome =
  | { ok: true }
  /** `message`: instead of Netlify's words for the cause (a local build that could not start). */
  | { ok: false; cause: FailureCause; message?: string };

export interface NetlifyDeploysOptions<D extends NetlifyDeploy> {
  site: NotifyingSite;
  now: () => number;
  newDeployId: () => string;
  /** Runs the queue's work with the clock's `sleep` (default: real time). */
  run?: (work: (sleep: Sleep) => Promise<void>) => Promise<void>;
  /** Netlify's wait for a build server before a deploy goes `building` (default none). */
  startDelayMs?: number;
  /** Around one deploy's whole run (the local stack: the checkout's build lock). */
  exclusive?: <T>(work: () => Promise<T>) => Promise<T>;
  /** One build, from its start to its outcome. */
  build: (deploy: D, sleep: Sleep) => Promise<BuildOutcome>;
  /** A successful build: its deploy blobs uploaded, then made the deploy visitors get. */
  publish: (deploy: D) => Promise<void>;
  /** A ready deploy made the one visitors get again (*Publish deploy*: its files and blobs are there already). */
  republish?: (deploy: D) => void | Promise<void>;
  /** The deploy has its outcome (state and times set), before its notification. */
  finished?: (deploy: D) => void | Promise<void>;
  /** Delivers a notification to the site, as Netlify posts it. */
  notify: (body: DeployNotificationBody, deploy: D) => void | Promise<void>;
  /** A step threw: the deploy ends in error with its message and is notified; without this, the error stands. */
  crashed?: (deploy: D, error: unknown) => void;
}

const realTime: (work: (sleep: Sleep) => Promise<void>) => Promise<void> = (work) =>
  work((ms) => new Promise((done) => setTimeout(done, ms)));

function readBody(text: string): BuildHookBody | undefined {
  try {
    const parsed = buildHookBodySchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export function createNetlifyDeploys<D extends NetlifyDeploy = NetlifyDeploy>(
  options: NetlifyDeploysOptions<D>,
) {
  const deploys: D[] = [];
  const waiting: D[] = [];
  // Netlify publishes a site's deploys one at a time: no two share a publish time (on a simulated
  // clock a build's end and an operator's *Publish deploy* may fall on the same millisecond).
  let lastPublishedAt = Number.NEGATIVE_INFINITY;
  const publishTime = () => (lastPublishedAt = Math.max(options.now(), lastPublishedAt + 1));
  let draining = false;
  let running: Promise<void> = Promise.resolve();

  const notify = (deploy: D, state: NetlifyDeployState) =>
    options.notify(deployNotificationBody(options.site, deploy, state, options.now()), deploy);

  async function runOne(deploy: D, sleep: Sleep): Promise<void> {
    if (options.startDelayMs) await sleep(options.startDelayMs, `netlify starts ${deploy.id}`);
    deploy.state = 'building';
    deploy.startedAt = options.now();
    await notify(deploy, 'building');
    deploy.buildStartedAt = options.now();
    const outcome = await options.build(deploy, sleep);
    deploy.finishedAt = options.now();
    if (outcome.ok) {
      await options.publish(deploy);
      deploy.state = 'ready';
      deploy.publishedAt = publishTime();
    } else {
      deploy.state = 'error';
      deploy.errorMessage = outcome.message ?? NETLIFY_FAILURE[outcome.cause];
    }
    await options.finished?.(deploy);
    await notify(deploy, deploy.state);
  }

  async function drain(sleep: Sleep): Promise<void> {
    try {
      for (let next = waiting.shift(); next; next = waiting.shift()) {
        const deploy = next;
        const one = () => runOne(deploy, sleep);
        try {
          await (options.exclusive ? options.exclusive(one) : one());
        } catch (error) {
          if (!options.crashed) throw error;
          deploy.state = 'error';
          deploy.errorMessage = (error as Error).message;
          options.crashed(deploy, error);
          // As Netlify would: the site hears the deploy failed, so publishes waiting on it go on.
          await notify(deploy, 'error');
        }
      }
    } finally {
      // At once when the queue is empty: a call arriving now starts the queue again.
      draining = false;
    }
  }

  return {
    /** Every deploy, in the order the hook was called. */
    deploys,
    /** A build hook call (`url` with its `?trigger_title=`): the deploy it queued. */
    accept(url: URL, hookBody: string): D {
      const deploy = {
        id: options.newDeployId(),
        title: url.searchParams.get('trigger_title'),
        hookBody,
        body: readBody(hookBody),
        hookUrl: `${url.origin}${url.pathname}`,
        state: 'enqueued',
        createdAt: options.now(),
      } as D;
      deploys.push(deploy);
      waiting.push(deploy);
      if (!draining) {
        draining = true;
        running = (options.run ?? realTime)(drain);
      }
      return deploy;
    },
    /**
     * *Publish deploy* on a ready deploy (`POST /api/v1/sites/{site}/deploys/{id}/restore`): it is
     * what visitors get again, from now, and the site is notified ("Deploy restored"). Refused
     * (an error saying why) for an unknown deploy or one that is not ready.
     */
    async restore(id: string): Promise<D> {
      const deploy = deploys.find((entry) => entry.id === id);
      if (!deploy) throw new Error(`no deploy ${id}`);
      if (deploy.state !== 'ready') throw new Error(`deploy ${id} is ${deploy.state}, not ready`);
      if (!options.republish) throw new Error('this Netlify cannot publish a deploy again');
      await options.republish(deploy);
      deploy.publishedAt = publishTime();
      await notify(deploy, 'ready');
      return deploy;
    },
    /** Resolves once every deploy called so far has its outcome and was notified. */
    async idle(): Promise<void> {
      while (draining) await running;
    },
  };
}

export type NetlifyDeploys<D extends NetlifyDeploy = NetlifyDeploy> = ReturnType<
  typeof createNetlifyDeploys<D>
>;
