import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sitePath } from '../../../src/lib/preview/server/redirect-path.ts';

const SITE = 'http://preview.test';

describe('where the preview site may redirect: a path of this site only', () => {
  it.each([
    ['/uw-husky-mobile/student', '/uw-husky-mobile/student'],
    [
      '/uw-husky-mobile?sanity-preview-perspective=drafts#faq',
      '/uw-husky-mobile?sanity-preview-perspective=drafts#faq',
    ],
    [
      '/uw-husky-mobile/student?a=1&b=%2F%2Fx#plans',
      '/uw-husky-mobile/student?a=1&b=%2F%2Fx#plans',
    ],
    ['/a/../b', '/b'],
    ['/a/./b/', '/a/b/'],
    ['/..', '/'],
    ['/%2e%2e/uw-husky-mobile', '/uw-husky-mobile'],
    // An encoded slash is a character of the segment, not a separator: it stays one path.
    ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
  ])('keeps %j as %j', (target, kept) => {
    expect(sitePath(target)).toBe(kept);
  });

  it.each([
    'https://evil.example/x',
    'http://evil.example',
    '//evil.example/x',
    '///evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html,hi',
    'evil.example',
    '',
    ' /x',
    // Tabs and newlines the URL parser would drop: refused as given.
    '/\tjavascript:x',
    '/x\ny',
    '/\t/evil.example',
    '/\n/evil.example',
    '/.\t//evil.example',
    '/%2e\r\n//evil.example',
    // Paths that only become `//host` once `.` and `..` segments are removed.
    '/.//evil.example',
    '/..//evil.example',
    '/%2e%2e//evil.example',
    '/%2e//evil.example',
    '/%2E//evil.example',
    '/.%2e//evil.example',
    '/%2E%2e//evil.example',
    '/a/..//evil.example',
    '/a/b/../..//evil.example',
    '/a/%2e%2e//evil.example',
    '/./\\evil.example',
    '/.//evil.example/x?y=1#z',
  ])('sends %j to the root instead', (target) => {
    expect(sitePath(target)).toBe('/');
  });

  it('sends a missing target to the fallback', () => {
    expect(sitePath(undefined)).toBe('/');
    expect(sitePath(null)).toBe('/');
    expect(sitePath('/.//evil.example', '/uw-husky-mobile')).toBe('/uw-husky-mobile');
  });

  it('never answers a path a browser would take off the site (generated paths)', () => {
    const piece = fc.constantFrom(
      '/',
      '//',
      '\\',
      '.',
      '..',
      '%2e',
      '%2E',
      '%2e%2e',
      '.%2e',
      '%2E.',
      '%2f',
      '%5c',
      '\t',
      '\n',
      '\r',
      '?',
      '#',
      '@',
      ':',
      'evil.example',
      'a',
      ' ',
    );
    const target = fc.oneof(
      fc.array(piece, { maxLength: 10 }).map((pieces) => pieces.join('')),
      fc.array(piece, { maxLength: 10 }).map((pieces) => `/${pieces.join('')}`),
      fc.string({ maxLength: 24 }),
    );
    fc.assert(
      fc.property(target, (raw) => {
        const path = sitePath(raw);
        expect(path.startsWith('/')).toBe(true);
        expect(path.startsWith('//')).toBe(false);
        expect(path.startsWith('/\\')).toBe(false);
        // As a Location the browser resolves it on this site, to the same path.
        const resolved = new URL(path, SITE);
        expect(resolved.origin).toBe(SITE);
        expect(`${resolved.pathname}${resolved.search}${resolved.hash}`).toBe(path);
        // Checking again changes nothing.
        expect(sitePath(path)).toBe(path);
      }),
      { numRuns: 5000 },
    );
  });
});
