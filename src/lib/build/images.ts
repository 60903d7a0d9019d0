/**
 * Publishes the bundled dataset's images into the site and makes the smaller copies the
 * local content source offers in srcset (Sanity's CDN resizes on request; this is its stand-in).
 * Copies that already exist are kept, so repeated builds only pay once.
 */
import { cpSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { RESPONSIVE_WIDTHS } from '../content/index.ts';
import { responsiveVariantName, responsiveWidths } from '../content/local.ts';
import { dimensionsFromName } from '../content/source.ts';

export async function publishDatasetImages(imagesDir: string, targetDir: string): Promise<number> {
  if (!existsSync(imagesDir)) return 0;
  mkdirSync(targetDir, { recursive: true });
  cpSync(imagesDir, targetDir, { recursive: true, dereference: true });
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
  return made;
}
