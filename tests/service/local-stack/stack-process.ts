/**
 * The local stack as its own process (scripts/local-stack/start.ts), for the tests of the publish
 * loop: started with an environment of the test's (the functions' secrets and Netlify's own
 * variables left out, so the stack's documented defaults apply), its site's address, its output,
 * and a poll that keeps what it saw.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { getStore, type Store } from '@netlify/blobs';
import {
  LOCAL_BLOBS_ACCESS_FILE,
  type LocalBlobsAccess,
} from '../../../scripts/local-stack/netlify/blobs.ts';
import type { LocalDeploy } from '../../../scripts/local-stack/netlify/deploys.ts';
import { LOCAL_DEPLOYS_PATH } from '../../../scripts/local-stack/netlify/deploys.ts';
import { SERVING, startProcess } from '../../../scripts/support/process.ts';
import { PUBLISH_QUEUE_KEY, PUBLISH_QUEUE_STORE } from '../../../src/lib/publish-records/names.ts';
import type { PublishQueue } from '../../../src/lib/publish-records/queue-record.ts';

export const ROOT = resolve(import.meta.dirname, '../../..');

export interface StackProcess {
  site: string;
  output: () => string;
  stop: () => Promise<void>;
  get: (
    path: string,
    headers?: Record<string, string>,
  ) => Promise<{ status: number; text: string; headers: Headers }>;
  localDeploys: () => Promise<LocalDeploy[]>;
  /** The stack's own Blobs store `name` (its DATA_DIR's local Blobs server), as `npm run blobs -- --local` reaches it. */
  store: (name: string) => Store;
  /**
   * Runs a scheduled function now, as Netlify's "Run now" (and the stack's scheduler) does: its
   * answer. A test that must see what the next scheduled runs do asks for them, not for a minute.
   */
  runScheduled: (name: string) => Promise<{ status: number; text: string }>;
  /**
   * Polls until the publish queue's record holds no batch in flight. A finished build's notification
   * records the deploy (so its documents show live) before it frees the queue: a test that next
   * asks the queue for something waits for this, not for the badge.
   */
  untilQueueFree: (timeoutMs?: number) => Promise<void>;
  /** Polls until `done` says so, keeping every value seen (in order, repeats dropped). */
  until: <T>(
    read: () => Promise<T>,
    done: (value: T) => boolean,
    timeoutMs: number,
    label: string,
  ) => Promise<T[]>;
}

/** `args`: start.ts's own (`--build`: build dist/ from the working copy first, as `npm start` does). */
export async function startStackProcess(
  settings: Record<string, string>,
  args: readonly string[] = [],
): Promise<StackProcess> {
  const environment: NodeJS.ProcessEnv = { ...process.env, PORT: '0', API_PORT: '0', ...settings };
  for (const name of [
    'SANITY_WEBHOOK_SECRET',
    'NETLIFY_DEPLOY_NOTIFICATION_SECRET',
    'NETLIFY_BLOBS_CONTEXT',
    'SITE_ID',
    'CONTEXT',
    'NETLIFY',
  ]) {
    if (!(name in settings)) delete environment[name];
  }
  if (!('NETLIFY_BUILD_HOOK_URL' in settings)) delete environment['NETLIFY_BUILD_HOOK_URL'];
  const stack = await startProcess({
    name: 'the stack',
    args: [join(ROOT, 'scripts/local-stack/start.ts'), ...args],
    env: environment,
    ready: SERVING,
  });
  const output = stack.output;
  const site = /Site: +(http:\/\/127\.0\.0\.1:\d+)/.exec(output())![1]!;
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const answer = await fetch(`${site}${path}`, { headers, redirect: 'manual' });
    return { status: answer.status, text: await answer.text(), headers: answer.headers };
  };
  const until: StackProcess['until'] = async (read, done, timeoutMs, label) => {
    const seen: Array<Awaited<ReturnType<typeof read>>> = [];
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await read();
      if (JSON.stringify(value) !== JSON.stringify(seen.at(-1))) seen.push(value);
      if (done(value)) return seen;
      if (Date.now() > deadline)
        throw new Error(
          `${label}: not reached in ${timeoutMs / 1000} s; seen ${JSON.stringify(seen).slice(-1500)}\n${output().slice(-3000)}`,
        );
      await new Promise((wait) => setTimeout(wait, 150));
    }
  };
  const store = (name: string): Store => {
    const dataDir = settings['DATA_DIR'];
    if (!dataDir) throw new Error('the stack was started without a DATA_DIR of the test');
    const access = JSON.parse(
      readFileSync(join(dataDir, LOCAL_BLOBS_ACCESS_FILE), 'utf8'),
    ) as LocalBlobsAccess;
    return getStore({
      name,
      siteID: access.siteID,
      token: access.token,
      edgeURL: access.url,
      uncachedEdgeURL: access.url,
      consistency: 'strong',
    });
  };
  return {
    site,
    output,
    get,
    localDeploys: async () =>
      (JSON.parse((await get(LOCAL_DEPLOYS_PATH)).text) as { deploys: LocalDeploy[] }).deploys,
    store,
    async untilQueueFree(timeoutMs = 20_000) {
      await until(
        async () =>
          (await store(PUBLISH_QUEUE_STORE).get(PUBLISH_QUEUE_KEY, {
            type: 'json',
          })) as PublishQueue | null,
        (queue) => queue?.inFlight === undefined,
        timeoutMs,
        'the publish queue free (no batch in flight)',
      );
    },
    async runScheduled(name) {
      const answer = await fetch(`${site}/.netlify/functions/${name}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      return { status: answer.status, text: await answer.text() };
    },
    until,
    async stop() {
      await stack.stop();
    },
  };
}

/**
 * Plays Sanity's `GET /users/me` for the site's project, so the stack's status functions can tell
 * an editor: each of `editorTokens` is a member with the Editor role; any other token gets
 * Sanity's 401. `asked` counts the questions. Give the stack `SANITY_PROJECT_ID` and
 * `SANITY_API_HOST: apiHost` (loopback only).
 */
export async function startSanityUsersStandIn(
  ...editorTokens: string[]
): Promise<{ apiHost: string; asked: () => number; close: () => Promise<void> }> {
  let asked = 0;
  const server = createServer((request, response) => {
    asked += 1;
    const known = editorTokens.some((token) => request.headers.authorization === `Bearer ${token}`);
    response.writeHead(known ? 200 : 401, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify(
        known
          ? { id: 'pEditor', provider: 'google', roles: [{ name: 'editor', title: 'Editor' }] }
          : { statusCode: 401, message: 'Session not found' },
      ),
    );
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  return {
    apiHost: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    asked: () => asked,
    close: () => new Promise<void>((closed) => server.close(() => closed())),
  };
}
