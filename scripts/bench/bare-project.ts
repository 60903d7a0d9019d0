/**
 * The framework's floor: a minimal Astro project that generates the same number of pages as
 * the real build, each a trivial page from one getStaticPaths, with the same build options.
 */
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function writeBareProject(dir: string, pages: number, nodeModules: string): void {
  mkdirSync(join(dir, 'src/pages/[school]'), { recursive: true });
  symlinkSync(nodeModules, join(dir, 'node_modules'), 'dir');
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'bare-floor', private: true, type: 'module' }),
  );
  writeFileSync(
    join(dir, 'astro.config.mjs'),
    `import { defineConfig } from 'astro/config';
export default defineConfig({
  output: 'static',
  trailingSlash: 'never',
  build: { format: 'file' },
  compressHTML: true,
  devToolbar: { enabled: false },
  // Its own Vite cache: sharing the site's (node_modules is a link to the site's) makes each build
  // find the other's dependency pre-bundle and re-optimize, which the floor should not be charged.
  vite: { cacheDir: '.vite-cache' },
});
`,
  );
  writeFileSync(
    join(dir, 'src/pages/[school]/[page].astro'),
    `---
export function getStaticPaths() {
  const perSchool = 10;
  return Array.from({ length: ${pages} }, (_, i) => ({
    params: { school: \`school-\${Math.floor(i / perSchool)}\`, page: \`page-\${i % perSchool}\` },
    props: { n: i },
  }));
}
const { n } = Astro.props;
---
<!doctype html>
<html lang="en"><head><meta charset="utf-8" /><title>Page {n}</title></head>
<body><h1>Page {n}</h1></body></html>
`,
  );
}
