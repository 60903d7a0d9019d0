/**
 * Publishes the bundled dataset's images into the site and makes the smaller copies the
 * local content source offers in srcset (Sanity's CDN resizes on request; this is its stand-in).
 * Copies that already exist are kept, so repeated builds only pay once. Every SVG is published
 * sanitised (svg-sanitise.ts), never as it came.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RESPONSIVE_WIDTHS } from '../content/index.ts';
import { responsiveVariantName, responsiveWidths } from '../content/local.ts';
import { dimensionsFromName } from '../content/source.ts';

import { sanitiseSvg } from './svg-sanitise.ts';

/** An SVG that had something removed before it was published. */
export interface SanitisedImage {
  file: string;
  removed: string[];
}

/**
 * Copies each image of `imagesDir` into `targetDir` as a new file (an existing target, even a
 * link, is replaced, never written through); SVGs are written sanitised. Lists the SVGs that
 * changed; one with no SVG left is not published.
 */
export function publishImages(imagesDir: string, targetDir: string): SanitisedImage[] {
  const changed: SanitisedImage[] = [];
  for (const file of readdirSync(imagesDir)) {
    const source = join(imagesDir, file);
    if (!statSync(source).isFile()) continue;
    const target = join(targetDir, file);
    rmSync(target, { force: true });
    if (!file.toLowerCase().endsWith('.svg')) {
      copyFileSync(source, target);
      continue;
    }
    const { svg, removed } = sanitiseSvg(readFileSync(source, 'utf8'));
    if (svg !== '') writeFileSync(target, svg);
    if (removed.length > 0) changed.push({ file, removed });
  }
  return changed;
}

export async function publishDatasetImages(imagesDir: string, targetDir: string): Promise<{ made: number; sanitised: SanitisedImage[] }> {
  if (!existsSync(imagesDir)) return { made: 0, sanitised: [] };
  mkdirSync(targetDir, { recursive: true });
  const sanitised = publishImages(imagesDir, targetDir);
  const { default: sharp } = await import('sharp');
  let made = 0;
  for (const file of readdirSync(imagesDir)) {
    const size = dimensionsFromName(file.replace(/\.[a-z0-9]+$/i, ''));
    if (!size) continue;
    for (const width of responsiveWidths(file, size.width, RESPONSIVE_WIDTHS)) {
      const target = join(targetDir, responsiveVariantName(file, width));
      if (existsSync(target)) continue;
      await sharp(join(imagesDir, file)).resize({ width }).webp({ quality: 72 }).toFile(target);
      made += 1;
    }
  }
  return { made, sanitised };
}
