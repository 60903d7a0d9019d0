/**
 * GET /api/publish-status?ids=a,b:rev,… — whether each document's published version is live on
 * the public site, publishing, not live (and why), or unknown; for the Studio's badge
 * (src/lib/deploys/status.ts).
 */
import { statusFunctions } from '../lib/deploys/status-function.ts';
import { defineFunction } from '../lib/functions/define-function.ts';

export default defineFunction(statusFunctions().publishStatus);

export const config = { path: '/api/publish-status' };
