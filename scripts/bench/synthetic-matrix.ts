/**
 * A site matrix without a build, for the tests and benches that weigh the views at a size: the
 * content split as the build's query answer is (`splitBuildContent`), grouped, and each school given
 * its tenant record from memory, as the bundled records answer the build.
 */
import { groupContent } from '../../src/lib/content/group.ts';
import { splitBuildContent } from '../../src/lib/content/queries.ts';
import { buildSiteMatrix, type SiteMatrix } from '../../src/lib/routing/matrix.ts';
import { createTenantClient, recordsTransport } from '../../src/lib/tenants/client.ts';
import { bundledDataset } from './synthetic-files.ts';
import { syntheticDataset } from './synthetic-schools.ts';

/** The matrix of these documents and tenant records. */
export function datasetMatrix({
  documents,
  tenants,
}: {
  documents: readonly unknown[];
  tenants: readonly unknown[];
}): Promise<SiteMatrix> {
  const content = groupContent(splitBuildContent(documents as never));
  return buildSiteMatrix(content, {
    loadTenant: createTenantClient(recordsTransport([...tenants]), { log: () => undefined }),
  });
}

/** `count` synthetic schools made from the bundled ones (synthetic-schools.ts). */
export function syntheticMatrix(count: number): Promise<SiteMatrix> {
  return datasetMatrix(syntheticDataset(bundledDataset(), count));
}
