/**
 * The generated rules, run through Netlify's own matcher (@netlify/redirects, the WASM matcher
 * netlify-cli runs) with a given set of existing pages for shadowing. No files, no server.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RedirectsHandler } from '@netlify/redirects';
import { describe, expect, it } from 'vitest';
import {
  ASSET_PATHS,
  formatRedirects,
  redirectRules,
  upperCaseGiveawayRules,
  type RedirectRule,
  type RedirectSchool,
} from '../../../src/lib/routing/redirects.ts';
import { PARAMETER_ROUTE_NAMES, fixedSchoolPages } from '../../school-pages.ts';

/** The six seed schools' registry entries as docs/behaviour.md §2 describes them. */
const schools: RedirectSchool[] = [
  {
    seoSlug: 'uw-husky-mobile',
    legacyAliases: ['gohuskymobile', 'huskymobile'],
    giveawayEntryRedirect: true,
  },
  { seoSlug: 'osu-beavs-mobile', legacyAliases: ['beavsmobile'], giveawayEntryRedirect: false },
  { seoSlug: 'cal-bears-mobile', legacyAliases: ['bearsmobile'], giveawayEntryRedirect: false },
  { seoSlug: 'cubbymobile', legacyAliases: [], giveawayEntryRedirect: true },
  { seoSlug: 'uk-kentucky-mobile', legacyAliases: ['kentuckymobile'], giveawayEntryRedirect: true },
  { seoSlug: 'utah-ute-mobile', legacyAliases: ['utemobile'], giveawayEntryRedirect: true },
];
const MAIN = 'https://www.k1mobile.example';
const OPEN_ENTRY = '/uk-kentucky-mobile/giveaway-entry/open-id';
/** The open events: Kentucky's (its entry page is built), another GUID, and an id with no letters. */
const ACTIVE_IDS = ['open-id', '053219F6-7cee-4319-a4f1-aab3f833263f', '12345'];
const rules = redirectRules(schools, MAIN, undefined, { activeGiveawayIds: ACTIVE_IDS });

/**
 * Pages and files as Netlify would find them (`/x` and `/x/` both reach `x.html`): every fixed route
 * of the route table for every school, and one open giveaway's entry page.
 */
const PAGES = new Set([
  '/',
  '/search',
  '/default',
  '/404.html',
  OPEN_ENTRY,
  '/_astro/app.js',
  ...schools.flatMap(({ seoSlug }) => fixedSchoolPages(seoSlug).map((page) => page.path)),
]);

it('knows a built page for every route with a parameter (the giveaway entry is the only one)', () => {
  // A new route with a parameter needs its page in PAGES above, as OPEN_ENTRY is for the entry page.
  expect(PARAMETER_ROUTE_NAMES).toEqual(['giveaway-entry']);
});

function engine(list: readonly RedirectRule[]): RedirectsHandler {
  return new RedirectsHandler({
    configRedirects: [...list],
    projectDir: mkdtempSync(join(tmpdir(), 'rules-')),
    jwtRoleClaim: '',
    jwtSecret: '',
  });
}
const netlify = engine(rules);

interface Outcome {
  status: number;
  location?: string;
}

/** One request: Netlify's matcher, then its shadowing rule (an existing file beats an unforced rule). */
async function answer(path: string, handler: RedirectsHandler = netlify): Promise<Outcome> {
  const request = new Request(`https://site.example${path}`);
  const file = (candidate: Request) => {
    const wanted = new URL(candidate.url).pathname.replace(/(.)\/$/, '$1');
    return Promise.resolve(
      PAGES.has(wanted) ? () => Promise.resolve(new Response('page')) : undefined,
    );
  };
  const match = await handler.match(request);
  if (match === undefined) return { status: (await file(request)) ? 200 : 404 };
  if (!match.force && (await file(request))) return { status: 200 }; // shadowed by the file
  const response = await handler.handle(request, match, file);
  if (response === undefined) return { status: 404 };
  if (match.redirect && response.status >= 300 && response.status < 400) {
    const location = response.headers.get('location') ?? '';
    return {
      status: response.status,
      location: location.startsWith('https://site.example')
        ? new URL(location).pathname
        : location.replace(/\/$/, ''),
    };
  }
  return { status: match.redirect || response.status !== 200 ? response.status : match.statusCode };
}

/** Follows redirects on the site until a final answer; the hops taken. */
async function walk(path: string): Promise<{ hops: string[]; final: Outcome }> {
  const hops: string[] = [];
  let current = path;
  for (;;) {
    const outcome = await answer(current);
    if (outcome.location === undefined || !outcome.location.startsWith('/'))
      return { hops, final: outcome };
    hops.push(outcome.location);
    if (hops.length > 5) throw new Error(`redirect loop from ${path}: ${hops.join(' → ')}`);
    current = outcome.location;
  }
}

describe('legacy redirects (docs/behaviour.md §2)', () => {
  it.each([
    ['/gohuskymobile', '/uw-husky-mobile'],
    ['/huskymobile', '/uw-husky-mobile'],
    ['/beavsmobile', '/osu-beavs-mobile'],
    ['/bearsmobile', '/cal-bears-mobile'],
    ['/kentuckymobile', '/uk-kentucky-mobile'],
    ['/utemobile', '/utah-ute-mobile'],
    ['/huskymobile/', '/uw-husky-mobile'],
  ])('%s → %s in one 301', async (from, to) => {
    expect(await answer(from)).toEqual({ status: 301, location: to });
  });

  it.each([
    ['/huskymobile/landingpage', '/uw-husky-mobile'],
    ['/huskymobile/student', '/uw-husky-mobile/student'],
    ['/gohuskymobile/shop-faculty-plans', '/uw-husky-mobile/faculty'],
    ['/kentuckymobile/fan', '/uk-kentucky-mobile/fan'],
    ['/utemobile/why', '/utah-ute-mobile/why'],
    ['/beavsmobile/coveragemap', '/osu-beavs-mobile/coverage-map'],
    ['/bearsmobile/newsroom', '/cal-bears-mobile/newsroom'],
    ['/kentuckymobile/giveawayentry/open-id', OPEN_ENTRY],
    ['/kentuckymobile/giveawayconfirmation', '/uk-kentucky-mobile/giveaway-confirmation'],
    ['/utemobile/giveaway-closed', '/utah-ute-mobile/giveaway-closed'],
    ['/cubbymobile/landingpage', '/cubbymobile'],
    ['/cubbymobile/shop-faculty-plans', '/cubbymobile/faculty'],
    ['/huskymobile/giveawayentry/unknown-id', '/uw-husky-mobile/giveaway-closed'],
  ])('sub-path %s lands on %s in at most two hops', async (from, to) => {
    const { hops, final } = await walk(from);
    expect(final.status).toBe(200);
    expect(hops.at(-1)).toBe(to);
    expect(hops.length).toBeLessThanOrEqual(2);
  });

  it('has no giveawayentry redirect for the beavs and bears prefixes: those reach the main site', async () => {
    expect(await answer('/beavsmobile/giveawayentry/abc')).toEqual({ status: 302, location: MAIN });
    expect(await answer('/bearsmobile/giveawayentry/abc')).toEqual({ status: 302, location: MAIN });
  });

  it('matches the first segment exactly', async () => {
    expect(await answer('/huskymobilex')).toEqual({ status: 302, location: MAIN });
    expect((await walk('/xhuskymobile/student')).final).toEqual({ status: 302, location: MAIN });
  });
});

describe('pages, trailing slashes, giveaways, catch-all', () => {
  it('serves every page at its bare path and at the path with a slash, with no redirect', async () => {
    for (const page of PAGES) {
      expect(await answer(page), page).toEqual({ status: 200 });
      if (page !== '/') expect(await answer(`${page}/`), `${page}/`).toEqual({ status: 200 });
    }
  });

  it('sends the header fan-plans path to the fan plan page', async () => {
    expect(await answer('/uw-husky-mobile/fan-plans')).toEqual({
      status: 301,
      location: '/uw-husky-mobile/fan',
    });
    expect(await answer('/uw-husky-mobile/fan-plans/')).toEqual({
      status: 301,
      location: '/uw-husky-mobile/fan',
    });
  });

  it('sends an unknown giveaway id to the school closed page, while the built entry page shadows the rule', async () => {
    expect(await answer('/uk-kentucky-mobile/giveaway-entry/other-id')).toEqual({
      status: 302,
      location: '/uk-kentucky-mobile/giveaway-closed',
    });
    expect(await answer(OPEN_ENTRY)).toEqual({ status: 200 });
  });

  it('sends any other path to the main site, but never shadows a built page', async () => {
    expect(await answer('/nowhere/at/all')).toEqual({ status: 302, location: MAIN });
    expect(await answer('/nowhere/')).toEqual({ status: 302, location: MAIN });
    expect(rules.at(-1)).toEqual({ from: '/*', to: MAIN, status: 302 });
  });

  it("answers 404 for a missing file under the site's own asset paths", async () => {
    for (const path of [
      '/_astro/gone.js',
      '/content-images/gone.webp',
      '/backgrounds/gone.jpg',
      '/favicon.ico',
    ]) {
      expect(await answer(path), path).toEqual({ status: 404 });
    }
    expect(await answer('/_astro/app.js')).toEqual({ status: 200 });
  });
});

describe('giveaway ids in upper case (some mail tools upper-case links)', () => {
  it('answers one 301 from the upper-cased entry address to the lower-case one, which is the page', async () => {
    expect(await answer('/uk-kentucky-mobile/giveaway-entry/OPEN-ID')).toEqual({
      status: 301,
      location: OPEN_ENTRY,
    });
    expect(await walk('/uk-kentucky-mobile/giveaway-entry/OPEN-ID')).toEqual({
      hops: [OPEN_ENTRY],
      final: { status: 200 },
    });
    expect(await answer('/uk-kentucky-mobile/giveaway-entry/OPEN-ID/')).toEqual({
      status: 301,
      location: OPEN_ENTRY,
    });
    expect(await answer(OPEN_ENTRY)).toEqual({ status: 200 });
  });

  it('lower-cases every active id once, for every school; a school whose event is another goes on to its closed page', async () => {
    const guid = '053219f6-7cee-4319-a4f1-aab3f833263f';
    expect(upperCaseGiveawayRules(ACTIVE_IDS)).toEqual([
      {
        from: '/:school/giveaway-entry/OPEN-ID',
        to: '/:school/giveaway-entry/open-id',
        status: 301,
      },
      {
        from: `/:school/giveaway-entry/${guid.toUpperCase()}`,
        to: `/:school/giveaway-entry/${guid}`,
        status: 301,
      },
    ]);
    expect(await walk(`/uw-husky-mobile/giveaway-entry/${guid.toUpperCase()}`)).toEqual({
      hops: [`/uw-husky-mobile/giveaway-entry/${guid}`, '/uw-husky-mobile/giveaway-closed'],
      final: { status: 200 },
    });
  });

  it('never matches the lower-case address itself (Netlify matches rule paths case-sensitively), so it cannot loop', async () => {
    const only = engine(upperCaseGiveawayRules(ACTIVE_IDS));
    expect(await only.match(new Request(`https://site.example${OPEN_ENTRY}`))).toBeUndefined();
    expect(
      await only.match(
        new Request('https://site.example/uk-kentucky-mobile/giveaway-entry/Open-Id'),
      ),
    ).toBeUndefined();
  });

  it('reaches the page from a legacy alias with an upper-cased id in two hops', async () => {
    expect(await walk('/kentuckymobile/giveawayentry/OPEN-ID')).toEqual({
      hops: ['/uk-kentucky-mobile/giveawayentry/OPEN-ID', OPEN_ENTRY],
      final: { status: 200 },
    });
  });

  it('writes no rule for an id without letters or one a rule cannot carry', () => {
    expect(upperCaseGiveawayRules(['12345', 'a b', ':splat', '*'])).toEqual([]);
    expect(upperCaseGiveawayRules(['ABC', 'abc'])).toHaveLength(1);
  });
});

describe('the rule set', () => {
  it('forces no rule and has no rule that can match its own target (no loops)', async () => {
    for (const rule of rules) {
      expect(rule.force, rule.from).toBeUndefined();
      if (!rule.to.startsWith('/') || (rule.status !== 301 && rule.status !== 302)) continue;
      const target = rule.to.replace(/:[a-z]+/g, 'x');
      const single = engine([rule]);
      expect(await answer(target, single), `${rule.from} → ${rule.to}`).not.toMatchObject({
        location: target,
      });
    }
  });

  it('puts the missing-asset 404s first and the catch-all last; shared rules use placeholders once', () => {
    expect(rules.slice(0, ASSET_PATHS.length).map((rule) => rule.status)).toEqual(
      ASSET_PATHS.map(() => 404),
    );
    const shared = rules.filter((rule) => rule.from.startsWith('/:school/'));
    expect(shared.map((rule) => rule.from)).toEqual([...new Set(shared.map((rule) => rule.from))]);
    expect(shared.length).toBeGreaterThanOrEqual(7);
  });

  it('adds two lines per legacy alias (three without a giveawayentry redirect) and nothing else per school', () => {
    const aliases = schools.flatMap((school) =>
      school.legacyAliases.map(() => school.giveawayEntryRedirect),
    );
    const none = redirectRules([], MAIN, undefined, { activeGiveawayIds: ACTIVE_IDS }).length;
    expect(rules.length).toBe(none + aliases.reduce((sum, entry) => sum + (entry ? 2 : 3), 0));
    const many = Array.from({ length: 600 }, (_, index) => ({
      seoSlug: `school-${index}`,
      legacyAliases: [`old-${index}`],
      giveawayEntryRedirect: index % 2 === 0,
    }));
    expect(redirectRules(many, MAIN, undefined, { activeGiveawayIds: ACTIVE_IDS }).length).toBe(
      none + 300 * 2 + 300 * 3,
    );
    expect(
      redirectRules(
        [{ seoSlug: 'new-school', legacyAliases: [], giveawayEntryRedirect: true }],
        MAIN,
      ).length,
    ).toBe(redirectRules([], MAIN).length);
  });

  it('sends a legacy giveawayentry link under an alias on in two hops, through the shared rule', async () => {
    expect(await walk('/kentuckymobile/giveawayentry/open-id')).toEqual({
      hops: ['/uk-kentucky-mobile/giveawayentry/open-id', OPEN_ENTRY],
      final: { status: 200 },
    });
    expect(rules.filter((rule) => rule.from.startsWith('/kentuckymobile'))).toEqual([
      { from: '/kentuckymobile', to: '/uk-kentucky-mobile', status: 301 },
      { from: '/kentuckymobile/*', to: '/uk-kentucky-mobile/:splat', status: 301 },
    ]);
  });

  it('formats Netlify lines, ! only for forced proxy rules', () => {
    const text = formatRedirects(rules);
    expect(text).toContain('/huskymobile/*  /uw-husky-mobile/:splat  301\n');
    expect(text).toContain('/_astro/*  /404.html  404\n');
    expect(text.trim().split('\n').at(-1)).toBe(`/*  ${MAIN}  302`);
    expect(text).not.toContain('!');
  });
});

describe('order service proxy', () => {
  it('proxies the relative order-service paths when the service is configured, before every other rule', async () => {
    const withProxy = redirectRules(schools, MAIN, 'https://orders.example.com/');
    expect(withProxy).toContainEqual({
      from: '/mobileapi/*',
      to: 'https://orders.example.com/mobileapi/:splat',
      status: 200,
      force: true,
    });
    expect(withProxy).toContainEqual({
      from: '/account/login',
      to: 'https://orders.example.com/account/login',
      status: 200,
      force: true,
    });
    const match = await engine(withProxy).match(
      new Request('https://site.example/mobileapi/zipcode/98105/eligibility'),
    );
    expect(match).toMatchObject({ external: true, statusCode: 200 });
    expect(match?.target.href).toBe(
      'https://orders.example.com/mobileapi/zipcode/98105/eligibility',
    );
  });

  it('writes no proxy rules without one', () => {
    expect(rules.some((rule) => rule.status === 200)).toBe(false);
  });
});

describe('retired schools', () => {
  const retired = [
    {
      seoSlug: 'old-husky-mobile',
      legacyAliases: ['oldhusky', 'olderhusky'],
      redirectTo: '/uw-husky-mobile',
    },
    { seoSlug: 'gone-mobile', legacyAliases: ['gonemobile'], redirectTo: MAIN },
  ];
  const withRetired = engine(redirectRules(schools, MAIN, undefined, { retired }));

  it.each([
    ['/old-husky-mobile', '/uw-husky-mobile'],
    ['/old-husky-mobile/', '/uw-husky-mobile'],
    ['/old-husky-mobile/student', '/uw-husky-mobile'],
    ['/old-husky-mobile/fan-plans', '/uw-husky-mobile'],
    ['/old-husky-mobile/giveaway-entry/some-id', '/uw-husky-mobile'],
    ['/oldhusky', '/uw-husky-mobile'],
    ['/olderhusky/shop-faculty-plans', '/uw-husky-mobile'],
    ['/oldhusky/giveawayentry/some-id', '/uw-husky-mobile'],
    ['/gone-mobile', MAIN],
    ['/gone-mobile/why', MAIN],
    ['/gonemobile/landingpage', MAIN],
  ])('%s answers one 301 to %s', async (from, to) => {
    expect(await answer(from, withRetired)).toEqual({ status: 301, location: to });
  });

  it("leaves every other school's rules as they were", async () => {
    expect(await answer('/huskymobile/student', withRetired)).toEqual({
      status: 301,
      location: '/uw-husky-mobile/student',
    });
    expect(await answer('/uw-husky-mobile/fan-plans', withRetired)).toEqual({
      status: 301,
      location: '/uw-husky-mobile/fan',
    });
  });
});
