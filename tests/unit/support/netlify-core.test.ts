/**
 * The Netlify core every stand-in plays Netlify with (scripts/support/netlify/): deploys build one
 * at a time in the order the hook was called, each notified `building`, then `ready` (published) or
 * `error` in Netlify's words; a ready deploy published again (*Publish deploy*) is notified as
 * Netlify's "Deploy restored" is, the deploy `ready` with a new `published_at`; the notification
 * body is one the site's own schema reads and its signature one the site's own verifier accepts. Played here on the simulated world's clock, as the
 * fault model and the month bench play it, and in real time, as the local stack does.
 */
import { describe, expect, it } from 'vitest';
import { verifyNetlifySignature } from '../../../src/lib/deploys/jws.ts';
import { failureCause } from '../../../src/lib/publish-records/build-failure.ts';
import { deployNotificationSchema } from '../../../src/lib/publish-records/deploy-history.ts';
import {
  createNetlifyDeploys,
  type BuildOutcome,
  type NetlifyDeploy,
} from '../../../scripts/support/netlify/deploys.ts';
import {
  NETLIFY_FAILURE,
  signedNotification,
  type DeployNotificationBody,
} from '../../../scripts/support/netlify/notifications.ts';
import { SimClock } from '../../../scripts/support/world/clock.ts';

const SITE = {
  id: 'site-1',
  name: 'site-one',
  url: 'https://site-one.netlify.app',
  adminUrl: 'https://app.netlify.com/projects/site-one',
  deployUrl: (id: string) => `https://${id}--site-one.netlify.app`,
};
const START = Date.UTC(2027, 0, 4, 12);
const hookCall = (title: string) =>
  new URL(`https://api.netlify.com/build_hooks/abc?trigger_title=${encodeURIComponent(title)}`);
const BODY = JSON.stringify({ kind: 'manual', batch: 'b-00000001', documents: [], more: 0 });

/** Netlify on a simulated clock: each build takes `buildMs`; `outcomes` says how each ends. */
function onClock(outcomes: BuildOutcome[], buildMs = 60_000) {
  const clock = new SimClock(START);
  const notified: Array<{ at: number; body: DeployNotificationBody }> = [];
  const published: string[] = [];
  let ids = 0;
  const netlify = createNetlifyDeploys({
    site: SITE,
    now: () => clock.now,
    newDeployId: () => (ids += 1).toString(16).padStart(24, '0'),
    run: (work) => clock.task('builds', work),
    startDelayMs: 5_000,
    async build(_deploy, sleep) {
      await sleep(buildMs, 'built');
      return outcomes.shift() ?? { ok: true };
    },
    async publish(deploy) {
      await Promise.resolve();
      published.push(deploy.id);
    },
    republish(deploy) {
      published.push(deploy.id);
    },
    notify: (body) => {
      notified.push({ at: clock.now, body });
    },
  });
  return { clock, netlify, notified, published };
}

describe('the Netlify core', () => {
  it('builds one deploy at a time, in the order the hook was called, each notified building and then its outcome', async () => {
    const { clock, netlify, notified, published } = onClock([
      { ok: true },
      { ok: false, cause: 'build-command' },
      { ok: false, cause: 'platform' },
    ]);
    netlify.accept(hookCall('first'), BODY);
    netlify.accept(hookCall('second'), '{"not":"a build hook body"}');
    netlify.accept(hookCall('third'), 'not JSON');
    await clock.runUntil(START + 60 * 60_000);

    expect(notified.map(({ body }) => `${body.title} ${body.state}`)).toEqual([
      'first building',
      'first ready',
      'second building',
      'second error',
      'third building',
      'third error',
    ]);
    // 5 s to a build server after the deploy before ends, then the build's minute.
    expect(notified.map(({ at }) => (at - START) / 1000)).toEqual([5, 65, 70, 130, 135, 195]);
    expect(published).toEqual([netlify.deploys[0]!.id]);
    expect(netlify.deploys.map((deploy) => deploy.state)).toEqual(['ready', 'error', 'error']);
    expect(netlify.deploys.map((deploy) => deploy.body?.kind)).toEqual([
      'manual',
      undefined,
      undefined,
    ]);
    expect(netlify.deploys[0]).toMatchObject({
      title: 'first',
      hookBody: BODY,
      hookUrl: 'https://api.netlify.com/build_hooks/abc',
      createdAt: START,
      startedAt: START + 5_000,
      finishedAt: START + 65_000,
      publishedAt: START + 65_000,
    });
  });

  it('publishes a ready deploy again (a rollback) with no build, notified "ready" with its new publish time; a failed or unknown deploy is refused', async () => {
    const { clock, netlify, notified, published } = onClock([
      { ok: true },
      { ok: true },
      { ok: false, cause: 'platform' },
    ]);
    netlify.accept(hookCall('older'), BODY);
    netlify.accept(hookCall('newer'), BODY);
    netlify.accept(hookCall('failed'), BODY);
    await clock.runUntil(START + 60 * 60_000);
    const [older, , failed] = netlify.deploys;
    const firstPublished = older!.publishedAt;
    const before = notified.length;

    await netlify.restore(older!.id);
    expect(published).toEqual([netlify.deploys[0]!.id, netlify.deploys[1]!.id, older!.id]);
    expect(netlify.deploys).toHaveLength(3);
    const restored = notified.slice(before).map(({ body }) => body);
    expect(restored).toHaveLength(1);
    expect(restored[0]).toMatchObject({
      id: older!.id,
      state: 'ready',
      title: 'older',
      created_at: new Date(START).toISOString(),
      published_at: new Date(clock.now).toISOString(),
      updated_at: new Date(clock.now).toISOString(),
    });
    expect(Date.parse(restored[0]!.published_at!)).toBeGreaterThan(firstPublished!);
    expect(deployNotificationSchema.safeParse(restored[0]).success).toBe(true);

    await expect(netlify.restore(failed!.id)).rejects.toThrow(/is error, not ready/);
    await expect(netlify.restore('nope')).rejects.toThrow(/no deploy nope/);
  });

  it("words a failed build as Netlify does, and the site's rule reads the cause back from the words", async () => {
    const { clock, netlify, notified } = onClock([
      { ok: false, cause: 'build-command' },
      { ok: false, cause: 'platform' },
    ]);
    netlify.accept(hookCall('a'), BODY);
    netlify.accept(hookCall('b'), BODY);
    await clock.runUntil(START + 60 * 60_000);
    const errors = notified.filter(({ body }) => body.state === 'error').map(({ body }) => body);
    expect(errors.map((body) => body.error_message)).toEqual([
      "Failed during stage 'building site': Build script returned non-zero exit code: 2",
      "Failed during stage 'Install dependencies': dependency_installation script returned non-zero exit code: 1",
    ]);
    expect(errors.map((body) => failureCause(body.error_message))).toEqual([
      'build-command',
      'platform',
    ]);
    expect(failureCause(NETLIFY_FAILURE['build-command'])).toBe('build-command');
    expect(errors.map((body) => body.published_at)).toEqual([null, null]);
  });

  it("sends a body the site's schema reads, signed so the site's own verifier accepts it", async () => {
    const { clock, netlify, notified } = onClock([{ ok: true }], 90_000);
    netlify.accept(hookCall('signed'), BODY);
    await clock.runUntil(START + 60 * 60_000);
    const [building, ready] = notified.map(({ body }) => body);
    expect(building).toMatchObject({
      state: 'building',
      site_id: 'site-1',
      context: 'production',
      published_at: null,
      deploy_time: null,
      error_message: null,
    });
    expect(ready).toMatchObject({
      state: 'ready',
      published_at: new Date(START + 95_000).toISOString(),
      deploy_time: 90,
      created_at: new Date(START).toISOString(),
      deploy_ssl_url: `https://${ready!.id}--site-one.netlify.app`,
    });
    const secret = 'a-shared-jws-secret-0123456789';
    for (const body of [building!, ready!]) {
      expect(deployNotificationSchema.safeParse(body).success).toBe(true);
      const { text, headers } = signedNotification(body, secret);
      expect(
        await verifyNetlifySignature({ token: headers['x-webhook-signature'], body: text, secret }),
      ).toEqual({ ok: true, with: 'current' });
      expect(
        await verifyNetlifySignature({
          token: headers['x-webhook-signature'],
          body: `${text} `,
          secret,
        }),
      ).toEqual({ ok: false, reason: 'body does not match its signature' });
    }
  });

  it('in real time: a step that throws ends its deploy in error, notified, and the next deploy still builds', async () => {
    const notified: string[] = [];
    const warned: string[] = [];
    let ids = 0;
    const netlify = createNetlifyDeploys<NetlifyDeploy>({
      site: SITE,
      now: Date.now,
      newDeployId: () => `d${(ids += 1)}`,
      exclusive: (work) => work(),
      build: () => Promise.resolve({ ok: true }),
      publish: (deploy) =>
        deploy.title === 'broken upload'
          ? Promise.reject(new Error('the upload failed'))
          : Promise.resolve(),
      notify: (body) => {
        notified.push(
          `${body.title} ${body.state}${body.error_message ? `: ${body.error_message}` : ''}`,
        );
      },
      crashed: (deploy, error) => warned.push(`${deploy.id}: ${(error as Error).message}`),
    });
    netlify.accept(hookCall('broken upload'), BODY);
    netlify.accept(hookCall('fine'), BODY);
    await netlify.idle();
    expect(notified).toEqual([
      'broken upload building',
      'broken upload error: the upload failed',
      'fine building',
      'fine ready',
    ]);
    expect(warned).toEqual(['d1: the upload failed']);
    // A call once the queue is empty starts it again.
    netlify.accept(hookCall('later'), BODY);
    await netlify.idle();
    expect(notified.at(-1)).toBe('later ready');
  });
});
