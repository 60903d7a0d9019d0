/**
 * Draws a page again in place from a fresh render of its address (Presentation's refresh,
 * overlay-options.ts), instead of loading it again: a load would drop the overlays' connection to
 * the Studio, and a refresh posted while they reconnect is lost.
 *
 * The live document is changed node by node, so elements keep their identity: listeners the
 * page's scripts added, focus, the scroll position and the overlays' own nodes stay. Three
 * documents take part: `live` (the page shown), `next` (the new render) and `base` (the render
 * before it, null when unknown). What the page's scripts changed (an open plan panel, a menu,
 * the coverage map's frame) is told apart from what an edit changed by comparing `next` with
 * `base`, both untouched server renders:
 * - text: the new render's always (no script writes text a redraw should keep);
 * - attributes: only those whose value differs between `base` and `next`; for `class`, only the
 *   tokens that do, so a script's own classes stay;
 * - nodes: inserted and removed as the render says; nodes that are in no render (added by a script)
 *   stay where they are;
 * - islands (`astro-island`): left alone while their markup is unchanged, otherwise replaced: the
 *   new element hydrates itself, and the replaced one unmounts on `astro:after-swap` (Astro's own);
 * - scripts: never run again; a script new to the page runs once inserted;
 * - a part whose render is unchanged (`base` and `next` equal) is not visited at all: a keystroke
 *   changes one text, and the rest of the page costs one native comparison.
 * Without `base`, every attribute and node not in the new render goes (the render wins).
 *
 * Why not morphdom or idiomorph (`npm run bench:redraw`, docs/performance.md): with the hooks their
 * docs advise they keep an open FAQ or facts panel too, but a hook sees only the live element and
 * the new render, so for each attribute name it must choose in advance whether the page's value or
 * the render's wins, and a script's class token goes with any class change. The three-way rule
 * above (a script's change stays until a render changes that same attribute or token) needs the
 * render before, which neither library takes; drawing with it costs about what morphdom does.
 */

const ELEMENT = 1;

/** A node's identity among its siblings: element name, key (`id`, `data-sanity`) and class; the text of a script or style. */
function signature(node: Node): string {
  if (node.nodeType !== ELEMENT) return `#${node.nodeType}`;
  const element = node as Element;
  const name = element.localName;
  const extra =
    name === 'script' || name === 'style'
      ? `${element.getAttribute('src') ?? ''} ${element.textContent}`
      : name === 'link'
        ? (element.getAttribute('href') ?? '')
        : name === 'astro-island'
          ? (element.getAttribute('component-url') ?? '')
          : '';
  return `${name} ${keyOf(element) ?? ''} ${element.getAttribute('class') ?? ''} ${extra}`;
}

function keyOf(node: Node): string | null {
  if (node.nodeType !== ELEMENT) return null;
  const element = node as Element;
  return element.getAttribute('id') || element.getAttribute('data-sanity') || null;
}

/** Two nodes may stand for each other: same kind and name, and the same key if either has one. */
function compatible(a: Node, b: Node): boolean {
  return a.nodeType === b.nodeType && a.nodeName === b.nodeName && keyOf(a) === keyOf(b);
}

/** Longest common subsequence of two lists above this many cells: pairs by position instead. */
const MAX_CELLS = 1_000_000;

/**
 * Pairs the nodes of `to` with nodes of `from`, in order (no pair crosses another): equal
 * signatures first (longest common subsequence), then, between those, compatible nodes by
 * position (a changed class or text still pairs). Returns each paired `to` node's partner.
 */
export function pairNodes(from: readonly Node[], to: readonly Node[]): Map<Node, Node> {
  const pairs = new Map<Node, Node>();
  const anchors: Array<[number, number]> = [];
  if (from.length * to.length <= MAX_CELLS) {
    const a = from.map(signature);
    const b = to.map(signature);
    const width = b.length + 1;
    const table = new Uint32Array((a.length + 1) * width);
    for (let i = a.length - 1; i >= 0; i--) {
      for (let j = b.length - 1; j >= 0; j--) {
        table[i * width + j] =
          a[i] === b[j]
            ? table[(i + 1) * width + j + 1]! + 1
            : Math.max(table[(i + 1) * width + j]!, table[i * width + j + 1]!);
      }
    }
    for (let i = 0, j = 0; i < a.length && j < b.length;) {
      if (a[i] === b[j]) anchors.push([i++, j++]);
      else if (table[(i + 1) * width + j]! >= table[i * width + j + 1]!) i++;
      else j++;
    }
  }
  anchors.push([from.length, to.length]);
  let i = 0;
  let j = 0;
  for (const [anchorI, anchorJ] of anchors) {
    // Between two anchors: each `to` node takes the next compatible `from` node.
    for (; j < anchorJ; j++) {
      for (let k = i; k < anchorI; k++) {
        if (compatible(from[k]!, to[j]!)) {
          pairs.set(to[j]!, from[k]!);
          i = k + 1;
          break;
        }
      }
    }
    if (anchorI < from.length) pairs.set(to[anchorJ]!, from[anchorI]!);
    i = anchorI + 1;
    j = anchorJ + 1;
  }
  return pairs;
}

interface Pass {
  /** Islands replaced: the old ones unmount on `astro:after-swap`. */
  islands: number;
}

/** Redraws `live` as `next` says (see the top of this file); `base` is the render before `next`. */
export function redrawDocument(live: Document, next: Document, base: Document | null): void {
  const pass: Pass = { islands: 0 };
  if (live.title !== next.title) live.title = next.title;
  redrawAttributes(live.documentElement, next.documentElement, base?.documentElement ?? null);
  // The overlays add their styles to the head: without the render before, they cannot be told from the page's own.
  if (base) redrawChildren(live.head, next.head, base.head, pass);
  redrawAttributes(live.body, next.body, base?.body ?? null);
  redrawChildren(live.body, next.body, base?.body ?? null, pass);
  if (pass.islands) live.dispatchEvent(new Event('astro:after-swap'));
}

function redrawChildren(live: Node, next: Node, base: Node | null, pass: Pass): void {
  const nextNodes = [...next.childNodes];
  const liveNodes = [...live.childNodes];
  // Each new node's counterpart in the live page (and in the render before), and the live nodes the render drew.
  const partner = new Map<Node, { live?: Node | undefined; base?: Node | undefined }>();
  const drawn = new Set<Node>();
  const kept = new Set<Node>();
  if (base) {
    const baseNodes = [...base.childNodes];
    const liveOfBase = pairNodes(liveNodes, baseNodes);
    const baseOfNext = pairNodes(baseNodes, nextNodes);
    for (const node of liveOfBase.values()) drawn.add(node);
    for (const node of nextNodes) {
      const previous = baseOfNext.get(node);
      const current = previous && liveOfBase.get(previous);
      partner.set(node, { live: current, base: previous });
      if (current) kept.add(current);
    }
  } else {
    const liveOfNext = pairNodes(liveNodes, nextNodes);
    for (const node of liveNodes) drawn.add(node);
    for (const node of nextNodes) {
      const current = liveOfNext.get(node);
      partner.set(node, { live: current });
      if (current) kept.add(current);
    }
  }
  // Gone from the render: removed. Nodes no render drew (a script's) stay.
  for (const node of liveNodes) if (drawn.has(node) && !kept.has(node)) live.removeChild(node);

  let cursor: Node | null = live.firstChild;
  for (const node of nextNodes) {
    const { live: current, base: previous } = partner.get(node)!;
    if (current) {
      cursor = current.nextSibling;
      redrawNode(current, node, previous ?? null, pass);
    } else {
      live.insertBefore(fresh(live.ownerDocument!, node), cursor);
    }
  }
}

function redrawNode(live: Node, next: Node, base: Node | null, pass: Pass): void {
  // Nothing of it changed between the two renders: what the page shows there stays as it is.
  if (base?.isEqualNode(next)) return;
  if (next.nodeType !== ELEMENT) {
    if (live.nodeValue !== next.nodeValue) live.nodeValue = next.nodeValue;
    return;
  }
  const element = live as Element;
  const name = element.localName;
  if (name === 'astro-island') {
    // Hydrated, its content is React's: compared only as rendered (base and next), and by its attributes.
    const unchanged =
      sameAttributes(element, next as Element, ISLAND_STATE) &&
      (base === null || (base as Element).outerHTML === (next as Element).outerHTML);
    if (!unchanged) {
      element.replaceWith(fresh(element.ownerDocument, next));
      pass.islands += 1;
    }
    return;
  }
  if (name === 'script' || name === 'template') {
    if (
      !sameAttributes(element, next as Element) ||
      element.innerHTML !== (next as Element).innerHTML
    )
      element.replaceWith(fresh(element.ownerDocument, next));
    return;
  }
  redrawAttributes(element, next as Element, base as Element | null);
  redrawChildren(element, next, base, pass);
}

/** Attributes an island changes on itself as it hydrates. */
const ISLAND_STATE = new Set(['ssr', 'await-children']);

function sameAttributes(a: Element, b: Element, ignore: ReadonlySet<string> = new Set()): boolean {
  const names = (element: Element) =>
    element.getAttributeNames().filter((name) => !ignore.has(name));
  const left = names(a);
  return (
    left.length === names(b).length &&
    left.every((name) => a.getAttribute(name) === b.getAttribute(name))
  );
}

function redrawAttributes(live: Element, next: Element, base: Element | null): void {
  if (!base) {
    for (const name of live.getAttributeNames())
      if (!next.hasAttribute(name)) live.removeAttribute(name);
    for (const attribute of next.attributes) {
      if (live.getAttributeNS(attribute.namespaceURI, attribute.localName) !== attribute.value)
        live.setAttributeNS(attribute.namespaceURI, attribute.name, attribute.value);
    }
    return;
  }
  for (const name of new Set([...base.getAttributeNames(), ...next.getAttributeNames()])) {
    const was = base.getAttribute(name);
    const now = next.getAttribute(name);
    if (was === now) continue;
    if (name === 'class') {
      const before = new Set(tokens(was));
      const after = new Set(tokens(now));
      for (const token of before) if (!after.has(token)) live.classList.remove(token);
      for (const token of after) if (!before.has(token)) live.classList.add(token);
    } else if (now === null) {
      live.removeAttribute(name);
    } else {
      const attribute = next.getAttributeNode(name)!;
      live.setAttributeNS(attribute.namespaceURI, attribute.name, now);
    }
  }
}

const tokens = (value: string | null) => (value ?? '').split(/\s+/).filter(Boolean);

/** A copy of `node` for `document`, its scripts made runnable (a parsed script never runs once inserted). */
function fresh(document: Document, node: Node): Node {
  const copy = document.importNode(node, true);
  if (copy.nodeType !== ELEMENT) return copy;
  const element = copy as Element;
  const scripts =
    element.localName === 'script' ? [element] : [...element.querySelectorAll('script')];
  for (const script of scripts) {
    const runnable = document.createElement('script');
    for (const attribute of script.attributes)
      runnable.setAttributeNS(attribute.namespaceURI, attribute.name, attribute.value);
    runnable.textContent = script.textContent;
    if (script === element) return runnable;
    script.replaceWith(runnable);
  }
  return element;
}

/** Script types a browser runs (a JSON-LD block is data). */
const RUNNABLE = /^(|module|(text|application)\/(java|ecma)script)$/i;

/**
 * Inline code in `next` that `live` does not have: the page's Content-Security-Policy allows only
 * the inline scripts it was served with (by their hashes), so such a render needs a full load.
 */
export function hasNewInlineCode(live: Document, next: Document): boolean {
  const inline = (document: Document) =>
    [...document.querySelectorAll('script:not([src])')]
      .filter((script) => RUNNABLE.test(script.getAttribute('type') ?? ''))
      .map((script) => script.textContent ?? '');
  const known = new Set(inline(live));
  return inline(next).some((code) => !known.has(code));
}

/** Where the page's text is not the server's: islands (React's), code, and what a browser parses differently with scripting on. */
const NOT_RENDERED_TEXT = 'astro-island, script, style, template, noscript';

/** The body's text as the server wrote it, whitespace collapsed. */
function bodyText(document: Document): string {
  const parts: string[] = [];
  const walker = document.createTreeWalker(document.body, 4 /* NodeFilter.SHOW_TEXT */);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.parentElement?.closest(NOT_RENDERED_TEXT)) parts.push(node.nodeValue ?? '');
  }
  return parts.join(' ').replace(/\s+/g, ' ').trim();
}

/**
 * Whether `rendered` reads as the page shown: a render fetched after the page loaded is the one it
 * was served with only if so (an edit saved in between makes it newer, and no use as `base`).
 */
export function sameText(live: Document, rendered: Document): boolean {
  return bodyText(live) === bodyText(rendered);
}
