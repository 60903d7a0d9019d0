/**
 * The one door to content. Pages and the routing matrix call `siteContent()`;
 * it picks the configured source, runs the bulk query once per build process and
 * hands back validated, grouped documents plus every problem found.
 */
import { LRUCache } from 'lru-cache';
import { contentPerspective, env, type Env } from '../config/env.ts';
import { perspectiveName, type ContentPerspective } from './perspective-name.ts';
import { groupContent, type GroupedContent } from './group.ts';
import { missingFileProblems } from './image-files.ts';
import { createLocalSource } from './local.ts';
import { createLiveLocalSource } from './live-export.ts';
import {
  BUILD_CONTENT_QUERY,
  SCHOOL_PAGE_CONTENT_QUERY,
  readDocuments,
  splitBuildContent,
  splitSchoolPageContent,
  type BuildContent,
  type ReadDocument,
  type SchoolPageAnswer,
} from './queries.ts';
import type { BUILD_CONTENT_QUERY_RESULT } from './sanity.types.ts';
import { createSanitySource } from './sanity.ts';
import { TENANT_DOCUMENT_TYPES, type RawImage } from './schemas.ts';
import type { ContentSource, ImageAsset } from './source.ts';

export type { ContentProblem, GroupedContent, SchoolContent, SchoolDocuments } from './group.ts';
export { single, forCustomer, ContentError } from './group.ts';
export type { ContentSource, ImageAsset } from './source.ts';

export function contentSourceFrom(
  settings: Env,
  perspective: ContentPerspective = contentPerspective(settings),
): ContentSource {
  if (settings.CONTENT_SOURCE === 'sanity') {
    if (perspective !== 'published' && !settings.SANITY_API_READ_TOKEN) {
      throw new Error(
        'A preview build (CONTENT_PREVIEW=true) reads drafts, which needs SANITY_API_READ_TOKEN (a token with read access)',
      );
    }
    return createSanitySource({
      projectId: settings.SANITY_PROJECT_ID ?? '',
      dataset: settings.SANITY_DATASET,
      token: settings.SANITY_API_READ_TOKEN,
      apiHost: settings.SANITY_API_HOST,
      perspective,
    });
  }
  return createLocalSource(settings.CONTENT_DATASET_DIR, undefined, perspective);
}

/** The build's one content query, split into the school registry, the settings and the documents. */
export async function fetchRawBuildContent(source: ContentSource): Promise<BuildContent> {
  return splitBuildContent(
    await source.fetch<BUILD_CONTENT_QUERY_RESULT>(BUILD_CONTENT_QUERY, {
      types: TENANT_DOCUMENT_TYPES,
    }),
  );
}

/** Grouped content plus a problem for every image whose file the source lacks (pages leave those out). */
export async function fetchBuildContent(source: ContentSource): Promise<GroupedContent> {
  return groupBuildContent(source, await fetchRawBuildContent(source));
}

function groupBuildContent(source: ContentSource, raw: BuildContent): GroupedContent {
  const content = groupContent(raw);
  if (!source.mayMissFiles()) return content;
  const missing = missingFileProblems(content, (image) => source.missingFile(image));
  return missing.length ? { ...content, problems: [...content.problems, ...missing] } : content;
}

/**
 * One school's content for a page rendered on request, by the first segment of its path: one query
 * with the school as a parameter, grouped and validated as a build's would be. Undefined when no
 * school has that address.
 */
export async function fetchSchoolPageContent(
  source: ContentSource,
  seoSlug: string,
): Promise<GroupedContent | undefined> {
  return schoolPageContent(
    await source.fetch<SchoolPageAnswer | null>(
      SCHOOL_PAGE_CONTENT_QUERY,
      schoolPageQueryParams(seoSlug),
    ),
  );
}

/** SCHOOL_PAGE_CONTENT_QUERY's params for the school at `seoSlug` (the preview's loaders listen with the same). */
export function schoolPageQueryParams(seoSlug: string): {
  seoSlug: string;
  types: readonly string[];
} {
  return { seoSlug, types: TENANT_DOCUMENT_TYPES };
}

/**
 * SCHOOL_PAGE_CONTENT_QUERY's answer, from the source or as the Studio posted it (preview/server/posted-content.ts),
 * grouped and validated as a build's would be; undefined when it names no school.
 */
export function schoolPageContent(answer: SchoolPageAnswer | null): GroupedContent | undefined {
  const raw = splitSchoolPageContent(answer);
  return raw && groupContent(raw);
}

/** Request sources held at once: one per perspective, the least recently used going first (release stacks are open-ended). */
export const MAX_REQUEST_SOURCES = 8;

/**
 * Sources for pages rendered on request, one per perspective, held for the process: the bundled
 * export is read again only when it changes on disk; Sanity is asked on every request.
 */
const REQUEST_SOURCES_KEY = Symbol.for('school-site.request-sources');
type GlobalWithRequestSources = typeof globalThis & {
  [REQUEST_SOURCES_KEY]?: LRUCache<string, ContentSource>;
};

export function requestContentSource(
  perspective: ContentPerspective,
  settings: Env = env(),
): ContentSource {
  const holder = globalThis as GlobalWithRequestSources;
  const sources = (holder[REQUEST_SOURCES_KEY] ??= new LRUCache({ max: MAX_REQUEST_SOURCES }));
  const name = perspectiveName(perspective);
  let source = sources.get(name);
  if (!source) {
    source =
      settings.CONTENT_SOURCE === 'local'
        ? createLiveLocalSource(settings.CONTENT_DATASET_DIR, perspective)
        : contentSourceFrom(settings, perspective);
    sources.set(name, source);
  }
  return source;
}

/** What the build's content query answered: when, and which revision of each document. */
export interface ContentRead {
  at: Date;
  documents: Record<string, ReadDocument>;
}
export type { ReadDocument } from './queries.ts';

interface ContentState {
  source: ContentSource;
  /** Set when the build's query has answered. */
  read: ContentRead | undefined;
  /** The build's one query, asked for on first use (image addresses alone never load all content). */
  content: Promise<GroupedContent> | undefined;
  /** Image addresses already worked out, per image and shape: a school's logo is on each of its pages. */
  images: WeakMap<RawImage, Map<string, ImageAsset | undefined>>;
}

/**
 * Shared through globalThis: Astro evaluates the config and the page bundle as separate
 * module graphs in one process, and both must see the same single query.
 */
const STATE_KEY = Symbol.for('school-site.content');
type GlobalWithState = typeof globalThis & { [STATE_KEY]?: ContentState };

function state(): ContentState {
  const holder = globalThis as GlobalWithState;
  if (!holder[STATE_KEY]) {
    const source = contentSourceFrom(env());
    holder[STATE_KEY] = { source, read: undefined, content: undefined, images: new WeakMap() };
  }
  return holder[STATE_KEY];
}

export function siteContent(): Promise<GroupedContent> {
  const current = state();
  current.content ??= fetchRawBuildContent(current.source).then((raw) => {
    current.read = { at: new Date(), documents: readDocuments(raw) };
    return groupBuildContent(current.source, raw);
  });
  return current.content;
}

/** When the build's content query answered and what it read (undefined before it has). */
export function contentRead(): ContentRead | undefined {
  return state().read;
}

export function contentQueryCount(): number {
  return state().source.queryCount;
}

/** Widths offered to the browser for content images that the source can resize. */
export const RESPONSIVE_WIDTHS = [480, 768, 1024, 1600] as const;

export function imageFor(
  image: RawImage | undefined,
  widths: readonly number[] = RESPONSIVE_WIDTHS,
  aspectRatio?: number,
): ImageAsset | undefined {
  if (!image) return undefined;
  const { source, images } = state();
  let shapes = images.get(image);
  if (!shapes) images.set(image, (shapes = new Map<string, ImageAsset | undefined>()));
  const shape = `${widths.join(',')}|${aspectRatio ?? ''}`;
  if (!shapes.has(shape)) shapes.set(shape, source.imageUrl(image, widths, aspectRatio));
  return shapes.get(shape);
}

/** Whether a page can show this image (the source has its file): a section leaves out the image's frame when not. */
export function canShowImage(image: RawImage | undefined): boolean {
  return imageFor(image, []) !== undefined;
}
