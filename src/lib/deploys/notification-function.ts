/**
 * The deploy-notification function as Netlify runs it: idle on the editors' preview site; its own
 * settings (a local default secret refused on a deployed site) and its stores are set up inside
 * the error guard, so a set-up problem answers a 500 naming what to fix.
 */
import { guarded, type FunctionContext } from '../functions/function-http.ts';
import {
  functionSecret,
  readDeployNotificationSettings,
  type DeployNotificationSettings,
} from '../functions/function-settings.ts';
import { previewSiteAnswer } from '../functions/preview-site-guard.ts';
import type { FetchLike } from '../rebuild/build-hook.ts';
import { queueFromSettings } from '../rebuild/publish-queue.ts';
import { siteStore } from '../functions/state-store.ts';
import type { BlobStore } from '../functions/blob-store.ts';
import { createDeployStore } from './deploy-store.ts';
import { handleNotification } from './notification.ts';
import { DEPLOYS_STORE, PUBLISH_QUEUE_STORE } from '../publish-records/names.ts';

export interface NotificationFunctionOptions {
  openDeploysStore: () => BlobStore;
  openQueueStore: () => BlobStore;
  /** The build's record in a deploy's own store; undefined when there is none. */
  readBuildReport: (deployId: string) => Promise<unknown>;
  readSettings?: () => DeployNotificationSettings;
  site?: Record<string, string | undefined>;
  log?: (message: string) => void;
  fetch?: FetchLike;
  now?: () => Date;
}

/** 404, as for the content webhook: a notification pointed at the preview site shows as failed in Netlify. */
export const NOTIFICATION_ON_PREVIEW_SITE = {
  name: 'deploy-notification',
  status: 404,
  hint: 'send deploy notifications to the public site',
};

export const DEPLOYS_BLOBS_MISSING =
  'Netlify Blobs is not available to this function, so deploys cannot be recorded';

export function createNotificationFunction(options: NotificationFunctionOptions) {
  const readSettings = options.readSettings ?? (() => readDeployNotificationSettings(process.env));
  const log = options.log ?? ((message: string) => console.log(`[deploy-notification] ${message}`));
  const errorLog = options.log ?? ((message: string) => console.error(message));

  return (request: Request, context: FunctionContext = {}): Promise<Response> =>
    guarded(
      'deploy-notification',
      async () => {
        const idle = previewSiteAnswer(
          NOTIFICATION_ON_PREVIEW_SITE,
          options.site ?? process.env,
          log,
        );
        if (idle) return idle;
        const settings = readSettings();
        const deployContext = context.deploy?.context || settings.CONTEXT;
        const secret = functionSecret(
          'NETLIFY_DEPLOY_NOTIFICATION_SECRET',
          settings.NETLIFY_DEPLOY_NOTIFICATION_SECRET,
        );
        const now = options.now ?? (() => new Date());
        const queue = queueFromSettings(
          siteStore(
            PUBLISH_QUEUE_STORE,
            deployContext,
            options.openQueueStore,
            DEPLOYS_BLOBS_MISSING,
          ),
          settings,
          { now, fetch: options.fetch },
        );
        const deploys = createDeployStore({
          store: siteStore(
            DEPLOYS_STORE,
            deployContext,
            options.openDeploysStore,
            DEPLOYS_BLOBS_MISSING,
          ),
          readBuildReport: options.readBuildReport,
          log,
        });
        return handleNotification(request, {
          secret,
          siteId: settings.SITE_ID,
          deploys,
          queue,
          log,
          now: () => now().getTime(),
        });
      },
      errorLog,
    );
}
