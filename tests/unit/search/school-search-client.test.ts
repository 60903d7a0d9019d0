// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  SEARCH_UNAVAILABLE,
  initSchoolSearch,
  type LoadSchools,
} from '../../../src/lib/search/school-search.client.ts';
import type { SearchResult } from '../../../src/lib/search/school-index.ts';

const SCHOOLS: SearchResult[] = [
  {
    name: 'University of Washington',
    city: 'Seattle',
    state: 'Washington',
    brand: 'Husky Mobile',
    href: '/uw-husky-mobile',
    comingSoon: false,
    colors: [
      { name: 'Husky Purple', hex: '#4B2E83' },
      { name: 'Husky Gold', hex: '#B7A57A' },
    ],
  },
  {
    name: 'Washington State University',
    city: 'Pullman',
    state: 'Washington',
    href: '/wsu-cougs-mobile',
    comingSoon: false,
    colors: [{ name: 'Crimson', hex: '#981E32' }],
  },
  {
    name: 'Ball State University',
    city: 'Muncie',
    state: 'Indiana',
    href: 'https://main.example/?school=Ball+State+University',
    comingSoon: true,
    colors: [
      { name: 'Cardinal', hex: '#ba0c2f' },
      { name: 'White', hex: '#ffffff' },
    ],
  },
];

/** The markup SchoolSearch.astro writes (its data attributes and card template), with a tiny list of states. */
function renderPage(): void {
  document.body.innerHTML = `
    <form role="search" data-school-search-form data-search-data="/search-schools.json" data-total="3">
      <label for="q">School name, city or state</label><input id="q" type="search" name="q" data-school-search-input>
    </form>
    <p role="status" data-school-search-summary>Showing all 3 schools</p>
    <ul aria-label="Matching schools" data-school-search-results hidden></ul>
    <template data-school-card-template><li class="school-card">
      <svg viewBox="0 0 2 1" data-card-band><rect y="0" width="1" height="1" data-card-band-stripe /></svg>
      <div><p data-card-soon>Coming soon</p><h2 data-card-name></h2><p data-card-brand></p><p data-card-city></p>
      <p data-card-colours><span>School colours:</span><span data-card-colour><svg><circle r="9" /></svg><span data-card-colour-name></span></span></p>
      <a data-card-link>Get Started<span data-card-link-name></span></a></div>
    </li></template>
    <nav data-school-index><h2>Schools by state</h2><a href="/search/washington">Washington</a></nav>`;
}

const $ = <E extends Element = HTMLElement>(selector: string) =>
  document.querySelector<E>(selector)!;
const summary = () => $('[role="status"]').textContent;
const cards = () => [
  ...document.querySelectorAll<HTMLElement>('[data-school-search-results] > li'),
];
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

async function type(text: string): Promise<void> {
  const input = $<HTMLInputElement>('[data-school-search-input]');
  input.value = text;
  input.dispatchEvent(new Event('input'));
  await flush();
}

async function pressEnter(): Promise<void> {
  $<HTMLFormElement>('[data-school-search-form]').dispatchEvent(
    new Event('submit', { cancelable: true }),
  );
  await flush();
}

function start(load: LoadSchools = vi.fn(() => Promise.resolve(SCHOOLS))) {
  renderPage();
  const go = vi.fn();
  initSchoolSearch(document, load, go);
  return { load, go };
}

afterEach(() => {
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
});

describe('search page script', () => {
  it('fetches the cards once, when the box is first focused', async () => {
    const { load } = start();
    expect(load).not.toHaveBeenCalled();
    $('[data-school-search-input]').dispatchEvent(new Event('focus'));
    await type('wash');
    await type('washi');
    expect(load).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledWith('/search-schools.json');
  });

  it('shows the matching cards in place of the index as the visitor types, and counts them', async () => {
    start();
    await type('WASH');
    expect(summary()).toBe('Showing 2 school(s) that match "WASH"');
    expect(cards().map((card) => card.querySelector('h2')?.textContent)).toEqual([
      'University of Washington',
      'Washington State University',
    ]);
    expect($('[data-school-index]').hidden).toBe(true);
    expect($('[data-school-search-results]').hidden).toBe(false);

    await type('muncie');
    expect(summary()).toBe('Showing 1 school(s) that match "muncie"');
    await type('Harvard');
    expect(summary()).toBe('No schools found matching "Harvard"');
    expect(cards()).toHaveLength(0);
    expect($('[data-school-search-results]').hidden).toBe(true);

    await type('  ');
    expect(summary()).toBe('Showing all 3 schools');
    expect($('[data-school-index]').hidden).toBe(false);
  });

  it('draws a card with name, brand, city, colours and a named Get Started link', async () => {
    start();
    await type('seattle');
    const [card] = cards();
    expect(card?.querySelector('h2')?.textContent).toBe('University of Washington');
    expect(card?.querySelector('[data-card-soon]')?.hasAttribute('hidden')).toBe(true);
    expect(card?.textContent).toContain('Husky Mobile');
    expect(card?.textContent).toContain('Seattle, Washington');
    expect(
      [...card!.querySelectorAll('[data-card-colour-name]')].map((name) => name.textContent),
    ).toEqual(['Husky Purple', 'Husky Gold']);
    expect(
      [...card!.querySelectorAll('circle')].map((circle) => circle.getAttribute('fill')),
    ).toEqual(['#4B2E83', '#B7A57A']);
    expect(
      [...card!.querySelectorAll('[data-card-band] rect')].map((rect) => [
        rect.getAttribute('x'),
        rect.getAttribute('fill'),
      ]),
    ).toEqual([
      ['0', '#4B2E83'],
      ['1', '#B7A57A'],
    ]);
    expect(card?.querySelector('a')?.getAttribute('href')).toBe('/uw-husky-mobile');
    expect(card?.querySelector('a')?.textContent).toBe('Get Started with University of Washington');
    expect(card?.outerHTML).not.toContain('style=');
  });

  it('marks a seed school as coming soon, its Get Started going to the main site', async () => {
    start();
    await type('ball');
    const [card] = cards();
    expect(card?.classList.contains('school-card--soon')).toBe(true);
    expect(card?.querySelector('[data-card-soon]')?.hasAttribute('hidden')).toBe(false);
    expect(card?.querySelector('[data-card-brand]')).toBeNull();
    expect(card?.querySelector('a')?.getAttribute('href')).toBe(
      'https://main.example/?school=Ball+State+University',
    );
  });

  it('writes names as text, never as markup', async () => {
    start(() =>
      Promise.resolve([{ ...SCHOOLS[0]!, name: '<img src=x onerror=alert(1)> College' }]),
    );
    await type('college');
    expect(cards()[0]?.querySelector('img')).toBeNull();
    expect(cards()[0]?.querySelector('h2')?.textContent).toBe(
      '<img src=x onerror=alert(1)> College',
    );
  });

  it('Enter opens the school when exactly one matches, and does nothing otherwise', async () => {
    const { go } = start();
    await type('wash');
    await pressEnter();
    expect(go).not.toHaveBeenCalled();
    await type('pullman');
    await pressEnter();
    expect(go).toHaveBeenCalledWith('/wsu-cougs-mobile');
    go.mockClear();
    await type('');
    await pressEnter();
    expect(go).not.toHaveBeenCalled();
  });

  it('Enter typed before the cards arrive still opens the single match', async () => {
    let release: (list: SearchResult[]) => void = () => undefined;
    const { go } = start(
      () =>
        new Promise((resolve) => {
          release = resolve;
        }),
    );
    const input = $<HTMLInputElement>('[data-school-search-input]');
    input.value = 'ball state';
    await pressEnter();
    expect(go).not.toHaveBeenCalled();
    release(SCHOOLS);
    await flush();
    expect(go).toHaveBeenCalledWith('https://main.example/?school=Ball+State+University');
  });

  it('when the cards cannot be fetched, says so, keeps the index and tries again on the next keystroke', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = vi
      .fn<LoadSchools>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(SCHOOLS);
    start(load);
    await type('utah');
    expect(summary()).toBe(SEARCH_UNAVAILABLE);
    expect($('[data-school-index]').hidden).toBe(false);
    await type('wash');
    expect(load).toHaveBeenCalledTimes(2);
    expect(summary()).toBe('Showing 2 school(s) that match "wash"');
  });

  it('draws the first cards of a large answer at once and the rest after that frame, in order', async () => {
    const many: SearchResult[] = Array.from({ length: 300 }, (_, index) => ({
      ...SCHOOLS[1]!,
      name: `Campus ${String(index).padStart(3, '0')}`,
      href: `/campus-${index}`,
    }));
    start(() => Promise.resolve(many));
    await type('campus');
    expect(summary()).toBe('Showing 300 school(s) that match "campus"');
    expect(cards().length).toBeGreaterThan(0);
    expect(cards().length).toBeLessThan(300);
    await vi.waitFor(() => expect(cards()).toHaveLength(300), { timeout: 10_000 });
    expect(cards().map((card) => card.querySelector('h2')?.textContent)).toEqual(
      many.map((school) => school.name),
    );
  });

  it("stops drawing an older keystroke's cards when the visitor types on", async () => {
    const many: SearchResult[] = Array.from({ length: 300 }, (_, index) => ({
      ...SCHOOLS[1]!,
      name: `Campus ${index}`,
      href: `/campus-${index}`,
    }));
    start(() => Promise.resolve([...many, SCHOOLS[0]!]));
    await type('campus');
    await type('seattle');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(cards().map((card) => card.querySelector('h2')?.textContent)).toEqual([
      'University of Washington',
    ]);
  });

  it('applies a query from the address (the form sent without script, or a shared link)', async () => {
    window.history.replaceState(null, '', '/search?q=pullman');
    start();
    await flush();
    expect($<HTMLInputElement>('[data-school-search-input]').value).toBe('pullman');
    expect(summary()).toBe('Showing 1 school(s) that match "pullman"');
  });
});
