/** The real content service: @sanity/client for queries, @sanity/image-url for images. */
import type { SanityClient } from '@sanity/client';
import { createImageUrlBuilder } from '@sanity/image-url';
import { dimensionsFromName, type ContentSource, type ImageAsset } from './source.ts';
import type { RawImage } from './schemas.ts';
import { clientPerspective, type ContentPerspective } from './perspective-name.ts';

export const SANITY_API_VERSION = '2025-09-15';

type Crop = NonNullable<RawImage['crop']>;

/** The size an image is shown at: its crop, then (for a fixed shape) the largest area of that shape inside it. */
export function displayedSize(
  original: { width: number; height: number },
  crop?: Crop,
  aspectRatio?: number,
): { width: number; height: number } {
  const width = Math.round(original.width * (1 - (crop?.left ?? 0) - (crop?.right ?? 0)));
  const height = Math.round(original.height * (1 - (crop?.top ?? 0) - (crop?.bottom ?? 0)));
  if (!aspectRatio) return { width, height };
  const shaped = Math.min(width, Math.round(height * aspectRatio));
  return { width: shaped, height: Math.round(shaped / aspectRatio) };
}

export interface SanityOptions {
  projectId: string;
  dataset: string;
  token?: string | undefined;
  /** Only for tests: another host serving recorded responses. */
  apiHost?: string | undefined;
  /** `published` unless this is a preview; `drafts` and release stacks need a token that can read drafts. */
  perspective?: ContentPerspective | undefined;
}

export function createSanitySource(options: SanityOptions): ContentSource {
  // Loaded on first query: the client costs ~0.3 s of CPU to load, which builds from the
  // bundled dataset (every local and CI build) never need.
  let client: Promise<SanityClient> | undefined;
  const loadClient = () =>
    (client ??= import('@sanity/client').then(({ createClient }) =>
      createClient({
        projectId: options.projectId,
        dataset: options.dataset,
        apiVersion: SANITY_API_VERSION,
        useCdn: false,
        // Always explicit: what a build publishes never depends on the client's or API's default.
        perspective: clientPerspective(options.perspective ?? 'published'),
        ...(options.token ? { token: options.token } : {}),
        ...(options.apiHost ? { apiHost: options.apiHost, useProjectHostname: false } : {}),
        timeout: 300_000,
      }),
    ));
  const builder = createImageUrlBuilder({ projectId: options.projectId, dataset: options.dataset });
  let queryCount = 0;
  return {
    name: 'sanity',
    get queryCount() {
      return queryCount;
    },
    async fetch<T>(query: string, params: Record<string, unknown> = {}) {
      queryCount += 1;
      return (await loadClient()).fetch<T>(query, params);
    },
    // Assets live in the content service and are served by its CDN; a reference cannot name a file
    // the service does not hold.
    missingFile: () => undefined,
    mayMissFiles: () => false,
    imageUrl(
      image: RawImage,
      widths: readonly number[] = [],
      aspectRatio?: number,
    ): ImageAsset | undefined {
      const ref = image.asset?._ref;
      if (!ref) return undefined;
      const original = dimensionsFromName(ref);
      if (!original) return undefined;
      const size = displayedSize(original, image.crop, aspectRatio);
      // The whole image object goes to the builder: it cuts the editor's crop (`rect`) and, when the
      // page shows the image at a fixed shape, centres that shape on the editor's hotspot.
      const url = (width = size.width) => {
        const base = builder.image(image).auto('format').width(width);
        return (
          aspectRatio ? base.height(Math.round(width / aspectRatio)).fit('crop') : base.fit('max')
        ).url();
      };
      const candidates = widths.filter((width) => width < size.width);
      return {
        src: url(),
        ...size,
        ...(candidates.length
          ? {
              srcset: [...candidates.map((w) => `${url(w)} ${w}w`), `${url()} ${size.width}w`].join(
                ', ',
              ),
            }
          : {}),
      };
    },
  };
}
