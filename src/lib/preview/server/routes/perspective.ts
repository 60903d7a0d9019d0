/** POST /api/preview/perspective: the perspective picked in the Studio, kept for this draft-mode session (perspective-switch.ts). Preview site only. */
import type { APIRoute } from 'astro';
import { env } from '../../../config/env.ts';
import { switchPerspective } from '../perspective-switch.ts';

export const prerender = false;

export const POST: APIRoute = ({ request }) => switchPerspective(request, env());
