/**
 * Size budgets on the built files (issue: speed budgets). For every HTML page: the page's
 * gzipped HTML, its CSS (linked + inline) and the JS it loads (scripts, island components and
 * renderers, and everything they import statically). Prints the figures and exits non-zero
 * when a page is over budget.
 *   node scripts/check-budgets.ts [distDir] [--json reports/budgets.json]
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

// JS: the giveaway entry page is the heaviest, React's client (65.7 KB) with the form, its rules and
// the header's script (the sign-in dialog's shared state in nanostores, 0.3 KB): 75.1 KB.
export const BUDGETS_KB = { js: 76, css: 20, html: 30 } as const;

const args = process.argv.slice(2);
const jsonOut = args.includes('--json') ? args[args.indexOf('--json') + 1] : undefined;
const dist = resolve(
  args.find((arg, index) => !arg.startsWith('--') && args[index - 1] !== '--json') ?? 'dist',
);

const gzipCache = new Map<string, number>();
const gzipSize = (file: string) => {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(file), { level: 9 }).length;
    gzipCache.set(file, size);
  }
  return size;
};

function htmlPages(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return htmlPages(path);
    return entry.name.endsWith('.html') ? [path] : [];
  });
}

const fileFor = (url: string) =>
  join(dist, decodeURI(url.split(/[?#]/)[0] ?? '').replace(/^\//, ''));

/** A JS file and every file it imports statically (relative imports in the bundle). */
function jsClosure(file: string, seen: Set<string>) {
  if (seen.has(file) || !existsSync(file)) return;
  seen.add(file);
  const code = readFileSync(file, 'utf8');
  for (const match of code.matchAll(
    /(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+\.js)["']/g,
  )) {
    const target = match[1] ?? '';
    jsClosure(target.startsWith('/') ? fileFor(target) : resolve(dirname(file), target), seen);
  }
}

interface PageFigures {
  page: string;
  htmlKb: number;
  cssKb: number;
  jsKb: number;
}

const figures: PageFigures[] = htmlPages(dist).map((file) => {
  const html = readFileSync(file, 'utf8');
  const js = new Set<string>();
  for (const match of html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g))
    jsClosure(fileFor(match[1] ?? ''), js);
  for (const match of html.matchAll(/(?:component-url|renderer-url)="([^"]+)"/g))
    jsClosure(fileFor(match[1] ?? ''), js);
  let inlineJs = 0;
  for (const match of html.matchAll(
    /<script(?![^>]*\ssrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g,
  ))
    inlineJs += gzipSync(match[1] ?? '').length;
  let css = 0;
  for (const match of html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g))
    css += gzipSize(fileFor(match[1] ?? ''));
  for (const match of html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g))
    css += gzipSync(match[1] ?? '').length;
  const jsBytes = [...js].reduce((sum, path) => sum + gzipSize(path), inlineJs);
  return {
    page:
      '/' +
      relative(dist, file)
        .replace(/\.html$/, '')
        .replace(/(^|\/)index$/, ''),
    htmlKb: gzipSync(html).length / 1024,
    cssKb: css / 1024,
    jsKb: jsBytes / 1024,
  };
});

const over = figures.flatMap((f) => [
  ...(f.htmlKb > BUDGETS_KB.html
    ? [`${f.page}: HTML ${f.htmlKb.toFixed(1)} KB > ${BUDGETS_KB.html} KB`]
    : []),
  ...(f.cssKb > BUDGETS_KB.css
    ? [`${f.page}: CSS ${f.cssKb.toFixed(1)} KB > ${BUDGETS_KB.css} KB`]
    : []),
  ...(f.jsKb > BUDGETS_KB.js
    ? [`${f.page}: JS ${f.jsKb.toFixed(1)} KB > ${BUDGETS_KB.js} KB`]
    : []),
]);

const heaviest = (key: keyof Omit<PageFigures, 'page'>) =>
  figures.reduce((a, b) => (b[key] > a[key] ? b : a));
console.log(`Budgets over ${figures.length} pages (gzipped):`);
for (const [key, label] of [
  ['jsKb', 'JS'],
  ['cssKb', 'CSS'],
  ['htmlKb', 'HTML'],
] as const) {
  const page = heaviest(key);
  const budget = BUDGETS_KB[key.replace('Kb', '') as keyof typeof BUDGETS_KB];
  console.log(
    `  ${label.padEnd(4)} heaviest ${page[key].toFixed(1).padStart(5)} KB / ${budget} KB  ${page.page}`,
  );
}
if (jsonOut)
  writeFileSync(jsonOut, JSON.stringify({ budgetsKb: BUDGETS_KB, pages: figures }, null, 2));
if (over.length) {
  console.error(`Over budget:\n  ${over.join('\n  ')}`);
  process.exit(1);
}
console.log('All pages within budget.');
