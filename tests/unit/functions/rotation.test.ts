/**
 * Rotating each secret a caller signs with (docs/operations.md, "Rotating a secret"): the function
 * accepts the current value and, while `<NAME>_PREVIOUS` is set, the previous one; it signs or
 * mints with the current one only. Then each procedure run step by step against the real functions
 * while editors publish: Netlify applies a changed variable only at the next deploy, Sanity and
 * Netlify's notifications change their secret at once, and no publish, notification or editor is
 * refused at any step. The same steps in the wrong order refuse one, which is why the order matters.
 */
import { encodeSignatureHeader } from '@sanity/webhook';
import { describe, expect, it } from 'vitest';
import { issuePass, readPass, type PassScope } from '../../../src/lib/deploys/editor-pass.ts';
import { signNetlifyNotification, verifyNetlifySignature } from '../../../src/lib/deploys/jws.ts';
import { deployNotification } from '../../../src/lib/deploys/notification-function.ts';
import { memoryBlobStore } from '../../../src/lib/functions/blob-store.ts';
import { defineFunction } from '../../../src/lib/functions/define-function.ts';
import {
  readDeployNotificationSettings,
  readPublishSettings,
  readStatusSettings,
} from '../../../src/lib/functions/function-settings.ts';
import { rebuildOnPublish } from '../../../src/lib/rebuild/publish-webhook.ts';
import { checkWebhookSignature } from '../../../src/lib/rebuild/webhook-signature.ts';
import { deploy, statusHandlers } from '../deploys/fixtures.ts';

const OLD = 'old-secret-0123456789abcdef0123456789';
const NEW = 'new-secret-0123456789abcdef0123456789';
const THIRD = 'third-secret-0123456789abcdef01234567';
const HOOK = 'https://api.netlify.com/build_hooks/rotation';
const NOW = Date.UTC(2026, 11, 1, 12);
const BODY = JSON.stringify({
  _id: 'faqs',
  _type: 'faqs',
  _rev: 'r1',
  _updatedAt: '2026-12-01T11:59:00Z',
});

describe('each secret in rotation: the old value works until it is retired, the new one at once, a third never', () => {
  it("SANITY_WEBHOOK_SECRET: Sanity's signature", async () => {
    const check = async (signedWith: string, previous: string | undefined) =>
      (
        await checkWebhookSignature({
          body: BODY,
          signature: await encodeSignatureHeader(BODY, NOW - 1_000, signedWith),
          secret: NEW,
          previous,
          now: NOW,
        })
      ).ok;
    expect(await check(OLD, OLD)).toBe(true);
    expect(await check(NEW, OLD)).toBe(true);
    expect(await check(THIRD, OLD)).toBe(false);
    // Retired: the previous value unset.
    expect(await check(OLD, undefined)).toBe(false);
    expect(await check(NEW, undefined)).toBe(true);
  });

  it("NETLIFY_DEPLOY_NOTIFICATION_SECRET: Netlify's JWS", async () => {
    const body = JSON.stringify(deploy());
    const check = async (signedWith: string, previous: string | undefined) =>
      verifyNetlifySignature({
        token: signNetlifyNotification(body, signedWith),
        body,
        secret: NEW,
        previous,
      });
    expect(await check(OLD, OLD)).toEqual({ ok: true, with: 'previous' });
    expect(await check(NEW, OLD)).toEqual({ ok: true, with: 'current' });
    expect(await check(THIRD, OLD)).toEqual({ ok: false, reason: 'wrong signature' });
    expect(await check(OLD, undefined)).toEqual({ ok: false, reason: 'wrong signature' });
    // The previous secret never lets another claim through: a token signed with it for another issuer is still refused.
    expect(
      await verifyNetlifySignature({
        token: signNetlifyNotification(body, OLD, { iss: 'someone' }),
        body,
        secret: NEW,
        previous: OLD,
      }),
    ).toEqual({ ok: false, reason: 'signature is not issued by netlify' });
  });

  it("EDITOR_PASS_SECRET: an editor's pass (new passes are signed with the current value only)", async () => {
    const scope = (secret: string, previous?: string): PassScope => ({
      secret,
      ...(previous ? { previous } : {}),
      site: 'site-1',
      context: 'production',
      projectId: 'proj1',
      dataset: 'production',
    });
    const passOf = async (secret: string) =>
      (await issuePass('editor-token', scope(secret), NOW - 60_000)).pass;
    const read = async (pass: string, current: PassScope) =>
      (await readPass(pass, 'editor-token', current, NOW)).valid;
    const rotating = scope(NEW, OLD);
    expect(await read(await passOf(OLD), rotating)).toBe(true);
    expect(await read(await passOf(NEW), rotating)).toBe(true);
    expect(await read(await passOf(THIRD), rotating)).toBe(false);
    expect(await read(await passOf(OLD), scope(NEW))).toBe(false);
    // A pass issued during the rotation is signed with the current value: it holds once the previous one is gone.
    expect(await read((await issuePass('editor-token', rotating, NOW)).pass, scope(NEW))).toBe(
      true,
    );
  });
});

/** The public site as Netlify runs it: the variables set in its UI, and the ones its live deploy's functions have. */
class Site {
  variables: Record<string, string | undefined>;
  deployed: Record<string, string | undefined>;
  readonly queue = memoryBlobStore();
  readonly deploysStore = memoryBlobStore();
  deploys = 0;
  /** Netlify's deploy notifications (six of them), each with its own JWS secret. */
  notificationSecrets: string[];
  /** Sanity's webhook (its secret). */
  sanitySecret: string;
  refused: string[] = [];
  publishes = 0;

  constructor(secrets: { webhook: string; notification: string; pass: string }) {
    this.variables = {
      NETLIFY_BUILD_HOOK_URL: HOOK,
      SANITY_WEBHOOK_SECRET: secrets.webhook,
      NETLIFY_DEPLOY_NOTIFICATION_SECRET: secrets.notification,
      EDITOR_PASS_SECRET: secrets.pass,
      SITE_ID: 'site-1',
      SANITY_PROJECT_ID: 'proj1',
      SANITY_STUDIO_URL: 'https://studio.example',
    };
    this.deployed = { ...this.variables };
    this.notificationSecrets = Array<string>(6).fill(secrets.notification);
    this.sanitySecret = secrets.webhook;
  }

  /** A deploy: the functions of the new deploy see the variables as they are now. Its notifications are sent while it happens. */
  async deploy(): Promise<void> {
    this.deploys += 1;
    const id = `d-${this.deploys}`;
    const created = new Date(NOW + this.deploys * 60_000).toISOString();
    // "Deploy started" reaches the functions of the deploy live until now.
    await this.notify(0, { id, state: 'building', created_at: created, updated_at: created });
    this.deployed = { ...this.variables };
    const done = new Date(NOW + this.deploys * 60_000 + 30_000).toISOString();
    await this.notify(1, {
      id,
      state: 'ready',
      created_at: created,
      updated_at: done,
      published_at: done,
    });
  }

  /** Netlify posts notification `which` (0: started, 1: succeeded, …), signed with that notification's secret. */
  async notify(which: number, overrides: Record<string, unknown>): Promise<void> {
    const body = JSON.stringify(deploy({ site_id: 'site-1', ...overrides }));
    const answer = await defineFunction(deployNotification, {
      openStores: { deploys: () => this.deploysStore, queue: () => this.queue },
      readSettings: () => readDeployNotificationSettings(this.deployed),
      site: this.deployed,
      log: () => {},
      fetch: () => Promise.resolve(new Response('')),
      deps: { readBuildReport: () => Promise.resolve(undefined) },
    })(
      new Request('https://site.example/api/deploy-notification', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-webhook-signature': signNetlifyNotification(body, this.notificationSecrets[which]!),
        },
        body,
      }),
      { deploy: { context: 'production' } },
    );
    if (answer.status !== 200)
      this.refused.push(`notification ${which}: ${answer.status} ${await answer.text()}`);
  }

  /** An editor publishes: Sanity's webhook, signed with Sanity's secret of the moment. */
  async publish(): Promise<void> {
    this.publishes += 1;
    const body = JSON.stringify({
      _id: `doc-${this.publishes}`,
      _type: 'faqs',
      _rev: `r${this.publishes}`,
      _updatedAt: new Date(NOW).toISOString(),
    });
    const answer = await defineFunction(rebuildOnPublish, {
      openStores: { queue: () => this.queue },
      readSettings: () => readPublishSettings(this.deployed),
      site: this.deployed,
      log: () => {},
      fetch: () => Promise.resolve(new Response('')),
      now: () => new Date(NOW),
    })(
      new Request('https://site.example/.netlify/functions/rebuild-on-publish', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'sanity-webhook-signature': await encodeSignatureHeader(
            body,
            NOW - 1_000,
            this.sanitySecret,
          ),
        },
        body,
      }),
      { deploy: { context: 'production' } },
    );
    if (answer.status !== 202)
      this.refused.push(`publish ${this.publishes}: ${answer.status} ${await answer.text()}`);
  }

  /** The Studio asks with the editor's pass; answers whether it was answered as an editor. */
  async editorPassHolds(pass: string): Promise<boolean> {
    const status = statusHandlers({
      openStores: { deploys: () => this.deploysStore, queue: () => this.queue },
      readSettings: () => readStatusSettings(this.deployed),
      site: this.deployed,
      log: () => {},
      now: () => new Date(NOW + 60_000),
      // Sanity cannot be asked: only the pass proves the editor.
      deps: { verifyToken: () => Promise.resolve('unreachable') },
    });
    const answer = await status.deploys(
      new Request('https://site.example/api/deploys', {
        headers: { authorization: 'Bearer editor-token', 'x-editor-pass': pass },
      }),
      { deploy: { context: 'production' } },
    );
    const body = (await answer.json()) as { deploys?: unknown[]; editorPass?: unknown };
    return answer.status === 200 && body.editorPass !== null;
  }
}

/** Runs `steps` in order with a publish and a notification after each: what was refused. */
async function rotate(
  site: Site,
  steps: Array<[string, () => void | Promise<void>]>,
): Promise<string[]> {
  for (const [name, step] of steps) {
    await step();
    await site.publish();
    for (const which of [2, 3, 4, 5]) {
      const at = new Date(NOW + site.deploys * 60_000 + 40_000 + which).toISOString();
      await site.notify(which, {
        id: 'd-other',
        context: 'deploy-preview',
        created_at: at,
        updated_at: at,
      });
    }
    site.refused = site.refused.map((line) =>
      line.includes('after') ? line : `${line} (after: ${name})`,
    );
  }
  return site.refused;
}

describe('each rotation procedure, run while publishing, refuses nothing', () => {
  it('SANITY_WEBHOOK_SECRET: previous and new set, deploy, change Sanity, then unset the previous and deploy', async () => {
    const site = new Site({ webhook: OLD, notification: NEW, pass: NEW });
    const refused = await rotate(site, [
      [
        'set PREVIOUS=old and the new value',
        () => {
          site.variables['SANITY_WEBHOOK_SECRET_PREVIOUS'] = OLD;
          site.variables['SANITY_WEBHOOK_SECRET'] = NEW;
        },
      ],
      ['deploy', () => site.deploy()],
      [
        'change the secret in Sanity',
        () => {
          site.sanitySecret = NEW;
        },
      ],
      [
        'unset PREVIOUS',
        () => {
          delete site.variables['SANITY_WEBHOOK_SECRET_PREVIOUS'];
        },
      ],
      ['deploy', () => site.deploy()],
    ]);
    expect(refused).toEqual([]);
    expect(site.publishes).toBe(5);
  });

  it('SANITY_WEBHOOK_SECRET in the wrong order (Sanity first) refuses the publishes in between', async () => {
    const site = new Site({ webhook: OLD, notification: NEW, pass: NEW });
    const refused = await rotate(site, [
      [
        'change the secret in Sanity',
        () => {
          site.sanitySecret = NEW;
        },
      ],
      [
        'set the new value',
        () => {
          site.variables['SANITY_WEBHOOK_SECRET'] = NEW;
        },
      ],
      ['deploy', () => site.deploy()],
    ]);
    expect(refused).toEqual([
      expect.stringMatching(/^publish 1: 401 .*wrong signature.*change the secret in Sanity/),
      expect.stringMatching(/^publish 2: 401 .*wrong signature.*set the new value/),
    ]);
  });

  it('NETLIFY_DEPLOY_NOTIFICATION_SECRET: previous and new set, deploy, change each notification, then unset the previous and deploy', async () => {
    const site = new Site({ webhook: NEW, notification: OLD, pass: NEW });
    const refused = await rotate(site, [
      [
        'set PREVIOUS=old and the new value',
        () => {
          site.variables['NETLIFY_DEPLOY_NOTIFICATION_SECRET_PREVIOUS'] = OLD;
          site.variables['NETLIFY_DEPLOY_NOTIFICATION_SECRET'] = NEW;
        },
      ],
      ['deploy', () => site.deploy()],
      ...[0, 1, 2, 3, 4, 5].map((which): [string, () => void] => [
        `change notification ${which}'s JWS secret`,
        () => {
          site.notificationSecrets[which] = NEW;
        },
      ]),
      [
        'unset PREVIOUS',
        () => {
          delete site.variables['NETLIFY_DEPLOY_NOTIFICATION_SECRET_PREVIOUS'];
        },
      ],
      ['deploy', () => site.deploy()],
    ]);
    expect(refused).toEqual([]);
  });

  it('NETLIFY_DEPLOY_NOTIFICATION_SECRET without a previous value: the deploy that brings the new value has its notifications refused', async () => {
    const site = new Site({ webhook: NEW, notification: OLD, pass: NEW });
    const refused = await rotate(site, [
      [
        'set the new value',
        () => {
          site.variables['NETLIFY_DEPLOY_NOTIFICATION_SECRET'] = NEW;
        },
      ],
      ['deploy', () => site.deploy()],
    ]);
    expect(refused[0]).toMatch(/^notification 1: 401 .*wrong signature/);
  });

  it("EDITOR_PASS_SECRET: previous and new set, deploy; an editor's pass holds throughout; unset the previous 12 hours later", async () => {
    const site = new Site({ webhook: NEW, notification: NEW, pass: OLD });
    const scope = (secret: string): PassScope => ({
      secret,
      site: 'site-1',
      context: 'production',
      projectId: 'proj1',
      dataset: 'production',
    });
    const oldPass = (await issuePass('editor-token', scope(OLD), NOW)).pass;
    const held: boolean[] = [];
    const refused = await rotate(site, [
      [
        'set PREVIOUS=old and the new value',
        async () => {
          site.variables['EDITOR_PASS_SECRET_PREVIOUS'] = OLD;
          site.variables['EDITOR_PASS_SECRET'] = NEW;
          held.push(await site.editorPassHolds(oldPass));
        },
      ],
      [
        'deploy',
        async () => {
          await site.deploy();
          held.push(await site.editorPassHolds(oldPass));
        },
      ],
    ]);
    expect(refused).toEqual([]);
    expect(held).toEqual([true, true]);
    // Without the previous value the old pass proves nothing: the Studio is told to forget it (editorPass: null).
    delete site.variables['EDITOR_PASS_SECRET_PREVIOUS'];
    await site.deploy();
    expect(await site.editorPassHolds(oldPass)).toBe(false);
  });
});
