/**
 * POST /api/deploy-notification — Netlify's deploy notifications (started, succeeded, failed,
 * restored, locked, unlocked), signed with NETLIFY_DEPLOY_NOTIFICATION_SECRET: records each
 * deploy, moves the live pointer, and starts the next publish batch (src/lib/deploys).
 * With X-Settings-Check, the operator's settings check (src/lib/functions/settings-check.ts).
 */
import { deployNotification } from '../lib/deploys/notification-function.ts';
import { defineFunction } from '../lib/functions/define-function.ts';

export default defineFunction(deployNotification);

export const config = { path: '/api/deploy-notification' };
