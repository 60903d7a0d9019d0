/**
 * A build that writes only what the publish loop reads from it, for tests of the queue and the
 * status answers that need a deploy's record but not its pages (LOCAL_BUILD_RECORD_ONLY on the
 * local stack): the build record, made from the content and tenant records by the same functions
 * `astro build` uses (src/lib/build/build-record.ts, src/lib/routing/), as a deploy blob where the
 * real build puts it, and the deploy's pages as a copy of the pages served before it. About 1 s
 * where a build of one school is 10-20 s; the publish loop's tests that read pages still build.
 *
 *   node scripts/local-stack/netlify/record-build.ts <pages to copy>
 * with the environment a build gets (BUILD_OUT_DIR, INCOMING_HOOK_BODY, the dataset and tenants).
 */
import { cpSync, mkdirSync } from 'node:fs';
import { buildRecord, buildTrigger, leanRecord } from '../../../src/lib/build/build-record.ts';
import { writeStaticSiteOutput } from '../../../src/lib/build/netlify-output.ts';
import { contentRead } from '../../../src/lib/content/index.ts';
import { env } from '../../../src/lib/config/env.ts';
import { siteMatrix } from '../../../src/lib/routing/index.ts';
import { tenantSource } from '../../../src/lib/tenants/index.ts';
import { REPO_ROOT } from '../env.ts';

const [pages] = process.argv.slice(2);
const outDir = process.env['BUILD_OUT_DIR'];
if (!pages || !outDir) {
  console.error(
    'usage: BUILD_OUT_DIR=<folder> node scripts/local-stack/netlify/record-build.ts <pages to copy>',
  );
  process.exit(2);
}
const matrix = await siteMatrix();
const read = contentRead();
if (!read) throw new Error("the build record needs the content query's answer, and it never ran");
const record = buildRecord(matrix, read, buildTrigger(), tenantSource(env()));
mkdirSync(outDir, { recursive: true });
cpSync(pages, outDir, { recursive: true });
const recordFile = writeStaticSiteOutput(REPO_ROOT, leanRecord(record));
console.log(
  `Build record: ${Object.keys(record.documents).length} documents in ${recordFile}; pages copied from ${pages}`,
);
