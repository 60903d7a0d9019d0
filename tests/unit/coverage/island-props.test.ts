import { describe, expect, it } from 'vitest';
import {
  coverageChecksProps,
  coverageMapSources,
  coverageMapTitle,
} from '../../../src/lib/coverage/island-props.ts';

describe('coverage page props', () => {
  it('gives the island only the service name', () => {
    const site = {
      tenant: { name: 'Husky Mobile', id: '1', extra: { big: true } },
      content: { documents: {} },
    };
    expect(coverageChecksProps(site)).toEqual({ brand: 'Husky Mobile' });
  });
  it('embeds only an https map address', () => {
    const embed = (coverageMapUrl: string) =>
      coverageMapSources({ coverageMapUrl, coverageMapLink: undefined }).embedUrl;
    expect(embed('https://coverage.example-carrier.com/embed')).toBe(
      'https://coverage.example-carrier.com/embed',
    );
    expect(embed('http://coverage.example-carrier.com/embed')).toBeUndefined();
    expect(embed('javascript:alert(1)')).toBeUndefined();
  });
  it('titles the frame from content, else after the service', () => {
    expect(coverageMapTitle('Husky Mobile', 'Husky Mobile coverage map')).toBe(
      'Husky Mobile coverage map',
    );
    expect(coverageMapTitle('Bears Mobile', undefined)).toBe('Bears Mobile coverage map');
    expect(coverageMapTitle('Bears Mobile', '  ')).toBe('Bears Mobile coverage map');
  });
});

describe('coverageMapSources', () => {
  it("prefers the school's coverage page addresses over the site settings', https only", () => {
    const settings = {
      coverageMapUrl: 'https://maps.example.com/embed',
      coverageMapLink: 'https://maps.example.com/',
    };
    expect(coverageMapSources(settings)).toEqual({
      embedUrl: 'https://maps.example.com/embed',
      linkUrl: 'https://maps.example.com/',
    });
    expect(
      coverageMapSources(settings, {
        coverageMapUrl: 'https://school.example.com/embed',
        coverageMapLink: undefined,
      }),
    ).toEqual({
      embedUrl: 'https://school.example.com/embed',
      linkUrl: 'https://maps.example.com/',
    });
    expect(
      coverageMapSources({
        coverageMapUrl: 'http://maps.example.com/embed',
        coverageMapLink: 'javascript:alert(1)',
      }),
    ).toEqual({ embedUrl: undefined, linkUrl: undefined });
    expect(
      coverageMapSources({ coverageMapUrl: undefined, coverageMapLink: undefined }, undefined),
    ).toEqual({ embedUrl: undefined, linkUrl: undefined });
  });
});
