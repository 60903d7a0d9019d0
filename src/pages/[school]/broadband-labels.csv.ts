/** The school's broadband labels in machine-readable form (FCC), from the records the plan pages show. */
import type { APIRoute, InferGetStaticPropsType } from 'astro';
import { schoolPaths } from '../../lib/routing/index.ts';
import { pageProps } from '../../lib/routing/page-props.ts';
import { broadbandLabelsView } from '../../lib/views/plans.ts';

export const getStaticPaths = schoolPaths;

export const GET: APIRoute<InferGetStaticPropsType<typeof getStaticPaths>> = (context) =>
  new Response(broadbandLabelsView(pageProps(context)), {
    headers: { 'Content-Type': 'text/csv; charset=utf-8' },
  });
