import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  classifyLink,
  EXTERNAL_SCHEMES,
  footerLink,
  linkAttributes,
  navLink,
  schoolLink,
  type LinkVerdict,
} from '../../../src/lib/links/classify.ts';

const ORIGIN = 'https://site.example';
const BASE = '/uw-husky-mobile/';
const classify = (raw: string) => classifyLink(raw, ORIGIN, BASE);

describe('the link classifier: examples', () => {
  it.each([
    ['https://example.com/a', { kind: 'external', href: 'https://example.com/a' }],
    ['http://example.com', { kind: 'external', href: 'http://example.com/' }],
    ['mailto:help@example.com', { kind: 'external', href: 'mailto:help@example.com' }],
    ['tel:+18005550100', { kind: 'external', href: 'tel:+18005550100' }],
    ['/uw-husky-mobile/why', { kind: 'internal', href: '/uw-husky-mobile/why' }],
    ['why', { kind: 'internal', href: '/uw-husky-mobile/why' }],
    ['giveaway/rules/', { kind: 'internal', href: '/uw-husky-mobile/giveaway/rules' }],
    ['https://SITE.example/fan?x=1#top', { kind: 'internal', href: '/fan?x=1#top' }],
    ['#faqs', { kind: 'anchor', href: '#faqs' }],
    ['  #faqs', { kind: 'anchor', href: '#faqs' }],
  ])('keeps %j', (input, expected) => expect(classify(input)).toEqual(expected));

  // The bypasses: a browser reads each of these as another host, so they are external (new tab), never site paths.
  it.each([
    ['/\\evil.example', 'https://evil.example/'],
    ['/\t/evil.example', 'https://evil.example/'],
    ['/\n/evil.example', 'https://evil.example/'],
    ['//evil.example/steal', 'https://evil.example/steal'],
    ['\\\\evil.example', 'https://evil.example/'],
    [' \u0000/\r\\evil.example', 'https://evil.example/'],
  ])('reads %j as the other site it is', (input, href) =>
    expect(classify(input)).toEqual({ kind: 'external', href }),
  );

  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:x',
    'java\nscript:x',
    '\u0001javascript:x',
    'data:text/html,x',
    'vbscript:x',
    'file:///etc/passwd',
    'blob:https://site.example/x',
    'https://',
    '',
    '   ',
  ])('drops %j', (input) => expect(classify(input).kind).toBe('dropped'));

  it('reads a same-scheme relative link the way the parser does', () => {
    expect(classify('https:/evil.example')).toEqual({ kind: 'internal', href: '/evil.example' });
    expect(classify('http:/evil.example')).toEqual({
      kind: 'external',
      href: 'http://evil.example/',
    });
  });

  it('keeps a path that would start with // on the site', () => {
    expect(classify('/.//evil.example')).toEqual({ kind: 'internal', href: '/evil.example' });
  });

  it('builds page paths under the school and keeps anchors', () => {
    expect(schoolLink('uw-husky-mobile', 'why', ORIGIN)).toEqual({
      href: '/uw-husky-mobile/why',
      kind: 'internal',
    });
    expect(schoolLink('uw-husky-mobile', '#plans', ORIGIN)).toEqual({
      href: '#plans',
      kind: 'anchor',
    });
    expect(schoolLink('uw-husky-mobile', 'javascript:alert(1)', ORIGIN)).toBeUndefined();
    expect(schoolLink('uw-husky-mobile', '/\\evil.example', ORIGIN)).toEqual({
      href: 'https://evil.example/',
      kind: 'external',
    });
  });

  it('opens external links in a new tab with rel="noopener noreferrer"', () => {
    const link = navLink('cubbymobile', { externalUrl: 'https://support.example.com' }, ORIGIN);
    expect(link && linkAttributes(link)).toEqual({
      href: 'https://support.example.com/',
      target: '_blank',
      rel: 'noopener noreferrer',
    });
    expect(linkAttributes({ kind: 'internal', href: '/x' })).toEqual({ href: '/x' });
  });

  it('resolves footer links from the first field that is set', () => {
    expect(footerLink('cubbymobile', { internalPagePath: 'newsroom' }, ORIGIN)).toEqual({
      href: '/cubbymobile/newsroom',
      kind: 'internal',
    });
    expect(footerLink('cubbymobile', { externalPagePath: 'https://x.example' }, ORIGIN)).toEqual({
      href: 'https://x.example/',
      kind: 'external',
    });
    expect(footerLink('cubbymobile', { pagePath: 'mailto:a@b.co' }, ORIGIN)).toEqual({
      href: 'mailto:a@b.co',
      kind: 'external',
    });
    expect(footerLink('cubbymobile', { pagePath: 'javascript:void(0)' }, ORIGIN)).toBeUndefined();
  });
});

/* Generated tricky inputs. */
const junk = fc.constantFrom(
  '',
  ' ',
  '\t',
  '\n',
  '\r',
  '\u0000',
  '\u001f',
  '\f',
  '\u00a0',
  '\u200b',
);
const slash = fc.constantFrom('/', '\\', '%2f', '%5c', '/\t', '\t', '\n', '/\n');
const host = fc.constantFrom(
  'evil.example',
  'EVIL.example',
  'site.example',
  'SITE.EXAMPLE',
  'site.example.evil.example',
  'evil.example@site.example',
  'site.example@evil.example',
  '127.0.0.1',
  '[::1]',
  'xn--e1afmkfd.example',
);
const scheme = fc.constantFrom(
  'http',
  'https',
  'HTTPS',
  'javascript',
  'JaVaScRiPt',
  'data',
  'vbscript',
  'file',
  'mailto',
  'tel',
  'ftp',
  'blob',
  'java%73cript',
  '&#106;avascript',
  'jav&#x09;ascript',
);
/** Inserts tabs/newlines/entities anywhere in a string. */
const sprinkled = (text: string) =>
  fc
    .array(
      fc.tuple(fc.nat(text.length), fc.constantFrom('\t', '\n', '\r', '&#x09;', '%09', '\u0000')),
      { maxLength: 3 },
    )
    .map((cuts) => {
      let out = text;
      for (const [at, piece] of cuts.sort((a, b) => b[0] - a[0]))
        out = out.slice(0, at) + piece + out.slice(at);
      return out;
    });

const trickyLink = fc.oneof(
  // slash/backslash runs then a host: the scheme-relative family
  fc
    .tuple(
      junk,
      fc.array(slash, { minLength: 1, maxLength: 4 }),
      host,
      fc.constantFrom('', '/x', '?q=1', '#h'),
    )
    .map((parts) => parts.flat().join('')),
  // scheme variants with tabs/newlines/entities sprinkled in
  fc
    .tuple(
      junk,
      scheme,
      fc.constantFrom(':', '%3a', '&#58;', '&colon;'),
      fc.constantFrom(
        'alert(1)',
        '//evil.example/',
        '/\\evil.example',
        'a@b.co',
        '+18005550100',
        'https://site.example/x',
        '//site.example/',
      ),
    )
    .chain(([lead, name, colon, rest]) => sprinkled(`${lead}${name}${colon}${rest}`)),
  // bare page paths and anchors, sometimes percent-encoded or mixed case
  fc
    .tuple(
      junk,
      fc.constantFrom('', '#', '/', './', '../', '../..'),
      fc.stringMatching(/^[A-Za-z0-9%./#?-]{0,12}$/),
    )
    .map((parts) => parts.join('')),
  fc.string({ unit: 'binary', maxLength: 24 }),
);

/** The URL parser's "C0 control or space": U+0000 to U+0020. */
const isC0ControlOrSpace = (text: string, at: number) => text.charCodeAt(at) <= 0x20;

/** What the URL parser reads of `raw`: C0 controls and spaces cut from both ends, tabs and newlines removed. */
function asTheUrlParserReads(raw: string): string {
  let start = 0;
  let end = raw.length;
  while (start < end && isC0ControlOrSpace(raw, start)) start += 1;
  while (end > start && isC0ControlOrSpace(raw, end - 1)) end -= 1;
  return raw.slice(start, end).replace(/[\t\n\r]/g, '');
}

const resolvedOrigin = (raw: string) => URL.parse(asTheUrlParserReads(raw), new URL(BASE, ORIGIN));

function rendersSafely(verdict: LinkVerdict): void {
  if (verdict.kind === 'dropped') return;
  // What the browser makes of the href we render, read from any page of the site.
  const read = new URL(verdict.href, `${ORIGIN}/some/page`);
  if (verdict.kind === 'internal') {
    expect(verdict.href).toMatch(/^\/(?![/\\])/);
    expect(read.origin).toBe(ORIGIN);
  } else if (verdict.kind === 'anchor') {
    expect(verdict.href.startsWith('#')).toBe(true);
  } else {
    expect(EXTERNAL_SCHEMES.has(read.protocol)).toBe(true);
    expect(read.href).toBe(verdict.href);
    expect(read.origin).not.toBe(ORIGIN);
  }
}

describe('the link classifier: properties over generated tricky inputs', () => {
  it('never renders an href that a browser reads as another scheme or another host than the verdict says', () => {
    fc.assert(
      fc.property(trickyLink, (raw) => rendersSafely(classify(raw))),
      { numRuns: 5000 },
    );
  });

  it('calls a link internal exactly when the URL parser puts it on the site origin', () => {
    fc.assert(
      fc.property(trickyLink, (raw) => {
        const verdict = classify(raw);
        const url = resolvedOrigin(raw);
        const onSite =
          url !== null &&
          url.protocol === 'https:' &&
          url.host === 'site.example' &&
          raw.split('').some((_, at) => !isC0ControlOrSpace(raw, at));
        expect(verdict.kind === 'internal' || verdict.kind === 'anchor').toBe(onSite);
      }),
      { numRuns: 5000 },
    );
  });

  it('drops every scheme other than http(s), mailto and tel', () => {
    fc.assert(
      fc.property(trickyLink, (raw) => {
        const url = resolvedOrigin(raw);
        if (url !== null && !EXTERNAL_SCHEMES.has(url.protocol))
          expect(classify(raw).kind).toBe('dropped');
      }),
      { numRuns: 5000 },
    );
  });

  it('is stable: classifying a rendered href again gives the same link', () => {
    fc.assert(
      fc.property(trickyLink, (raw) => {
        const verdict = classify(raw);
        if (verdict.kind === 'dropped') return;
        expect(classifyLink(verdict.href, ORIGIN, '/some/page')).toEqual(verdict);
      }),
      { numRuns: 3000 },
    );
  });
});
