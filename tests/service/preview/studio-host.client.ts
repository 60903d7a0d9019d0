/**
 * The Studio's side of Presentation, for the handshake test: a host page on another origin frames
 * the preview site (or opens it in a window of its own, Presentation's "open preview in a new
 * window", when the page has a button instead of a frame) and talks to its overlays with Sanity's
 * own libraries, as Presentation does (`@sanity/comlink`'s controller and the `presentation`
 * channel with `@sanity/presentation-comlink`'s compatibility actors). Its perspective menu plays
 * the Studio's PostMessagePerspective: `visual-editing/fetch-perspective` is answered with the
 * perspective picked, and each pick is posted as `presentation/perspective`. Bundled by the test
 * with esbuild.
 */
import { createConnectionMachine, createController } from '@sanity/comlink';
import { createCompatibilityActors } from '@sanity/presentation-comlink';

interface Received { type: string; data: unknown; at: number }

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
let perspective: string | string[] = new URL(src).searchParams.get('sanity-preview-perspective') ?? 'drafts';
const perspectiveRequests: unknown[] = [];

const channel: any = controller.createChannel(
  { name: 'presentation', connectTo: 'visual-editing', heartbeat: true },
  createConnectionMachine().provide({ actors: createCompatibilityActors() as any }) as any,
);

function record(type: string, data: unknown): void {
  const at = Date.now();
  received.push({ type, data, at });
  for (const resolve of waiting.get(type) ?? []) resolve({ at, data });
  waiting.delete(type);
}

for (const type of ['visual-editing/focus', 'visual-editing/navigate', 'visual-editing/toggle', 'visual-editing/meta', 'visual-editing/refreshing', 'visual-editing/refreshed', 'visual-editing/documents']) {
  channel.on(type, (data: unknown) => record(type, data));
}
// What Presentation answers the overlays' own requests with (no schema, no features).
channel.on('visual-editing/features', () => ({ features: {} }));
channel.on('visual-editing/fetch-perspective', (data: unknown) => {
  perspectiveRequests.push(data);
  record('visual-editing/fetch-perspective', data);
  return { perspective };
});
channel.on('visual-editing/schema', () => ({ schema: [] }));
channel.on('visual-editing/schema-union-types', () => ({ types: new Map() }));
channel.onStatus((event: { status: string }) => {
  statuses.push(event.status);
  record(`status/${event.status}`, event);
});

window.studio = {
  received,
  statuses,
  next: (type) => new Promise((resolve) => waiting.set(type, [...(waiting.get(type) ?? []), resolve])),
  post: (type, data) => channel.post(type, data),
  setPerspective: (picked) => {
    perspective = picked;
    channel.post('presentation/perspective', { perspective: picked });
  },
  perspectiveRequests,
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
