/** robots.txt pointing at the sitemap on the configured site address. */
import type { APIRoute } from 'astro';
import { env } from '../lib/env.ts';
import { absoluteUrl } from '../lib/seo.ts';

export const GET: APIRoute = () =>
  new Response(`User-agent: *\nAllow: /\n\nSitemap: ${absoluteUrl(env().SITE_URL, '/sitemap-index.xml')}\n`, {
    headers: { 'content-type': 'text/plain; charset=utf-8' },
  });
