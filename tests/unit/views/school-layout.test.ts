import { describe, expect, it } from 'vitest';
import { schoolLayoutView } from '../../../src/lib/views/school-layout.ts';
import { schoolLayout } from '../../../src/lib/views/school-page.ts';
import { schoolPage } from './school-pages.ts';

const SITE_URL = 'https://site.example';

describe('schoolLayoutView', () => {
  it('gives the head its canonical URL, the theme and the route page name', async () => {
    const props = await schoolPage();
    const view = schoolLayoutView(schoolLayout(props, 'why'), `/${props.site.seoSlug}/why`, SITE_URL);
    expect(view.head.canonical).toBe(`${SITE_URL}/${props.site.seoSlug}/why`);
    expect(view.themeColor).toBe(props.site.theme.primary);
    expect(view.themeCss).toContain(`--school-primary:${props.site.theme.primary}`);
    expect(view.pageName).toBeTruthy();
  });
});
