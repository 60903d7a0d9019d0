// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import { env, isPreviewBuild, isPreviewSite } from './src/lib/config/env.ts';
import { schoolSiteBuild } from './src/lib/build/integration.ts';
import { includeInSitemap } from './src/lib/seo/page-head.ts';
import { isNotLaunchedPage } from './src/lib/routing/index.ts';

const settings = env();
// The editors' preview site (SITE_MODE=preview): the same pages rendered on request by Netlify's
// adapter. Loaded only then, so the public static build never loads the adapter or preview code.
const onDemand = isPreviewSite(settings);
const preview = onDemand ? await import('./src/lib/preview/build/integration.ts') : undefined;

export default defineConfig({
  site: settings.SITE_URL,
  output: onDemand ? 'server' : 'static',
  ...(preview ? { adapter: preview.previewAdapter() } : {}),
  outDir: settings.BUILD_OUT_DIR,
  trailingSlash: 'never',
  // Pages render 12 at a time: each page's file writes (mkdir, open, write, close on libuv's threads)
  // then overlap the next pages' rendering. Measured at 600 schools: 4 at a time left the main thread
  // idle ~10% of page generation; 12 took it from 10.0–11.4 s to 9.0–9.4 s, 32 was no better
  // (8.3–11.6 s), and memory did not grow. Data is fetched once per build.
  // CSS and scripts are files the browser caches once, not bytes repeated in every page: at 600
  // schools that was 40–80 MB of HTML to write.
  build: { format: 'file', inlineStylesheets: 'never', concurrency: 12 },
  vite: { build: { assetsInlineLimit: 0 } },
  // Scoped styles mark elements with a class instead of a data-astro-cid-* attribute: the same
  // selector specificity, a third fewer bytes on every styled element.
  scopedStyleStrategy: 'class',
  compressHTML: true,
  // A draft preview build is never indexed: no sitemap.
  integrations: [
    react(),
    ...(isPreviewBuild() || onDemand
      ? []
      : [sitemap({ filter: (page) => includeInSitemap(page) && !isNotLaunchedPage(page) })]),
    schoolSiteBuild({ onDemand }),
    ...(preview ? [preview.previewSite()] : []),
  ],
  // No security.csp: the Content-Security-Policy is a response header the build writes into
  // dist/_headers (src/lib/build/csp-headers-file.ts); a meta tag cannot carry frame-ancestors, and
  // Astro's digests every linked asset of every page.
  devToolbar: { enabled: false },
  markdown: { syntaxHighlight: false },
});
