/**
 * The editors' preview site as an Astro build (SITE_MODE=preview, loaded by astro.config.mjs only
 * then): Netlify's adapter renders every page on request, the middleware gives each school page
 * its school's data for that request, and draft mode gets its routes (on, off, and the
 * perspective switch). A static build loads none of this.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import netlify from '@astrojs/netlify';
import { wrapPageFunction } from './function-build.ts';
import { OVERLAYS_SCRIPT_PATH, PERSPECTIVE_SWITCH_PATH } from '../paths.ts';
import { buildOverlays } from './overlays-build.ts';

/** Netlify's adapter, offline: no image CDN, no edge middleware, no sessions store. */
export function previewAdapter() {
  return netlify({ imageCDN: false, edgeMiddleware: false, devFeatures: false });
}

/**
 * Headers of the static files beside the function (build assets, content images): never indexed.
 * Their caching stays netlify.toml's (hashed names; a second Cache-Control would be joined to it).
 */
export const PREVIEW_STATIC_HEADERS = '/*\n  X-Robots-Tag: noindex\n';

export function previewSite(): AstroIntegration {
  let root: URL | undefined;
  return {
    name: 'school-site-preview',
    hooks: {
      'astro:config:setup': ({ injectRoute, addMiddleware }) => {
        injectRoute({
          pattern: '/api/preview/enable',
          entrypoint: fileURLToPath(new URL('../server/routes/enable.ts', import.meta.url)),
          prerender: false,
        });
        injectRoute({
          pattern: '/api/preview/disable',
          entrypoint: fileURLToPath(new URL('../server/routes/disable.ts', import.meta.url)),
          prerender: false,
        });
        injectRoute({
          pattern: PERSPECTIVE_SWITCH_PATH,
          entrypoint: fileURLToPath(new URL('../server/routes/perspective.ts', import.meta.url)),
          prerender: false,
        });
        addMiddleware({
          entrypoint: fileURLToPath(new URL('../server/middleware.ts', import.meta.url)),
          order: 'pre',
        });
      },
      'astro:config:done': ({ config }) => {
        root = config.root;
      },
      // Runs after the adapter's own (Astro runs the adapter's hooks first), so its function is there to wrap.
      'astro:build:done': async ({ dir }) => {
        await wrapPageFunction(fileURLToPath(new URL('.netlify/v1/functions/ssr/', root)));
        writeFileSync(join(fileURLToPath(dir), '_headers'), PREVIEW_STATIC_HEADERS);
        // Presentation's overlays: a file of their own, linked from pages in draft mode only.
        await buildOverlays(join(fileURLToPath(dir), OVERLAYS_SCRIPT_PATH));
      },
    },
  };
}
