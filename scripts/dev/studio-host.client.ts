/**
 * The Studio's side of Presentation, for the handshake test: a host page on another origin frames
 * the preview site (or opens it in a window of its own, Presentation's "open preview in a new
 * window", when the page has a button instead of a frame) and talks to its overlays with Sanity's
 * own libraries, as Presentation does (`@sanity/comlink`'s controller and the `presentation`
 * channel with `@sanity/presentation-comlink`'s compatibility actors). Its perspective menu plays
 * the Studio's PostMessagePerspective: `visual-editing/fetch-perspective` is answered with the
 * perspective picked, and each pick is posted as `presentation/perspective`. Bundled by the test
 * with esbuild.
 *
 * Its loaders channel (`{name: 'presentation', connectTo: 'loaders', heartbeat: true}`, as Sanity's
 * Presentation opens it; off with `loaders=off` in the host page's address) plays the Studio's
 * LiveQueries: on connecting and on each pick it posts `loader/perspective`; it answers each
 * `loader/query-listen` naming its project and dataset (`offline0`/`production`, what a Studio
 * without a project id names) with `loader/query-change`: the query run by groq-js over the export
 * as it is on disk, in the listen's perspective, with the editor's unsaved values (`edit`) merged
 * in, as the Studio merges the open document's form value; each `edit` posts the change again for
 * every query listened to.
 */
import type { ClientPerspective, ContentSourceMap } from '@sanity/client';
import { createConnectionMachine, createController } from '@sanity/comlink';
import {
  createCompatibilityActors,
  type LoaderControllerMsg,
  type LoaderNodeMsg,
  type VisualEditingControllerMsg,
  type VisualEditingNodeMsg,
} from '@sanity/presentation-comlink';
import { evaluate, parse } from 'groq-js';
import { applyPerspective } from '../../src/lib/content/perspective.ts';
import { readPerspective } from '../../src/lib/content/perspective-name.ts';

type QueryListen = Extract<LoaderNodeMsg, { type: 'loader/query-listen' }>['data'];

interface Received {
  type: string;
  data: unknown;
  at: number;
}

declare global {
  interface Window {
    studio: {
      received: Received[];
      statuses: string[];
      /** Resolves with the time (Date.now()) the next message of this type arrives. */
      next: (type: string) => Promise<{ at: number; data: unknown }>;
      post: (type: string, data: unknown) => void;
      /** The Studio's perspective menu: picks a perspective and posts it to the page. */
      setPerspective: (perspective: string | string[]) => void;
      /** What the overlays said when they asked for the perspective (`handlesPerspectiveChange`…). */
      perspectiveRequests: unknown[];
      /** The loaders channel's statuses, and each `loader/query-listen` and `loader/documents` received. */
      loaderStatuses: string[];
      listens: Array<{ at: number; data: QueryListen }>;
      loaderDocuments: unknown[];
      /** Query changes posted: when, and the number of the edit they carry. */
      changesPosted: Array<{ at: number; edit: number }>;
      /** The editor types: `fields` merged into the document `id` (its published id) as an unsaved value; resolves once the changes are posted. */
      edit: (id: string, fields: Record<string, unknown>) => Promise<number>;
      /** Posts a change for every query listened to now, as the Studio does after a save. */
      postChanges: () => Promise<number>;
      /** Posts a change for `query` (its project, dataset, params and perspective), listened to or not. */
      postQueryChange: (query: {
        query: string;
        params: Record<string, unknown>;
        perspective: string;
      }) => Promise<void>;
    };
  }
}

const frame = document.querySelector('iframe');
const opener = document.querySelector<HTMLButtonElement>('button[data-src]');
const src = (frame ?? opener)!.dataset.src!;
const previewOrigin = new URL(src).origin;
const controller = createController({ targetOrigin: previewOrigin });
const received: Received[] = [];
const statuses: string[] = [];
const waiting = new Map<string, Array<(value: { at: number; data: unknown }) => void>>();
// The perspective Presentation opened the preview with (the host page's enable address names it).
// A test's pick is posted as it is, well-formed or not: the page judges it.
let perspective = (new URL(src).searchParams.get('sanity-preview-perspective') ??
  'drafts') as ClientPerspective;
const perspectiveRequests: unknown[] = [];

const channel = controller.createChannel<VisualEditingControllerMsg, VisualEditingNodeMsg>(
  { name: 'presentation', connectTo: 'visual-editing', heartbeat: true },
  createConnectionMachine<VisualEditingControllerMsg, VisualEditingNodeMsg>().provide({
    actors: createCompatibilityActors<VisualEditingControllerMsg>(),
  }),
);

function record(type: string, data: unknown): void {
  const at = Date.now();
  received.push({ type, data, at });
  for (const resolve of waiting.get(type) ?? []) resolve({ at, data });
  waiting.delete(type);
}

for (const type of [
  'visual-editing/focus',
  'visual-editing/navigate',
  'visual-editing/toggle',
  'visual-editing/meta',
  'visual-editing/refreshing',
  'visual-editing/refreshed',
  'visual-editing/documents',
] as const) {
  channel.on(type, (data: unknown) => record(type, data));
}
// What Presentation answers the overlays' own requests with (no schema, no features).
channel.on('visual-editing/features', () => ({ features: {} }));
channel.on('visual-editing/fetch-perspective', (data) => {
  perspectiveRequests.push(data);
  record('visual-editing/fetch-perspective', data);
  return { perspective };
});
channel.on('visual-editing/schema', () => ({ schema: [] }));
channel.on('visual-editing/schema-union-types', () => ({ types: new Map() }));
channel.onStatus((event) => {
  statuses.push(event.status);
  record(`status/${event.status}`, event);
});

window.studio = {
  received,
  statuses,
  next: (type) =>
    new Promise((resolve) => waiting.set(type, [...(waiting.get(type) ?? []), resolve])),
  // Whatever a test sends, as Presentation would: the page's overlays judge it.
  post: (type, data) =>
    channel.post(
      type as VisualEditingControllerMsg['type'],
      data as VisualEditingControllerMsg['data'],
    ),
  setPerspective: (picked) => {
    perspective = picked as ClientPerspective;
    channel.post('presentation/perspective', { perspective });
  },
  perspectiveRequests,
} as Window['studio'];

// The loaders channel: the Studio's LiveQueries, over the export on disk.
const PROJECT = { projectId: 'offline0', dataset: 'production' };
const loaderStatuses: string[] = [];
const listens: Array<{ at: number; data: QueryListen }> = [];
const loaderDocuments: unknown[] = [];
const changesPosted: Array<{ at: number; edit: number }> = [];
const unsaved = new Map<string, Record<string, unknown>>();
const listening = new Map<string, QueryListen>();
let edits = 0;
const loaders =
  new URL(location.href).searchParams.get('loaders') === 'off'
    ? null
    : controller.createChannel<LoaderControllerMsg, LoaderNodeMsg>(
        { name: 'presentation', connectTo: 'loaders', heartbeat: true },
        createConnectionMachine<LoaderControllerMsg, LoaderNodeMsg>().provide({
          actors: createCompatibilityActors<LoaderControllerMsg>(),
        }),
      );

// The export, read again only when it changed on disk; each perspective's view of it, once.
let exported: { version: string; views: Map<string, unknown[]>; all: unknown[] } | undefined;
async function documentsIn(perspective: unknown): Promise<unknown[]> {
  const version = await (await fetch('/export-version', { cache: 'no-store' })).text();
  if (exported?.version !== version) {
    const text = await (await fetch('/export.ndjson', { cache: 'no-store' })).text();
    exported = {
      version,
      views: new Map(),
      all: text
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as unknown),
    };
  }
  const key = JSON.stringify(perspective);
  let view = exported.views.get(key);
  if (!view)
    exported.views.set(
      key,
      (view = applyPerspective(exported.all, readPerspective(perspective).perspective)),
    );
  return view.map((doc) => {
    const id = (doc as { _id: string })._id;
    return unsaved.has(id) ? { ...(doc as object), ...unsaved.get(id) } : doc;
  });
}

/** What the site's page queries answer (SCHOOL_PAGE_CONTENT_QUERY): the ids a source map names. */
interface PageResult {
  school?: { _id: string } | null;
  settings?: { _id: string } | null;
  documents?: Array<{ _id: string }>;
}

async function postChange(data: QueryListen): Promise<void> {
  const edit = edits;
  const dataset = await documentsIn(data.perspective);
  const result = (await (
    await evaluate(parse(data.query, { params: data.params }), { dataset, params: data.params })
  ).get()) as PageResult | null;
  const ids = [
    result?.school?._id,
    result?.settings?._id,
    ...(result?.documents ?? []).map((doc) => doc._id),
  ].filter((id) => id !== undefined);
  // The page reads only the documents' ids from a source map.
  const resultSourceMap = {
    documents: ids.map((_id) => ({ _id })),
    paths: [],
    mappings: {},
  } as unknown as ContentSourceMap;
  loaders?.post('loader/query-change', {
    ...PROJECT,
    perspective: data.perspective,
    query: data.query,
    params: data.params,
    result,
    resultSourceMap,
    tags: [],
  });
  changesPosted.push({ at: Date.now(), edit });
}

const postChanges = async () => {
  await Promise.all([...listening.values()].map(postChange));
  return edits;
};

if (loaders) {
  loaders.onStatus((event) => {
    loaderStatuses.push(event.status);
    if (event.status === 'connected')
      loaders.post('loader/perspective', { ...PROJECT, perspective });
  });
  loaders.on('loader/query-listen', (data) => {
    listens.push({ at: Date.now(), data });
    if (data.projectId !== PROJECT.projectId || data.dataset !== PROJECT.dataset) return;
    const key = JSON.stringify([data.query, data.params, data.perspective]);
    const known = listening.has(key);
    listening.set(key, data);
    if (!known) void postChange(data);
  });
  loaders.on('loader/documents', (data) => {
    loaderDocuments.push(data);
  });
  loaders.start();
}

Object.assign(window.studio, {
  loaderStatuses,
  listens,
  loaderDocuments,
  changesPosted,
  postChanges,
  postQueryChange: (query: {
    query: string;
    params: Record<string, unknown>;
    perspective: string;
  }) =>
    // As with the opening perspective, a test's pick is posted as it is: the page judges it.
    postChange({ ...PROJECT, ...query, perspective: query.perspective as ClientPerspective }),
  edit: (id: string, fields: Record<string, unknown>) => {
    edits += 1;
    unsaved.set(id, { ...unsaved.get(id), ...fields });
    return postChanges();
  },
});
const pickPerspective = window.studio.setPerspective;
window.studio.setPerspective = (picked) => {
  pickPerspective(picked);
  loaders?.post('loader/perspective', { ...PROJECT, perspective });
};

channel.start();
if (frame) {
  frame.addEventListener('load', () => controller.addTarget(frame.contentWindow!), { once: true });
  frame.src = src;
} else {
  // The overlays answer their opener; the controller keeps offering the handshake until the page is there.
  opener!.addEventListener('click', () => {
    const preview = window.open(src, 'sanity-presentation-preview');
    if (preview) controller.addTarget(preview);
  });
}
