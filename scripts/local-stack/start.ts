/**
 * The local stack: the local product API, and the site as Netlify runs it, in one process:
 * - `dist/` through Netlify's own engine code (redirects, headers, static files);
 * - the site's functions (src/functions) at their production paths, warm in this process, with
 *   Netlify's local Blobs (data in DATA_DIR/blobs; it and DEPLOYS_DIR are emptied at each start:
 *   a new local site);
 * - a local build hook (its URL is the functions' NETLIFY_BUILD_HOOK_URL): each call builds the
 *   site into a new folder, publishes it atomically and posts Netlify's signed deploy
 *   notifications to the site's own /api/deploy-notification (netlify/deploys.ts); its address
 *   carries a token new at each start (LOCAL_BUILD_HOOK_TOKEN gives one); with
 *   LOCAL_BUILD_RECORD_ONLY, for tests of the queue and the status answers, a build writes only its
 *   record and serves the pages the stack started with (netlify/record-build.ts);
 * - Netlify's scheduler for the scheduled functions (netlify/scheduler.ts; LOCAL_SCHEDULE_MINUTE_MS
 *   shortens its minute, for tests).
 * The builds read the stack's working copy of the content (DATA_DIR/dataset, made from
 * CONTENT_DATASET_DIR: working-dataset.ts). A local publish (scripts/local-stack/publish.ts) writes
 * a document, or a whole release, into it and posts the content webhook signed as Sanity signs it:
 * the rest is the production functions' code.
 *   npm start                     build dist/ from the working copy, then all of it (--build)
 *   npm run serve                 all of it, serving an existing dist/ (npm run build)
 *   node scripts/local-stack/start.ts --api-only
 *   --reset-content               make the working copy again from CONTENT_DATASET_DIR first
 * Env: PORT (4321), API_PORT (8787), DATA_DIR (./data), SITE_URL (http://localhost:4321),
 *      ACTIVE_GIVEAWAY_IDS, TENANTS_FILE, CONTENT_DATASET_DIR (src/dataset), DATASET_FILE, DIST_DIR,
 *      DEPLOYS_DIR (.netlify/local-deploys), SANITY_WEBHOOK_SECRET, NETLIFY_DEPLOY_NOTIFICATION_SECRET
 *      and EDITOR_PASS_SECRET (default: the documented local ones, which only this process's
 *      functions take), SANITY_STUDIO_URL (http://localhost:3333: the origins the status functions
 *      answer).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';
import { LOCAL_STUDIO_URL } from '../../src/lib/config/local-addresses.ts';
import { markLocalStack } from '../../src/lib/config/local-stack.ts';
import { withBuildLock } from '../lib/build-lock.ts';
import { settingText, yesNoSetting } from '../../src/lib/config/setting-types.ts';
import { config as deployNotification } from '../../src/functions/deploy-notification.ts';
import {
  LOCAL_DEPLOY_NOTIFICATION_SECRET,
  LOCAL_SITE_ID,
  LOCAL_WEBHOOK_SECRET,
} from '../../src/lib/publish-records/names.ts';
import { startApiServer } from './api/server.ts';
import { REPO_ROOT, allowedOrigins, readSettings } from './env.ts';
import { listen, type RunningServer } from './listen.ts';
import { LOCAL_BLOBS_ACCESS_FILE, startLocalBlobs } from './netlify/blobs.ts';
import { createLocalDeploys, localBuildHookUrl, recordOnlyBuild } from './netlify/deploys.ts';
import { invokeFunction, loadSiteFunctions, type SiteFunctions } from './netlify/functions.ts';
import { startScheduler } from './netlify/scheduler.ts';
import { createSiteServer } from './site/server.ts';
import { ensureWorkingDataset, workingDatasetLine } from './working-dataset.ts';

const apiOnly = process.argv.includes('--api-only');
const buildFirst = process.argv.includes('--build');
const resetContent = process.argv.includes('--reset-content');

const text = (name: string) => settingText(process.env, name);

async function main(): Promise<void> {
  const settings = readSettings();
  const working = ensureWorkingDataset(settings.sourceDatasetDir, settings.dataDir, resetContent);
  console.log(workingDatasetLine(working, settings.sourceDatasetDir));
  // The API listens before the first build, which reads the tenant records from it when
  // PUBLIC_API_BASE names it.
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
  const running: Array<Pick<RunningServer, 'close'>> = [api];
  if (buildFirst && !apiOnly) {
    // The site as the working copy says, in dist/ (or DIST_DIR), with Astro's own output on the terminal.
    const code = await withBuildLock(
      () =>
        new Promise<number | null>((done, fail) => {
          const child = spawn(
            process.execPath,
            [join(REPO_ROOT, 'node_modules/astro/bin/astro.mjs'), 'build'],
            {
              cwd: REPO_ROOT,
              stdio: 'inherit',
              env: {
                ...process.env,
                CONTENT_DATASET_DIR: settings.contentDatasetDir,
                BUILD_OUT_DIR: settings.distDir,
              },
            },
          );
          child.once('error', fail);
          child.once('close', done);
        }),
    );
    if (code !== 0) {
      await api.close();
      process.exit(code ?? 1);
    }
  }
  if (!apiOnly && !(existsSync(settings.distDir) && statSync(settings.distDir).isDirectory())) {
    console.error(`The built site was not found at ${settings.distDir}. Run npm run build first.`);
    await api.close();
    process.exit(1);
  }

  if (!apiOnly) {
    // Each start is a new local site: no deploy records, no queue, no deploy folders from before.
    const blobsDir = join(settings.dataDir, 'blobs');
    rmSync(blobsDir, { recursive: true, force: true });
    // Emptied at each start, so only a folder of this checkout's .netlify/ (DEPLOYS_DIR could name any).
    const inside = relative(join(REPO_ROOT, '.netlify'), settings.deploysDir);
    if (!inside || inside.startsWith('..') || isAbsolute(inside)) {
      throw new Error(
        `DEPLOYS_DIR must be a folder inside ${join(REPO_ROOT, '.netlify')}: it is emptied at each start`,
      );
    }
    rmSync(settings.deploysDir, { recursive: true, force: true });
    const blobs = await startLocalBlobs(blobsDir, { siteID: LOCAL_SITE_ID });
    running.push({ close: blobs.stop });
    // npm run blobs -- … --local reaches this run's stores through it; gone when the stack stops.
    const accessFile = join(settings.dataDir, LOCAL_BLOBS_ACCESS_FILE);
    writeFileSync(accessFile, JSON.stringify(blobs.access), { mode: 0o600 });
    running.push({ close: () => Promise.resolve(rmSync(accessFile, { force: true })) });
    const notificationSecret =
      text('NETLIFY_DEPLOY_NOTIFICATION_SECRET') ?? LOCAL_DEPLOY_NOTIFICATION_SECRET;
    // The build hook's address is its secret, new at each start (tests may give one).
    const hookToken = text('LOCAL_BUILD_HOOK_TOKEN') ?? randomBytes(16).toString('hex');

    let origin = '';
    const recordOnly = yesNoSetting(false).parse(text('LOCAL_BUILD_RECORD_ONLY'));
    const deploys = createLocalDeploys({
      initialDistDir: settings.distDir,
      deploysDir: settings.deploysDir,
      netlifyToml: settings.netlifyToml,
      siteId: LOCAL_SITE_ID,
      siteUrl: () => origin,
      // Where Netlify is told to post deploy notifications: the function's own path.
      notificationPath: deployNotification.path,
      notificationSecret,
      hookToken,
      uploadDeployFiles: blobs.uploadDeployFiles,
      buildEnvironment: {
        CONTENT_DATASET_DIR: settings.contentDatasetDir,
        TENANTS_FILE: settings.tenantsFile,
      },
      // Tests of the queue and the status answers that read no page: the record alone, about 1 s.
      runBuild: recordOnly ? recordOnlyBuild(settings.distDir) : undefined,
      log: (line) => process.stdout.write(`netlify ${line}\n`),
    });
    // Functions load once the site listens: their build hook URL names its port.
    let loaded!: (functions: Promise<SiteFunctions>) => void;
    const functions = new Promise<SiteFunctions>((resolve) => {
      loaded = resolve;
    });
    const site = await listen(
      createSiteServer({
        distDir: settings.distDir,
        netlifyToml: settings.netlifyToml,
        apiOrigin: api.url,
        siteId: LOCAL_SITE_ID,
        functions,
        published: deploys.published,
        platform: deploys.handle,
        siteUrl: settings.siteUrl,
        log: (line) => process.stdout.write(`site ${line}\n`),
      }),
      settings.port,
      settings.host,
    );
    running.unshift(site);
    origin = site.url;

    // The functions' settings, as the site's environment variables on Netlify (read from process.env).
    // This process is the local stack: only here do the functions take the documented local secrets.
    markLocalStack();
    Object.assign(process.env, {
      SANITY_WEBHOOK_SECRET: text('SANITY_WEBHOOK_SECRET') ?? LOCAL_WEBHOOK_SECRET,
      NETLIFY_DEPLOY_NOTIFICATION_SECRET: notificationSecret,
      // The local build hook, unless the environment names another (a test's door in front of it).
      NETLIFY_BUILD_HOOK_URL:
        text('NETLIFY_BUILD_HOOK_URL') ?? localBuildHookUrl(site.url, hookToken),
      SITE_ID: LOCAL_SITE_ID,
      URL: settings.siteUrl,
      SANITY_STUDIO_URL: text('SANITY_STUDIO_URL') ?? LOCAL_STUDIO_URL,
      ...blobs.environment,
    });
    const imported = loadSiteFunctions(settings.functionsDir);
    loaded(imported);
    const siteFunctions = await imported;
    // Netlify's scheduler: the freshness check every quarter hour, and publish-retry every minute (LOCAL_SCHEDULE_MINUTE_MS shortens the clock).
    const minute = text('LOCAL_SCHEDULE_MINUTE_MS');
    const scheduler = startScheduler({
      functions: siteFunctions.functions,
      origin: () => site.url,
      invoke: (fn, request) =>
        invokeFunction(fn, request, {
          ip: '127.0.0.1',
          site: { id: LOCAL_SITE_ID, name: LOCAL_SITE_ID, url: settings.siteUrl },
        }),
      ...(minute ? { minuteMs: Number(minute) } : {}),
      log: (line) => process.stdout.write(`netlify ${line}\n`),
    });
    running.push({
      close: () => {
        scheduler.stop();
        return Promise.resolve();
      },
    });
    const names = siteFunctions.functions.map(
      (fn) =>
        `${fn.name} ${fn.config.schedule ? `(scheduled ${fn.config.schedule})` : siteFunctions.pathOf(fn.name)}`,
    );
    for (const origin of allowedOrigins(settings, site.port)) api.api.allowedOrigins.add(origin);
    console.log(`Site:      ${site.url}  (SITE_URL ${settings.siteUrl})`);
    console.log(`Functions: ${names.join(', ')}`);
    console.log(
      `Build hook: ${localBuildHookUrl(site.url, hookToken)}  (builds read ${settings.contentDatasetDir}; deploys in ${settings.deploysDir})`,
    );
    console.log(`Blobs:     ${blobs.url}  (data in ${blobsDir})`);
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
    console.error(
      `A port is already in use (${(error as Error).message}). Set PORT / API_PORT to free ports.`,
    );
  } else {
    console.error(error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
