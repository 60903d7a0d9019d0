/** What every content source offers: the same named GROQ queries, and image URLs. */
import type { RawImage } from './schemas.ts';

export interface ImageAsset {
  src: string;
  width: number;
  height: number;
  /** Set when the source can resize: `srcset` candidates for the given widths. */
  srcset?: string;
}

export interface ContentSource {
  readonly name: 'local' | 'sanity';
  fetch<T>(query: string, params?: Record<string, unknown>): Promise<T>;
  /**
   * `aspectRatio` (width / height): the page shows the image at that shape; a source that can cut
   * images serves that shape around the editor's hotspot.
   */
  imageUrl(
    image: RawImage,
    widths?: readonly number[],
    aspectRatio?: number,
  ): ImageAsset | undefined;
  /**
   * The file name when the source knows this image's file is not there (the bundled export's
   * images/ folder); `imageUrl` then answers undefined, so no page refers to it.
   */
  missingFile(image: RawImage): string | undefined;
  /**
   * False when the source knows that every file its content refers to is there (checked on the raw
   * export in one pass), so nothing needs to look for missing files image by image.
   */
  mayMissFiles(): boolean;
  /** How many queries this source has answered (the build reports it). */
  readonly queryCount: number;
}

/** Pixel size from an asset name ending in `-{w}x{h}` (Sanity's ids and export file names both do). */
export function dimensionsFromName(name: string): { width: number; height: number } | undefined {
  const match = /-(\d+)x(\d+)(?:-[a-z0-9]+|\.[a-z0-9]+)?$/i.exec(name);
  if (!match) return undefined;
  return { width: Number(match[1]), height: Number(match[2]) };
}
