/**
 * Wraps the page function Netlify's adapter writes (preview build only, integration.ts): its entry
 * `ssr.mjs` becomes server/function-entry.ts around the adapter's handler, so every response of the
 * function carries the preview's headers. The adapter's entry is kept beside it, unchanged.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/** The adapter's entry, kept under this name in the same folder (its relative imports still resolve). */
export const ADAPTER_ENTRY = 'astro-handler.mjs';
const WRAPPER = 'preview-function.mjs';

export async function wrapPageFunction(functionDir: string): Promise<void> {
  const entry = join(functionDir, 'ssr.mjs');
  const adapterEntry = readFileSync(entry, 'utf8');
  if (adapterEntry.includes(`'./${ADAPTER_ENTRY}'`)) return;
  // Netlify reads the function's config from its entry file without running it: it stays a literal there.
  const config = /export const config = (\{[\s\S]*?\});/.exec(adapterEntry)?.[1];
  if (!config)
    throw new Error(
      `the preview build: ${entry} has no "export const config" (a new version of @astrojs/netlify?)`,
    );
  writeFileSync(join(functionDir, ADAPTER_ENTRY), adapterEntry);
  await build({
    entryPoints: [fileURLToPath(new URL('../server/function-entry.ts', import.meta.url))],
    outfile: join(functionDir, WRAPPER),
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    legalComments: 'none',
    logLevel: 'warning',
  });
  writeFileSync(
    entry,
    [
      `import astroHandler from './${ADAPTER_ENTRY}';`,
      `import { previewFunction } from './${WRAPPER}';`,
      '',
      'export default previewFunction(astroHandler);',
      '',
      `export const config = ${config};`,
      '',
    ].join('\n'),
  );
}
