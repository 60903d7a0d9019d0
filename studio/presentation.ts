/**
 * Presentation (the page beside its documents, on the editors' preview site): which document a
 * page opens and which pages show a document, as GROQ over the route table's derivation
 * (src/lib/preview/presentation-routes.ts). Only Sanity's wiring lives here.
 */
import type {
  DocumentLocationResolver,
  DocumentResolver,
  PresentationPluginOptions,
} from 'sanity/presentation';
import { map } from 'rxjs';
import {
  isSiteWide,
  locationFields,
  mainDocumentRoutes,
  productDocumentLocations,
  schoolDocumentLocations,
  siteWideLocations,
  SITE_WIDE_SCHOOLS_LISTED,
  type MainDocumentRoute,
} from '../src/lib/preview/presentation-routes.ts';
import { isProductId } from '../src/lib/content/inheritance/index.ts';
import { schoolPath } from '../src/lib/route-table/routes.ts';
import { siteOrigin } from './site-origin.ts';

/** The local preview server (`npm run preview:server`). */
export const DEFAULT_PREVIEW_URL = 'http://localhost:4322';
/** Presentation's tool name (also in the address: /presentation). */
export const PRESENTATION_TOOL = 'presentation';
/** The edit intent's mode that Presentation takes over from the structure tool. */
const PRESENTATION_MODE = 'presentation';
export const PREVIEW_MODE = { enable: '/api/preview/enable', disable: '/api/preview/disable' };

/** The preview site's origin from SANITY_STUDIO_PREVIEW_URL (an http(s) address; a path is ignored). */
export function previewOrigin(value: string | undefined): string {
  return siteOrigin('SANITY_STUDIO_PREVIEW_URL', value, DEFAULT_PREVIEW_URL);
}

/** A GROQ literal for a string or number (JSON's are GROQ's). */
const literal = (value: string | number) => JSON.stringify(value);

/** The filter of a route's main document: the page's school is the `$seoSlug` of its address. */
export function mainDocumentFilter({
  type,
  match,
}: Pick<MainDocumentRoute, 'type' | 'match'>): string {
  const school = type === 'school' ? 'seoSlug == $seoSlug' : 'school->seoSlug == $seoSlug';
  const fields = Object.entries(match)
    .map(([name, value]) => ` && ${name} == ${literal(value)}`)
    .join('');
  return `_type == ${literal(type)} && ${school}${fields}`;
}

export const mainDocuments: DocumentResolver[] = mainDocumentRoutes().map((main) => ({
  route: main.pattern,
  filter: mainDocumentFilter(main),
}));

const SCHOOL_NAMES = '{seoSlug, "product": baseName, schoolName, status}';
const HAS_PAGES = '_type == "school" && coalesce(status, "live") != "retired"';

/** One document's fields that decide its pages, and its school's address and names. */
export function documentLocationQuery(type: string): string {
  const fields = locationFields(type)
    .map((name) => `${name}, `)
    .join('');
  const school = type === 'school' ? `@${SCHOOL_NAMES}` : `school->${SCHOOL_NAMES}`;
  return `*[_id == $id][0]{${fields}"school": ${school}}`;
}

/** A site-wide document's schools: the first few with pages (live ones first), and how many have pages. */
export const SITE_WIDE_SCHOOLS_QUERY = `{
  "schools": *[${HAS_PAGES}] | order(coalesce(status, "live") == "live" desc, baseName asc)[0...${SITE_WIDE_SCHOOLS_LISTED}]${SCHOOL_NAMES},
  "total": count(*[${HAS_PAGES}])
}`;

/** A product document's fields that decide its pages, and the schools that inherit it (as for a site-wide document). */
export function productLocationQuery(type: string): string {
  const fields = locationFields(type)
    .map((name) => `, ${name}`)
    .join('');
  return `{
  "document": *[_id == $id][0]{_id${fields}},
  "schools": *[${HAS_PAGES}] | order(coalesce(status, "live") == "live" desc, baseName asc)[0...${SITE_WIDE_SCHOOLS_LISTED}]${SCHOOL_NAMES},
  "total": count(*[${HAS_PAGES}])
}`;
}

interface DocumentAnswer {
  school?: { seoSlug?: string; product?: string; schoolName?: string; status?: string } | null;
  [field: string]: unknown;
}

/** Locations of any document, following it (and the schools) as editors change them. */
export const locations: DocumentLocationResolver = (
  { id, type, perspectiveStack, variant },
  { documentStore },
) => {
  const options = {
    perspective: perspectiveStack,
    ...(variant ? { variant } : {}),
    tag: 'presentation.locations',
  };
  if (isSiteWide(type)) {
    return documentStore
      .listenQuery({ fetch: SITE_WIDE_SCHOOLS_QUERY, listen: '*[_type == "school"]' }, {}, options)
      .pipe(
        map((answer: { schools?: DocumentAnswer['school'][]; total?: number } | null) =>
          siteWideLocations(
            type,
            (answer?.schools ?? []).filter((school) => school != null),
            answer?.total ?? 0,
          ),
        ),
      );
  }
  if (isProductId(id)) {
    return documentStore
      .listenQuery(
        {
          fetch: productLocationQuery(type),
          listen: '*[_id in [$id, $draftId] || _type == "school"]',
        },
        { id, draftId: `drafts.${id}` },
        options,
      )
      .pipe(
        map(
          (
            answer: {
              document?: Record<string, unknown> | null;
              schools?: DocumentAnswer['school'][];
              total?: number;
            } | null,
          ) =>
            productDocumentLocations(
              type,
              answer?.document ?? {},
              (answer?.schools ?? []).filter((school) => school != null),
              answer?.total ?? 0,
            ),
        ),
      );
  }
  return documentStore
    .listenQuery(
      {
        fetch: documentLocationQuery(type),
        listen: '*[_id in [$id, $draftId] || _type == "school"]',
      },
      { id, draftId: `drafts.${id}` },
      options,
    )
    .pipe(
      map((answer: DocumentAnswer | null) =>
        schoolDocumentLocations(type, answer ?? {}, answer?.school),
      ),
    );
};

/** presentationTool's options: the preview site at `origin`, draft mode through its enable/disable routes. */
export function presentationOptions(origin: string): PresentationPluginOptions {
  return {
    name: PRESENTATION_TOOL,
    previewUrl: { initial: origin, previewMode: PREVIEW_MODE },
    resolve: { mainDocuments, locations },
  };
}

/** The intent that opens a school's landing page in Presentation, beside the school document. */
export function schoolPresentationIntent(school: { _id: string; seoSlug?: unknown }) {
  const preview =
    typeof school.seoSlug === 'string' && school.seoSlug ? schoolPath(school.seoSlug) : undefined;
  return {
    id: school._id,
    type: 'school',
    mode: PRESENTATION_MODE,
    presentation: PRESENTATION_TOOL,
    ...(preview ? { preview } : {}),
  };
}
