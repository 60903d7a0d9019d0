/**
 * Writes the site's Content-Security-Policy into dist/_headers after the pages are built: reads
 * each page's inline scripts and styles (each distinct text hashed once per build) and groups
 * the pages into one rule per kind of page (src/lib/security/csp-headers.ts), the same lines
 * whatever the number of schools. The same read drops Astro's island style from a page's body
 * first (island-styles.ts).
 */
import { readdirSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { cspHeaderValue, type CspSources } from '../security/csp.ts';
import {
  cspHeaderRules,
  formatCspHeaders,
  pageRulePaths,
  type BuiltPage,
} from '../security/csp-headers.ts';
import { SCHOOL_ROUTES } from '../route-table/routes.ts';
import { SEARCH_GROUP_RULE } from '../search/school-index.ts';
import { inlineHashes } from '../security/inline-hashes.ts';
import { finishedPage } from './island-styles.ts';

/** Folders of the output that hold no pages. */
const ASSET_FOLDERS = new Set(['_astro', 'content-images', 'backgrounds']);

/**
 * Every built page's served path (`x.html` is served at `/x`, `index.html` at `/`), its file, and
 * that file's path as served (`/x.html`, `/index.html`: what netlify-cli matches header rules to).
 */
export function builtPages(distDir: string): Array<{ path: string; file: string; served: string }> {
  const pages: Array<{ path: string; file: string; served: string }> = [];
  const walk = (dir: string, prefix: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (!(prefix === '' && ASSET_FOLDERS.has(entry.name)))
          walk(join(dir, entry.name), `${prefix}/${entry.name}`);
      } else if (entry.name.endsWith('.html')) {
        const name = entry.name.slice(0, -'.html'.length);
        pages.push({
          path: name === 'index' ? prefix || '/' : `${prefix}/${name}`,
          file: join(dir, entry.name),
          served: `${prefix}/${entry.name}`,
        });
      }
    }
  };
  walk(distDir, '');
  return pages;
}

export interface CspBuildInput {
  distDir: string;
  sources: CspSources;
  /** The frame each page that embeds one may load, by page path. */
  frames: ReadonlyMap<string, string>;
}

/** Pages read at once: the reads of one batch overlap each other and the hashing of the last. */
const READ_BATCH = 32;

/** The school routes as rule paths: the giveaway entry takes the event id after its path. */
const SCHOOL_ROUTE_RULES = SCHOOL_ROUTES.map((route) =>
  route.name === 'giveaway-entry' ? `${route.path}/:id` : route.path,
);

/** Every page rule path: the school routes, and the one page of no school below one segment (`search/:group`). */
const PAGE_RULE_PATHS = pageRulePaths(SCHOOL_ROUTE_RULES, [SEARCH_GROUP_RULE]);

/** Every file under the asset folders, as served: no page rule may match one. */
function assetFiles(distDir: string): string[] {
  return [...ASSET_FOLDERS].flatMap((folder) => {
    try {
      return readdirSync(join(distDir, folder), { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map(
          (entry) =>
            `/${folder}${join(entry.parentPath, entry.name).slice(join(distDir, folder).length).split('\\').join('/')}`,
        );
    } catch {
      return [];
    }
  });
}

/** Writes dist/_headers and answers how many rules and lines it has and its size. */
export async function writeCspHeaders({
  distDir,
  sources,
  frames,
}: CspBuildInput): Promise<{ rules: number; lines: number; bytes: number }> {
  const files = builtPages(distDir);
  const pages: BuiltPage[] = [];
  for (let start = 0; start < files.length; start += READ_BATCH) {
    const batch = files.slice(start, start + READ_BATCH);
    // Each page is read once: the build's last change to it (island-styles.ts), then its hashes.
    const contents = await Promise.all(
      batch.map(({ file }) => readFile(file).then((page) => finishedPage(file, page))),
    );
    batch.forEach(({ path, served }, index) => {
      pages.push({
        path,
        file: served,
        inline: inlineHashes(contents[index] as Buffer),
        frameUrl: frames.get(path),
      });
    });
  }
  const rules = cspHeaderRules(
    pages,
    PAGE_RULE_PATHS,
    (inline, frameUrls) => cspHeaderValue(sources, inline, frameUrls),
    assetFiles(distDir),
  );
  const text = formatCspHeaders(rules);
  writeFileSync(join(distDir, '_headers'), text);
  return {
    rules: rules.length,
    lines: text.split('\n').length - 1,
    bytes: Buffer.byteLength(text),
  };
}
