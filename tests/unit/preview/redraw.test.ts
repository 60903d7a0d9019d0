// @vitest-environment jsdom
/**
 * Drawing a page again in place (redraw.ts, and pageDrawer's draw from the dataset in
 * page-draw.ts) in jsdom: the edit shows, while what the page's scripts did, element identity,
 * focus and islands left unchanged stay; a render that cannot be drawn in place loads the page
 * instead.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initPlanGroup } from '../../../src/lib/plans/plan-toggle.client.ts';
import { pageDrawer } from '../../../src/lib/preview/browser/page-draw.ts';
import {
  hasNewInlineCode,
  pairNodes,
  redrawDocument,
  sameText,
} from '../../../src/lib/preview/browser/redraw.ts';

interface Plan {
  id: string;
  label: string;
  description: string;
}

const PLANS: Plan[] = [
  { id: 'plan-a', label: 'Fan Essentials', description: 'Talk and text.' },
  { id: 'plan-b', label: 'Fan Unlimited', description: 'Unlimited data.' },
];

/** A school page as the server renders it (PlanCardGrid.astro's markup, an island, the theme). */
function render({
  plans = PLANS,
  title = 'Fan plans',
  theme = '#4b2e83',
  heading = 'Plans for fans',
  island = 'Husky Mobile',
} = {}): string {
  const cards = plans
    .map(
      (plan) => `
      <article class="plan-card" aria-labelledby="${plan.id}-title" data-plan-card="${plan.id}">
        <h2 id="${plan.id}-title">${plan.label}</h2>
        <p class="description" data-sanity="id=cards;type=planCards;path=plans:${plan.id}.planDescription;base=%2F">${plan.description}</p>
        <button type="button" class="plan-card__toggle" aria-expanded="false" aria-controls="${plan.id}-facts" aria-label="Broadband Facts for ${plan.label}">Broadband Facts</button>
      </article>
      <div id="${plan.id}-facts" class="plan-facts" role="region" hidden><p>Facts for ${plan.label}</p></div>`,
    )
    .join('');
  return `<!doctype html><html lang="en" data-page-name="Fan Plans"><head><meta charset="utf-8"><title>${title}</title>
    <style>:root{--school-primary:${theme}}</style><script type="module" src="/_astro/page.js"></script></head>
    <body>
      <header class="site-header" data-site-header><a href="/uw-husky-mobile">Home</a></header>
      <main id="main" class="site-main">
        <h1 data-sanity="id=page;type=fanPage;path=heading;base=%2F">${heading}</h1>
        <div class="plan-group" data-plan-group>${cards}
        </div>
        <figure class="coverage" data-coverage-map><div class="coverage__stage" data-coverage-stage><svg data-coverage-art><title>Map</title></svg></div></figure>
        <astro-island uid="x1" component-url="/_astro/Checks.js" props="{&quot;brand&quot;:[0,&quot;${island}&quot;]}" ssr client="idle" await-children><form class="check"><input name="zip" value=""></form><!--astro:end--></astro-island>
      </main>
      <footer class="site-footer"><p>© Husky Mobile</p></footer>
    </body></html>`;
}

const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');

/** Loads `html` as the live page and runs the plan cards' script on it, as the browser would. */
function load(html: string): void {
  const page = parse(html);
  document.documentElement.replaceWith(document.importNode(page.documentElement, true));
  for (const group of document.querySelectorAll<HTMLElement>('[data-plan-group]'))
    initPlanGroup(group);
}

const $ = <T extends Element = HTMLElement>(selector: string) =>
  document.querySelector<T>(selector)!;
const toggle = (id: string) => $<HTMLButtonElement>(`[aria-controls="${id}-facts"]`);
const panel = (id: string) => $(`#${id}-facts`);

afterEach(() => {
  document.documentElement.innerHTML = '<head></head><body></body>';
});

describe('redrawing a page in place', () => {
  it('shows an edited text in the same element, and the plan toggles keep working', () => {
    load(render());
    const description = $('[data-plan-card="plan-b"] .description');
    const button = toggle('plan-b');
    const before = parse(render());
    redrawDocument(
      document,
      parse(
        render({ plans: [PLANS[0]!, { ...PLANS[1]!, description: 'Unlimited data, now 5G.' }] }),
      ),
      before,
    );
    expect($('[data-plan-card="plan-b"] .description').textContent).toBe('Unlimited data, now 5G.');
    expect($('[data-plan-card="plan-b"] .description')).toBe(description);
    expect(toggle('plan-b')).toBe(button);
    button.click();
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(panel('plan-b').hidden).toBe(false);
  });

  it('keeps what the page scripts did: an open panel, their classes and attributes, a frame they added, focus', () => {
    load(render());
    toggle('plan-a').click();
    expect(panel('plan-a').hidden).toBe(false);
    const frame = document.createElement('iframe');
    $('[data-coverage-stage]').append(frame);
    $('[data-coverage-art]').setAttribute('hidden', '');
    const input = $<HTMLInputElement>('astro-island input');
    input.focus();
    input.value = '981';

    const before = parse(render());
    redrawDocument(document, parse(render({ heading: 'Plans for every fan' })), before);

    expect($('h1').textContent).toBe('Plans for every fan');
    expect(toggle('plan-a').getAttribute('aria-expanded')).toBe('true');
    expect($('[data-plan-card="plan-a"]').classList.contains('plan-card--expanded')).toBe(true);
    expect(panel('plan-a').hidden).toBe(false);
    expect($('[data-plan-group]').hasAttribute('data-ready')).toBe(true);
    expect($('[data-coverage-stage] iframe')).toBe(frame);
    expect($('[data-coverage-art]').hasAttribute('hidden')).toBe(true);
    expect(document.activeElement).toBe(input);
    expect(input.value).toBe('981');
    // The toggle still switches panels: opening B closes A.
    toggle('plan-b').click();
    expect(panel('plan-a').hidden).toBe(true);
    expect(panel('plan-b').hidden).toBe(false);
  });

  it('applies what the edit changed in attributes, classes, the title and the theme', () => {
    load(render());
    toggle('plan-a').click();
    const before = parse(render());
    const next = parse(render({ title: 'Fan plans, edited', theme: '#ffc700' }));
    next.querySelector('[data-plan-card="plan-a"]')!.classList.add('plan-card--featured');
    next.querySelector('header a')!.setAttribute('href', '/uw-husky-mobile/why');
    // Styles the overlays add to the head are no render's: they stay.
    const overlayStyle = document.createElement('style');
    overlayStyle.textContent = '.sanity-overlay{outline:1px solid}';
    document.head.append(overlayStyle);

    redrawDocument(document, next, before);

    expect(document.title).toBe('Fan plans, edited');
    expect([...document.head.querySelectorAll('style')].map((style) => style.textContent)).toEqual([
      ':root{--school-primary:#ffc700}',
      '.sanity-overlay{outline:1px solid}',
    ]);
    expect($('header a').getAttribute('href')).toBe('/uw-husky-mobile/why');
    const card = $('[data-plan-card="plan-a"]');
    expect([...card.classList]).toEqual([
      'plan-card',
      'plan-card--expanded',
      'plan-card--featured',
    ]);
  });

  it('inserts and removes what the render adds and drops, in its place, keeping the others', () => {
    load(render());
    const cardB = $('[data-plan-card="plan-b"]');
    const buttonB = toggle('plan-b');
    const plans = [
      { id: 'plan-new', label: 'Fan Starter', description: 'A first plan.' },
      PLANS[1]!,
    ];
    redrawDocument(document, parse(render({ plans })), parse(render()));

    expect(
      [...document.querySelectorAll('[data-plan-card]')].map((card) =>
        card.getAttribute('data-plan-card'),
      ),
    ).toEqual(['plan-new', 'plan-b']);
    expect(document.querySelector('#plan-a-facts')).toBeNull();
    expect($('#plan-new-facts').previousElementSibling!.getAttribute('data-plan-card')).toBe(
      'plan-new',
    );
    // The card that stayed is the same element, its toggle wired as before.
    expect($('[data-plan-card="plan-b"]')).toBe(cardB);
    buttonB.click();
    expect(panel('plan-b').hidden).toBe(false);
  });

  it('leaves an island alone while its markup is unchanged, and replaces it when it changed', () => {
    load(render());
    const island = $('astro-island');
    // Hydrated: React drew its own content, Astro dropped its server-side marks.
    island.removeAttribute('ssr');
    island.removeAttribute('await-children');
    island.querySelector('form')!.setAttribute('data-hydrated', '');
    const swaps = vi.fn();
    document.addEventListener('astro:after-swap', swaps);

    redrawDocument(document, parse(render({ heading: 'Plans' })), parse(render()));
    expect($('astro-island')).toBe(island);
    expect(island.querySelector('form')!.hasAttribute('data-hydrated')).toBe(true);
    expect(swaps).not.toHaveBeenCalled();

    redrawDocument(
      document,
      parse(render({ heading: 'Plans', island: 'Husky Mobile 5G' })),
      parse(render({ heading: 'Plans' })),
    );
    const replaced = $('astro-island');
    expect(replaced).not.toBe(island);
    expect(replaced.getAttribute('props')).toContain('Husky Mobile 5G');
    // Back in its server state, so it hydrates again; the old one's React root unmounts on Astro's swap event.
    expect(replaced.hasAttribute('ssr')).toBe(true);
    expect(island.isConnected).toBe(false);
    expect(swaps).toHaveBeenCalledTimes(1);
    document.removeEventListener('astro:after-swap', swaps);
  });

  it('without the render before, makes the page what the new render says', () => {
    load(render());
    toggle('plan-a').click();
    redrawDocument(document, parse(render({ heading: 'Plans' })), null);
    expect($('h1').textContent).toBe('Plans');
    expect(toggle('plan-a').getAttribute('aria-expanded')).toBe('false');
    expect(panel('plan-a').hidden).toBe(true);
    expect($('[data-plan-group]').hasAttribute('data-ready')).toBe(false);
  });

  it('makes a script new to the page runnable, and leaves the others in place', () => {
    load(render());
    const pageScript = $('script[src="/_astro/page.js"]');
    const next = parse(render());
    const added = next.createElement('script');
    added.type = 'module';
    added.src = '/_astro/Carousel.js';
    next.querySelector('main')!.append(added);
    redrawDocument(document, next, parse(render()));
    expect($('script[src="/_astro/page.js"]')).toBe(pageScript);
    const inserted = $<HTMLScriptElement>('main script[src="/_astro/Carousel.js"]');
    expect(inserted.type).toBe('module');
    expect(inserted.ownerDocument).toBe(document);
  });

  it('pairs nodes in order by name and key, so an insertion shifts nothing', () => {
    const list = (ids: string[]) =>
      parse(`<ul>${ids.map((id) => `<li id="${id}">${id}</li>`).join('')}</ul>`).querySelector(
        'ul',
      )!;
    const from = [...list(['a', 'b', 'c']).childNodes];
    const to = [...list(['a', 'x', 'b', 'c']).childNodes];
    const pairs = pairNodes(from, to);
    expect(to.map((node) => (pairs.get(node) as Element | undefined)?.id ?? null)).toEqual([
      'a',
      null,
      'b',
      'c',
    ]);
    // Unkeyed sections are told apart by their class: one added before the others shifts none of them.
    const sections = (classes: string[]) => [
      ...parse(
        `<main>${classes.map((name) => `<section class="${name}"></section>`).join('')}</main>`,
      ).querySelector('main')!.childNodes,
    ];
    const page = sections(['hero', 'perks', 'faq']);
    const edited = sections(['hero', 'promo', 'perks', 'faq']);
    const bySection = pairNodes(page, edited);
    expect(
      edited.map((node) => (bySection.get(node) as Element | undefined)?.className ?? null),
    ).toEqual(['hero', null, 'perks', 'faq']);
    // Unkeyed, a changed class still pairs by position.
    const plain = (classes: string[]) => [
      ...parse(
        `<div>${classes.map((name) => `<p class="${name}">t</p>`).join('')}</div>`,
      ).querySelector('div')!.childNodes,
    ];
    const before = plain(['one', 'two']);
    const after = plain(['one', 'two changed']);
    const paired = pairNodes(before, after);
    expect(after.map((node) => paired.get(node))).toEqual(before);
  });

  it('compares the text a page shows with a render, leaving out islands and code', () => {
    load(render());
    $('astro-island form').insertAdjacentHTML('beforeend', '<p>Hydrated by React</p>');
    expect(sameText(document, parse(render()))).toBe(true);
    expect(sameText(document, parse(render({ heading: 'Plans for every fan' })))).toBe(false);
  });

  it('tells when a render brings inline code the page was not served with', () => {
    const withCode = (code: string) =>
      parse(
        `<html><body><script>${code}</script><script type="application/ld+json">{"x":1}</script></body></html>`,
      );
    expect(hasNewInlineCode(withCode('a()'), withCode('a()'))).toBe(false);
    expect(hasNewInlineCode(withCode('a()'), withCode('b()'))).toBe(true);
    expect(
      hasNewInlineCode(
        withCode('a()'),
        parse('<html><body><script type="application/ld+json">{"x":2}</script></body></html>'),
      ),
    ).toBe(false);
  });
});

/** A window around jsdom's document whose fetch answers with the given responses in turn. */
function pageWindow(answers: Array<() => Promise<Response>>) {
  const fetch = vi.fn<(url: string, init?: RequestInit) => Promise<Response>>(() =>
    answers.shift()!(),
  );
  const win = {
    location: { href: 'http://localhost:4322/uw-husky-mobile/fan#plans', reload: vi.fn() },
    document,
    fetch,
    DOMParser,
    scrollX: 0,
    scrollY: 640,
    scrollTo: vi.fn(),
  };
  return win;
}

const html =
  (body: string, init: ResponseInit = {}) =>
  () =>
    Promise.resolve(
      new Response(body, {
        status: 200,
        headers: { 'content-type': 'text/html; charset=utf-8' },
        ...init,
      }),
    );

describe('pageDrawer, drawing from the dataset', () => {
  it('fetches the page again with its cookie, draws it in place and keeps the scroll position', async () => {
    load(render());
    const win = pageWindow([html(render()), html(render({ heading: 'Edited' }))]);
    const description = $('.description');
    const redraw = pageDrawer(win as never).fromDataset;
    // The page as served, fetched at once; then the page after the edit.
    expect(win.fetch).toHaveBeenCalledTimes(1);
    await redraw();
    expect(win.fetch).toHaveBeenCalledTimes(2);
    expect(win.fetch).toHaveBeenLastCalledWith(
      'http://localhost:4322/uw-husky-mobile/fan',
      expect.objectContaining({ credentials: 'include', cache: 'no-store' }),
    );
    expect($('h1').textContent).toBe('Edited');
    expect($('.description')).toBe(description);
    expect(win.location.reload).not.toHaveBeenCalled();
  });

  it('puts the scroll position back when the redraw moved it', async () => {
    load(render());
    const win = pageWindow([html(render()), html(render({ heading: 'Edited' }))]);
    const redraw = pageDrawer(win as never).fromDataset;
    // A layout change during the redraw scrolls the page (jsdom has no layout: done by hand).
    Object.defineProperty(win, 'scrollY', {
      get: vi.fn().mockReturnValueOnce(640).mockReturnValue(200),
    });
    await redraw();
    expect(win.scrollTo).toHaveBeenCalledWith({ left: 0, top: 640, behavior: 'instant' });
  });

  it('loads the page instead when the new render is an error, not HTML, a redirect or unreachable', async () => {
    for (const answer of [
      html('<h1>Server error</h1>', { status: 500 }),
      html('{}', { headers: { 'content-type': 'application/json' } }),
      () =>
        Promise.resolve(
          Object.defineProperty(
            new Response(render(), { headers: { 'content-type': 'text/html' } }),
            'redirected',
            { value: true },
          ),
        ),
      () => Promise.reject(new TypeError('Failed to fetch')),
    ]) {
      load(render());
      const win = pageWindow([html(render()), answer]);
      const redraw = pageDrawer(win as never).fromDataset;
      void redraw();
      await vi.waitFor(() => expect(win.location.reload).toHaveBeenCalledTimes(1), {
        timeout: 10_000,
      });
      expect($('h1').textContent).toBe('Plans for fans');
    }
  });

  it('loads the page instead when the new render brings inline code its policy does not allow', async () => {
    load(render());
    const win = pageWindow([
      html(render()),
      html(render().replace('</main>', '<script>window.x = 1</script></main>')),
    ]);
    void pageDrawer(win as never).fromDataset();
    await vi.waitFor(() => expect(win.location.reload).toHaveBeenCalledTimes(1), {
      timeout: 10_000,
    });
  });

  it('does not take a render newer than the page as the one before (an edit saved while the page loaded)', async () => {
    load(render());
    const edited = () =>
      render({ heading: 'Edited while loading' }).replace(
        '<a href="/uw-husky-mobile">',
        '<a href="/uw-husky-mobile/why">',
      );
    const win = pageWindow([html(edited()), html(edited())]);
    await pageDrawer(win as never).fromDataset();
    expect($('h1').textContent).toBe('Edited while loading');
    // Compared with a render that already had the edit, the link would have looked unchanged.
    expect($('header a').getAttribute('href')).toBe('/uw-husky-mobile/why');
  });

  it('draws without the render before when that could not be fetched', async () => {
    load(render());
    const win = pageWindow([
      () => Promise.reject(new TypeError('Failed to fetch')),
      html(render({ heading: 'Edited' })),
    ]);
    await pageDrawer(win as never).fromDataset();
    expect($('h1').textContent).toBe('Edited');
    expect(win.location.reload).not.toHaveBeenCalled();
  });
});
