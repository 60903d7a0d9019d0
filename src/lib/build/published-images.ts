/**
 * What the image preparation (images.ts, on a worker thread) hands the build, and the copy into
 * the output. Kept apart from images.ts so the build's main thread never loads jsdom or sharp.
 */
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/** An SVG that had something removed before it was published. */
export interface SanitisedImage {
  file: string;
  removed: string[];
}

/** One file to publish under /content-images/: its name there and where its bytes are now. */
export interface ImageToPublish {
  file: string;
  from: string;
}

export interface PreparedImages {
  files: ImageToPublish[];
  /** Smaller copies made by this run (the others were in the cache). */
  made: number;
  sanitised: SanitisedImage[];
  /** SVGs with nothing left after sanitising: not published, so no page may refer to them. */
  dropped?: string[];
}

export interface ImageFolders {
  /** Where sanitised SVGs are written: a folder of this run's own. */
  stagingDir: string;
  /** Smaller copies by content hash and width, shared by every build. */
  variantsDir: string;
}

/** Copies the prepared files into `targetDir` as new files (an existing target, even a link, is replaced, never written through). */
export function publishPreparedImages(
  images: Pick<PreparedImages, 'files'>,
  targetDir: string,
): void {
  mkdirSync(targetDir, { recursive: true });
  for (const { file, from } of images.files) {
    const target = join(targetDir, file);
    rmSync(target, { force: true });
    copyFileSync(from, target);
  }
}
