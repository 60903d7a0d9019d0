/**
 * Contact sheets for a visual review: every page type of every school at phone and desktop width,
 * one PNG per school (plus one for the pages without a school: /, /default, /search).
 *
 *   npm run serve                      # or any server of the built site
 *   npm run screenshots                # reads the pages from dist/, shoots http://127.0.0.1:4321
 *   npm run screenshots -- --base http://127.0.0.1:4414 --school cal-bears-mobile --widths 390,1024,1280
 *
 * Writes reports/screenshots/{school}.png (the sheet) and reports/screenshots/{school}/{page}-{width}.png
 * (each full page, to look at in detail). The pages come from the built folder, so a school or page
 * type added in content shows up without changing this script.
 */
import { existsSync, mkdirSync, readdirSync, statSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser } from '@playwright/test';

const { values } = parseArgs({
  options: {
    base: { type: 'string', default: process.env.SCREENSHOT_BASE ?? 'http://127.0.0.1:4321' },
    dist: { type: 'string', default: 'dist' },
    out: { type: 'string', default: 'reports/screenshots' },
    widths: { type: 'string', default: '390,1280' },
    school: { type: 'string', multiple: true },
    /** Only pages whose path ends with one of these (e.g. --page coverage-map --page search). */
    page: { type: 'string', multiple: true },
  },
});
const base = values.base.replace(/\/+$/, '');
const widths = values.widths
  .split(',')
  .map(Number)
  .filter((width) => width > 0);
/** Full pages can be very long; the sheet shows the first part of anything longer. */
const MAX_PAGE_HEIGHT = 9000;

interface Sheet {
  name: string;
  title: string;
  paths: string[];
}

function htmlFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((entry) => {
    const full = join(folder, entry);
    if (statSync(full).isDirectory()) return htmlFiles(full);
    return entry.endsWith('.html') ? [full] : [];
  });
}

/** One sheet per school folder in dist (its home page first), then the pages without a school. */
function sheetsFromDist(dist: string): Sheet[] {
  if (!existsSync(dist)) throw new Error(`No built site at ${dist}: run npm run build first.`);
  const schools = readdirSync(dist).filter(
    (entry) => existsSync(join(dist, `${entry}.html`)) && statSync(join(dist, entry)).isDirectory(),
  );
  const sheets = schools.map((slug) => ({
    name: slug,
    title: slug,
    paths: [
      `/${slug}`,
      ...htmlFiles(join(dist, slug))
        .map((file) => `/${relative(dist, file).replace(/\.html$/, '')}`)
        .sort(),
    ],
  }));
  const bare = ['index', 'default', 'search'].filter((name) =>
    existsSync(join(dist, `${name}.html`)),
  );
  return [
    ...sheets,
    {
      name: 'site',
      title: 'Pages without a school',
      paths: bare.map((name) => (name === 'index' ? '/' : `/${name}`)),
    },
  ];
}

async function shoot(browser: Browser, path: string, width: number, file: string): Promise<number> {
  const page = await browser.newPage({ viewport: { width, height: width < 768 ? 844 : 900 } });
  try {
    const response = await page.goto(base + path, { waitUntil: 'networkidle' });
    if (!response?.ok()) throw new Error(`${path}: HTTP ${response?.status()}`);
    // Scroll through once so lazy images and client:visible islands load, then back to the top.
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
        window.scrollTo(0, y);
        await new Promise((resolve) => setTimeout(resolve, 60));
      }
      window.scrollTo(0, 0);
    });
    // Parts with content-visibility: auto render only near the viewport, and a full-page capture
    // does not count as near (they came out as empty bands): render them as a visitor scrolling sees them.
    await page.evaluate(() => {
      for (const element of document.querySelectorAll<HTMLElement>('*')) {
        if (getComputedStyle(element).contentVisibility === 'auto')
          element.style.contentVisibility = 'visible';
      }
    });
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.screenshot({
      path: file,
      fullPage: true,
      clip: { x: 0, y: 0, width, height: Math.min(height, MAX_PAGE_HEIGHT) },
    });
    return height;
  } finally {
    await page.close();
  }
}

function sheetHtml(
  sheet: Sheet,
  shots: { path: string; width: number; file: string; height: number }[],
): string {
  const image = (file: string) => `data:image/png;base64,${readFileSync(file).toString('base64')}`;
  const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  const columns = sheet.paths.map((path) => {
    const cells = widths.map((width) => {
      const shot = shots.find((s) => s.path === path && s.width === width);
      if (!shot) return '';
      const cut =
        shot.height > MAX_PAGE_HEIGHT ? ` (first ${MAX_PAGE_HEIGHT} of ${shot.height} px)` : '';
      return `<figure class="w${width < 768 ? 'phone' : 'desk'}"><figcaption>${width} px${cut}</figcaption><img src="${image(shot.file)}"></figure>`;
    });
    return `<section><h2>${escape(path)}</h2><div class="pair">${cells.join('')}</div></section>`;
  });
  return `<!doctype html><meta charset="utf-8"><style>
    body{margin:0;padding:16px;font:13px system-ui,sans-serif;background:#e5e7eb;color:#111}
    h1{font-size:20px;margin:0 0 12px} .grid{display:flex;flex-wrap:wrap;gap:14px;align-items:flex-start}
    section{background:#fff;padding:8px;border-radius:6px} h2{font-size:13px;margin:0 0 6px}
    .pair{display:flex;gap:8px;align-items:flex-start} figure{margin:0} figcaption{color:#555;font-size:11px}
    .wphone img{width:130px} .wdesk img{width:280px} img{display:block;border:1px solid #bbb}
  </style><h1>${escape(sheet.title)} — ${new Date().toISOString().slice(0, 16)}Z, ${escape(base)}</h1><div class="grid">${columns.join('')}</div>`;
}

async function main(): Promise<void> {
  let sheets = sheetsFromDist(values.dist);
  if (values.school?.length) sheets = sheets.filter((sheet) => values.school?.includes(sheet.name));
  if (values.page?.length) {
    sheets = sheets
      .map((sheet) => ({
        ...sheet,
        paths: sheet.paths.filter((path) => values.page?.some((end) => path.endsWith(end))),
      }))
      .filter((sheet) => sheet.paths.length > 0);
  }
  try {
    await fetch(base + '/search');
  } catch {
    throw new Error(
      `Nothing answers at ${base}: start the site first (npm run serve), or pass --base.`,
    );
  }
  const browser = await chromium.launch({
    executablePath:
      process.env.CHROMIUM ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
    ],
  });
  try {
    for (const sheet of sheets) {
      const folder = join(values.out, sheet.name);
      mkdirSync(folder, { recursive: true });
      const shots: { path: string; width: number; file: string; height: number }[] = [];
      for (const path of sheet.paths) {
        for (const width of widths) {
          const file = join(
            folder,
            `${path.replace(/^\//, '').replace(/[/?=&]/g, '_') || 'root'}-${width}.png`,
          );
          // One retry: on a busy machine a page can time out once.
          const height = await shoot(browser, path, width, file).catch(() =>
            shoot(browser, path, width, file),
          );
          shots.push({ path, width, file, height });
        }
      }
      const page = await browser.newPage({ viewport: { width: 2400, height: 900 } });
      const htmlFile = join(values.out, `${sheet.name}.html`);
      writeFileSync(htmlFile, sheetHtml(sheet, shots));
      await page.goto(`file://${join(process.cwd(), htmlFile)}`);
      await page.screenshot({ path: join(values.out, `${sheet.name}.png`), fullPage: true });
      await page.close();
      console.log(
        `${join(values.out, `${sheet.name}.png`)}  (${sheet.paths.length} pages × ${widths.join('/')} px)`,
      );
    }
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error((error as Error).message);
  process.exit(1);
});
