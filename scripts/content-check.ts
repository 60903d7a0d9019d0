/**
 * Checks a content dataset against the build's own schemas without building, so editors and ops
 * can see every problem before publishing. Exit code 0: no errors (warnings allowed); 1: errors,
 * or content the build would stop on; 2: the dataset could not be read.
 *
 *   npm run content:check                       the configured source: the bundled dataset
 *                                               (CONTENT_DATASET_DIR), or the live Sanity dataset
 *                                               when CONTENT_SOURCE=sanity
 *   npm run content:check -- --file export.tar.gz   a Sanity export (.tar.gz, data.ndjson or folder)
 *   npm run content:check -- --tenants          also look up every school's tenant record
 */
import { parseArgs } from 'node:util';
import { contentSourceFrom } from '../src/lib/content/index.ts';
import { createLocalSource } from '../src/lib/content/local.ts';
import type { ContentSource } from '../src/lib/content/source.ts';
import { env } from '../src/lib/config/env.ts';
import {
  checkContent,
  formatRows,
  type CheckOptions,
  type CheckRow,
} from './dataset/content-check.ts';
import { readExport } from './dataset/sanity-export.ts';
import { createTenantClient, fileTransport, httpTransport } from '../src/lib/tenants/client.ts';
import { tenantSource } from '../src/lib/tenants/index.ts';

const { values } = parseArgs({
  options: { file: { type: 'string' }, tenants: { type: 'boolean', default: false } },
});

function openSource(): { source: ContentSource; label: string; options: CheckOptions } {
  const settings = env();
  const path =
    values.file ?? (settings.CONTENT_SOURCE === 'local' ? settings.CONTENT_DATASET_DIR : undefined);
  if (path) {
    const contents = readExport(path);
    return {
      source: createLocalSource('.', contents.documents, 'published', contents.imageNames),
      label: path,
      options: { imageNames: contents.imageNames },
    };
  }
  return {
    source: contentSourceFrom(settings),
    label: `Sanity project ${settings.SANITY_PROJECT_ID}, dataset ${settings.SANITY_DATASET}`,
    options: {},
  };
}

async function tenantRows(keys: string[], preparing: ReadonlySet<string>): Promise<CheckRow[]> {
  const settings = env();
  const loadTenant = createTenantClient(
    tenantSource(settings) === 'api'
      ? httpTransport(settings.PUBLIC_API_BASE!)
      : fileTransport(settings.TENANTS_FILE),
    { log: () => {} },
  );
  const rows: CheckRow[] = [];
  for (const key of keys) {
    await loadTenant(key).catch((error: Error) => {
      rows.push({
        level: preparing.has(key) ? 'warning' : 'error',
        school: key,
        documentType: 'tenant record',
        documentId: '-',
        field: '-',
        message: `${error.message} (${preparing.has(key) ? 'the school is left out of every build until it has one' : 'the build stops on this'})`,
      });
    });
  }
  return rows;
}

let opened;
try {
  opened = openSource();
} catch (error) {
  console.error(`content check: cannot read the dataset: ${(error as Error).message}`);
  process.exit(2);
}

console.log(`content check: ${opened.label}`);
let result: Awaited<ReturnType<typeof checkContent>>;
try {
  result = await checkContent(opened.source, opened.options);
} catch (error) {
  // The content service did not answer (no network, a refused token): nothing was checked.
  const cause =
    (error as Error).cause instanceof Error
      ? ` (${((error as Error).cause as Error).message})`
      : '';
  console.error(`content check: cannot read the dataset: ${(error as Error).message}${cause}`);
  process.exit(2);
}
if (result.fatal) {
  console.error(`content check: the build would stop: ${result.fatal}`);
  process.exit(1);
}
const rows = [...result.rows];
if (values.tenants)
  rows.push(...(await tenantRows(result.schoolKeys, new Set(result.preparingKeys))));

const errors = rows.filter((row) => row.level === 'error');
const warnings = rows.length - errors.length;
if (rows.length) console.log(formatRows(rows).join('\n'));
const schoolsWithErrors = new Set(errors.map((row) => row.school)).size;
const counts = `${result.documents} documents, ${result.schools} schools`;
if (errors.length) {
  console.log(
    `content check failed: ${errors.length} error(s) in ${schoolsWithErrors} school(s), ${warnings} warning(s); ${counts}`,
  );
  process.exit(1);
}
console.log(`content check passed: ${counts}, ${warnings} warning(s)`);
