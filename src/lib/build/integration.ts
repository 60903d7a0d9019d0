/**
 * Build steps around Astro's own: publish the bundled dataset's images, then after the
 * pages are written emit dist/_redirects and the build report from the same school matrix.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { contentQueryCount } from '../content/index.ts';
import { env } from '../env.ts';
import { siteMatrix, tenantStats } from '../routing/index.ts';
import { formatRedirects, redirectRules } from '../routing/redirects.ts';
import { publishDatasetImages } from './images.ts';
import { buildReport, summarise } from './report.ts';

export function schoolSiteBuild(): AstroIntegration {
  return {
    name: 'school-site-build',
    hooks: {
      'astro:config:setup': async ({ config, logger }) => {
        const settings = env();
        if (settings.CONTENT_SOURCE !== 'local') return;
        const made = await publishDatasetImages(join(settings.CONTENT_DATASET_DIR, 'images'), join(fileURLToPath(config.publicDir), 'content-images'));
        if (made) logger.info(`made ${made} responsive image copies`);
      },
      // Content and tenant records load while Vite bundles, so the product API's latency is hidden
      // behind it; pages await the same promise. A failure surfaces where pages await it.
      'astro:build:start': () => {
        siteMatrix().catch(() => {});
      },
      'astro:build:done': async ({ dir, pages, logger }) => {
        const settings = env();
        const matrix = await siteMatrix();
        const rules = redirectRules(matrix.schools.map((site) => site.content.school), matrix.mainSiteUrl, settings.ORDER_SERVICE_URL);
        writeFileSync(join(fileURLToPath(dir), '_redirects'), formatRedirects(rules));

        const report = buildReport(matrix, { contentSource: settings.CONTENT_SOURCE, contentQueries: contentQueryCount(), tenants: tenantStats(), pages: pages.length });
        mkdirSync(dirname(settings.BUILD_REPORT_FILE), { recursive: true });
        writeFileSync(settings.BUILD_REPORT_FILE, JSON.stringify(report, null, 2));
        logger.info(`${summarise(report)}; ${rules.length} redirect rules; report in ${settings.BUILD_REPORT_FILE}`);
      },
    },
  };
}
