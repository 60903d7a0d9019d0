/** GET /api/preview/enable: Presentation's secret in, the signed draft-mode cookie out (draft-mode.ts). Preview site only. */
import type { APIRoute } from 'astro';
import { env } from '../../../config/env.ts';
import { previewSecretClient } from '../../../content/secret-client.ts';
import { enableDraftMode } from '../draft-mode.ts';

export const prerender = false;

export const GET: APIRoute = async ({ request }) => {
  const settings = env();
  return enableDraftMode(
    request,
    await previewSecretClient(settings),
    settings.PREVIEW_COOKIE_SECRET,
  );
};
