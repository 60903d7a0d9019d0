/** The bundled dataset's schools as the page shells receive them (getStaticPaths props), for the view tests. */
import { datasetMatrix } from '../../../scripts/bench/synthetic-matrix.ts';
import { bundledDataset } from '../../../scripts/bench/synthetic-files.ts';
import type { SchoolSite, SiteMatrix } from '../../../src/lib/routing/matrix.ts';
import type { SchoolPageProps } from '../../../src/lib/views/school-page.ts';

export function bundledMatrix(): Promise<SiteMatrix> {
  return datasetMatrix(bundledDataset());
}

/** One school's page props; `pick` chooses the school (the first that matches). */
export async function schoolPage(
  pick: (site: SchoolSite) => boolean = () => true,
): Promise<SchoolPageProps> {
  const matrix = await bundledMatrix();
  const site = matrix.schools.find(pick);
  if (!site) throw new Error('no bundled school matches');
  return { site, settings: matrix.settings };
}

/** The same school with no documents of the given types (as if each were missing or invalid). */
export function without(
  props: SchoolPageProps,
  ...types: Array<keyof SchoolSite['content']['documents']>
): SchoolPageProps {
  const documents = { ...props.site.content.documents };
  for (const type of types) documents[type] = [] as never;
  return { ...props, site: { ...props.site, content: { ...props.site.content, documents } } };
}
