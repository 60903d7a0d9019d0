/** The school's broadband labels in machine-readable form (FCC), from the records the plan pages show. */
import type { APIRoute, InferGetStaticPropsType } from 'astro';
import { schoolPaths } from '../../lib/routing/index.ts';
import { broadbandLabelsView } from '../../lib/views/plans.ts';

export const getStaticPaths = schoolPaths;

export const GET: APIRoute<InferGetStaticPropsType<typeof getStaticPaths>> = ({ props }) =>
  new Response(broadbandLabelsView(props), { headers: { 'Content-Type': 'text/csv; charset=utf-8' } });
