import { describe, expect, it } from 'vitest';
import { dropUnsafeLinks, isAllowedLink } from '../../../src/lib/content/link-guard.ts';

describe('link guard at the content door', () => {
  it.each(['https://a.example/x', 'mailto:a@b.co', 'tel:+18005550100', '/cubbymobile/why', '#plans', 'why', 'coverage-map', 'giveaway/rules'])(
    'allows %s', (value) => expect(isAllowedLink(value)).toBe(true),
  );

  it.each(['javascript:alert(1)', 'data:text/html,x', 'vbscript:msgbox', 'file:///etc/passwd', 'java\tscript:x', ' JaVaScRiPt:alert(1)'])(
    'refuses %s', (value) => expect(isAllowedLink(value)).toBe(false),
  );

  // Another host is a link to another site: kept (rendered as external, new tab), never a site path.
  it.each(['//evil.example', '/\\evil.example', '/\t/evil.example'])('keeps %j for the renderer to treat as external', (value) => {
    expect(isAllowedLink(value)).toBe(true);
  });

  it('drops unsafe link fields anywhere in a document and says where', () => {
    const { value, dropped } = dropUnsafeLinks({
      _id: 'x', title: 'javascript: is only text here',
      links: [{ label: 'ok', externalUrl: 'https://ok.example' }, { label: 'bad', externalUrl: 'javascript:alert(1)' }],
      policy: { link: 'data:text/html,x' },
    });
    expect(dropped).toEqual([
      { field: 'links[1].externalUrl', value: 'javascript:alert(1)', reason: 'scheme javascript: is not allowed' },
      { field: 'policy.link', value: 'data:text/html,x', reason: 'scheme data: is not allowed' },
    ]);
    expect(value).toEqual({
      _id: 'x', title: 'javascript: is only text here',
      links: [{ label: 'ok', externalUrl: 'https://ok.example' }, { label: 'bad' }],
      policy: {},
    });
  });
});
