/**
 * The page's side of Presentation's loaders channel, as `@sanity/core-loader`'s live mode speaks it
 * (the node itself is `@sanity/comlink`'s, made in overlays.ts with
 * `@sanity/presentation-comlink`'s compatibility actors; here it is handed in, so this can be tested
 * without a Studio):
 * - `loader/query-listen` for the query the page was drawn from (live-query.ts), in the perspective
 *   wanted, with a heartbeat: at start, on each connection, on each `loader/perspective`, and every
 *   LISTEN_HEARTBEAT_MS while the page is open;
 * - `loader/perspective` (the Studio's menu, and on connecting): the perspective wanted;
 * - `loader/query-change` for exactly this query (project, dataset, query text, params) in the
 *   perspective wanted: drawn (`draw`, page-draw.ts: one at a time, the last one wins), and the
 *   documents of its source map reported (`loader/documents`). Any other is dropped.
 * The node is live once connected to a Studio that names this page's project and dataset (its
 * `loader/perspective`, or a change for this query): a Studio of another project ignores the
 * page's listen, so the page then keeps following saves (`isLive`, used by refreshPage).
 */
import type { LoaderControllerMsg, LoaderNodeMsg } from '@sanity/presentation-comlink';
import {
  clientPerspective,
  perspectiveSetting,
  readPerspective,
} from '../../content/perspective-name.ts';
import { LISTEN_HEARTBEAT_MS, isPageQuery, sameProject, type LiveQuery } from '../live-query.ts';
import type { StudioResult } from './page-draw.ts';

type Received<T extends LoaderControllerMsg['type']> = Extract<
  LoaderControllerMsg,
  { type: T }
>['data'];
type Sent<T extends LoaderNodeMsg['type']> = Extract<LoaderNodeMsg, { type: T }>['data'];
type ClientPerspective = Sent<'loader/query-listen'>['perspective'];

/** The part of a comlink node (`createNode`) the page uses. */
export interface LoadersNode {
  on: {
    (
      type: 'loader/perspective',
      handler: (data: Received<'loader/perspective'>) => void,
    ): () => void;
    (
      type: 'loader/query-change',
      handler: (data: Received<'loader/query-change'>) => void,
    ): () => void;
  };
  post: {
    (type: 'loader/query-listen', data: Sent<'loader/query-listen'>): void;
    (type: 'loader/documents', data: Sent<'loader/documents'>): void;
  };
  onStatus: (handler: (status: string) => void) => () => void;
  start: () => () => void;
}

export interface LoadersOptions {
  node: LoadersNode;
  live: LiveQuery;
  draw: (studio: StudioResult) => Promise<void>;
  timers?: Pick<typeof globalThis, 'setInterval' | 'clearInterval'>;
  warn?: (message: string) => void;
}

export interface Loaders {
  /** Connected to a Studio that answers this page's query: saved edits need no refresh. */
  isLive: () => boolean;
  stop: () => void;
}

export function connectLoaders({
  node,
  live,
  draw,
  timers = globalThis,
  warn = () => {},
}: LoadersOptions): Loaders {
  // The page's own perspective until the Studio names one.
  let wanted: ClientPerspective = clientPerspective(readPerspective(live.perspective).perspective);
  let connected = false;
  let studioMatches = false;
  let warned = false;
  const ours = { projectId: live.projectId, dataset: live.dataset };

  const listen = () =>
    node.post('loader/query-listen', {
      ...ours,
      perspective: wanted,
      query: live.query,
      params: live.params,
      heartbeat: LISTEN_HEARTBEAT_MS,
    });

  const unsubscribe = [
    node.onStatus((status) => {
      connected = status === 'connected';
      if (connected) listen();
      else studioMatches = false;
    }),
    node.on('loader/perspective', (data) => {
      if (!sameProject(live, data)) {
        studioMatches = false;
        if (!warned)
          warn(
            `[preview] the Studio reads ${data.projectId}/${data.dataset}, this page ${live.projectId}/${live.dataset}: edits show after each save only`,
          );
        warned = true;
        return;
      }
      studioMatches = true;
      wanted = data.perspective;
      listen();
    }),
    node.on('loader/query-change', (data) => {
      if (!isPageQuery(live, data)) return;
      studioMatches = true;
      const setting = perspectiveSetting(readPerspective(data.perspective));
      if (setting !== perspectiveSetting(readPerspective(wanted))) return;
      void draw({
        query: data.query,
        params: data.params,
        perspective: data.perspective,
        perspectiveSetting: setting,
        result: data.result,
      });
      node.post('loader/documents', {
        ...ours,
        perspective: data.perspective,
        documents: data.resultSourceMap?.documents ?? [],
      });
    }),
  ];
  const heartbeat = timers.setInterval(listen, LISTEN_HEARTBEAT_MS);
  const stopNode = node.start();
  listen();
  return {
    isLive: () => connected && studioMatches,
    stop: () => {
      timers.clearInterval(heartbeat);
      for (const off of unsubscribe) off();
      stopNode();
    },
  };
}
