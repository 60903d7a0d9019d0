/** Image URLs from the content service keep the editor's crop and hotspot. */
import { describe, expect, it } from 'vitest';
import { createSanitySource, displayedSize } from '../../../src/lib/content/sanity.ts';
import { imageSchema } from '../../../src/lib/content/schemas.ts';

const source = createSanitySource({ projectId: 'test1234', dataset: 'production' });
const asset = { _type: 'reference', _ref: 'image-abc123-2000x1000-jpg' };
const crop = { _type: 'sanity.imageCrop', top: 0.1, bottom: 0.1, left: 0.2, right: 0 };
const hotspot = { _type: 'sanity.imageHotspot', x: 0.8, y: 0.5, width: 0.1, height: 0.1 };

/** `rect=x,y,w,h` of a Sanity image URL, in pixels of the original. */
function rect(url: string): { x: number; y: number; w: number; h: number } {
  const [x, y, w, h] = (new URL(url).searchParams.get('rect') ?? '').split(',').map(Number) as [
    number,
    number,
    number,
    number,
  ];
  return { x, y, w, h };
}

describe('Sanity image URLs', () => {
  it('keep crop and hotspot through the content door (zod)', () => {
    const parsed = imageSchema.parse({ _type: 'image', asset, crop, hotspot, alt: 'Stadium' });
    expect(parsed.crop).toMatchObject({ top: 0.1, bottom: 0.1, left: 0.2, right: 0 });
    expect(parsed.hotspot).toMatchObject({ x: 0.8, y: 0.5 });
  });

  it('cut the crop and report the cropped size', () => {
    const image = imageSchema.parse({ asset, crop, hotspot });
    const shown = source.imageUrl(image, [480, 1024])!;
    expect(rect(shown.src)).toEqual({ x: 400, y: 100, w: 1600, h: 800 });
    expect({ width: shown.width, height: shown.height }).toEqual({ width: 1600, height: 800 });
    // Every candidate of the srcset is cut the same way.
    for (const candidate of shown.srcset!.split(', '))
      expect(rect(candidate.split(' ')[0]!)).toEqual({ x: 400, y: 100, w: 1600, h: 800 });
  });

  it('centre a fixed shape on the hotspot, inside the crop', () => {
    const image = imageSchema.parse({ asset, crop, hotspot });
    const square = source.imageUrl(image, [480], 1)!;
    const area = rect(square.src);
    expect(area.w).toBe(area.h);
    // The hotspot's centre (1600, 500 in the original) is inside the area, and the area inside the crop.
    expect(area.x).toBeLessThanOrEqual(1600);
    expect(area.x + area.w).toBeGreaterThanOrEqual(1600);
    expect(area.x).toBeGreaterThanOrEqual(400);
    expect(area.y).toBeGreaterThanOrEqual(100);
    expect(area.y + area.h).toBeLessThanOrEqual(900);
    expect({ width: square.width, height: square.height }).toEqual({ width: 800, height: 800 });
    // The hotspot decides where: the same image with its hotspot on the left is cut elsewhere.
    const left = source.imageUrl(
      imageSchema.parse({ asset, crop, hotspot: { ...hotspot, x: 0.25 } }),
      [480],
      1,
    )!;
    expect(rect(left.src).x).toBeLessThan(area.x);
  });

  it('leave an image without crop or hotspot whole', () => {
    const whole = source.imageUrl(imageSchema.parse({ asset }), [])!;
    expect(new URL(whole.src).searchParams.has('rect')).toBe(false);
    expect({ width: whole.width, height: whole.height }).toEqual({ width: 2000, height: 1000 });
  });

  it('know the shown size of a crop and a shape', () => {
    expect(displayedSize({ width: 1600, height: 900 }, undefined, 16 / 9)).toEqual({
      width: 1600,
      height: 900,
    });
    expect(
      displayedSize(
        { width: 1600, height: 900 },
        { top: 0, bottom: 0, left: 0, right: 0.5 },
        3 / 2,
      ),
    ).toEqual({ width: 800, height: 533 });
  });
});
