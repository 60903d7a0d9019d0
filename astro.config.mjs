// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import { env } from './src/lib/env.ts';
import { schoolSiteBuild } from './src/lib/build/integration.ts';

export default defineConfig({
  site: env().SITE_URL,
  output: 'static',
  outDir: env().BUILD_OUT_DIR,
  trailingSlash: 'never',
  build: { format: 'file', inlineStylesheets: 'auto' },
  compressHTML: true,
  integrations: [react(), schoolSiteBuild()],
  security: { csp: true },
  devToolbar: { enabled: false },
});
