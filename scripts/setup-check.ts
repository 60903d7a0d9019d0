/**
 * Checks a site's settings before a deploy does, naming every setting that is missing, malformed
 * or contradictory (never its value):
 *
 *   npm run setup:check -- --site production   the public site: its build (as Netlify's production
 *                                              context) and its functions
 *   npm run setup:check -- --site preview      the editors' preview site: its build and its function
 *   npm run setup:check -- --site studio       the Studio: the environment plus the studio/.env files
 *                                              `sanity deploy` reads (src/lib/setup/studio-env.ts)
 *   [--until <step>]     only the settings docs/deploying.md's procedure has made by that step
 *   [--settings-file <file>]  check the KEY=value lines of this file (dotenv format) instead of
 *                        the environment (and, for the Studio, instead of studio/.env files)
 *   [--deployed <address>]  production: also ask the deployed site's functions what their
 *                        Functions scope lacks (proved with NETLIFY_BUILD_HOOK_URL from the settings),
 *                        and send the giveaway form's CORS preflight to the product API
 *                        (PUBLIC_API_BASE) from the site's origin (and SITE_URL's)
 *   [--demo]             production: a demo deploy of the bundled content is meant
 *   [--offline]          do not ask Sanity (the check then ends "Sanity not asked", exit 3)
 *
 * Exit status: 0 no problems, everything asked; 1 problems (one line each, then a summary);
 * 2 a usage error; 3 no problems found, but Sanity (or the deployed functions, or the product API)
 * not reached or not asked.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs, parseEnv } from 'node:util';
import { askDeployedFunctions } from '../src/lib/setup/deployed-check.ts';
import { askProductApi, publicSiteOrigins } from '../src/lib/setup/product-api-check.ts';
import {
  checkSetup,
  EXIT,
  exitStatus,
  formatReport,
  sanityAsker,
  SITE_KINDS,
  type CheckOptions,
  type SiteKind,
} from '../src/lib/setup/setup-check.ts';
import { studioEnvironment } from '../src/lib/setup/studio-env.ts';

const USAGE = `usage: npm run setup:check -- --site ${SITE_KINDS.join('|')} [--until <step>] [--settings-file <file>] [--deployed <address>] [--demo] [--offline]`;

function usageError(message: string): never {
  console.error(`setup:check: ${message}\n${USAGE}`);
  process.exit(EXIT.usage);
}

const OPTIONS = {
  site: { type: 'string' },
  until: { type: 'string' },
  offline: { type: 'boolean', default: false },
  demo: { type: 'boolean', default: false },
  'settings-file': { type: 'string' },
  deployed: { type: 'string' },
  help: { type: 'boolean', default: false },
} as const;

function readArgs() {
  try {
    return parseArgs({ options: OPTIONS }).values;
  } catch (error) {
    return usageError((error as Error).message);
  }
}

const values = readArgs();
if (values.help) {
  console.log(USAGE);
  process.exit(EXIT.ok);
}
const kind = values.site;
if (kind === undefined) usageError('--site is required');
if (!(SITE_KINDS as readonly string[]).includes(kind))
  usageError(`--site must be one of ${SITE_KINDS.join(', ')}`);
const site = kind as SiteKind;
const until = values.until === undefined ? undefined : Number(values.until);
if (until !== undefined && !(Number.isInteger(until) && until >= 1 && until <= 11))
  usageError('--until must be a step of the procedure, 1 to 11');
if (values.deployed !== undefined && (site !== 'production' || !URL.canParse(values.deployed)))
  usageError("--deployed takes the public site's address, with --site production");
if (values.demo && site !== 'production') usageError('--demo is for --site production');

const readText = (path: string) => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
};

function settingsSource(): {
  source: Record<string, string | undefined>;
  flagMisplaced?: (name: string) => boolean;
} {
  const file = values['settings-file'];
  if (file !== undefined) {
    const text = readText(file);
    if (text === undefined) usageError('cannot read --settings-file');
    return { source: parseEnv(text) };
  }
  if (site !== 'studio') return { source: process.env };
  // As `sanity build`/`deploy` (and the import) read them; a setting of another site is named only when a studio/.env file holds it.
  const studio = studioEnvironment(
    process.env,
    fileURLToPath(new URL('../studio/', import.meta.url)),
    readText,
  );
  return { source: studio.values, flagMisplaced: (name) => studio.fromFiles.has(name) };
}

const { source, flagMisplaced } = settingsSource();
const ask = values.offline ? undefined : sanityAsker((await import('@sanity/client')).createClient);
const deployed = values.deployed;
const options: CheckOptions = {
  until,
  demo: values.demo,
  ...(flagMisplaced ? { flagMisplaced } : {}),
  ...(deployed
    ? {
        askDeployed: (hookUrl: string | undefined) =>
          askDeployedFunctions(deployed, hookUrl, (url, init) => fetch(url, init)),
        askProductApi: (apiBase: string | undefined, siteUrl: string | undefined) =>
          askProductApi(apiBase, publicSiteOrigins(deployed, siteUrl), (url, init) =>
            fetch(url, init),
          ),
      }
    : {}),
};
const report = await checkSetup(site, source, ask, options);
for (const line of formatReport(report)) console.log(line);
process.exit(exitStatus(report));
