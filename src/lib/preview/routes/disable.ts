/** GET /api/preview/disable: draft mode off (the cookies cleared with the attributes they were set with). Preview site only. */
import type { APIRoute } from 'astro';
import { disableDraftMode } from '../draft-mode.ts';

export const prerender = false;

export const GET: APIRoute = ({ request }) => disableDraftMode(request);
