/**
 * Publishes the bundled dataset's images into the site and makes the smaller copies the
 * local content source offers in srcset (Sanity's CDN resizes on request; this is its stand-in).
 * Copies that already exist are kept, so repeated builds only pay once. Every SVG is published
 * sanitised (svg-sanitise.ts), never as it came.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

/** Writes each SVG of `imagesDir` sanitised into `targetDir`; lists those that changed. A file with no SVG left is not published. */
export function publishSanitisedSvgs(imagesDir: string, targetDir: string): SanitisedImage[] {
  const changed: SanitisedImage[] = [];
  for (const file of readdirSync(imagesDir).filter((name) => name.toLowerCase().endsWith('.svg'))) {
    const { svg, removed } = sanitiseSvg(readFileSync(join(imagesDir, file), 'utf8'));
    if (svg === '') rmSync(join(targetDir, file), { force: true });
    else writeFileSync(join(targetDir, file), svg);
    if (removed.length > 0) changed.push({ file, removed });
  }
  return changed;
}

export async function publishDatasetImages(imagesDir: string, targetDir: string): Promise<{ made: number; sanitised: SanitisedImage[] }> {
  if (!existsSync(imagesDir)) return { made: 0, sanitised: [] };
  mkdirSync(targetDir, { recursive: true });
  cpSync(imagesDir, targetDir, { recursive: true, dereference: true });
  const sanitised = publishSanitisedSvgs(imagesDir, targetDir);
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
