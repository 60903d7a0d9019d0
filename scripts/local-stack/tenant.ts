/**
 * A change of a tenant record in the local product API, as the product API's operators make one:
 * no event reaches the site (the product API has no webhook), so the site learns of it only from a
 * build, and the freshness check is what starts one. Written into the local API's database
 * (DATA_DIR/local-api.sqlite), which the running API reads on every request; the next start of the
 * stack seeds the records from TENANTS_FILE again.
 *   npm run tenant:local -- <slug> <field>=<value> [<field>=<value> ...]
 *   npm run tenant:local -- huskymobile ActiveGiveawayEvent=null     # the school's giveaway closes
 * A value that reads as JSON (`null`, `42`, `"text"`) is that JSON, anything else is text.
 * Env: DATA_DIR (./data).
 */
import { fileURLToPath } from 'node:url';
import { parseAssignments } from './publish.ts';
import { openStore } from './api/store.ts';
import { readSettings } from './env.ts';
import type { TenantRecord } from './api/config.ts';

/** Changes `slug`'s record in the local API under `dataDir`; throws for a slug it does not know. */
export function changeTenantLocally(
  dataDir: string,
  slug: string,
  changes: Readonly<Record<string, unknown>>,
): TenantRecord {
  const store = openStore(dataDir);
  try {
    const changed = store.changeTenant(slug, changes);
    if (!changed) throw new Error(`the local product API has no tenant record for "${slug}"`);
    return changed;
  } finally {
    store.db.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [slug, ...assignments] = process.argv.slice(2);
  const changes = parseAssignments(assignments);
  if (!slug || !changes) {
    console.error('usage: npm run tenant:local -- <slug> <field>=<value> [<field>=<value> ...]');
    process.exit(2);
  }
  try {
    const record = changeTenantLocally(readSettings().dataDir, slug, changes);
    console.log(
      `tenant ${slug}: ${Object.keys(changes)
        .map((field) => `${field} = ${JSON.stringify((record as Record<string, unknown>)[field])}`)
        .join(
          ', ',
        )} (the site learns of it at the next freshness check: curl -X POST <site>/.netlify/functions/freshness-check)`,
    );
  } catch (error) {
    console.error(`tenant:local: ${(error as Error).message}`);
    process.exit(1);
  }
}
