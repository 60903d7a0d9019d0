/**
 * The three ways of drawing a new render into the page that scripts/bench/redraw-morph.ts weighs,
 * each set up as its documentation advises for this site:
 * - redraw.ts (the page's own): the render before (`base`) tells what a script changed from what an
 *   edit changed, so it needs no list;
 * - morphdom: equal nodes skipped (`isEqualNode` in `onBeforeElUpdated`, its README's advice), and
 *   in the same hook the live element's state copied onto the new one before it is applied (as
 *   Phoenix LiveView apps keep a `<details>` open: `toEl.open = fromEl.open`);
 * - idiomorph: focus restored, and `callbacks.beforeAttributeUpdated` refusing to change or remove
 *   a state attribute (its maintainers' answer for keeping `<details open>`, idiomorph issue #58).
 * Both libraries keep the same list of state attributes, the ones this site's scripts set for an
 * open panel (a `<details>`' `open`; the plan toggles' `aria-expanded` and `hidden`) and the bench's
 * own `data-state`, which stands for any other a page script sets (the carousel's `data-ready`, a
 * menu's `data-menu-open`). Both also get the hooks that keep what the site adds to a page: the
 * overlays' root is never removed, and a hydrated island is left alone.
 */
import { Idiomorph } from 'idiomorph';
import morphdom from 'morphdom';
import { redrawDocument } from '../../src/lib/preview/browser/redraw.ts';

const STATE_ATTRIBUTES = new Set(['open', 'hidden', 'aria-expanded', 'data-state']);

const isOverlayRoot = (node: Node) =>
  node.nodeType === 1 && (node as Element).localName === 'sanity-visual-editing';
const isHydratedIsland = (node: Node) =>
  node.nodeType === 1 &&
  (node as Element).localName === 'astro-island' &&
  !(node as Element).hasAttribute('ssr');

/** The live element's state attributes, written onto the render that is about to be applied to it. */
function keepState(from: Element, to: Element): void {
  for (const name of STATE_ATTRIBUTES) {
    const value = from.getAttribute(name);
    if (value === null) to.removeAttribute(name);
    else to.setAttribute(name, value);
  }
}

type Morph = (live: Document, next: Document, base: Document) => void;

const morphs: Record<string, Morph> = {
  'redraw.ts': (live, next, base) => redrawDocument(live, next, base),
  morphdom: (live, next) => {
    morphdom(live.documentElement, next.documentElement, {
      onBeforeElUpdated: (from, to) => {
        if (isHydratedIsland(from)) return false;
        keepState(from, to);
        return !from.isEqualNode(to);
      },
      onBeforeNodeDiscarded: (node) => !isOverlayRoot(node),
    });
  },
  idiomorph: (live, next) => {
    void Idiomorph.morph(live.documentElement, next.documentElement, {
      restoreFocus: true,
      callbacks: {
        beforeNodeRemoved: (node) => !isOverlayRoot(node),
        beforeNodeMorphed: (node) => !isHydratedIsland(node),
        beforeAttributeUpdated: (name) => !STATE_ATTRIBUTES.has(name),
      },
    });
  },
};

Object.assign(window, { morphs });
