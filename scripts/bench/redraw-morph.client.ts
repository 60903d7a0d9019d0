/**
 * The three ways of drawing a new render into the page that scripts/bench/redraw-morph.ts weighs,
 * each as an integrator would set it up for this site: redraw.ts (the page's own), morphdom (as
 * Storyblok's Astro SDK uses it: equal nodes skipped) and idiomorph (its defaults, focus restored).
 * Both libraries get the hooks that keep what the site's scripts add: the overlays' root is never
 * removed, and a hydrated island is left alone.
 */
import { Idiomorph } from 'idiomorph';
import morphdom from 'morphdom';
import { redrawDocument } from '../../src/lib/preview/browser/redraw.ts';

const isOverlayRoot = (node: Node) =>
  node.nodeType === 1 && (node as Element).localName === 'sanity-visual-editing';
const isHydratedIsland = (node: Node) =>
  node.nodeType === 1 &&
  (node as Element).localName === 'astro-island' &&
  !(node as Element).hasAttribute('ssr');

type Morph = (live: Document, next: Document, base: Document) => void;

const morphs: Record<string, Morph> = {
  'redraw.ts': (live, next, base) => redrawDocument(live, next, base),
  morphdom: (live, next) => {
    morphdom(live.documentElement, next.documentElement, {
      onBeforeElUpdated: (from, to) => !from.isEqualNode(to) && !isHydratedIsland(from),
      onBeforeNodeDiscarded: (node) => !isOverlayRoot(node),
    });
  },
  idiomorph: (live, next) => {
    Idiomorph.morph(live.documentElement, next.documentElement, {
      restoreFocus: true,
      callbacks: {
        beforeNodeRemoved: (node) => !isOverlayRoot(node),
        beforeNodeMorphed: (node) => !isHydratedIsland(node),
      },
    });
  },
};

Object.assign(window, { morphs });
