/**
 * Presentation's overlays on the editors' preview site (draft mode only: the middleware adds this
 * script to a page only with a valid draft-mode cookie). They connect only inside Presentation's
 * frame or its preview window; a click on an element with `data-sanity` opens that field in the
 * Studio. After each edit (Presentation's refresh, manual or after a mutation) and each perspective
 * picked in the Studio's menu, the page is drawn again in place from the dataset (a load would drop
 * the connection), and each page shown is reported, so Presentation's address bar follows navigation.
 */
import { enableVisualEditing } from '@sanity/visual-editing/enable-visual-editing';
import { historyAdapter, pageRedraw, perspectiveSwitch, refreshPage } from './overlay-options.ts';

// Only inside Presentation (its frame or its preview window): elsewhere the overlays have no Studio
// to talk to, so they would only outline every field of the page and open nothing.
const inPresentation = window.self !== window.top || Boolean(window.opener);
if (inPresentation) {
  // One redraw for refreshes and perspective switches: they take turns, and the last one wins.
  const redraw = pageRedraw(window);
  enableVisualEditing({
    history: historyAdapter(window),
    refresh: refreshPage(redraw),
    onPerspectiveChange: (perspective) => void perspectiveSwitch(window, redraw)(perspective),
  });
}
