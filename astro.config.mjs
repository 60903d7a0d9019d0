// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import { env, publicApiBase } from './src/lib/env.ts';
import { schoolSiteBuild } from './src/lib/build/integration.ts';
import { includeInSitemap } from './src/lib/seo.ts';
import { SEGMENT_HOSTS, pageCspDirectives } from './src/lib/security/csp.ts';

const settings = env();
const cspDirectives = pageCspDirectives({
  apiBase: publicApiBase(),
  analyticsHosts: settings.PUBLIC_SEGMENT_WRITE_KEY ? SEGMENT_HOSTS : [],
});

export default defineConfig({
  site: settings.SITE_URL,
  output: 'static',
  trailingSlash: 'never',
  build: { format: 'file', inlineStylesheets: 'auto' },
  compressHTML: true,
  integrations: [react(), sitemap({ filter: includeInSitemap }), schoolSiteBuild()],
  security: { csp: { directives: cspDirectives } },
  devToolbar: { enabled: false },
});
