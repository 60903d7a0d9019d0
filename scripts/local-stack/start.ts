/**
 * The local stack: the local product API and `dist/` served through Netlify's own engine code
 * (redirects, headers, static files, functions of netlify.toml), in one process.
 *   npm run serve                 both (needs a build: npm run build)
 *   node scripts/local-stack/start.ts --api-only
 * Env: PORT (4321), API_PORT (8787), DATA_DIR (./data), SITE_URL (http://localhost:4321),
 *      ACTIVE_GIVEAWAY_IDS, TENANTS_FILE, DATASET_FILE, DIST_DIR.
 */
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { startApiServer } from './api/server.ts';
import { REPO_ROOT, allowedOrigins, readSettings } from './env.ts';
import type { RunningServer } from './listen.ts';
import { startSiteServer } from './site/server.ts';

const apiOnly = process.argv.includes('--api-only');

async function main(): Promise<void> {
  const settings = readSettings();
  if (!apiOnly && !(existsSync(settings.distDir) && statSync(settings.distDir).isDirectory())) {
    console.error(`The built site was not found at ${settings.distDir}. Run npm run build first.`);
    process.exit(1);
  }

  const api = await startApiServer({
    port: settings.apiPort,
    host: settings.host,
    dataDir: settings.dataDir,
    tenantsFile: settings.tenantsFile,
    datasetFile: settings.datasetFile,
    activeGiveawayIds: settings.activeGiveawayIds,
    allowedOrigins: allowedOrigins(settings),
    log: (line) => process.stdout.write(`api  ${line}\n`),
  });
  const running: RunningServer[] = [api];

  if (!apiOnly) {
    const site = await startSiteServer({
      port: settings.port,
      host: settings.host,
      distDir: settings.distDir,
      netlifyToml: settings.netlifyToml,
      functionsDir: settings.functionsDir,
      functionsBuildDir: join(REPO_ROOT, '.netlify', 'functions-serve'),
      apiOrigin: api.url,
      log: (line) => process.stdout.write(`site ${line}\n`),
    });
    running.unshift(site);
    for (const origin of allowedOrigins(settings, site.port)) api.api.allowedOrigins.add(origin);
    console.log(`Site:      ${site.url}  (SITE_URL ${settings.siteUrl})`);
  }
  console.log(`Local API: ${api.url}  (data in ${join(settings.dataDir, 'local-api.sqlite')})`);
  console.log('Press Ctrl+C to stop.');

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) {
      process.exit(1);
    }
    stopping = true;
    console.log(`\n${signal}: stopping the local stack...`);
    Promise.all(running.map((server) => server.close())).then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  const code = (error as { code?: string }).code;
  if (code === 'EADDRINUSE') {
    console.error(`A port is already in use (${(error as Error).message}). Set PORT / API_PORT to free ports.`);
  } else {
    console.error(error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
