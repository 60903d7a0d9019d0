/**
 * Netlify as the simulated world plays it (world.ts), on the world's clock, over the one Netlify
 * core every stand-in shares (../netlify/deploys.ts, ../netlify/notifications.ts): a build hook
 * that takes calls (or does not, as injected faults say); a deploy starts 5 s after the one before
 * it ends; its build reads the content and the product API's tenant records as they are when it
 * starts, takes the world's build time, and fails as Netlify words it: its build command on broken
 * content or on the product API being down alike (@netlify/build's exit code 2, whatever the
 * command's: build-failure.ts), or Netlify's own step. A successful build's record (with the digest
 * of the tenant records it read) is uploaded into the deploy's own store before the deploy is
 * published (the newest published deploy is what visitors get, until the operator publishes a
 * ready deploy again: `restore`, Netlify's *Publish deploy*). Notifications go to `emit`.
 */
import type { BlobStore } from '../../../src/lib/functions/blob-store.ts';
import type { FetchLike } from '../../../src/lib/functions/define-function.ts';
import type { BuildInputs, BuildRecord } from '../../../src/lib/publish-records/build-record.ts';
import { BUILD_RECORD_BLOB } from '../../../src/lib/publish-records/names.ts';
import { createNetlifyDeploys, type NetlifyDeploy } from '../netlify/deploys.ts';
import type { DeployNotificationBody, NotifyingSite } from '../netlify/notifications.ts';
import type { SimClock } from './clock.ts';
import type { Faults } from './faults.ts';
import type { Invocation } from './invocations.ts';

export const SITE_ID = 'simulated-site';
const SITE: NotifyingSite = {
  id: SITE_ID,
  name: 'simulated-site',
  url: 'https://simulated-site.netlify.app',
  adminUrl: 'https://app.netlify.com/projects/simulated-site',
  deployUrl: (id) => `https://${id}--simulated-site.netlify.app`,
};
/** Netlify hands a deploy to a build server this long after the one before it ended. */
const START_DELAY_MS = 5_000;

export interface Revision {
  rev: string;
  broken: boolean;
}

export interface SimulatedDeploy extends NetlifyDeploy {
  /** The content its build read: document id → revision. */
  read?: Map<string, string>;
  /** The tenant records its build read, digested as the build digests them. */
  inputs?: BuildInputs;
  /** What failed it, which Netlify's message does not say. */
  failedOn?: 'content' | 'outage' | 'platform';
}

export interface SimulatedNetlifyOptions {
  clock: SimClock;
  faults: Faults | undefined;
  /** The content as Sanity has it now. */
  content: () => ReadonlyMap<string, Revision>;
  /** The tenant records as the product API has them now, digested (a build reads them at its start). */
  inputs: () => BuildInputs;
  /** What a document is, as its build record names it. */
  describe: (id: string) => { type: string; school: string | null };
  /** The schools every build publishes (its record's `schools`): a document of any other school is not on the site. */
  schools: readonly string[];
  /** A deploy's own Blobs store (its build record). */
  deployStore: (deployId: string) => BlobStore;
  /** A notification to deliver. */
  emit: (body: DeployNotificationBody) => void;
  /** How long the next build takes. */
  buildMs: () => number;
}

const timeout = () => new DOMException('The operation was aborted due to timeout', 'TimeoutError');

export function createSimulatedNetlify(options: SimulatedNetlifyOptions) {
  const { clock, faults } = options;
  let published: SimulatedDeploy | undefined;
  let counter = 0;

  const record = (deploy: SimulatedDeploy): BuildRecord => ({
    version: 1,
    contentReadAt: new Date(deploy.buildStartedAt!).toISOString(),
    trigger: deploy.body ?? { kind: 'unknown' },
    documents: Object.fromEntries(
      [...deploy.read!].map(([id, rev]) => [id, { rev, ...options.describe(id) }]),
    ),
    schools: options.schools.map((key) => ({ key, seoSlug: key, status: 'live' })),
    leftOut: [],
    problems: [],
    inputs: deploy.inputs!,
  });

  const netlify = createNetlifyDeploys<SimulatedDeploy>({
    site: SITE,
    now: () => clock.now,
    newDeployId: () => (counter += 1).toString(16).padStart(24, '0'),
    run: (work) => clock.task('netlify builds', work),
    startDelayMs: START_DELAY_MS,
    async build(deploy, sleep) {
      deploy.read = new Map([...options.content()].map(([id, revision]) => [id, revision.rev]));
      deploy.inputs = options.inputs();
      const broken = [...options.content()].some(([, revision]) => revision.broken);
      await sleep(options.buildMs(), `netlify finishes ${deploy.id}`);
      if (faults?.nextBuildFailsOnPlatform()) {
        deploy.failedOn = 'platform';
        return { ok: false, cause: 'platform' };
      }
      const outage = faults?.nextBuildMeetsOutage() ?? false;
      if (outage || broken) {
        deploy.failedOn = outage ? 'outage' : 'content';
        return { ok: false, cause: 'build-command' };
      }
      return { ok: true };
    },
    async publish(deploy) {
      await options.deployStore(deploy.id).setJSON(BUILD_RECORD_BLOB, record(deploy));
      published = deploy;
    },
    republish(deploy) {
      published = deploy;
    },
    notify: (body) => options.emit(body),
  });

  /** The build hook as one invocation calls it (its `fetch`); injected faults may fail the call. */
  function hook(invocation: Invocation): FetchLike {
    return async (input, init) => {
      if (faults) await invocation.gate();
      const fault = faults?.nextHook();
      const text = typeof init.body === 'string' ? init.body : '';
      if (fault === 'die') return invocation.die();
      if (fault === 'http-500') return new Response('Internal Server Error', { status: 500 });
      if (fault === 'timeout') throw timeout();
      netlify.accept(input, text);
      if (fault === 'accepted-timeout') throw timeout();
      if (fault === 'die-after-accept') return invocation.die();
      return new Response(null, { status: 200 });
    };
  }

  return {
    deploys: netlify.deploys,
    hook,
    /** The deploy visitors get now. */
    published: () => published,
    /** *Publish deploy* on a ready deploy: visitors get it again from now, and the site is notified. */
    restore: (id: string) => netlify.restore(id),
  };
}

export type SimulatedNetlify = ReturnType<typeof createSimulatedNetlify>;
