/**
 * The bundled dataset's images as the site publishes them: every SVG sanitised (svg-sanitise.ts),
 * never as it came, and the smaller copies the local content source offers in srcset (Sanity's
 * CDN resizes on request; this is its stand-in). Smaller copies are kept in a cache folder by the
 * content of their image, so repeated builds make them once and a changed image gets new ones.
 * The list returned is exactly what the dataset holds now: nothing an earlier build left is published.
 */
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { RESPONSIVE_WIDTHS } from '../content/index.ts';
import { responsiveVariantName, responsiveWidths } from '../content/local.ts';
import { dimensionsFromName } from '../content/source.ts';
import type {
  ImageFolders,
  ImageToPublish,
  PreparedImages,
  SanitisedImage,
} from './published-images.ts';
import { sanitiseSvg } from './svg-sanitise.ts';

/** Writes through a temporary name, so a build beside this one never reads half a file. */
function writeAtomically(
  target: string,
  write: (temporary: string) => Promise<unknown>,
): Promise<void> {
  const temporary = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  return write(temporary).then(() => renameSync(temporary, target));
}

export async function prepareDatasetImages(
  imagesDir: string,
  folders: ImageFolders,
): Promise<PreparedImages> {
  if (!existsSync(imagesDir)) return { files: [], made: 0, sanitised: [], dropped: [] };
  mkdirSync(folders.stagingDir, { recursive: true });
  mkdirSync(folders.variantsDir, { recursive: true });
  const files: ImageToPublish[] = [];
  const sanitised: SanitisedImage[] = [];
  const rasters: string[] = [];
  const dropped: string[] = [];
  for (const file of readdirSync(imagesDir)) {
    const source = join(imagesDir, file);
    if (!statSync(source).isFile()) continue;
    if (!file.toLowerCase().endsWith('.svg')) {
      files.push({ file, from: source });
      rasters.push(file);
      continue;
    }
    const { svg, removed } = sanitiseSvg(readFileSync(source, 'utf8'));
    if (removed.length > 0) sanitised.push({ file, removed });
    // An SVG with nothing left is not published.
    if (svg === '') {
      dropped.push(file);
      continue;
    }
    writeFileSync(join(folders.stagingDir, file), svg);
    files.push({ file, from: join(folders.stagingDir, file) });
  }

  const { default: sharp } = await import('sharp');
  let made = 0;
  for (const file of rasters) {
    const size = dimensionsFromName(file.replace(/\.[a-z0-9]+$/i, ''));
    if (!size) continue;
    const source = join(imagesDir, file);
    const contentHash = createHash('sha256')
      .update(readFileSync(source))
      .digest('hex')
      .slice(0, 24);
    for (const width of responsiveWidths(file, size.width, RESPONSIVE_WIDTHS)) {
      const cached = join(folders.variantsDir, `${contentHash}-${width}.webp`);
      if (!existsSync(cached)) {
        await writeAtomically(cached, (temporary) =>
          sharp(source).resize({ width }).webp({ quality: 72 }).toFile(temporary),
        );
        made += 1;
      }
      files.push({ file: responsiveVariantName(file, width), from: cached });
    }
  }
  return { files, made, sanitised, dropped };
}
