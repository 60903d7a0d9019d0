/**
 * Publishes the bundled dataset's images into the site and makes the smaller copies the
 * local content source offers in srcset (Sanity's CDN resizes on request; this is its stand-in).
 * Copies that already exist (and are newer than their image) are kept, so repeated builds only pay once. Every SVG is published
 * sanitised (svg-sanitise.ts), never as it came. The list of files it returns is what the
 * dataset holds now: only those are published, whatever else an earlier build left beside them.
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
export function publishImages(imagesDir: string, targetDir: string): { published: string[]; sanitised: SanitisedImage[] } {
  const published: string[] = [];
  const sanitised: SanitisedImage[] = [];
  for (const file of readdirSync(imagesDir)) {
    const source = join(imagesDir, file);
    if (!statSync(source).isFile()) continue;
    const target = join(targetDir, file);
    rmSync(target, { force: true });
    if (!file.toLowerCase().endsWith('.svg')) {
      copyFileSync(source, target);
      published.push(file);
      continue;
    }
    const { svg, removed } = sanitiseSvg(readFileSync(source, 'utf8'));
    if (svg !== '') {
      writeFileSync(target, svg);
      published.push(file);
    }
    if (removed.length > 0) sanitised.push({ file, removed });
  }
  return { published, sanitised };
}

export interface PublishedImages {
  /** Every file now in the target that belongs to the dataset: the images and their smaller copies. */
  files: string[];
  /** Smaller copies made by this run (the others were already there). */
  made: number;
  sanitised: SanitisedImage[];
}

export async function publishDatasetImages(imagesDir: string, targetDir: string): Promise<PublishedImages> {
  if (!existsSync(imagesDir)) return { files: [], made: 0, sanitised: [] };
  mkdirSync(targetDir, { recursive: true });
  const { published, sanitised } = publishImages(imagesDir, targetDir);
  const { default: sharp } = await import('sharp');
  const files = [...published];
  let made = 0;
  for (const file of published) {
    const size = dimensionsFromName(file.replace(/\.[a-z0-9]+$/i, ''));
    if (!size) continue;
    for (const width of responsiveWidths(file, size.width, RESPONSIVE_WIDTHS)) {
      const variant = responsiveVariantName(file, width);
      files.push(variant);
      // A copy made from an older version of the image is made again.
      if (existsSync(join(targetDir, variant)) && statSync(join(targetDir, variant)).mtimeMs >= statSync(join(imagesDir, file)).mtimeMs) continue;
      await sharp(join(imagesDir, file)).resize({ width }).webp({ quality: 72 }).toFile(join(targetDir, variant));
      made += 1;
    }
  }
  return { files, made, sanitised };
}

