import { describe, expect, it } from 'vitest';
import { pressReleaseView } from '../../../src/lib/content/press-release.ts';
import { groupContent } from '../../../src/lib/content/group.ts';

const release = (sections: Array<Record<string, unknown>>, extra: Record<string, unknown> = {}) =>
  ({
    _id: 'huskymobile-pressRelease',
    _type: 'pressRelease' as const,
    school: { _type: 'reference', _ref: 'school-huskymobile' },
    sections,
    ...extra,
  }) as Parameters<typeof pressReleaseView>[1];

describe('press release sections (docs/behaviour.md §2 Newsroom)', () => {
  it('maps the five section types in order', () => {
    const view = pressReleaseView(
      'huskymobile',
      release([
        { _key: 'a', _type: 'mainHeading', text: 'Headline' },
        { _key: 'b', _type: 'subHeading', text: 'Sub' },
        { _key: 'c', _type: 'paragraph', text: 'Body' },
        { _key: 'd', _type: 'unorderedList', items: ['One', 'Two'] },
        {
          _key: 'e',
          _type: 'contactLink',
          label: 'Media contact',
          href: 'mailto:press@example.com',
        },
      ]),
    );
    expect(view.blocks).toEqual([
      { kind: 'mainHeading', key: 'a', text: 'Headline' },
      { kind: 'subHeading', key: 'b', text: 'Sub' },
      { kind: 'paragraph', key: 'c', text: 'Body' },
      { kind: 'unorderedList', key: 'd', items: ['One', 'Two'] },
      {
        kind: 'contactLink',
        key: 'e',
        label: 'Media contact',
        link: { href: 'mailto:press@example.com', kind: 'external' },
      },
    ]);
    expect(view.problems).toEqual([]);
  });

  it('skips a section of an unknown type and reports school, document and section', () => {
    const view = pressReleaseView(
      'huskymobile',
      release([
        { _key: 'a', _type: 'paragraph', text: 'Before' },
        { _key: 'x1', _type: 'videoEmbed', text: 'ignored' },
        { _key: 'b', _type: 'paragraph', text: 'After' },
      ]),
    );
    expect(view.blocks.map((block) => block.key)).toEqual(['a', 'b']);
    expect(view.problems).toEqual([
      {
        school: 'huskymobile',
        documentType: 'pressRelease',
        documentId: 'huskymobile-pressRelease',
        reason: 'section x1 (videoEmbed) skipped: unknown type "videoEmbed"',
      },
    ]);
  });

  it('skips known sections that have nothing to show, and keeps an unsafe contact as text', () => {
    const view = pressReleaseView(
      'huskymobile',
      release([
        { _key: 'p', _type: 'paragraph', text: '  ' },
        { _key: 'l', _type: 'unorderedList', items: [] },
        { _key: 'c', _type: 'contactLink', label: 'Call us', href: 'javascript:alert(1)' },
      ]),
    );
    expect(view.blocks).toEqual([{ kind: 'contactLink', key: 'c', label: 'Call us' }]);
    expect(view.problems.map((problem) => problem.reason)).toEqual([
      'section p (paragraph) skipped: paragraph has no text',
      'section l (unorderedList) skipped: unorderedList has no items',
    ]);
  });

  it('shows the placeholder when there are no sections (the bears school)', () => {
    expect(
      pressReleaseView('bearsmobile', release([], { placeholder: 'Coming soon....' })),
    ).toEqual({ blocks: [], placeholder: 'Coming soon....', problems: [] });
  });

  it("lands in the build's content problems when content is grouped", () => {
    const school = {
      _id: 'school-huskymobile',
      _type: 'school',
      key: 'huskymobile',
      seoSlug: 'uw-husky-mobile',
      baseName: 'husky',
      schoolShort: 'UW',
      mascotNation: 'Husky Nation',
      schoolName: 'University of Washington',
      favicon: { _sanityAsset: 'image@file://x.svg' },
      logo: { _sanityAsset: 'image@file://x.svg' },
    };
    const settings = {
      _id: 'siteSettings',
      _type: 'siteSettings',
      productName: 'K1 Mobile',
      carrierLine: 'x',
      activeGiveawayIds: ['a'],
      hiddenEnterGiveawayIds: [],
      coverageMapUrl: 'https://map.example.com',
      mainSiteUrl: 'https://www.example.com',
    };
    const grouped = groupContent({
      schools: [school],
      settings,
      documents: [release([{ _key: 'q', _type: 'quote', text: 'x' }])],
    });
    expect(grouped.problems).toContainEqual(
      expect.objectContaining({
        school: 'huskymobile',
        documentType: 'pressRelease',
        reason: expect.stringContaining('section q (quote)') as string,
      }),
    );
    expect(grouped.schools[0]?.documents.pressRelease).toHaveLength(1);
  });
});
