/** The overlays' bundle (browser/overlays.ts), written by the preview build (integration.ts); never part of a page function. */
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

/** Bundles the overlays (React, styled-components, the overlay code) into `outFile`, minified for production. */
export async function buildOverlays(outFile: string): Promise<void> {
  await build({
    entryPoints: [fileURLToPath(new URL('../browser/overlays.ts', import.meta.url))],
    outfile: outFile,
    bundle: true,
    format: 'esm',
    minify: true,
    platform: 'browser',
    target: 'es2022',
    define: { 'process.env.NODE_ENV': '"production"' },
    legalComments: 'none',
    logLevel: 'warning',
  });
}
