import { describe, expect, it } from 'vitest';
import { footerLink, linkAttributes, navLink, safeHref, schoolLink } from '../../../src/lib/links.ts';

describe('links from content', () => {
  it.each([
    ['https://example.com/a', 'https://example.com/a'],
    ['http://example.com', 'http://example.com'],
    ['mailto:help@example.com', 'mailto:help@example.com'],
    ['tel:+18005550100', 'tel:+18005550100'],
    ['/uw-husky-mobile/why', '/uw-husky-mobile/why'],
    ['#faqs', '#faqs'],
  ])('keeps %s', (input, expected) => expect(safeHref(input)).toBe(expected));

  it.each(['javascript:alert(1)', 'JAVASCRIPT:alert(1)', ' javascript:alert(1)', 'data:text/html,x', 'vbscript:x', '//evil.example', 'https://', ''])(
    'drops %s', (input) => expect(safeHref(input)).toBeUndefined(),
  );

  it('builds page paths under the school and keeps anchors', () => {
    expect(schoolLink('uw-husky-mobile', 'why')).toEqual({ href: '/uw-husky-mobile/why', kind: 'internal' });
    expect(schoolLink('uw-husky-mobile', '#plans')).toEqual({ href: '#plans', kind: 'anchor' });
    expect(schoolLink('uw-husky-mobile', 'javascript:alert(1)')).toBeUndefined();
  });

  it('opens external header links in a new tab with rel=noopener', () => {
    const link = navLink('cubbymobile', { label: 'Support', externalUrl: 'https://support.example.com' } as never);
    expect(link && linkAttributes(link)).toEqual({ href: 'https://support.example.com', target: '_blank', rel: 'noopener' });
  });

  it('resolves footer links as internal, external or plain', () => {
    expect(footerLink('cubbymobile', { internalPagePath: 'newsroom' })).toEqual({ href: '/cubbymobile/newsroom', kind: 'internal' });
    expect(footerLink('cubbymobile', { externalPagePath: 'https://x.example' })).toEqual({ href: 'https://x.example', kind: 'external' });
    expect(footerLink('cubbymobile', { pagePath: 'mailto:a@b.co' })).toEqual({ href: 'mailto:a@b.co', kind: 'plain' });
    expect(footerLink('cubbymobile', { pagePath: 'javascript:void(0)' })).toBeUndefined();
  });
});
