import { describe, expect, it } from 'vitest';
import { dropUnsafeLinks, isAllowedLink } from '../../../src/lib/content/link-guard.ts';

describe('link guard at the content door', () => {
  it.each([
    'https://a.example/x',
    'mailto:a@b.co',
    'tel:+18005550100',
    '/cubbymobile/why',
    '#plans',
    'why',
    'coverage-map',
    'giveaway/rules',
  ])('allows %s', (value) => expect(isAllowedLink(value)).toBe(true));

  it.each([
    'javascript:alert(1)',
    'data:text/html,x',
    'vbscript:msgbox',
    'file:///etc/passwd',
    'java\tscript:x',
    ' JaVaScRiPt:alert(1)',
  ])('refuses %s', (value) => expect(isAllowedLink(value)).toBe(false));

  // Another host is a link to another site: kept (rendered as external, new tab), never a site path.
  it.each(['//evil.example', '/\\evil.example', '/\t/evil.example'])(
    'keeps %j for the renderer to treat as external',
    (value) => {
      expect(isAllowedLink(value)).toBe(true);
    },
  );

  it('drops unsafe link fields anywhere in a document and says where', () => {
    const { value, dropped } = dropUnsafeLinks({
      _id: 'x',
      title: 'javascript: is only text here',
      links: [
        { label: 'ok', externalUrl: 'https://ok.example' },
        { label: 'bad', externalUrl: 'javascript:alert(1)' },
      ],
      policy: { link: 'data:text/html,x' },
    });
    expect(dropped).toEqual([
      {
        field: 'links[1].externalUrl',
        value: 'javascript:alert(1)',
        reason: 'scheme javascript: is not allowed',
      },
      { field: 'policy.link', value: 'data:text/html,x', reason: 'scheme data: is not allowed' },
    ]);
    expect(value).toEqual({
      _id: 'x',
      title: 'javascript: is only text here',
      links: [{ label: 'ok', externalUrl: 'https://ok.example' }, { label: 'bad' }],
      policy: {},
    });
  });

  it('leaves the input untouched and shares the parts with nothing to drop', () => {
    const safe = { label: 'ok', externalUrl: 'https://ok.example' };
    const input = {
      _id: 'y',
      links: [safe, { label: 'bad', externalUrl: 'javascript:alert(1)' }],
      footer: { pagePath: '/why' },
    };
    const before = structuredClone(input);
    const { value, dropped } = dropUnsafeLinks(input);
    expect(input).toEqual(before);
    expect(dropped).toEqual([
      {
        field: 'links[1].externalUrl',
        value: 'javascript:alert(1)',
        reason: 'scheme javascript: is not allowed',
      },
    ]);
    const result = value as typeof input;
    expect(result.links[0]).toBe(safe);
    expect(result.footer).toBe(input.footer);
    expect(dropUnsafeLinks(safe).value).toBe(safe);
  });

  it('names top-level array entries by index', () => {
    expect(dropUnsafeLinks([{ url: 'javascript:x' }]).dropped).toEqual([
      { field: '[0].url', value: 'javascript:x', reason: 'scheme javascript: is not allowed' },
    ]);
  });
});
