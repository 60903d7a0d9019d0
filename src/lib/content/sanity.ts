/** The real content service: @sanity/client for queries, @sanity/image-url for images. */
import type { SanityClient } from '@sanity/client';
import { createImageUrlBuilder } from '@sanity/image-url';
import { dimensionsFromName, type ContentSource, type ImageAsset } from './source.ts';
import type { RawImage } from './schemas.ts';
import type { ContentPerspective } from './perspective.ts';

export const SANITY_API_VERSION = '2025-09-15';

export interface SanityOptions {
  projectId: string;
  dataset: string;
  token?: string | undefined;
  /** Only for tests: another host serving recorded responses. */
  apiHost?: string | undefined;
  /** `published` unless this is a preview build; `drafts` needs a token that can read drafts. */
  perspective?: ContentPerspective | undefined;
}

export function createSanitySource(options: SanityOptions): ContentSource {
  // Loaded on first query: the client costs ~0.3 s of CPU to load, which builds from the
  // bundled dataset (every local and CI build) never need.
  let client: Promise<SanityClient> | undefined;
  const loadClient = () => (client ??= import('@sanity/client').then(({ createClient }) => createClient({
    projectId: options.projectId,
    dataset: options.dataset,
    apiVersion: SANITY_API_VERSION,
    useCdn: false,
    // Always explicit: what a build publishes never depends on the client's or API's default.
    perspective: options.perspective ?? 'published',
    ...(options.token ? { token: options.token } : {}),
    ...(options.apiHost ? { apiHost: options.apiHost, useProjectHostname: false } : {}),
    timeout: 300_000,
  })));
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
    imageUrl(image: RawImage, widths: readonly number[] = []): ImageAsset | undefined {
      const ref = image.asset?._ref;
      if (!ref) return undefined;
      const size = dimensionsFromName(ref);
      if (!size) return undefined;
      const url = (width?: number) => {
        const sized = builder.image(image).auto('format').fit('max');
        return (width ? sized.width(width) : sized).url();
      };
      const candidates = widths.filter((width) => width < size.width);
      return {
        src: url(),
        ...size,
        ...(candidates.length ? { srcset: [...candidates.map((w) => `${url(w)} ${w}w`), `${url()} ${size.width}w`].join(', ') } : {}),
      };
    },
  };
}
