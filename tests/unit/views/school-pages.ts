/** The bundled dataset's schools as the page shells receive them (getStaticPaths props), for the view tests. */
import { readFileSync } from 'node:fs';
import { groupContent } from '../../../src/lib/content/group.ts';
import { readNdjson } from '../../../src/lib/content/local.ts';
import { buildSiteMatrix, type SchoolSite, type SiteMatrix } from '../../../src/lib/routing/matrix.ts';
import { createTenantClient, recordsTransport } from '../../../src/lib/tenants/client.ts';
import type { SchoolPageProps } from '../../../src/lib/views/school-page.ts';

const documents = readNdjson(readFileSync('src/dataset/data.ndjson', 'utf8'), 'data.ndjson') as Array<Record<string, unknown>>;
const tenants = JSON.parse(readFileSync('src/dataset/tenants.json', 'utf8')) as unknown[];

export async function bundledMatrix(): Promise<SiteMatrix> {
  const content = groupContent({
    schools: documents.filter((doc) => doc._type === 'school'),
    settings: documents.find((doc) => doc._type === 'siteSettings'),
    documents: documents.filter((doc) => doc._type !== 'school' && doc._type !== 'siteSettings'),
  });
  return buildSiteMatrix(content, { loadTenant: createTenantClient(recordsTransport(tenants), { log: () => undefined }) });
}

/** One school's page props; `pick` chooses the school (the first that matches). */
export async function schoolPage(pick: (site: SchoolSite) => boolean = () => true): Promise<SchoolPageProps> {
  const matrix = await bundledMatrix();
  const site = matrix.schools.find(pick);
  if (!site) throw new Error('no bundled school matches');
  return { site, settings: matrix.settings };
}

/** The same school with no documents of the given types (as if each were missing or invalid). */
export function without(props: SchoolPageProps, ...types: Array<keyof SchoolSite['content']['documents']>): SchoolPageProps {
  const documents = { ...props.site.content.documents };
  for (const type of types) documents[type] = [] as never;
  return { ...props, site: { ...props.site, content: { ...props.site.content, documents } } };
}
