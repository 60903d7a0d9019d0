/** The search page's cards as a static JSON file, fetched when a visitor first uses the search box. */
import type { APIRoute } from 'astro';
import { siteMatrix } from '../lib/routing/index.ts';
import { searchDataView } from '../lib/views/bare-pages.ts';

export const GET: APIRoute = async () =>
  new Response(JSON.stringify(searchDataView(await siteMatrix())), {
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
