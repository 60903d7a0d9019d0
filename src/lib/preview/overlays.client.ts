/**
 * Presentation's overlays on the editors' preview site (draft mode only: the middleware adds this
 * script to a page only with a valid draft-mode cookie). They connect only inside Presentation's
 * frame; a click on an element with `data-sanity` opens that field in the Studio. After each edit
 * (Presentation's refresh, manual or after a mutation) the page is drawn again from the dataset,
 * and each page the frame shows is reported, so Presentation's address bar follows navigation.
 */
import { enableVisualEditing } from '@sanity/visual-editing/enable-visual-editing';
import { historyAdapter, refreshPage } from './overlay-options.ts';

enableVisualEditing({ history: historyAdapter(window), refresh: refreshPage(window) });
