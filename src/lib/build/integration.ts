/**
 * Build steps around Astro's own: publish the bundled dataset's images, then after the
 * pages are written emit dist/_redirects, the sitemap and the build report from the same school matrix.
 */
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { contentQueryCount } from '../content/index.ts';
import { LOCAL_IMAGE_PATH } from '../content/local.ts';
import { env } from '../env.ts';
import { siteMatrix } from '../routing/index.ts';
import { formatRedirects, redirectRules } from '../routing/redirects.ts';
import { buildReport, summarise } from './report.ts';
import { sitemapFiles } from './sitemap.ts';

/** The bundled dataset's image files, published under LOCAL_IMAGE_PATH. */
const IMAGE_FOLDER = LOCAL_IMAGE_PATH.replace(/^\/|\/$/g, '');
const localImages = () => join(env().CONTENT_DATASET_DIR, 'images');

export function schoolSiteBuild(): AstroIntegration {
  return {
    name: 'school-site-build',
    hooks: {
      'astro:config:setup': ({ config, command }) => {
        const settings = env();
        const published = join(fileURLToPath(config.publicDir), IMAGE_FOLDER);
        // A build copies the images once, straight into the output (below); only the dev server
        // serves them from public/. Clear an old dev copy so a build does not copy it twice.
        if (command === 'build') rmSync(published, { recursive: true, force: true });
        else if (settings.CONTENT_SOURCE === 'local' && existsSync(localImages())) cpSync(localImages(), published, { recursive: true });
      },
      'astro:build:done': async ({ dir, pages, logger }) => {
        const outDir = fileURLToPath(dir);
        if (env().CONTENT_SOURCE === 'local' && existsSync(localImages())) cpSync(localImages(), join(outDir, IMAGE_FOLDER), { recursive: true });
        const matrix = await siteMatrix();
        const rules = redirectRules(matrix.schools.map((site) => site.content.school), matrix.mainSiteUrl);
        writeFileSync(join(outDir, '_redirects'), formatRedirects(rules));
        for (const file of sitemapFiles(pages.map((page) => page.pathname), env().SITE_URL)) writeFileSync(join(outDir, file.name), file.xml);

        const settings = env();
        const report = buildReport(matrix, { contentSource: settings.CONTENT_SOURCE, contentQueries: contentQueryCount(), pages: pages.length });
        mkdirSync(dirname(settings.BUILD_REPORT_FILE), { recursive: true });
        writeFileSync(settings.BUILD_REPORT_FILE, JSON.stringify(report, null, 2));
        logger.info(`${summarise(report)}; ${rules.length} redirect rules; report in ${settings.BUILD_REPORT_FILE}`);
      },
    },
  };
}
