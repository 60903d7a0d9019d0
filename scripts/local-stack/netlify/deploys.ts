/**
 * Netlify's part of a deploy, played on this machine: a build hook, a build per call (one at a
 * time, queued in order), the atomic publish of a finished build, and the signed deploy
 * notifications. Everything the site does with them (the publish queue, the deploy records, the
 * status answers) is the production functions' code, called through their production paths.
 *
 *   POST /.netlify/local/build-hook/<token>[?trigger_title=…]   a build hook (the functions' NETLIFY_BUILD_HOOK_URL);
 *        answers 200 at once, as Netlify does, and the build runs in the background. As a Netlify
 *        build hook's address is its secret, so is this one's token (new at each start, printed);
 *        a request from a page of another site is refused (403), and at most MAX_WAITING_DEPLOYS
 *        wait (then 429).
 *   GET  /.netlify/local/deploys                         the local deploys, newest first, with their timings.
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
 * when the build starts, then "ready" (after the publish, with `published_at`) or "error".
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { DEPLOY_BLOBS_DIR } from '../../../src/lib/build/netlify-output.ts';
import { join, resolve } from 'node:path';
import { withBuildLock } from '../../lib/build-lock.ts';
import { REPO_ROOT } from '../env.ts';
import { createNetlifySite, type NetlifySite } from '../site/netlify-engine.ts';
import { buildScopeEnvironment } from './build-environment.ts';
import {
  postDeployNotification,
  type DeployNotificationBody,
  type NetlifyDeployState,
} from './deploy-notifications.ts';

export const LOCAL_BUILD_HOOK_PATH = '/.netlify/local/build-hook';
export const LOCAL_DEPLOYS_PATH = '/.netlify/local/deploys';
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
/** Deploy folders kept: the published one and the one before it (a request may still be reading it). */
const KEPT_DEPLOY_FOLDERS = 2;

export interface LocalDeploy {
  id: string;
  title: string | null;
  state: 'enqueued' | NetlifyDeployState;
  /** When the build hook was called. */
  createdAt: string;
  buildStartedAt: string | null;
  builtAt: string | null;
  publishedAt: string | null;
  /** Before the build process starts (an earlier build, the "building" notification); the build process; publishing the finished folder. */
  waitMs: number | null;
  buildMs: number | null;
  swapMs: number | null;
  errorMessage: string | null;
  dir: string;
}

export interface BuildOutcome {
  ok: boolean;
  /** Netlify's `error_message` for a failed build. */
  errorMessage?: string;
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

/** `astro build` in the project, waiting for any other build of this checkout (scripts/lib/build-lock.ts). */
export const astroBuild: BuildRunner = (environment, logFile) =>
  new Promise((done, fail) => {
    const child = spawn(
      process.execPath,
      [join(REPO_ROOT, 'node_modules/astro/bin/astro.mjs'), 'build'],
      {
        cwd: REPO_ROOT,
        env: environment,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.once('error', fail);
    child.once('close', (code) => {
      writeFileSync(logFile, Buffer.concat(output));
      // Netlify's words for a build command that fails, whatever its own exit code: the code is
      // @netlify/build's, 2 for any user error (src/lib/publish-records/build-failure.ts).
      done(
        code === 0
          ? { ok: true }
          : { ok: false, errorMessage: 'Build script returned non-zero exit code: 2' },
      );
    });
  });

/** A Netlify deploy id: 24 hex digits. */
const newDeployId = () => randomBytes(12).toString('hex');
const iso = (ms: number) => new Date(ms).toISOString();

export function createLocalDeploys(options: LocalDeploysOptions): LocalDeploys {
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const warn = options.warn ?? ((message: string) => console.warn(message));
  const runBuild = options.runBuild ?? astroBuild;
  const deploysDir = resolve(options.deploysDir);
  const siteFor = (distDir: string) =>
    createNetlifySite({ distDir, netlifyToml: options.netlifyToml, warn });
  let current = siteFor(options.initialDistDir);
  const all: LocalDeploy[] = [];
  let queue: Promise<void> = Promise.resolve();

  function notificationBody(
    deploy: LocalDeploy,
    state: NetlifyDeployState,
    at: number,
  ): DeployNotificationBody {
    const site = options.siteUrl();
    return {
      id: deploy.id,
      site_id: options.siteId,
      build_id: deploy.id,
      state,
      name: options.siteId,
      url: site,
      ssl_url: site,
      admin_url: `${site}${LOCAL_DEPLOYS_PATH}`,
      deploy_url: site,
      deploy_ssl_url: site,
      created_at: deploy.createdAt,
      updated_at: iso(at),
      published_at: deploy.publishedAt,
      deploy_time: deploy.buildMs === null ? null : Math.round(deploy.buildMs / 1000),
      error_message: deploy.errorMessage,
      context: 'production',
      branch: 'main',
      title: deploy.title,
      commit_ref: null,
      commit_url: null,
      review_id: null,
      review_url: null,
      locked: null,
      skipped: null,
      manual_deploy: false,
      framework: 'astro',
    };
  }

  async function notify(deploy: LocalDeploy, state: NetlifyDeployState): Promise<void> {
    const url = `${options.siteUrl()}${options.notificationPath}`;
    try {
      const answer = await postDeployNotification(
        url,
        notificationBody(deploy, state, Date.now()),
        options.notificationSecret,
      );
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

  /** Deletes the folders of deploys no request can still be reading: all but the newest published ones. */
  function prune(): void {
    const published = all
      .filter((deploy) => deploy.state === 'ready')
      .slice(0, KEPT_DEPLOY_FOLDERS)
      .map((deploy) => deploy.id);
    for (const deploy of all) {
      if (
        deploy.state !== 'enqueued' &&
        deploy.state !== 'building' &&
        !published.includes(deploy.id)
      ) {
        rmSync(join(deploy.dir, 'dist'), { recursive: true, force: true });
      }
    }
  }

  async function run(deploy: LocalDeploy, body: string, hookUrl: string): Promise<void> {
    await withBuildLock(async () => {
      deploy.state = 'building';
      await notify(deploy, 'building');
      // The build's own time starts with its process: the wait before it includes the notification.
      const started = Date.now();
      Object.assign(deploy, {
        buildStartedAt: iso(started),
        waitMs: started - Date.parse(deploy.createdAt),
      });
      mkdirSync(deploy.dir, { recursive: true });
      const distDir = join(deploy.dir, 'dist');
      const environment: NodeJS.ProcessEnv = {
        // As on Netlify: the Builds scope only (no function's secret, no Blobs context).
        ...buildScopeEnvironment(process.env),
        ...options.buildEnvironment,
        ASTRO_TELEMETRY_DISABLED: '1',
        BUILD_OUT_DIR: distDir,
        BUILD_REPORT_FILE: join(deploy.dir, 'build-report.json'),
        INCOMING_HOOK_BODY: body,
        INCOMING_HOOK_TITLE: deploy.title ?? '',
        INCOMING_HOOK_URL: hookUrl,
        DEPLOY_ID: deploy.id,
        BUILD_ID: deploy.id,
        SITE_ID: options.siteId,
      };
      // Each Netlify build starts from a clean checkout: no deploy blob of an earlier build is uploaded with this one.
      const deployBlobs = join(REPO_ROOT, DEPLOY_BLOBS_DIR);
      rmSync(deployBlobs, { recursive: true, force: true });
      const outcome = await runBuild(environment, join(deploy.dir, 'build.log')).catch(
        (error: unknown) => ({
          ok: false,
          errorMessage: `The build could not start: ${(error as Error).message}`,
        }),
      );
      const built = Date.now();
      Object.assign(deploy, { builtAt: iso(built), buildMs: built - started });
      if (!outcome.ok) {
        Object.assign(deploy, {
          state: 'error',
          errorMessage: outcome.errorMessage ?? 'Build failed',
        });
        rmSync(distDir, { recursive: true, force: true });
        log(
          `deploy ${deploy.id}: build failed after ${(deploy.buildMs! / 1000).toFixed(1)} s (${deploy.errorMessage}); still serving the previous deploy; log in ${join(deploy.dir, 'build.log')}`,
        );
        await notify(deploy, 'error');
        return;
      }
      // Netlify's build uploads the deploy's blobs before the deploy is published.
      await options.uploadDeployFiles(deploy.id, deployBlobs);
      // Read the new folder's rules before it answers anyone, then swap: one assignment.
      const next = siteFor(distDir);
      await (await next.handle(new Request(`${options.siteUrl()}/`))).arrayBuffer();
      current = next;
      const published = Date.now();
      Object.assign(deploy, {
        state: 'ready',
        publishedAt: iso(published),
        swapMs: published - built,
      });
      log(
        `deploy ${deploy.id}: built in ${(deploy.buildMs! / 1000).toFixed(1)} s, published (${deploy.title ?? 'no title'})`,
      );
      await notify(deploy, 'ready');
      prune();
    });
  }

  function hook(request: Request, body: string): Response {
    const url = new URL(request.url);
    const id = newDeployId();
    const deploy: LocalDeploy = {
      id,
      title: url.searchParams.get('trigger_title'),
      state: 'enqueued',
      createdAt: new Date().toISOString(),
      buildStartedAt: null,
      builtAt: null,
      publishedAt: null,
      waitMs: null,
      buildMs: null,
      swapMs: null,
      errorMessage: null,
      dir: join(deploysDir, id),
    };
    all.unshift(deploy);
    queue = queue
      .then(() => run(deploy, body, `${url.origin}${url.pathname}`))
      .catch(async (error: unknown) => {
        Object.assign(deploy, { state: 'error', errorMessage: (error as Error).message });
        warn(`deploy ${id}: ${(error as Error).stack ?? String(error)}`);
        // As Netlify would: the site hears the deploy failed, so publishes waiting on it go on.
        await notify(deploy, 'error');
      });
    // Netlify answers a build hook at once, with an empty body.
    return new Response(null, { status: 200 });
  }

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
        if (all.filter((deploy) => deploy.state === 'enqueued').length >= MAX_WAITING_DEPLOYS) {
          return new Response(`Too Many Requests: ${MAX_WAITING_DEPLOYS} builds are waiting`, {
            status: 429,
            headers: { 'retry-after': '60' },
          });
        }
        return hook(request, await request.text());
      }
      if (pathname === LOCAL_DEPLOYS_PATH && request.method === 'GET') {
        return Response.json({ deploys: all }, { headers: { 'cache-control': 'no-store' } });
      }
      return undefined;
    },
    deploys: () => all.map((deploy) => ({ ...deploy })),
    idle: async () => {
      let seen: Promise<void>;
      do {
        seen = queue;
        await seen;
      } while (seen !== queue);
    },
  };
}
