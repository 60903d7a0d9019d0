/**
 * Presentation's overlays and the page's loaders node on the editors' preview site (draft mode
 * only: the middleware adds this script to a page only with a valid draft-mode cookie). They
 * connect only inside Presentation's frame or its preview window; a click on an element with
 * `data-sanity` opens that field in the Studio. Two paths draw an edit in place (page-draw.ts; a
 * load would drop the connection):
 * - the loaders channel (loaders.ts): each change the editor makes, saved or not, arrives as the
 *   result of the page's query and is drawn from it;
 * - Presentation's refresh: its button draws the page from the dataset, and so does a saved edit
 *   while no loaders connection is live (a Studio without one), as does a perspective picked in
 *   the Studio's menu.
 * Each page shown is reported, so Presentation's address bar follows navigation.
 * Only the Studio talks to them: the first import drops every message but one from a Studio origin
 * sent by the parent frame or the opener (studio-only.ts, studio-messages.ts), before comlink loads.
 */
// First, before comlink: from here on the page takes messages only from the Studio.
import './studio-only.ts';
import { createNode, createNodeMachine } from '@sanity/comlink';
import {
  createCompatibilityActors,
  type LoaderControllerMsg,
  type LoaderNodeMsg,
} from '@sanity/presentation-comlink';
import { enableVisualEditing } from '@sanity/visual-editing/enable-visual-editing';
import { readLiveQuery } from '../live-query.ts';
import { connectLoaders } from './loaders.ts';
import { historyAdapter, perspectiveSwitch, refreshPage } from './overlay-options.ts';
import { pageDrawer } from './page-draw.ts';

// Only inside a frame or an opened window: elsewhere the overlays have no Studio to talk to, so they
// would only outline every field of the page and open nothing. Whether that window is the Studio is
// decided per message (studio-only.ts): any other stays unheard.
const inPresentation = window.self !== window.top || Boolean(window.opener);
if (inPresentation) {
  // One drawer for every path: draws take turns, and the last one asked for wins.
  const drawer = pageDrawer(window);
  const live = readLiveQuery(document);
  const loaders = live
    ? connectLoaders({
        node: createNode<LoaderNodeMsg, LoaderControllerMsg>(
          { name: 'loaders', connectTo: 'presentation' },
          createNodeMachine<LoaderNodeMsg, LoaderControllerMsg>().provide({
            actors: createCompatibilityActors<LoaderNodeMsg>(),
          }),
        ),
        live,
        draw: drawer.fromResult,
        warn: (message) => console.warn(message),
      })
    : null;
  enableVisualEditing({
    history: historyAdapter(window),
    refresh: refreshPage(drawer.fromDataset, () => loaders?.isLive() ?? false),
    onPerspectiveChange: (perspective) =>
      void perspectiveSwitch(window, drawer.fromDataset)(perspective),
  });
}
