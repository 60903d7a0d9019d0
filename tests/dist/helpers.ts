/** Reading the built site: the school list comes from the build report, pages from dist/. */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { BuildReport } from '../../src/lib/build/report.ts';

/** The build the suite made (BUILD_OUT_DIR, as for `npm run build`). */
export const DIST = resolve(process.env.BUILD_OUT_DIR ?? 'dist');
export const REPORT_FILE = resolve(process.env.BUILD_REPORT_FILE ?? 'reports/build-report.json');

export function buildReport(): BuildReport {
  if (!existsSync(REPORT_FILE)) throw new Error('No build report: run `npm run build` before the dist tests.');
  return JSON.parse(readFileSync(REPORT_FILE, 'utf8')) as BuildReport;
}

/** The file Netlify serves for a clean URL (format "file": /a/b → a/b.html). */
export function pageFile(path: string): string {
  return path === '/' ? join(DIST, 'index.html') : join(DIST, `${path.replace(/^\//, '')}.html`);
}

export function readPage(path: string): string {
  return readFileSync(pageFile(path), 'utf8');
}

export const SCHOOL_PAGES = ['', 'student', 'faculty', 'fan', 'why', 'coverage-map', 'newsroom', 'international-dialing', 'giveaway-confirmation', 'giveaway-closed'];
