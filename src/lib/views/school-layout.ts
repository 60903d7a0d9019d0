/**
 * What SchoolLayout puts around every school page: head (title, canonical, social image,
 * JSON-LD), theme, favicon and the analytics page name.
 */
import { env } from '../config/env.ts';
import { imageFor, single } from '../content/index.ts';
import { schoolRoute } from '../routing/routes.ts';
import { schoolPageHead } from '../seo/page-head.ts';
import { themeCss } from '../theme/school-theme.ts';
import type { SchoolLayoutProps } from './school-page.ts';

/** `path`: the page's own path, without a trailing slash or `.html`. */
export function schoolLayoutView({ site, settings, route }: SchoolLayoutProps, path: string, siteUrl = env().SITE_URL) {
  const logo = imageFor(site.content.school.logo, []);
  const socialImage = imageFor(single(site.content, 'landingHeader')?.heroImage, []);
  return {
    head: schoolPageHead({ site, settings, route, siteUrl, path, logoUrl: logo?.src, imageUrl: socialImage?.src }),
    themeCss: themeCss(site.theme),
    themeColor: site.theme.primary,
    favicon: imageFor(site.content.school.favicon, [])?.src,
    pageName: schoolRoute(route).pageName,
  };
}
