/**
 * What SchoolLayout puts around every school page: head (title, canonical, social image,
 * JSON-LD), theme, favicon, the analytics page name and loader, the preview bar's notices, and the
 * header and footer.
 */
import { env } from '../config/env.ts';
import { imageFor, single } from '../content/index.ts';
import { schoolRoute } from '../route-table/routes.ts';
import { schoolPageHead } from '../seo/page-head.ts';
import { themeStylesheet } from '../theme/theme-stylesheet.ts';
import type { SchoolLayoutProps } from './school-page.ts';
import { pageFrame } from './page-frame.ts';
import { siteFooterView, siteHeaderView } from './site-frame.ts';

/** `path`: the page's own path, without a trailing slash or `.html`. */
export function schoolLayoutView(props: SchoolLayoutProps, path: string, siteUrl = env().SITE_URL) {
  const { site, settings, route, shown } = props;
  const logo = imageFor(site.content.school.logo, []);
  const socialImage = imageFor(single(site.content, 'landingHeader')?.heroImage, []);
  // A school that is not launched yet is shown on previews only: marked as such and never indexed (pageFrame).
  const notLaunched = site.status === 'preparing';
  const head = schoolPageHead({
    school: {
      product: site.tenant.name,
      schoolName: site.content.school.schoolName,
      seoSlug: site.seoSlug,
    },
    operator: settings,
    route,
    siteUrl,
    path,
    logoUrl: logo?.src,
    imageUrl: socialImage?.src,
  });
  return {
    // A page rendered on request is the editors' preview: never indexed. Its edit attribute is there
    // only in draft mode: the bar then names what the page shows and offers the way out of draft mode.
    ...pageFrame(
      head,
      shown
        ? {
            notLaunched,
            preview: false,
            noindex: true,
            draftMode: props.editAttribute ? { path, shown } : undefined,
          }
        : { notLaunched },
    ),
    notLaunched,
    // A page rendered on request (the editors' preview) has no built stylesheet to link: its
    // colours are inline (its policy allows inline styles); a built page (and `astro dev`, which
    // answers the file: build/integration.ts) links its school's file.
    theme: { ...themeStylesheet(site.theme), inline: shown !== undefined },
    themeColor: site.theme.primary,
    favicon: imageFor(site.content.school.favicon, [])?.src,
    pageName: schoolRoute(route).pageName,
    header: siteHeaderView(site, path, props),
    footer: siteFooterView(site, props),
  };
}
