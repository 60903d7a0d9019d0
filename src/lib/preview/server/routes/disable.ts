/** GET /api/preview/disable: draft mode off, on the server too (draft-mode.ts). Preview site only. */
import type { APIRoute } from 'astro';
import { env } from '../../../config/env.ts';
import { disableDraftMode } from '../draft-mode.ts';

export const prerender = false;

export const GET: APIRoute = ({ request }) => disableDraftMode(request, env());
