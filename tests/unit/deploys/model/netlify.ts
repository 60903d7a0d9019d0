/**
 * Netlify's part of the publish loop, played for the model: a build hook that takes calls (or does
 * not, as the armed faults say), builds one at a time in the order called, each reading the content
 * and the product API's tenant records as they are when it starts, a deploy published when its
 * build succeeds (the newest published deploy is what visitors get), its record (with the digest of
 * the tenant records it read) uploaded into its deploy store first, and the deploy notifications
 * ("building", then "ready" or "error"), handed to `emit` for delivery. A build fails as Netlify
 * words it: its build command on broken content or on the product API being down alike (@netlify/build's
 * exit code 2, whatever the command's: build-failure.ts), or Netlify's own step.
 */
import {
  type BuildInputs,
  type BuildRecord,
} from '../../../../src/lib/publish-records/build-record.ts';
import {
  buildHookBodySchema,
  type BuildHookBody,
} from '../../../../src/lib/publish-records/hook-body.ts';
import type { Faults, Invocation } from './faults.ts';

export const SITE_ID = 'site-model';
/** A failed build command: broken content, or a service the build reads down (Netlify's words are the same). */
export const CONTENT_FAILURE =
  "Failed during stage 'building site': Build script returned non-zero exit code: 2";
export const PLATFORM_FAILURE =
  "Failed during stage 'Install dependencies': dependency_installation script returned non-zero exit code: 1";

export interface Revision {
  rev: string;
  broken: boolean;
}

export interface NetlifyDeploy {
  id: string;
  title: string | null;
  body: BuildHookBody | undefined;
  createdAt: number;
  state: 'enqueued' | 'building' | 'ready' | 'error';
  startedAt?: number;
  finishedAt?: number;
  /** The content its build read: document id → revision. */
  read?: Map<string, string>;
  /** The tenant records its build read, digested as the build digests them. */
  inputs?: BuildInputs;
  errorMessage?: string;
  /** What failed it, which Netlify's message does not say. */
  failedOn?: 'content' | 'outage' | 'platform';
}

export interface NetlifyOptions {
  faults: Faults;
  now: () => number;
  /** The content as Sanity has it now. */
  content: () => ReadonlyMap<string, Revision>;
  /** The tenant records as the product API has them now, digested (a build reads them at its start). */
  inputs: () => BuildInputs;
  /** Schedules `run` at time `at` (the world's event queue). */
  schedule: (at: number, what: string, run: () => void | Promise<void>) => void;
  /** A notification to deliver (the world applies the notification faults). */
  emit: (body: Record<string, unknown>) => void;
  /** How long the next build takes. */
  buildMs: () => number;
}

const iso = (ms: number) => new Date(ms).toISOString();

export function createNetlify(options: NetlifyOptions) {
  const deploys: NetlifyDeploy[] = [];
  const deployStores = new Map<string, BuildRecord>();
  const waiting: NetlifyDeploy[] = [];
  let building: NetlifyDeploy | undefined;
  let published: NetlifyDeploy | undefined;
  let counter = 0;

  function notification(deploy: NetlifyDeploy, state: string): Record<string, unknown> {
    const now = options.now();
    return {
      id: deploy.id,
      site_id: SITE_ID,
      build_id: deploy.id,
      state,
      context: 'production',
      branch: 'main',
      title: deploy.title,
      created_at: iso(deploy.createdAt),
      updated_at: iso(now),
      published_at: state === 'ready' ? iso(now) : null,
      deploy_time:
        deploy.startedAt === undefined ? null : Math.round((now - deploy.startedAt) / 1000),
      error_message: deploy.errorMessage ?? null,
      locked: null,
      deploy_ssl_url: `https://${deploy.id}--site.netlify.app`,
    };
  }

  function startNext(): void {
    if (building || waiting.length === 0) return;
    const deploy = waiting.shift()!;
    building = deploy;
    options.schedule(options.now() + 5_000, `netlify starts ${deploy.id}`, () => {
      deploy.state = 'building';
      deploy.startedAt = options.now();
      deploy.read = new Map([...options.content()].map(([id, revision]) => [id, revision.rev]));
      deploy.inputs = options.inputs();
      const broken = [...options.content()].some(([, revision]) => revision.broken);
      options.emit(notification(deploy, 'building'));
      options.schedule(options.now() + options.buildMs(), `netlify finishes ${deploy.id}`, () => {
        deploy.finishedAt = options.now();
        building = undefined;
        const platform = options.faults.nextBuildFailsOnPlatform();
        const outage = !platform && options.faults.nextBuildMeetsOutage();
        if (platform || outage || broken) {
          deploy.state = 'error';
          deploy.failedOn = platform ? 'platform' : outage ? 'outage' : 'content';
          deploy.errorMessage = platform ? PLATFORM_FAILURE : CONTENT_FAILURE;
        } else {
          deployStores.set(deploy.id, {
            version: 1,
            contentReadAt: iso(deploy.startedAt!),
            trigger: deploy.body ?? { kind: 'unknown' },
            documents: Object.fromEntries(
              [...deploy.read!].map(([id, rev]) => [id, { rev, type: 'faqs', school: null }]),
            ),
            schools: [],
            leftOut: [],
            problems: [],
            inputs: deploy.inputs!,
          });
          deploy.state = 'ready';
          published = deploy;
        }
        options.emit(notification(deploy, deploy.state));
        startNext();
      });
    });
  }

  function accept(url: URL, text: string): void {
    counter += 1;
    const parsed = buildHookBodySchema.safeParse(JSON.parse(text));
    const deploy: NetlifyDeploy = {
      id: counter.toString(16).padStart(24, '0'),
      title: url.searchParams.get('trigger_title'),
      body: parsed.success ? parsed.data : undefined,
      createdAt: options.now(),
      state: 'enqueued',
    };
    deploys.push(deploy);
    waiting.push(deploy);
    startNext();
  }

  /** The build hook as one invocation calls it (its `fetch`). */
  function hook(invocation: Invocation) {
    return async (input: URL, init: RequestInit): Promise<Response> => {
      await invocation.gate();
      const fault = options.faults.nextHook();
      // The site's build hook call (build-hook.ts) sends its body as JSON text.
      const text = init.body as string;
      if (fault === 'die') return invocation.die();
      if (fault === 'http-500') return new Response('Internal Server Error', { status: 500 });
      if (fault === 'timeout')
        throw new DOMException('The operation was aborted due to timeout', 'TimeoutError');
      accept(input, text);
      if (fault === 'accepted-timeout')
        throw new DOMException('The operation was aborted due to timeout', 'TimeoutError');
      if (fault === 'die-after-accept') return invocation.die();
      return new Response(null, { status: 200 });
    };
  }

  return {
    deploys,
    hook,
    /** The deploy visitors get now. */
    published: () => published,
    /** The deploy's own store (blob `build-record`): only a successful build uploaded one. */
    buildRecord: (deployId: string) => deployStores.get(deployId),
    idle: () => !building && waiting.length === 0,
  };
}

export type Netlify = ReturnType<typeof createNetlify>;
