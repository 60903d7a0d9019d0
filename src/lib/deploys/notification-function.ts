/**
 * The deploy-notification function as Netlify runs it (define-function.ts): a 404 on the editors'
 * preview site (a notification pointed there shows as failed in Netlify); elsewhere its secret (the
 * local default refused on a deployed site), its settings and its stores are read inside the error
 * guard, so a set-up problem answers a 500 naming what to fix. It records each deploy, moves the
 * live pointer and starts the next publish batch (notification.ts).
 */
import { getDeployStore } from '@netlify/blobs';
import type { FunctionDefinition } from '../functions/define-function.ts';
import {
  readDeployNotificationSettings,
  rotatingSecret,
  type DeployNotificationSettings,
} from '../functions/function-settings.ts';
import { BUILD_RECORD_BLOB, DEPLOYS_STORE, PUBLISH_QUEUE_STORE } from '../publish-records/names.ts';
import { queueFromSettings } from '../rebuild/publish-queue.ts';
import { createDeployStore } from './deploy-store.ts';
import { handleNotification } from './notification.ts';

export const DEPLOYS_BLOBS_MISSING =
  'Netlify Blobs is not available to this function, so deploys cannot be recorded';

/**
 * The build's record in a deploy's own store: Netlify's build uploaded it there (a failed build has
 * none: undefined). A store that cannot be read throws: the notification answers 503 and a
 * repeated one reads it again.
 */
function readNetlifyBuildReport(deployId: string): Promise<unknown> {
  return getDeployStore({ deployID: deployId, consistency: 'strong' }).get(BUILD_RECORD_BLOB, {
    type: 'json',
  });
}

export const deployNotification: FunctionDefinition<
  DeployNotificationSettings,
  'deploys' | 'queue',
  { readBuildReport: (deployId: string) => Promise<unknown> }
> = {
  name: 'deploy-notification',
  settingsCheck: ['deploy-notification'],
  onPreviewSite: { status: 404, hint: 'send deploy notifications to the public site' },
  readSettings: readDeployNotificationSettings,
  stores: { deploys: DEPLOYS_STORE, queue: PUBLISH_QUEUE_STORE },
  alertStore: 'queue',
  blobsMissing: DEPLOYS_BLOBS_MISSING,
  deps: { readBuildReport: readNetlifyBuildReport },
  handle(request, run) {
    const secret = rotatingSecret(
      'NETLIFY_DEPLOY_NOTIFICATION_SECRET',
      run.settings.NETLIFY_DEPLOY_NOTIFICATION_SECRET,
      run.settings.NETLIFY_DEPLOY_NOTIFICATION_SECRET_PREVIOUS,
    );
    const queue = queueFromSettings(run.store('queue'), run.settings, {
      now: run.now,
      fetch: run.fetch,
      alert: run.alert,
    });
    const deploys = createDeployStore({
      store: run.store('deploys'),
      readBuildReport: run.deps.readBuildReport,
      log: run.log,
    });
    return handleNotification(request, {
      secret: secret.current,
      previousSecret: secret.previous,
      siteId: run.settings.SITE_ID,
      deploys,
      queue,
      log: run.log,
      alert: run.alert,
      now: () => run.now().getTime(),
    });
  },
};
