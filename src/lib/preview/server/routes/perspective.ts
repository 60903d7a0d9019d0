/** POST /api/preview/perspective: the perspective picked in the Studio, kept for this draft-mode session (perspective-switch.ts). Preview site only. */
import type { APIRoute } from 'astro';
import { env } from '../../../config/env.ts';
import { switchPerspective } from '../perspective-switch.ts';

export const prerender = false;

// Every method reaches the guard (draft-post.ts), which answers 405 to all but POST, as a page's address does.
export const ALL: APIRoute = ({ request }) => switchPerspective(request, env());
