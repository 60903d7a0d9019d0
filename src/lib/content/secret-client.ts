/**
 * The client Presentation's secret is checked with (`@sanity/preview-url-secret` reads the
 * `sanity.previewUrlSecret` documents the Studio writes): Sanity's own with the read token, or,
 * over the bundled export, a stand-in with the same calls, so the check runs unchanged offline.
 */
import type { SanityClient } from '@sanity/client';
import type { Env } from '../config/env.ts';
import { SANITY_API_VERSION } from './sanity.ts';

export type SecretClient = Pick<SanityClient, 'config' | 'withConfig' | 'fetch'>;

export async function previewSecretClient(settings: Env): Promise<SecretClient> {
  if (settings.CONTENT_SOURCE === 'sanity') {
    if (!settings.SANITY_API_READ_TOKEN)
      throw new Error('Draft mode needs SANITY_API_READ_TOKEN (a token that can read drafts)');
    const { createClient } = await import('@sanity/client');
    return createClient({
      projectId: settings.SANITY_PROJECT_ID ?? '',
      dataset: settings.SANITY_DATASET,
      apiVersion: SANITY_API_VERSION,
      useCdn: false,
      token: settings.SANITY_API_READ_TOKEN,
      perspective: 'raw',
      ...(settings.SANITY_API_HOST
        ? { apiHost: settings.SANITY_API_HOST, useProjectHostname: false }
        : {}),
    });
  }
  const { createExportClient } = await import('./live-export.ts');
  return createExportClient(settings.CONTENT_DATASET_DIR) as unknown as SecretClient;
}
