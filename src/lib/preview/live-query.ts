/**
 * The query a page of the editors' preview site was rendered from, as Presentation's loaders
 * channel names it: the project and dataset, the query text, its params and the perspective.
 * The server writes it into a page in draft mode (a JSON data block, never run); the page's loaders
 * node (loaders.ts) reads it, listens for it, and takes a `loader/query-change` only when it is
 * for exactly this query in the perspective wanted. It imports only the one JSON check
 * (http/json-body.ts), which imports nothing: the overlays' bundle uses it.
 */
import { parseJson } from '../http/json-body.ts';

/** The element that carries it (a `<script type="application/json">`). */
const LIVE_QUERY_ELEMENT_ID = 'sanity-live-query';

/**
 * How often the page says again that it still wants the query, and the `heartbeat` it names in
 * `loader/query-listen` (the Studio drops a listen not renewed in time; at least 1,000 ms).
 * `@sanity/core-loader`'s live mode uses the same.
 */
export const LISTEN_HEARTBEAT_MS = 20_000;

/**
 * The project id a page names when the site reads the bundled content (no SANITY_PROJECT_ID): the
 * Studio's own placeholder for a Studio without a project (config/studio-project.ts, held equal by a
 * test), with SANITY_DATASET's default `production`.
 */
export const LOCAL_PROJECT_ID = 'offline0';

export interface LiveQuery {
  projectId: string;
  dataset: string;
  query: string;
  params: Record<string, unknown>;
  /** The perspective the page shows, as its address writes it (`drafts`, `rLaunch,drafts`). */
  perspective: string;
}

/** What a `loader/query-change` (or a listen) names. */
interface QueryIdentity {
  projectId: string;
  dataset: string;
  query: string;
  params: unknown;
}

/** The data block for a page: `<` escaped, so no value can end the element. */
export function liveQueryElement(live: LiveQuery): string {
  const json = JSON.stringify(live).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${LIVE_QUERY_ELEMENT_ID}">${json}</script>`;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The page's live query, or null when it has none (outside draft mode, or not a school page). */
export function readLiveQuery(document: Pick<Document, 'getElementById'>): LiveQuery | null {
  const text = document.getElementById(LIVE_QUERY_ELEMENT_ID)?.textContent;
  if (!text) return null;
  const parsed = parseJson(text);
  if (!parsed.ok) return null;
  const value = parsed.value;
  if (!isRecord(value) || !isRecord(value.params)) return null;
  const { projectId, dataset, query, perspective } = value;
  if (
    typeof projectId !== 'string' ||
    typeof dataset !== 'string' ||
    typeof query !== 'string' ||
    typeof perspective !== 'string'
  )
    return null;
  return { projectId, dataset, query, params: value.params, perspective };
}

/** A value as JSON with object keys sorted, so params compare by content whatever their order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isRecord(value))
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

export function sameParams(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

/** Whether a message names this page's project and dataset (the Studio ignores any other). */
export function sameProject(
  live: Pick<LiveQuery, 'projectId' | 'dataset'>,
  other: { projectId?: unknown; dataset?: unknown },
): boolean {
  return other.projectId === live.projectId && other.dataset === live.dataset;
}

/** Whether a message is for the page's own query: the same project, dataset, query text and params. */
export function isPageQuery(live: LiveQuery, other: QueryIdentity): boolean {
  return (
    sameProject(live, other) && other.query === live.query && sameParams(other.params, live.params)
  );
}
