/**
 * Netlify's part of a deploy, played on this machine: a build hook, a build per call (one at a
 * time, queued in order), the atomic publish of a finished build, and the signed deploy
 * notifications. The queue, the deploy's states, the notifications and Netlify's words for a failed
 * build are the Netlify core every stand-in shares (scripts/support/netlify/: the fault model's and
 * the month bench's simulated world use it too); the real build, the folders and the swap are
 * this file's. Everything the site does with them (the publish queue, the deploy records, the
 * status answers) is the production functions' code, called through their production paths.
 *
 *   POST /.netlify/local/build-hook/<token>[?trigger_title=…]   a build hook (the functions' NETLIFY_BUILD_HOOK_URL);
 *        answers 200 at once, as Netlify does, and the build runs in the background. As a Netlify
 *        build hook's address is its secret, so is this one's token (new at each start, printed);
 *        a request from a page of another site is refused (403), and at most MAX_WAITING_DEPLOYS
 *        wait (then 429).
 *   GET  /.netlify/local/deploys                         the local deploys, newest first, with their timings.
 *   POST /.netlify/local/deploys/<id>/restore            Netlify's *Publish deploy* (its API's restore): a ready
 *        deploy whose files are still kept is what visitors get again, at once, with no build, and the
 *        site is notified ("Deploy restored": that deploy, "ready" with a new published_at). 404 for an
 *        unknown deploy, 409 for one that is not ready or whose files were pruned; refused from
 *        another site's page (403).
 *
 * A build runs `astro build` into a folder of its own (`<deploysDir>/<id>/dist`) with what Netlify
 * hands a build: INCOMING_HOOK_BODY, INCOMING_HOOK_TITLE, INCOMING_HOOK_URL, DEPLOY_ID, BUILD_ID,
 * SITE_ID, and the Builds scope's variables only (build-environment.ts: no function's secret, no
 * Blobs access: Netlify gives the build command neither). As Netlify's build does, the deploy
 * blob files the build wrote (its record, under `.netlify/v1/blobs/deploy/`) are uploaded into the
 * deploy's store before it is published. Publishing
 * swaps which folder answers: a request picks the published deploy when it starts and is answered
 * from that one folder, so no visitor ever gets a half-written site; a failed build publishes
 * nothing and the previous deploy keeps serving. Notifications follow Netlify's order: "building"
 * when the build starts, then "ready" (after the publish, with `published_at`) or "error" (in
 * Netlify's words: "Failed during stage 'building site': Build script returned non-zero exit code: 2").
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DEPLOY_BLOBS_DIR } from '../../../src/lib/build/netlify-output.ts';
import { withBuildLock } from '../../lib/build-lock.ts';
import {
  createNetlifyDeploys,
  type BuildOutcome,
  type NetlifyDeploy,
} from '../../support/netlify/deploys.ts';
import {
  postDeployNotification,
  type DeployNotificationBody,
  type NetlifyDeployState,
} from '../../support/netlify/notifications.ts';
import { REPO_ROOT } from '../env.ts';
import { createNetlifySite, type NetlifySite } from '../site/netlify-engine.ts';
import { buildScopeEnvironment } from './build-environment.ts';

export type { BuildOutcome } from '../../support/netlify/deploys.ts';

export const LOCAL_BUILD_HOOK_PATH = '/.netlify/local/build-hook';
export const LOCAL_DEPLOYS_PATH = '/.netlify/local/deploys';
const RESTORE_PATH = /^\/\.netlify\/local\/deploys\/([^/]+)\/restore$/;

/** The address that publishes a local deploy again (Netlify's *Publish deploy*). */
export function localRestoreUrl(origin: string, deployId: string): string {
  return `${origin}${LOCAL_DEPLOYS_PATH}/${encodeURIComponent(deployId)}/restore`;
}
/** Deploys waiting to build; a hook call past it is refused. */
export const MAX_WAITING_DEPLOYS = 10;

/** The build hook's address on this site: its path with the start's token. */
export function localBuildHookUrl(origin: string, token: string): string {
  return `${origin}${LOCAL_BUILD_HOOK_PATH}/${token}`;
}

/**
 * A request a browser sent from a page of another site (Fetch Metadata, or an Origin that is not
 * this site's): local platform doors refuse it, so a page the developer visits cannot call them.
 */
export function fromAnotherSite(request: Request): boolean {
  const site = request.headers.get('sec-fetch-site');
  if (site === 'cross-site' || site === 'same-site') return true;
  const origin = request.headers.get('origin');
  return origin !== null && origin !== new URL(request.url).origin;
}
/** Deploy folders kept: the newest published ones (a request may still be reading the one before; a rollback goes back to it). */
const KEPT_DEPLOY_FOLDERS = 3;

export interface LocalDeploy {
  id: string;
  title: string | null;
  state: 'enqueued' | NetlifyDeployState;
  /** When the build hook was called. */
  createdAt: string;
  buildStartedAt: string | null;
  builtAt: string | null;
  publishedAt: string | null;
  /** The deploy visitors get now. */
  live: boolean;
  /** Before the build process starts (an earlier build, the "building" notification); the build process; publishing the finished folder. */
  waitMs: number | null;
  buildMs: number | null;
  swapMs: number | null;
  errorMessage: string | null;
  dir: string;
}

export type BuildRunner = (
  environment: NodeJS.ProcessEnv,
  logFile: string,
) => Promise<BuildOutcome>;

export interface LocalDeploysOptions {
  /** The folder served before the first local deploy (what `npm run build` wrote). */
  initialDistDir: string;
  /** Where each deploy's folder goes; inside the project, because Astro moves its output there with rename. */
  deploysDir: string;
  netlifyToml?: string | undefined;
  siteId: string;
  /** The site's address (known once it listens): the notifications' URLs, and where they are posted. */
  siteUrl: () => string;
  /** Where deploy notifications go (Netlify's "URL to notify"). */
  notificationPath: string;
  notificationSecret: string;
  /** The build hook's secret part of its address (localBuildHookUrl). */
  hookToken: string;
  /** Uploads a finished build's deploy blob files into its deploy's store (../netlify/blobs.ts). */
  uploadDeployFiles: (deployId: string, directory: string) => Promise<string[]>;
  /** Settings every build gets (the dataset, tenant records, the API's address...). */
  buildEnvironment: Record<string, string>;
  /** Runs one build (default: `astro build`, one at a time in this checkout). */
  runBuild?: BuildRunner;
  log?: (line: string) => void;
  warn?: (message: string) => void;
}

export interface LocalDeploys {
  /** The deploy visitors get now. */
  published: () => NetlifySite;
  /** The build hook and the deploys list; undefined for any other request. */
  handle: (request: Request) => Promise<Response | undefined>;
  deploys(): LocalDeploy[];
  /** Resolves once every build called so far has finished and notified. */
  idle(): Promise<void>;
}

/** A build command run with Node in the project: its output goes to the deploy's build log. */
function nodeBuild(args: readonly string[]): BuildRunner {
  return (environment, logFile) =>
    new Promise((done, fail) => {
      const child = spawn(process.execPath, [...args], {
        cwd: REPO_ROOT,
        env: environment,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const output: Buffer[] = [];
      child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
      child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
      child.once('error', fail);
      child.once('close', (code) => {
        writeFileSync(logFile, Buffer.concat(output));
        // A build command that fails, whatever its own exit code, is Netlify's failed build command
        // (worded by the Netlify core: scripts/support/netlify/notifications.ts).
        done(code === 0 ? { ok: true } : { ok: false, cause: 'build-command' });
      });
    });
}

/** `astro build` in the project, waiting for any other build of this checkout (scripts/lib/build-lock.ts). */
export const astroBuild: BuildRunner = nodeBuild([
  join(REPO_ROOT, 'node_modules/astro/bin/astro.mjs'),
  'build',
]);

/**
 * The build record alone, with `pagesDir`'s pages as the deploy's (./record-build.ts): for tests of
 * the queue and the status answers (LOCAL_BUILD_RECORD_ONLY).
 */
export const recordOnlyBuild = (pagesDir: string): BuildRunner =>
  nodeBuild([join(REPO_ROOT, 'scripts/local-stack/netlify/record-build.ts'), pagesDir]);

/** A Netlify deploy id: 24 hex digits. */
const newDeployId = () => randomBytes(12).toString('hex');
const iso = (ms: number | undefined) => (ms === undefined ? null : new Date(ms).toISOString());
const between = (from: number | undefined, to: number | undefined) =>
  from === undefined || to === undefined ? null : to - from;

export function createLocalDeploys(options: LocalDeploysOptions): LocalDeploys {
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const warn = options.warn ?? ((message: string) => console.warn(message));
  const runBuild = options.runBuild ?? astroBuild;
  const deploysDir = resolve(options.deploysDir);
  const siteFor = (distDir: string) =>
    createNetlifySite({ distDir, netlifyToml: options.netlifyToml, warn });
  let current = siteFor(options.initialDistDir);
  let currentId: string | undefined;
  const dirOf = (deploy: NetlifyDeploy) => join(deploysDir, deploy.id);
  const distOf = (deploy: NetlifyDeploy) => join(dirOf(deploy), 'dist');
  const seconds = (deploy: NetlifyDeploy) =>
    `${((between(deploy.buildStartedAt, deploy.finishedAt) ?? 0) / 1000).toFixed(1)} s`;

  /** A deploy as GET /.netlify/local/deploys lists it. */
  const listed = (deploy: NetlifyDeploy): LocalDeploy => ({
    id: deploy.id,
    title: deploy.title,
    state: deploy.state,
    createdAt: iso(deploy.createdAt)!,
    buildStartedAt: iso(deploy.buildStartedAt),
    builtAt: iso(deploy.finishedAt),
    publishedAt: iso(deploy.publishedAt),
    live: deploy.id === currentId,
    waitMs: between(deploy.createdAt, deploy.buildStartedAt),
    buildMs: between(deploy.buildStartedAt, deploy.finishedAt),
    swapMs: between(deploy.finishedAt, deploy.publishedAt),
    errorMessage: deploy.errorMessage ?? null,
    dir: dirOf(deploy),
  });

  async function notify(
    deploy: NetlifyDeploy,
    state: NetlifyDeployState,
    body: DeployNotificationBody,
  ): Promise<void> {
    const url = `${options.siteUrl()}${options.notificationPath}`;
    try {
      const answer = await postDeployNotification(url, body, options.notificationSecret);
      if (answer.status >= 300)
        warn(
          `deploy ${deploy.id}: the "${state}" notification was answered ${answer.status}: ${answer.text.slice(0, 300)}`,
        );
    } catch (error) {
      warn(
        `deploy ${deploy.id}: the "${state}" notification could not be posted to ${url}: ${(error as Error).message}`,
      );
    }
  }

  /** The deploy's folder answers from now on: its rules read before it answers anyone, then one assignment. */
  async function swapTo(deploy: NetlifyDeploy): Promise<void> {
    const next = siteFor(distOf(deploy));
    await (await next.handle(new Request(`${options.siteUrl()}/`))).arrayBuffer();
    current = next;
    currentId = deploy.id;
  }

  /** *Publish deploy* on `id`: the answer Netlify's API would give (the deploy, or why not). */
  async function restore(id: string): Promise<Response> {
    const deploy = netlify.deploys.find((entry) => entry.id === id);
    if (!deploy) return Response.json({ message: `no deploy ${id}` }, { status: 404 });
    if (deploy.state !== 'ready' || !existsSync(distOf(deploy)))
      return Response.json(
        {
          message:
            deploy.state === 'ready'
              ? `deploy ${id}: its files were pruned (the local stack keeps the last ${KEPT_DEPLOY_FOLDERS} published deploys' files)`
              : `deploy ${id} is ${deploy.state}: only a ready deploy can be published`,
        },
        { status: 409 },
      );
    await netlify.restore(id);
    log(`deploy ${id}: published again (${deploy.title ?? 'no title'})`);
    return Response.json({ deploy: listed(deploy) });
  }

  /** Deletes the folders of deploys no request can still be reading: all but the newest published ones. */
  function prune(): void {
    const published = netlify.deploys
      .filter((deploy) => deploy.state === 'ready')
      .slice(-KEPT_DEPLOY_FOLDERS)
      .map((deploy) => deploy.id);
    for (const deploy of netlify.deploys) {
      if (
        deploy.state !== 'enqueued' &&
        deploy.state !== 'building' &&
        !published.includes(deploy.id)
      ) {
        rmSync(distOf(deploy), { recursive: true, force: true });
      }
    }
  }

  const netlify = createNetlifyDeploys({
    site: {
      id: options.siteId,
      name: options.siteId,
      get url() {
        return options.siteUrl();
      },
      get adminUrl() {
        return `${options.siteUrl()}${LOCAL_DEPLOYS_PATH}`;
      },
      deployUrl: () => options.siteUrl(),
    },
    now: Date.now,
    newDeployId,
    exclusive: withBuildLock,
    async build(deploy) {
      mkdirSync(dirOf(deploy), { recursive: true });
      const environment: NodeJS.ProcessEnv = {
        // As on Netlify: the Builds scope only (no function's secret, no Blobs context).
        ...buildScopeEnvironment(process.env),
        ...options.buildEnvironment,
        ASTRO_TELEMETRY_DISABLED: '1',
        BUILD_OUT_DIR: distOf(deploy),
        BUILD_REPORT_FILE: join(dirOf(deploy), 'build-report.json'),
        INCOMING_HOOK_BODY: deploy.hookBody,
        INCOMING_HOOK_TITLE: deploy.title ?? '',
        INCOMING_HOOK_URL: deploy.hookUrl,
        DEPLOY_ID: deploy.id,
        BUILD_ID: deploy.id,
        SITE_ID: options.siteId,
      };
      // Each Netlify build starts from a clean checkout: no deploy blob of an earlier build is uploaded with this one.
      rmSync(join(REPO_ROOT, DEPLOY_BLOBS_DIR), { recursive: true, force: true });
      return runBuild(environment, join(dirOf(deploy), 'build.log')).catch(
        (error: unknown): BuildOutcome => ({
          ok: false,
          cause: 'platform',
          message: `The build could not start: ${(error as Error).message}`,
        }),
      );
    },
    async publish(deploy) {
      // Netlify's build uploads the deploy's blobs before the deploy is published.
      await options.uploadDeployFiles(deploy.id, join(REPO_ROOT, DEPLOY_BLOBS_DIR));
      // Read the new folder's rules before it answers anyone, then swap: one assignment.
      await swapTo(deploy);
    },
    // *Publish deploy*: its folder is there (restore checks), and its blobs were uploaded with it.
    republish: swapTo,
    finished(deploy) {
      if (deploy.state === 'ready') {
        log(
          `deploy ${deploy.id}: built in ${seconds(deploy)}, published (${deploy.title ?? 'no title'})`,
        );
        prune();
        return;
      }
      rmSync(distOf(deploy), { recursive: true, force: true });
      log(
        `deploy ${deploy.id}: build failed after ${seconds(deploy)} (${deploy.errorMessage}); still serving the previous deploy; log in ${join(dirOf(deploy), 'build.log')}`,
      );
    },
    notify: (body, deploy) => notify(deploy, body.state, body),
    crashed: (deploy, error) =>
      warn(`deploy ${deploy.id}: ${(error as Error).stack ?? String(error)}`),
  });

  return {
    published: () => current,
    async handle(request) {
      const { pathname } = new URL(request.url);
      if (pathname === LOCAL_BUILD_HOOK_PATH || pathname.startsWith(`${LOCAL_BUILD_HOOK_PATH}/`)) {
        // As Netlify answers an unknown build hook.
        if (pathname !== `${LOCAL_BUILD_HOOK_PATH}/${options.hookToken}`)
          return new Response('Not Found', { status: 404 });
        if (request.method !== 'POST')
          return new Response('Method Not Allowed', { status: 405, headers: { allow: 'POST' } });
        if (fromAnotherSite(request))
          return new Response("Forbidden: a build hook is not called from another site's page", {
            status: 403,
          });
        if (
          netlify.deploys.filter((deploy) => deploy.state === 'enqueued').length >=
          MAX_WAITING_DEPLOYS
        ) {
          return new Response(`Too Many Requests: ${MAX_WAITING_DEPLOYS} builds are waiting`, {
            status: 429,
            headers: { 'retry-after': '60' },
          });
        }
        netlify.accept(new URL(request.url), await request.text());
        // Netlify answers a build hook at once, with an empty body.
        return new Response(null, { status: 200 });
      }
      const restoring = RESTORE_PATH.exec(pathname);
      if (restoring) {
        if (request.method !== 'POST')
          return new Response('Method Not Allowed', { status: 405, headers: { allow: 'POST' } });
        if (fromAnotherSite(request))
          return new Response("Forbidden: a deploy is not published from another site's page", {
            status: 403,
          });
        return restore(decodeURIComponent(restoring[1]!));
      }
      if (pathname === LOCAL_DEPLOYS_PATH && request.method === 'GET') {
        return Response.json(
          { deploys: netlify.deploys.map(listed).reverse() },
          { headers: { 'cache-control': 'no-store' } },
        );
      }
      return undefined;
    },
    deploys: () => netlify.deploys.map(listed).reverse(),
    idle: () => netlify.idle(),
  };
}
