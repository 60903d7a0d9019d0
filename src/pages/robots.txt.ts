/** robots.txt pointing at the sitemap on the configured site address. */
import type { APIRoute } from 'astro';
import { env, isPreviewBuild } from '../lib/config/env.ts';
import { absoluteUrl } from '../lib/seo/page-head.ts';

/** A draft preview build keeps every crawler out and has no sitemap. */
export const GET: APIRoute = () =>
  new Response(
    isPreviewBuild()
      ? 'User-agent: *\nDisallow: /\n'
      : `User-agent: *\nAllow: /\n\nSitemap: ${absoluteUrl(env().SITE_URL, '/sitemap-index.xml')}\n`,
    {
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    },
  );
