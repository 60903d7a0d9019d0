/**
 * The search page in the browser: the first time the visitor focuses or types in the search box,
 * the cards are fetched once (a static JSON file); each keystroke then shows the matching cards in
 * place of the index and updates the summary (a polite live region). Enter with exactly one match
 * opens that school. A `q` in the address (the form's no-script submit, a shared link) is applied
 * on load. Cards are drawn from the page's template with text and attributes only, never markup,
 * a few at a keystroke and more as the visitor reaches them.
 */
import { filterSchools, normaliseQuery, prepareSchools, searchSummary } from './filter.ts';
import type { SearchData, SearchResult } from './school-index.ts';

export const SEARCH_UNAVAILABLE =
  'Search is not available right now. Find your school by state below.';

/** Cards drawn for a keystroke (a phone's screen shows two, a desktop's grid six), then a batch at a time as the visitor nears the last. */
const FIRST_CARDS = 6;
const MORE_CARDS = 12;

export type LoadSchools = (url: string) => Promise<SearchResult[]>;

async function fetchSchools(url: string): Promise<SearchResult[]> {
  const response = await fetch(url, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const data = (await response.json()) as Partial<SearchData>;
  if (!Array.isArray(data.schools)) throw new Error(`${url} has no school list`);
  return data.schools;
}

/** One card from the template: name, brand, city, colour band and swatches, Get Started. */
function drawCard(template: HTMLTemplateElement, school: SearchResult): HTMLElement {
  const card = (template.content.firstElementChild as HTMLElement).cloneNode(true) as HTMLElement;
  const part = <E extends Element = HTMLElement>(name: string) =>
    card.querySelector<E>(`[data-${name}]`);
  card.classList.toggle('school-card--soon', school.comingSoon);
  part('card-soon')?.toggleAttribute('hidden', !school.comingSoon);
  part('card-name')!.textContent = school.name;
  const brand = part('card-brand')!;
  if (school.brand) brand.textContent = school.brand;
  else brand.remove();
  const city = part('card-city')!;
  const place = [school.city, school.state].filter(Boolean).join(', ');
  if (place) city.textContent = place;
  else city.remove();

  const band = part<SVGSVGElement>('card-band')!;
  const stripe = part<SVGRectElement>('card-band-stripe')!;
  band.setAttribute('viewBox', `0 0 ${Math.max(school.colors.length, 1)} 1`);
  const colourTemplate = part('card-colour')!;
  school.colors.forEach((colour, index) => {
    const rect = stripe.cloneNode() as SVGRectElement;
    rect.setAttribute('x', String(index));
    rect.setAttribute('fill', colour.hex);
    band.append(rect);
    const item = colourTemplate.cloneNode(true) as HTMLElement;
    item.querySelector('circle')?.setAttribute('fill', colour.hex);
    item.querySelector('[data-card-colour-name]')!.textContent = colour.name;
    colourTemplate.before(item);
  });
  stripe.remove();
  colourTemplate.remove();

  const link = part<HTMLAnchorElement>('card-link')!;
  link.href = school.href;
  part('card-link-name')!.textContent = ` with ${school.name}`;
  return card;
}

export function initSchoolSearch(
  root: ParentNode = document,
  loadSchools: LoadSchools = fetchSchools,
  go: (href: string) => void = (href) => window.location.assign(href),
): void {
  const form = root.querySelector<HTMLFormElement>('[data-school-search-form]');
  const input = root.querySelector<HTMLInputElement>('[data-school-search-input]');
  const summary = root.querySelector<HTMLElement>('[data-school-search-summary]');
  const results = root.querySelector<HTMLElement>('[data-school-search-results]');
  const template = root.querySelector<HTMLTemplateElement>('[data-school-card-template]');
  const index = root.querySelector<HTMLElement>('[data-school-index]');
  if (!form || !input || !summary || !results || !template || !index) return;

  const dataUrl = form.dataset['searchData'] ?? '';
  const total = Number(form.dataset['total'] ?? 0);
  let schools: SearchResult[] | undefined;
  let loading: Promise<SearchResult[] | undefined> | undefined;
  let failed = false;
  const cards = new Map<SearchResult, HTMLElement>();
  const cardOf = (school: SearchResult) => {
    let card = cards.get(school);
    if (!card) cards.set(school, (card = drawCard(template, school)));
    return card;
  };

  // A keystroke draws the first few matching cards; more are drawn as the last one drawn nears the
  // screen (scrolling, or tabbing through the cards), so a query matching thousands of schools
  // costs a keystroke no more than a name does. Without IntersectionObserver: a batch per task.
  let shown: { matches: readonly SearchResult[]; count: number } = { matches: [], count: 0 };
  const drawMore = (): void => {
    const { matches, count } = shown;
    if (count >= matches.length) return;
    const more = matches.slice(count, count + MORE_CARDS);
    results.append(...more.map(cardOf));
    shown.count += more.length;
    watchLast();
  };
  const nearScreen =
    typeof IntersectionObserver === 'function'
      ? new IntersectionObserver(
          (entries) => {
            if (entries.some((entry) => entry.isIntersecting)) drawMore();
          },
          { rootMargin: '0px 0px 600px 0px' },
        )
      : undefined;
  const watchLast = (): void => {
    nearScreen?.disconnect();
    if (shown.count >= shown.matches.length) return;
    const last = results.lastElementChild;
    if (nearScreen && last) nearScreen.observe(last);
    else setTimeout(drawMore, 0);
  };
  const showCards = (matches: readonly SearchResult[]) => {
    shown = { matches, count: Math.min(FIRST_CARDS, matches.length) };
    results.replaceChildren(...matches.slice(0, shown.count).map(cardOf));
    watchLast();
  };

  const load = () => {
    loading ??= loadSchools(dataUrl).then(
      (list) => {
        schools = prepareSchools(list);
        failed = false;
        return list;
      },
      (error: unknown) => {
        console.error('School search: the school list failed to load.', error);
        failed = true;
        loading = undefined;
        return undefined;
      },
    );
    return loading;
  };

  const showIndex = (text: string) => {
    showCards([]);
    results.hidden = true;
    index.hidden = false;
    if (summary.textContent !== text) summary.textContent = text;
  };

  const update = () => {
    const query = input.value;
    if (normaliseQuery(query) === '') return showIndex(searchSummary(schools?.length ?? total, ''));
    if (!schools) return failed ? showIndex(SEARCH_UNAVAILABLE) : undefined; // drawn once loaded
    const matches = filterSchools(schools, query);
    showCards(matches);
    results.hidden = matches.length === 0;
    index.hidden = true;
    summary.textContent = searchSummary(matches.length, query);
  };

  input.addEventListener('focus', () => void load(), { once: true });
  input.addEventListener('input', () => {
    update();
    if (!schools) void load().then(update);
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void load().then((list) => {
      const matches =
        list && normaliseQuery(input.value) !== '' ? filterSchools(list, input.value) : [];
      if (matches.length === 1) go(matches[0]!.href);
    });
  });

  const preset = new URLSearchParams(window.location.search).get('q');
  if (preset && !input.value) input.value = preset;
  if (input.value) void load().then(update);
}
