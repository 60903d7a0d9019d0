/**
 * Checks a site's settings before a deploy does, naming every setting that is missing, malformed
 * or contradictory (never its value):
 *
 *   npm run setup:check -- --site production   the public site: its build (as Netlify's production
 *                                              context) and its rebuild functions
 *   npm run setup:check -- --site preview      the editors' preview site: its build and its function
 *   npm run setup:check -- --site studio       the Studio: the environment plus studio/.env files,
 *                                              as `sanity build`/`deploy` read them
 *   [--offline]          do not ask Sanity whether the project, dataset and token answer
 *   [--settings-file <file>]  check the KEY=value lines of this file (dotenv format) instead of
 *                        the environment (and, for the Studio, instead of studio/.env files)
 *
 * Exit code 0: no problems; 1: problems (one line each, then a summary); 2: a usage error.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs, parseEnv } from 'node:util';
import { checkSetup, formatReport, sanityAsker, SITE_KINDS, type SiteKind } from '../src/lib/setup/setup-check.ts';

const USAGE = `usage: npm run setup:check -- --site ${SITE_KINDS.join('|')} [--offline] [--settings-file <file>]`;

function usageError(message: string): never {
  console.error(`setup:check: ${message}\n${USAGE}`);
  process.exit(2);
}

const OPTIONS = { site: { type: 'string' }, offline: { type: 'boolean', default: false }, 'settings-file': { type: 'string' }, help: { type: 'boolean', default: false } } as const;

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
  process.exit(0);
}
const kind = values.site;
if (kind === undefined) usageError('--site is required');
if (!(SITE_KINDS as readonly string[]).includes(kind)) usageError(`--site must be one of ${SITE_KINDS.join(', ')}`);

async function settingsSource(site: SiteKind): Promise<Record<string, string | undefined>> {
  const file = values['settings-file'];
  if (file !== undefined) {
    try {
      return parseEnv(readFileSync(file, 'utf8'));
    } catch (error) {
      usageError(`cannot read --settings-file: ${(error as NodeJS.ErrnoException).code ?? 'unreadable'}`);
    }
  }
  if (site !== 'studio') return process.env;
  // As the Sanity CLI loads them for `sanity build` and `sanity deploy`: studio/.env files, the environment winning.
  const { loadEnv } = await import('vite');
  return loadEnv(process.env.SANITY_ACTIVE_ENV || 'production', fileURLToPath(new URL('../studio/', import.meta.url)), '');
}

const site = kind as SiteKind;
const source = await settingsSource(site);
const ask = values.offline ? undefined : sanityAsker((await import('@sanity/client')).createClient);
const report = await checkSetup(site, source, ask);
for (const line of formatReport(report)) console.log(line);
process.exit(report.problems.length > 0 ? 1 : 0);
