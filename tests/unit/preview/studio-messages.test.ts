/**
 * Only the Studio talks to a preview page (studio-messages.ts): a message is taken only from one of
 * the Studio's origins and from the window Presentation shows the page from (the parent frame, else
 * the opener); the filter stops every other before any later listener (comlink's) sees it. The
 * same in Chromium, with Sanity's comlink on both sides: tests/service/preview/presentation-origin.test.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  acceptOnlyStudioMessages,
  isStudioMessage,
  readStudioOrigins,
  studioOriginsElement,
  studioWindowOf,
} from '../../../src/lib/preview/studio-messages.ts';

const STUDIO = 'https://studio.example';
const ORIGINS = [STUDIO, 'https://second-studio.example'];
const studioWindow = { name: 'the Studio' };
const otherWindow = { name: 'another window' };

/** The page's document, holding `html` as the block's text. */
const documentWith = (text: string | undefined) => ({
  getElementById: (id: string) =>
    id === 'sanity-studio-origins' && text !== undefined
      ? ({ textContent: text } as HTMLElement)
      : null,
});

describe('which messages a preview page takes', () => {
  it('from a Studio origin and the window that shows the page only', () => {
    const cases: Array<[string, { origin: string; source: unknown }, unknown, boolean]> = [
      [
        'the Studio, from the window that shows the page',
        { origin: STUDIO, source: studioWindow },
        studioWindow,
        true,
      ],
      ['a second Studio origin', { origin: ORIGINS[1]!, source: studioWindow }, studioWindow, true],
      [
        'another origin, from that window',
        { origin: 'https://evil.example', source: studioWindow },
        studioWindow,
        false,
      ],
      [
        'a Studio origin, from another window',
        { origin: STUDIO, source: otherWindow },
        studioWindow,
        false,
      ],
      [
        'the page itself',
        { origin: 'https://preview.example', source: otherWindow },
        studioWindow,
        false,
      ],
      ['an opaque origin', { origin: 'null', source: studioWindow }, studioWindow, false],
      ['no source', { origin: STUDIO, source: null }, null, false],
      ['a page neither framed nor opened', { origin: STUDIO, source: undefined }, undefined, false],
    ];
    for (const [name, event, from, taken] of cases)
      expect(isStudioMessage(event, ORIGINS, from), name).toBe(taken);
    expect(isStudioMessage({ origin: STUDIO, source: studioWindow }, [], studioWindow)).toBe(false);
  });

  it('the window that shows the page: its parent frame when framed, else its opener', () => {
    const parent = { name: 'parent' };
    const opener = { name: 'opener' };
    const framed = { self: {}, top: {}, parent, opener };
    expect(studioWindowOf(framed as unknown as Window)).toBe(parent);
    const top = {} as Window;
    expect(studioWindowOf({ self: top, top, parent: top, opener } as unknown as Window)).toBe(
      opener,
    );
    expect(studioWindowOf({ self: top, top, parent: top, opener: null } as unknown as Window)).toBe(
      null,
    );
  });

  it('the origins the server writes into the page, read back; none from a broken block', () => {
    const element = studioOriginsElement([STUDIO, 'https://x.example/</script><b>']);
    expect(element).not.toContain('</script><b>');
    const text = /<script[^>]*>(.*)<\/script>$/.exec(element)![1];
    expect(readStudioOrigins(documentWith(text))).toEqual([
      STUDIO,
      'https://x.example/</script><b>',
    ]);
    expect(readStudioOrigins(documentWith(undefined))).toEqual([]);
    expect(readStudioOrigins(documentWith('{"a":1}'))).toEqual([]);
    expect(readStudioOrigins(documentWith('[1,"https://studio.example"'))).toEqual([]);
    expect(readStudioOrigins(documentWith('[1,"https://studio.example"]'))).toEqual([STUDIO]);
  });

  it("stops every other message before a listener added later (comlink's) sees it", () => {
    const target = new EventTarget();
    acceptOnlyStudioMessages(target, ORIGINS, studioWindow);
    const heard: string[] = [];
    target.addEventListener('message', (event) => heard.push((event as MessageEvent).origin));
    const post = (origin: string, source: unknown) =>
      target.dispatchEvent(Object.assign(new Event('message'), { origin, source }));
    post('https://evil.example', studioWindow);
    post(STUDIO, otherWindow);
    post(STUDIO, studioWindow);
    expect(heard).toEqual([STUDIO]);
  });
});
