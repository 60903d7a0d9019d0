import { describe, expect, it } from 'vitest';
import { formatRedirects, redirectRules, type RedirectRule, type RedirectSchool } from '../../../src/lib/routing/redirects.ts';

/** The six seed schools' registry entries as SPEC §2 describes them. */
const schools: RedirectSchool[] = [
  { seoSlug: 'uw-husky-mobile', legacyAliases: ['gohuskymobile', 'huskymobile'], giveawayEntryRedirect: true },
  { seoSlug: 'osu-beavs-mobile', legacyAliases: ['beavsmobile'], giveawayEntryRedirect: false },
  { seoSlug: 'cal-bears-mobile', legacyAliases: ['bearsmobile'], giveawayEntryRedirect: false },
  { seoSlug: 'cubbymobile', legacyAliases: [], giveawayEntryRedirect: true },
  { seoSlug: 'uk-kentucky-mobile', legacyAliases: ['kentuckymobile'], giveawayEntryRedirect: true },
  { seoSlug: 'utah-ute-mobile', legacyAliases: ['utemobile'], giveawayEntryRedirect: true },
];
const MAIN = 'https://www.k1mobile.example';
const rules = redirectRules(schools, MAIN);

/** Netlify-style matching of a path against the rules (first match wins), for the pure table. */
function resolve(path: string, existingPages: Set<string> = new Set()): { to: string; status: number } | undefined {
  for (const rule of rules) {
    const names: string[] = [];
    const pattern = rule.from
      .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
      .replace(/:([a-z]+)/g, (_, name: string) => { names.push(name); return '([^/]+)'; })
      .replace(/\/\*$/, () => { names.push('splat'); return '/(.*)'; });
    const match = new RegExp(`^${pattern}$`).exec(path);
    if (!match) continue;
    if (!rule.force && existingPages.has(path)) return undefined;
    let to = rule.to;
    names.forEach((name, index) => { to = to.replace(`:${name}`, match[index + 1] ?? ''); });
    return { to, status: rule.status };
  }
  return undefined;
}

describe('legacy redirects (SPEC §2)', () => {
  it.each([
    ['/gohuskymobile', '/uw-husky-mobile'],
    ['/huskymobile', '/uw-husky-mobile'],
    ['/beavsmobile', '/osu-beavs-mobile'],
    ['/bearsmobile', '/cal-bears-mobile'],
    ['/kentuckymobile', '/uk-kentucky-mobile'],
    ['/utemobile', '/utah-ute-mobile'],
  ])('%s → %s', (from, to) => {
    expect(resolve(from)).toEqual({ to, status: 301 });
  });

  it.each([
    ['/huskymobile/landingpage', '/uw-husky-mobile'],
    ['/huskymobile/student', '/uw-husky-mobile/student'],
    ['/gohuskymobile/shop-faculty-plans', '/uw-husky-mobile/faculty'],
    ['/kentuckymobile/fan', '/uk-kentucky-mobile/fan'],
    ['/utemobile/why', '/utah-ute-mobile/why'],
    ['/beavsmobile/coveragemap', '/osu-beavs-mobile/coverage-map'],
    ['/bearsmobile/newsroom', '/cal-bears-mobile/newsroom'],
    ['/huskymobile/giveawayentry/abc-123', '/uw-husky-mobile/giveaway-entry/abc-123'],
    ['/kentuckymobile/giveawayconfirmation', '/uk-kentucky-mobile/giveaway-confirmation'],
    ['/utemobile/giveaway-closed', '/utah-ute-mobile/giveaway-closed'],
    ['/cubbymobile/landingpage', '/cubbymobile'],
    ['/cubbymobile/shop-faculty-plans', '/cubbymobile/faculty'],
  ])('sub-path %s → %s', (from, to) => {
    expect(resolve(from)).toEqual({ to, status: 301 });
  });

  it('has no giveawayentry rule for the beavs and bears prefixes: those reach the main site', () => {
    expect(resolve('/beavsmobile/giveawayentry/abc')).toEqual({ to: MAIN, status: 302 });
    expect(resolve('/bearsmobile/giveawayentry/abc')).toEqual({ to: MAIN, status: 302 });
  });

  it('matches the first segment exactly', () => {
    expect(resolve('/huskymobilex')).toEqual({ to: MAIN, status: 302 });
    expect(resolve('/xhuskymobile/student')).toEqual({ to: MAIN, status: 302 });
  });
});

describe('other rules', () => {
  it('sends the header fan-plans path to the fan plan page', () => {
    expect(resolve('/uw-husky-mobile/fan-plans')).toEqual({ to: '/uw-husky-mobile/fan', status: 301 });
  });

  it('strips a trailing slash', () => {
    expect(resolve('/uw-husky-mobile/')).toEqual({ to: '/uw-husky-mobile', status: 301 });
    expect(resolve('/uw-husky-mobile/student/')).toEqual({ to: '/uw-husky-mobile/student', status: 301 });
    expect(resolve('/uw-husky-mobile/giveaway-entry/abc/')).toEqual({ to: '/uw-husky-mobile/giveaway-entry/abc', status: 301 });
  });

  it('sends an unknown giveaway id to the school closed page, while the built entry page shadows the rule', () => {
    const built = '/uw-husky-mobile/giveaway-entry/open-id';
    expect(resolve('/uw-husky-mobile/giveaway-entry/other-id', new Set([built]))).toEqual({ to: '/uw-husky-mobile/giveaway-closed', status: 302 });
    expect(resolve(built, new Set([built]))).toBeUndefined();
  });

  it('sends any other path to the main site, but never shadows a built page', () => {
    expect(resolve('/nowhere/at/all')).toEqual({ to: MAIN, status: 302 });
    expect(resolve('/uw-husky-mobile/student', new Set(['/uw-husky-mobile/student']))).toBeUndefined();
    const catchAll = rules.at(-1) as RedirectRule;
    expect(catchAll).toEqual({ from: '/*', to: MAIN, status: 302 });
  });

  it('does not redirect a current page path to itself', () => {
    for (const rule of rules) expect(rule.from).not.toBe(rule.to);
  });

  it('formats Netlify lines with ! for forced rules', () => {
    const text = formatRedirects(rules);
    expect(text).toContain('/huskymobile/student  /uw-husky-mobile/student  301!');
    expect(text).toContain('/huskymobile  /uw-husky-mobile  301\n');
    expect(text.trim().split('\n').at(-1)).toBe(`/*  ${MAIN}  302`);
  });
});

describe('order service proxy', () => {
  it('proxies the relative order-service paths when the service is configured', () => {
    const withProxy = redirectRules(schools, MAIN, 'https://orders.example.com/');
    expect(withProxy).toContainEqual({ from: '/mobileapi/*', to: 'https://orders.example.com/mobileapi/:splat', status: 200, force: true });
    expect(withProxy).toContainEqual({ from: '/account/login', to: 'https://orders.example.com/account/login', status: 200, force: true });
    expect(withProxy.findIndex((rule) => rule.from === '/nexusapi/*')).toBeLessThan(withProxy.length - 1);
  });

  it('writes no proxy rules without one', () => {
    expect(rules.some((rule) => rule.status === 200)).toBe(false);
  });
});
