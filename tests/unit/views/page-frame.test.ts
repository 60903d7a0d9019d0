import { describe, expect, it } from 'vitest';
import { NOT_LAUNCHED_NOTICE } from '../../../src/lib/schools/lifecycle.ts';
import { PREVIEW_NOTICE, type PageHead } from '../../../src/lib/seo/page-head.ts';
import { DRAFT_MODE_PUBLISHED_NOTICE, pageFrame } from '../../../src/lib/views/page-frame.ts';

const head: PageHead = { title: 'Husky Mobile', description: 'Plans', canonical: 'https://schools.example/uw-husky-mobile', noindex: false, jsonLd: {} };
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
    expect(pageFrame(head, { notLaunched: true, preview: false, settings: noAnalytics }).notices).toEqual([NOT_LAUNCHED_NOTICE]);
    const both = pageFrame(head, { notLaunched: true, preview: true, settings: noAnalytics });
    expect(both.notices).toEqual([PREVIEW_NOTICE, NOT_LAUNCHED_NOTICE]);
    expect(both.head.noindex).toBe(true);
  });

  it('in draft mode (the editors\' preview site) offers the way out of it, back to this page', () => {
    const drafts = pageFrame(head, { preview: true, noindex: true, draftModePath: '/uw-husky-mobile/student', settings: noAnalytics });
    expect(drafts.notices).toEqual([PREVIEW_NOTICE]);
    expect(drafts.leaveDraftMode).toBe('/api/preview/disable?redirect=%2Fuw-husky-mobile%2Fstudent');
    // Presentation's perspective switch on published: still draft mode, and the bar says so.
    const published = pageFrame(head, { preview: false, noindex: true, draftModePath: '/uw-husky-mobile', settings: noAnalytics });
    expect(published.notices).toEqual([DRAFT_MODE_PUBLISHED_NOTICE]);
    expect(published.leaveDraftMode).toBe('/api/preview/disable?redirect=%2Fuw-husky-mobile');
    expect(pageFrame(head, { preview: false, draftModePath: '', settings: noAnalytics }).leaveDraftMode).toBe('/api/preview/disable?redirect=%2F');
    // Outside draft mode there is nothing to leave.
    expect(pageFrame(head, { preview: true, settings: noAnalytics }).leaveDraftMode).toBeUndefined();
    expect(pageFrame(head, { preview: false, noindex: true, settings: noAnalytics }).notices).toEqual([]);
  });

  it('hands the analytics loader its write key and API host only when a key is set', () => {
    const frame = pageFrame(head, { preview: false, settings: { PUBLIC_SEGMENT_WRITE_KEY: 'key-1', PUBLIC_SEGMENT_API_HOST: 'https://events.example' } });
    expect(frame.analytics).toEqual({ writeKey: 'key-1', apiHost: 'https://events.example' });
  });
});
