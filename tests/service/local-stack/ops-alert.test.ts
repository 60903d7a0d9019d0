/**
 * The ops alert against the local stack: a production build fails (its build command stops: the
 * product API it reads is down, behind a door the test closes), the deploy notification reaches
 * the site's deploy-notification function, and one signed alert (Standard Webhooks, checked with
 * the receiver's key) reaches a local receiver, as OPS_ALERT_WEBHOOK_URL names it: plain http, to
 * this machine, the one kind of http address the sender takes, and the functions' settings check
 * (as `setup:check --deployed` asks it) agrees.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localBuildHookUrl } from '../../../scripts/local-stack/netlify/deploys.ts';
import { manualBody, triggerBuild } from '../../../src/lib/rebuild/build-hook.ts';
import { askDeployedFunctions } from '../../../src/lib/setup/deployed-check.ts';
import { oneSchoolDocuments, writeDataset } from '../../fixtures/one-school/dataset.ts';
import { ROOT, startStackProcess, type StackProcess } from './stack-process.ts';

const HOOK_TOKEN = 'ops-alert-hook-token';
const KEY = `whsec_${Buffer.from('local-ops-alert-key-0123456789ab').toString('base64')}`;

const work = mkdtempSync(join(tmpdir(), 'ops-alert-'));
const datasetDir = writeDataset(join(work, 'dataset'), oneSchoolDocuments('huskymobile'));
const deploysDir = join(ROOT, '.netlify', 'tests', 'ops-alert');
const emptyDist = join(work, 'empty-dist');
mkdirSync(emptyDist);
let stack: StackProcess;
let receiver: Server | undefined;
let downApi: Server | undefined;
const received: Array<{ headers: IncomingMessage['headers']; body: string }> = [];

async function listenOn(server: Server): Promise<number> {
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  return (server.address() as AddressInfo).port;
}

beforeAll(async () => {
  rmSync(deploysDir, { recursive: true, force: true });
  receiver = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      received.push({ headers: incoming.headers, body: Buffer.concat(chunks).toString('utf8') });
      outgoing.writeHead(204).end();
    });
  });
  // The product API the build reads, down: every request 503.
  downApi = createServer((_incoming, outgoing) =>
    outgoing.writeHead(503, { 'content-type': 'application/json' }).end('{"message":"down"}'),
  );
  const [receiverPort, apiPort] = [await listenOn(receiver), await listenOn(downApi)];
  stack = await startStackProcess({
    DATA_DIR: join(work, 'data'),
    DIST_DIR: emptyDist,
    CONTENT_DATASET_DIR: datasetDir,
    DEPLOYS_DIR: deploysDir,
    LOCAL_BUILD_HOOK_TOKEN: HOOK_TOKEN,
    SANITY_STUDIO_URL: 'http://localhost:3333',
    PUBLIC_API_BASE: `http://127.0.0.1:${apiPort}`,
    OPS_ALERT_WEBHOOK_URL: `http://127.0.0.1:${receiverPort}/ops`,
    OPS_ALERT_WEBHOOK_SECRET: KEY,
  });
}, 300_000);

afterAll(async () => {
  await stack?.stop();
  for (const server of [receiver, downApi])
    await new Promise<void>((closed) => (server ? server.close(() => closed()) : closed()));
  rmSync(work, { recursive: true, force: true });
  rmSync(deploysDir, { recursive: true, force: true });
});

describe('an alert to ops', () => {
  it('a failed production build reaches the local receiver once, signed with its key', async () => {
    await triggerBuild(localBuildHookUrl(stack.site, HOOK_TOKEN), manualBody());
    const deploys = await stack.until(
      stack.localDeploys,
      (list) => list[0]?.state === 'error',
      240_000,
      'the build failing',
    );
    const failed = deploys.at(-1)![0]!;
    const deadline = Date.now() + 30_000;
    while (!received.length && Date.now() < deadline)
      await new Promise((wait) => setTimeout(wait, 200));
    expect(received).toHaveLength(1);
    const [alert] = received;
    const headers = Object.fromEntries(
      ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => [
        name,
        String(alert!.headers[name]),
      ]),
    );
    // The receiver's check: throws unless the signature is the key's and the timestamp is recent.
    const payload = new Webhook(KEY).verify(alert!.body, headers) as {
      type: string;
      data: Record<string, unknown>;
    };
    expect(payload.type).toBe('ops.build-failed');
    expect(payload.data).toMatchObject({ deployId: failed.id, cause: failed.id });
    expect(String(payload.data['errorMessage'])).toContain(
      'Build script returned non-zero exit code',
    );
  }, 360_000);

  it("the functions' settings check, asked as setup:check --deployed asks it, finds nothing wrong with that address", async () => {
    const answer = await askDeployedFunctions(
      stack.site,
      localBuildHookUrl(stack.site, HOOK_TOKEN),
      (url, init) => fetch(url, init),
    );
    expect(answer.state).toBe('answered');
    const named = answer.state === 'answered' ? answer.problems.map((problem) => problem.text) : [];
    expect(named.filter((text) => text.startsWith('OPS_ALERT_WEBHOOK'))).toEqual([]);
  }, 60_000);
});
