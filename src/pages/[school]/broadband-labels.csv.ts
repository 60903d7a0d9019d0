/** The school's broadband labels in machine-readable form (FCC), from the records the plan pages show. */
import type { APIRoute } from 'astro';
import { broadbandLabelsCsv } from '../../lib/labels/broadband-csv.ts';
import { orderedFacts } from '../../lib/plans/facts.ts';
import { schoolPaths, type SchoolPageProps } from '../../lib/routing/index.ts';

export const getStaticPaths = schoolPaths;

export const GET: APIRoute = ({ props }) => {
  const { site } = props as SchoolPageProps;
  const csv = broadbandLabelsCsv(orderedFacts(site.content.documents.broadbandFacts));
  return new Response(csv, { headers: { 'Content-Type': 'text/csv; charset=utf-8' } });
};
