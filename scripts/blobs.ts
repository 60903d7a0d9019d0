/**
 * Backs up and restores the public site's Netlify Blobs state (scripts/lib/blobs-backup.ts):
 *
 *   npm run blobs -- export --out <file> (--site <site id> | --local)
 *   npm run blobs -- restore <file> (--site <site id> | --local) [--replace]
 *
 * On Netlify: --site names the public site's id (Project configuration → General → Project
 * details), NETLIFY_AUTH_TOKEN a personal access token of a member of its team. --local: the
 * running local stack (npm start / npm run serve), through DATA_DIR/blobs-access.json.
 * A restore writes what the stores lack; --replace overwrites what they hold with the backup's.
 * Exit status: 0 done, 1 it failed (said why), 2 a usage error.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { getStore } from '@netlify/blobs';
import {
  exportBlobs,
  readBackup,
  restoreBlobs,
  restoreReport,
  type BackupStore,
} from './lib/blobs-backup.ts';
import { LOCAL_BLOBS_ACCESS_FILE, type LocalBlobsAccess } from './local-stack/netlify/blobs.ts';

const USAGE = `usage: npm run blobs -- export --out <file> (--site <site id> | --local)
       npm run blobs -- restore <file> (--site <site id> | --local) [--replace]`;

function usage(problem: string): never {
  console.error(`blobs: ${problem}\n${USAGE}`);
  process.exit(2);
}

/** Where the stores are: the site's on Netlify, or the local stack's Blobs server. */
function target(values: { site?: string; local?: boolean }): {
  site: string;
  open: (name: string) => BackupStore;
} {
  if (values.local) {
    const file = join(resolve(process.env.DATA_DIR ?? 'data'), LOCAL_BLOBS_ACCESS_FILE);
    let access: LocalBlobsAccess;
    try {
      access = JSON.parse(readFileSync(file, 'utf8')) as LocalBlobsAccess;
    } catch {
      throw new Error(`no running local stack: ${file} is missing (start it: npm start)`);
    }
    const { siteID, token, url } = access;
    return {
      site: siteID,
      open: (name) =>
        getStore({
          name,
          siteID,
          token,
          edgeURL: url,
          uncachedEdgeURL: url,
          consistency: 'strong',
        }),
    };
  }
  const token = process.env.NETLIFY_AUTH_TOKEN?.trim();
  if (!token)
    throw new Error(
      'NETLIFY_AUTH_TOKEN is not set: a personal access token (User settings → Applications)',
    );
  const siteID = values.site!;
  return { site: siteID, open: (name) => getStore({ name, siteID, token }) };
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    out: { type: 'string' },
    site: { type: 'string' },
    local: { type: 'boolean', default: false },
    replace: { type: 'boolean', default: false },
  },
});
const [command, file] = positionals;
if (command !== 'export' && command !== 'restore') usage('say export or restore');
if (!values.local === !values.site) usage('name the site: --site <site id>, or --local');

try {
  const { site, open } = target(values);
  if (command === 'export') {
    if (!values.out) usage('export needs --out <file>');
    const backup = await exportBlobs(open, site, new Date());
    writeFileSync(values.out, `${JSON.stringify(backup, null, 2)}\n`, { mode: 0o600 });
    for (const [name, entries] of Object.entries(backup.stores))
      console.log(`${name}: ${Object.keys(entries).length} records`);
    console.log(`exported site ${site}'s Blobs state to ${values.out}`);
  } else {
    if (!file) usage('restore needs the backup file');
    const backup = readBackup(readFileSync(file, 'utf8'), file);
    if (backup.site !== site)
      console.log(`note: the backup is of site ${backup.site}; restoring into site ${site}`);
    for (const line of restoreReport(await restoreBlobs(open, backup, values))) console.log(line);
    console.log(`restored ${file} (made ${backup.exportedAt}) into site ${site}`);
  }
} catch (error) {
  console.error(`blobs: ${(error as Error).message}`);
  process.exit(1);
}
