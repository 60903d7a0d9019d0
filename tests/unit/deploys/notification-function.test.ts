/**
 * The deploy-notification function as Netlify runs it: idle on the preview site, its own settings
 * (the documented local secret only in the local stack, whatever the context; Netlify Blobs).
 */
import { defineFunction } from '../../../src/lib/functions/define-function.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryBlobStore } from '../../../src/lib/functions/blob-store.ts';
import { deployNotification } from '../../../src/lib/deploys/notification-function.ts';
import { type ProductionHistory } from '../../../src/lib/publish-records/deploy-history.ts';
import {
  LOCAL_DEPLOY_NOTIFICATION_SECRET,
  LOCAL_SITE_ID,
  PRODUCTION_HISTORY_KEY,
} from '../../../src/lib/publish-records/names.ts';
import type { DeployNotificationSettings } from '../../../src/lib/functions/function-settings.ts';
import { resetProcessMemoryStores } from '../../../src/lib/functions/state-store.ts';
import { markLocalStack, unmarkLocalStack } from '../../../src/lib/config/local-stack.ts';
import { deploy, signed, SITE_ID } from './fixtures.ts';

const REAL_SECRET = 'a-real-deploy-notification-secret-0123456789';
const SETTINGS: DeployNotificationSettings = {
  NETLIFY_DEPLOY_NOTIFICATION_SECRET: REAL_SECRET,
  SITE_ID,
  CONTEXT: undefined,
  NETLIFY_BUILD_HOOK_URL: 'https://api.netlify.example/build_hooks/x',
};

function make(
  options: {
    settings?: Partial<DeployNotificationSettings>;
    blobs?: boolean;
    site?: Record<string, string>;
  } = {},
) {
  const deploys = memoryBlobStore();
  const logged: string[] = [];
  const handle = defineFunction(deployNotification, {
    openStores: {
      deploys: () => {
        if (options.blobs === false) throw new Error('no Blobs');
        return deploys;
      },
      queue: () => {
        if (options.blobs === false) throw new Error('no Blobs');
        return memoryBlobStore();
      },
    },
    readSettings: () => ({ ...SETTINGS, ...options.settings }),
    site: options.site ?? {},
    log: (line) => logged.push(line),
    fetch: () => Promise.resolve(new Response('')),
    deps: { readBuildReport: () => Promise.resolve(undefined) },
  });
  return { handle, deploys, logged };
}

afterEach(() => {
  unmarkLocalStack();
  resetProcessMemoryStores();
  vi.unstubAllEnvs();
  vi.resetModules();
  vi.restoreAllMocks();
});

describe('deploy-notification as a function', () => {
  it('records a signed notification', async () => {
    const { handle, deploys } = make();
    const response = await handle(signed(deploy({ id: 'd-1' }), REAL_SECRET), {
      deploy: { context: 'production' },
    });
    expect(response.status).toBe(200);
    expect((deploys.value(PRODUCTION_HISTORY_KEY) as ProductionHistory).deploys).toMatchObject([
      { id: 'd-1', state: 'building' },
    ]);
  });

  it.each([['production'], ['dev'], [undefined]])(
    'context %o, not the local stack: refuses the documented local secret with a 500 naming the setting, recording nothing',
    async (context) => {
      const { handle, deploys } = make({
        settings: { NETLIFY_DEPLOY_NOTIFICATION_SECRET: LOCAL_DEPLOY_NOTIFICATION_SECRET },
      });
      const response = await handle(
        signed(deploy({ id: 'd-1' }), LOCAL_DEPLOY_NOTIFICATION_SECRET),
        context ? { deploy: { context } } : {},
      );
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({
        message:
          'deploy-notification is not configured: NETLIFY_DEPLOY_NOTIFICATION_SECRET: the documented local value, which only the local stack takes; set a secret of its own',
      });
      expect(deploys.entries.size).toBe(0);
    },
  );

  it.each([['production'], ['deploy-preview'], ['branch-deploy'], ['dev'], [undefined]])(
    'context %o, not the local stack: without the secret answers 500 naming it',
    async (context) => {
      const { handle, deploys } = make({
        settings: { NETLIFY_DEPLOY_NOTIFICATION_SECRET: undefined },
      });
      const response = await handle(
        signed(deploy({ id: 'd-1' }), LOCAL_DEPLOY_NOTIFICATION_SECRET),
        context ? { deploy: { context } } : {},
      );
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({
        message:
          'deploy-notification is not configured: NETLIFY_DEPLOY_NOTIFICATION_SECRET: not set',
      });
      expect(deploys.entries.size).toBe(0);
    },
  );

  it('in the local stack without the secret takes the documented local one, and the local site id', async () => {
    markLocalStack();
    const { handle } = make({
      settings: { NETLIFY_DEPLOY_NOTIFICATION_SECRET: undefined, SITE_ID: LOCAL_SITE_ID },
    });
    expect(
      (await handle(signed(deploy({ id: 'd-1', site_id: LOCAL_SITE_ID }), REAL_SECRET))).status,
    ).toBe(401);
    expect(
      (
        await handle(
          signed(deploy({ id: 'd-1', site_id: LOCAL_SITE_ID }), LOCAL_DEPLOY_NOTIFICATION_SECRET),
        )
      ).status,
    ).toBe(200);
  });

  it.each([['short'], ['z'.repeat(31)]])(
    'a secret shorter than 32 characters (%s) answers 500 naming the setting',
    async (secret) => {
      vi.stubEnv('NETLIFY_DEPLOY_NOTIFICATION_SECRET', secret);
      vi.spyOn(console, 'error').mockImplementation(() => {});
      vi.spyOn(console, 'log').mockImplementation(() => {});
      const fn = await import('../../../src/functions/deploy-notification.ts');
      const response = await fn.default(signed(deploy({ id: 'd-1' }), secret), {
        deploy: { context: 'production' },
      });
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({
        message:
          'deploy-notification is not configured: NETLIFY_DEPLOY_NOTIFICATION_SECRET: shorter than 32 characters (make one with openssl rand -hex 32)',
      });
    },
  );

  it('a deployed site without Netlify Blobs answers 500 saying so', async () => {
    const { handle } = make({ blobs: false });
    const response = await handle(signed(deploy({ id: 'd-1' }), REAL_SECRET), {
      deploy: { context: 'production' },
    });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({
      message:
        'Netlify Blobs is not available to this function, so deploys cannot be recorded (context production)',
    });
  });

  it("stays idle on the editors' preview site: 404, nothing read", async () => {
    const readSettings = vi.fn(() => SETTINGS);
    const openDeploysStore = vi.fn(() => memoryBlobStore());
    const handle = defineFunction(deployNotification, {
      openStores: { deploys: openDeploysStore, queue: openDeploysStore },
      readSettings: readSettings,
      site: { SITE_MODE: 'preview' },
      log: () => {},
      deps: { readBuildReport: () => Promise.resolve(undefined) },
    });
    const response = await handle(signed(deploy({ id: 'd-1' }), REAL_SECRET), {
      deploy: { context: 'production' },
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      message: 'not on the preview site: send deploy notifications to the public site',
    });
    expect(readSettings).not.toHaveBeenCalled();
    expect(openDeploysStore).not.toHaveBeenCalled();
  });

  it('the Netlify function is at /api/deploy-notification and refuses an unsigned call', async () => {
    vi.stubEnv('NETLIFY_DEPLOY_NOTIFICATION_SECRET', REAL_SECRET);
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const fn = await import('../../../src/functions/deploy-notification.ts');
    expect(fn.config).toEqual({ path: '/api/deploy-notification' });
    const response = await fn.default(
      new Request('https://site.example/api/deploy-notification', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      }),
      {},
    );
    expect(response.status).toBe(401);
    const status = await import('../../../src/functions/publish-status.ts');
    const deploys = await import('../../../src/functions/deploys.ts');
    expect([status.config, deploys.config]).toEqual([
      { path: '/api/publish-status' },
      { path: '/api/deploys' },
    ]);
  });
});
