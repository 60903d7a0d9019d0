/**
 * Who may talk to a page of the editors' preview site: only the Studio (issue 52, finding 1).
 * `@sanity/comlink` takes a handshake from any window that posts its domain and names, whatever its
 * origin, and the page keeps `window.opener` (its opener policy is `unsafe-none`, so Presentation
 * can open it in a window of its own). So, before comlink is loaded, the page's overlays drop every
 * `message` event (browser/studio-only.ts) but one whose
 * - `origin` is one of the Studio's origins (SANITY_STUDIO_URL, the setting `frame-ancestors` and
 *   the status functions' CORS read: security/studio-origins.ts), written into the page by the
 *   server as a JSON data block (never run), and
 * - `source` is the window Presentation shows the page from: the parent frame when the page is
 *   framed, else the window that opened it.
 * The browser sets both fields and no page can forge them. A page opened by any other window stays
 * a plain draft page: nothing it is sent reaches comlink, so nothing connects and nothing is drawn.
 * It imports only the one JSON check: the overlays' bundle uses it.
 */
import { parseJson } from '../http/json-body.ts';

/** The element that carries the origins (a `<script type="application/json">`). */
const STUDIO_ORIGINS_ELEMENT_ID = 'sanity-studio-origins';

/** The data block for a page: the origins as JSON, `<` escaped so no value can end the element. */
export function studioOriginsElement(origins: readonly string[]): string {
  const json = JSON.stringify(origins).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${STUDIO_ORIGINS_ELEMENT_ID}">${json}</script>`;
}

/** The Studio origins the page names; none when it names none or the block is not a list of text. */
export function readStudioOrigins(document: Pick<Document, 'getElementById'>): string[] {
  const text = document.getElementById(STUDIO_ORIGINS_ELEMENT_ID)?.textContent;
  if (!text) return [];
  const parsed = parseJson(text);
  if (!parsed.ok || !Array.isArray(parsed.value)) return [];
  return parsed.value.filter((origin): origin is string => typeof origin === 'string');
}

/** What a message event says of its sender (MessageEvent's own fields). */
export interface MessageSender {
  origin: string;
  source: unknown;
}

/**
 * Whether a message comes from the Studio: from one of `origins`, sent by `studioWindow` (the
 * parent frame or the opener; null when the page has neither, and then nothing is).
 */
export function isStudioMessage(
  event: MessageSender,
  origins: readonly string[],
  studioWindow: unknown,
): boolean {
  return (
    studioWindow !== null &&
    studioWindow !== undefined &&
    event.source === studioWindow &&
    origins.includes(event.origin)
  );
}

/** The window Presentation shows a page from: its parent frame when framed, else its opener. */
export function studioWindowOf(win: Pick<Window, 'self' | 'top' | 'parent' | 'opener'>): unknown {
  return win.self !== win.top ? win.parent : (win.opener as unknown);
}

/**
 * Drops, from now on, every `message` event at `target` that isn't the Studio's: registered in the
 * capture phase before any other listener, it stops the event before comlink's listeners see it.
 */
export function acceptOnlyStudioMessages(
  target: Pick<EventTarget, 'addEventListener'>,
  origins: readonly string[],
  studioWindow: unknown,
): void {
  target.addEventListener(
    'message',
    (event) => {
      if (!isStudioMessage(event as MessageEvent, origins, studioWindow))
        event.stopImmediatePropagation();
    },
    { capture: true },
  );
}
