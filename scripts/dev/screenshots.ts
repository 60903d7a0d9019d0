/**
 * Screenshots of pages at phone and desktop widths, for looking at what was built.
 * Usage: node scripts/dev/screenshots.ts http://127.0.0.1:4321 /uw-husky-mobile /cubbymobile/student
 * Writes reports/screenshots/{path}-{width}.png (full page).
 */
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';

const [base, ...paths] = process.argv.slice(2);
if (!base || paths.length === 0) {
  console.error('usage: node scripts/dev/screenshots.ts <base-url> <path> [path...]');
  process.exit(2);
}
const widths = (process.env.WIDTHS ?? '390,1280').split(',').map(Number);
mkdirSync('reports/screenshots', { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
for (const path of paths) {
  for (const width of widths) {
    const page = await browser.newPage({ viewport: { width, height: width < 768 ? 844 : 900 } });
    await page.goto(base + path, { waitUntil: 'networkidle' });
    const name = `reports/screenshots/${path.replace(/^\//, '').replace(/[/?=&]/g, '_') || 'root'}-${width}.png`;
    await page.screenshot({ path: name, fullPage: process.env.FULL !== '0' });
    console.log(name);
    await page.close();
  }
}
await browser.close();
