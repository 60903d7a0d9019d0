/** GET /api/deploys — the recent deploys, their triggers and schools; for the Studio's Deploys view (src/lib/deploys/status.ts). */
import { statusFunctions } from '../lib/deploys/status-function.ts';
import { defineFunction } from '../lib/functions/define-function.ts';

export default defineFunction(statusFunctions().deploys);

export const config = { path: '/api/deploys' };
