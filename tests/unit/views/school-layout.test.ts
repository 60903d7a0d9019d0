import { describe, expect, it } from 'vitest';
import { schoolLayoutView } from '../../../src/lib/views/school-layout.ts';
import { schoolLayout } from '../../../src/lib/views/school-page.ts';
import { schoolPage } from './school-pages.ts';

const SITE_URL = 'https://site.example';

describe('schoolLayoutView', () => {
  it('gives the head its canonical URL, the theme and the route page name', async () => {
    const props = await schoolPage();
    const view = schoolLayoutView(
      schoolLayout(props, 'why'),
      `/${props.site.seoSlug}/why`,
      SITE_URL,
    );
    expect(view.head.canonical).toBe(`${SITE_URL}/${props.site.seoSlug}/why`);
    expect(view.themeColor).toBe(props.site.theme.primary);
    expect(view.theme.css).toContain(`--school-primary:${props.site.theme.primary}`);
    expect(view.theme.href).toMatch(/^\/_astro\/school-theme\.[\w-]{12}\.css$/);
    expect(view.theme.inline).toBe(false);
    expect(view.pageName).toBeTruthy();
  });

  it('marks a school that is not launched yet and keeps its pages out of search engines', async () => {
    const school = await schoolPage();
    const live = schoolLayoutView(
      schoolLayout(school, 'landing'),
      `/${school.site.seoSlug}`,
      SITE_URL,
    );
    expect(live.notLaunched).toBe(false);
    expect(live.head.noindex).toBe(false);
    const preparing = { ...school, site: { ...school.site, status: 'preparing' as const } };
    const view = schoolLayoutView(
      schoolLayout(preparing, 'landing'),
      `/${school.site.seoSlug}`,
      SITE_URL,
    );
    expect(view.notLaunched).toBe(true);
    expect(view.head.noindex).toBe(true);
  });

  it('hands the header its current page and the footer its columns', async () => {
    const props = await schoolPage();
    const view = schoolLayoutView(
      schoolLayout(props, 'why'),
      `/${props.site.seoSlug}/why`,
      SITE_URL,
    );
    expect(view.header.links.find((item) => item.current)?.link.href).toBe(
      `/${props.site.seoSlug}/why`,
    );
    expect(view.footer?.columns).toHaveLength(4);
  });

  it("on the editors' preview site, only a page in draft mode (it has the edit attribute) offers to leave it", async () => {
    const props = await schoolPage();
    const path = `/${props.site.seoSlug}/why`;
    const editAttribute = () => 'id=x;type=y;path=z';
    const drafts = schoolLayoutView(
      schoolLayout({ ...props, shown: { perspective: 'drafts' }, editAttribute }, 'why'),
      path,
      SITE_URL,
    );
    expect(drafts.leaveDraftMode).toBe(`/api/preview/disable?redirect=${encodeURIComponent(path)}`);
    expect(drafts.shown).toEqual({ name: 'Drafts', perspective: 'drafts' });
    expect(drafts.head.noindex).toBe(true);
    // A visitor of the preview site (no draft mode): published content, no bar, never indexed.
    const published = schoolLayoutView(
      schoolLayout({ ...props, shown: { perspective: 'published' } }, 'why'),
      path,
      SITE_URL,
    );
    expect(published.leaveDraftMode).toBeUndefined();
    expect(published.shown).toBeUndefined();
    expect(published.notices).toEqual([]);
    expect(published.head.noindex).toBe(true);
    expect(
      schoolLayoutView(schoolLayout(props, 'why'), path, SITE_URL).leaveDraftMode,
    ).toBeUndefined();
  });
});
