/**
 * Build steps around Astro's own: publish the bundled dataset's images, then after the
 * pages are written emit dist/_redirects, dist/_headers (the pages' Content-Security-Policy)
 * and the build report from the same school matrix.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { AstroIntegration } from 'astro';
import { contentQueryCount, contentRead } from '../content/index.ts';
import { withUnpublishedFiles } from './unpublished-files.ts';
import { env, isProductionBuild, publicApiBase, type Env } from '../config/env.ts';
import { coverageMapSources } from '../coverage/island-props.ts';
import { single } from '../content/index.ts';
import { schoolPath, schoolRoute } from '../route-table/routes.ts';
import { siteMatrix, tenantStats, type SiteMatrix } from '../routing/index.ts';
import { tenantSource } from '../tenants/index.ts';
import {
  formatRedirects,
  redirectCeilingProblem,
  redirectRules,
  type RedirectRule,
} from '../routing/redirects.ts';
import {
  publishPreparedImages,
  type ImageFolders,
  type PreparedImages,
} from './published-images.ts';
import { SEGMENT_HOSTS, type CspSources } from '../security/csp.ts';
import { writeCspHeaders } from './csp-headers-file.ts';
import { themeStylesheetAt, writeThemeStylesheets } from './theme-files.ts';
import { buildReport, summaryLines } from './report.ts';
import { buildRecord, buildTrigger, leanRecord } from './build-record.ts';
import { clearBuildRecord, writeStaticSiteOutput } from './netlify-output.ts';

/** Prepares the dataset's images on a worker thread (see publish-images.worker.ts). */
function prepareOnWorker(imagesDir: string, folders: ImageFolders): Promise<PreparedImages> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./publish-images.worker.ts', import.meta.url), {
      workerData: { imagesDir, folders },
    });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) =>
      reject(new Error(`preparing the dataset's images stopped (exit ${code})`)),
    );
  });
}

/** What the pages may connect to: the product API, and the analytics hosts only with a write key. */
export function cspSources(settings = env()): CspSources {
  const analytics = settings.PUBLIC_SEGMENT_WRITE_KEY
    ? [
        ...SEGMENT_HOSTS,
        ...(settings.PUBLIC_SEGMENT_API_HOST ? [settings.PUBLIC_SEGMENT_API_HOST] : []),
      ]
    : [];
  return { apiBase: publicApiBase(), analyticsHosts: analytics };
}

/** The coverage page is the one page that may embed a frame from another host (when content names one). */
function embeddedFrames(matrix: SiteMatrix): Map<string, string> {
  const frames = new Map<string, string>();
  for (const site of matrix.schools) {
    const { embedUrl } = coverageMapSources(
      matrix.settings,
      single(site.content, 'coverageMapPage'),
    );
    if (embedUrl) frames.set(schoolPath(site.seoSlug, schoolRoute('coverage-map').path), embedUrl);
  }
  return frames;
}

/** The site's redirect rules; throws, naming the count and the limit, when they reach REDIRECT_RULE_LIMIT. */
export function siteRedirects(
  matrix: SiteMatrix,
  settings: Pick<Env, 'ORDER_SERVICE_URL' | 'REDIRECT_RULE_LIMIT'>,
): RedirectRule[] {
  const rules = redirectRules(
    matrix.schools.map((site) => site.content.school),
    matrix.mainSiteUrl,
    settings.ORDER_SERVICE_URL,
    {
      activeGiveawayIds: matrix.activeGiveawayIds,
      retired: matrix.retired,
    },
  );
  const tooMany = redirectCeilingProblem(rules.length, settings.REDIRECT_RULE_LIMIT);
  if (tooMany) throw new Error(tooMany);
  return rules;
}

/**
 * `onDemand`: the pages are rendered on request (the editors' preview site, src/lib/preview/):
 * only the dataset's images are published; redirects, the CSP file and the build report belong to
 * the pages a static build writes.
 */
export function schoolSiteBuild({
  onDemand = false,
}: { onDemand?: boolean } = {}): AstroIntegration {
  let images: Promise<PreparedImages> | undefined;
  let stagingDir: string | undefined;
  let projectRoot = process.cwd();
  return {
    name: 'school-site-build',
    hooks: {
      'astro:config:setup': async ({ command, config, logger }) => {
        projectRoot = fileURLToPath(config.root);
        const settings = env();
        if (settings.CONTENT_SOURCE !== 'local') return;
        const datasetImages = join(settings.CONTENT_DATASET_DIR, 'images');
        const publicImages = join(fileURLToPath(config.publicDir), 'content-images');
        const variantsDir = join(fileURLToPath(config.cacheDir), 'image-variants');
        stagingDir = mkdtempSync(join(tmpdir(), 'school-site-images-'));
        if (command === 'dev') {
          // The dev server serves public/ as it is: publish there before it starts.
          const { prepareDatasetImages } = await import('./images.ts');
          publishPreparedImages(
            await prepareDatasetImages(datasetImages, { stagingDir, variantsDir }),
            publicImages,
          );
          return;
        }
        // A build prepares them beside Vite's bundling and page rendering and copies them into the
        // output when the pages are done. Copies a dev server left in public/ are not published.
        rmSync(publicImages, { recursive: true, force: true });
        images = prepareOnWorker(datasetImages, { stagingDir, variantsDir });
        images.then(
          ({ made, sanitised }) => {
            if (made) logger.info(`made ${made} responsive image copies`);
            for (const image of sanitised)
              logger.warn(`SVG ${image.file} sanitised: removed ${image.removed.join(', ')}`);
          },
          () => {},
        );
      },
      // The pages link their school's theme stylesheet, which a build writes; `astro dev` answers it
      // from the same themes, so a page in dev is the page the build makes.
      'astro:server:setup': ({ server }) => {
        server.middlewares.use((request, response, next) => {
          const path = (request.url ?? '').split('?')[0] ?? '';
          if (!path.startsWith('/_astro/school-theme.')) return next();
          siteMatrix().then((matrix) => {
            const sheet = themeStylesheetAt(
              matrix.schools.map((site) => site.theme),
              path,
            );
            if (!sheet) return next();
            response.setHeader('content-type', 'text/css; charset=utf-8');
            response.end(sheet.css);
          }, next);
        });
      },
      // Content and tenant records load while Vite bundles, so the product API's latency is hidden
      // behind it; pages await the same promise. A failure surfaces where pages await it.
      'astro:build:start': () => {
        if (!onDemand) siteMatrix().catch(() => {});
      },
      'astro:build:done': async ({ dir, pages, logger }) => {
        const settings = env();
        if (onDemand) {
          clearBuildRecord(projectRoot);
          const prepared = await images;
          if (prepared) publishPreparedImages(prepared, join(fileURLToPath(dir), 'content-images'));
          if (stagingDir) rmSync(stagingDir, { recursive: true, force: true });
          return;
        }
        let matrix = await siteMatrix();
        const rules = siteRedirects(matrix, settings);
        writeFileSync(join(fileURLToPath(dir), '_redirects'), formatRedirects(rules));
        const themes = writeThemeStylesheets(
          fileURLToPath(dir),
          matrix.schools.map((site) => site.theme),
        );
        logger.info(`${themes} school theme stylesheet(s)`);
        const headers = await writeCspHeaders({
          distDir: fileURLToPath(dir),
          sources: cspSources(settings),
          frames: embeddedFrames(matrix),
        });
        logger.info(
          `_headers: ${headers.rules} Content-Security-Policy rule(s), ${headers.lines} lines, ${headers.bytes} bytes`,
        );

        const prepared = await images;
        if (prepared) {
          publishPreparedImages(prepared, join(fileURLToPath(dir), 'content-images'));
          matrix = withUnpublishedFiles(
            matrix,
            new Set(prepared.dropped),
            isProductionBuild(settings),
          );
        }
        if (stagingDir) rmSync(stagingDir, { recursive: true, force: true });
        const sanitisedImages = prepared?.sanitised ?? [];
        const read = contentRead();
        if (!read)
          throw new Error("the build report needs the content query's answer, and it never ran");
        const record = buildRecord(matrix, read, buildTrigger(), tenantSource(settings));
        const report = buildReport(matrix, {
          record,
          contentSource: settings.CONTENT_SOURCE,
          contentQueries: contentQueryCount(),
          tenants: tenantStats(),
          pages: pages.length,
          sanitisedImages,
        });
        mkdirSync(dirname(settings.BUILD_REPORT_FILE), { recursive: true });
        writeFileSync(settings.BUILD_REPORT_FILE, JSON.stringify(report, null, 2));
        for (const line of summaryLines(report, {
          redirectRules: rules.length,
          reportFiles: [settings.BUILD_REPORT_FILE],
        }))
          logger.info(line);
        // Kept with the deploy, never published: Netlify's build uploads it into the deploy's own
        // blob store (it rolls back and is deleted with the deploy), where the notification reads it.
        const recordFile = writeStaticSiteOutput(projectRoot, leanRecord(record));
        logger.info(
          `Build record: ${Object.keys(record.documents).length} documents in ${recordFile}, uploaded by Netlify's build into the deploy's blob store`,
        );
      },
    },
  };
}
