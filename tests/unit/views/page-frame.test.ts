import { describe, expect, it } from 'vitest';
import type { ContentPerspective } from '../../../src/lib/content/perspective-name.ts';
import { NOT_LAUNCHED_NOTICE } from '../../../src/lib/schools/lifecycle.ts';
import { PREVIEW_NOTICE, type PageHead } from '../../../src/lib/seo/page-head.ts';
import { pageFrame } from '../../../src/lib/views/page-frame.ts';

const head: PageHead = {
  title: 'Husky Mobile',
  description: 'Plans',
  canonical: 'https://schools.example/uw-husky-mobile',
  noindex: false,
  jsonLd: {},
};
const noAnalytics = { PUBLIC_SEGMENT_WRITE_KEY: undefined, PUBLIC_SEGMENT_API_HOST: undefined };

describe('pageFrame', () => {
  it('leaves a public page indexable, with no preview bar and no analytics without a write key', () => {
    const frame = pageFrame(head, { preview: false, settings: noAnalytics });
    expect(frame).toEqual({ head, notices: [], analytics: undefined });
  });

  it('marks a draft preview on every page and keeps it out of search engines', () => {
    const frame = pageFrame(head, { preview: true, settings: noAnalytics });
    expect(frame.head.noindex).toBe(true);
    expect(frame.notices).toEqual([PREVIEW_NOTICE]);
  });

  it('says a school is not launched yet, beside the preview notice when both apply', () => {
    expect(
      pageFrame(head, { notLaunched: true, preview: false, settings: noAnalytics }).notices,
    ).toEqual([NOT_LAUNCHED_NOTICE]);
    const both = pageFrame(head, { notLaunched: true, preview: true, settings: noAnalytics });
    expect(both.notices).toEqual([PREVIEW_NOTICE, NOT_LAUNCHED_NOTICE]);
    expect(both.head.noindex).toBe(true);
  });

  it("in draft mode (the editors' preview site) names what the page shows and offers the way out, back to this page", () => {
    const draftMode = (path: string, perspective: ContentPerspective) => ({
      path,
      shown: { perspective },
    });
    const drafts = pageFrame(head, {
      preview: false,
      noindex: true,
      draftMode: draftMode('/uw-husky-mobile/student', 'drafts'),
      settings: noAnalytics,
    });
    expect(drafts.shown).toEqual({ name: 'Drafts', perspective: 'drafts' });
    expect(drafts.notices).toEqual([PREVIEW_NOTICE]);
    expect(drafts.head.noindex).toBe(true);
    expect(drafts.leaveDraftMode).toBe(
      '/api/preview/disable?redirect=%2Fuw-husky-mobile%2Fstudent',
    );
    // Presentation's perspective switch on published: still draft mode, and the bar says what it shows.
    const published = pageFrame(head, {
      preview: false,
      noindex: true,
      draftMode: draftMode('/uw-husky-mobile', 'published'),
      settings: noAnalytics,
    });
    expect(published.shown).toEqual({ name: 'Published', perspective: 'published' });
    expect(published.notices).toEqual([]);
    expect(published.leaveDraftMode).toBe('/api/preview/disable?redirect=%2Fuw-husky-mobile');
    expect(
      pageFrame(head, {
        preview: false,
        draftMode: draftMode('', 'published'),
        settings: noAnalytics,
      }).leaveDraftMode,
    ).toBe('/api/preview/disable?redirect=%2F');
    // A release stack: unpublished changes, named by the release (perspective-label.test.ts), written as the cookie keeps it.
    const release = pageFrame(head, {
      preview: false,
      noindex: true,
      draftMode: draftMode('/uw-husky-mobile', { releases: ['rLaunch01'] }),
      settings: noAnalytics,
    });
    expect(release.notices).toEqual([PREVIEW_NOTICE]);
    expect(release.shown?.perspective).toBe('rLaunch01,drafts');
    // Outside draft mode there is nothing to leave or name.
    expect(
      pageFrame(head, { preview: true, settings: noAnalytics }).leaveDraftMode,
    ).toBeUndefined();
    expect(pageFrame(head, { preview: true, settings: noAnalytics }).shown).toBeUndefined();
    expect(
      pageFrame(head, { preview: false, noindex: true, settings: noAnalytics }).notices,
    ).toEqual([]);
  });

  it('hands the analytics loader its write key and API host only when a key is set', () => {
    const frame = pageFrame(head, {
      preview: false,
      settings: {
        PUBLIC_SEGMENT_WRITE_KEY: 'key-1',
        PUBLIC_SEGMENT_API_HOST: 'https://events.example',
      },
    });
    expect(frame.analytics).toEqual({ writeKey: 'key-1', apiHost: 'https://events.example' });
  });
});
