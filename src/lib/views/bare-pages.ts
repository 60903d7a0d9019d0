/**
 * The pages that belong to no school (docs/behaviour.md §2, §5): coming soon (/ and /default), school search
 * and the small 404 page. They read the whole site matrix: settings and every served school.
 */
import { env } from '../config/env.ts';
import { DEFAULT_DESCRIPTION } from '../route-table/routes.ts';
import type { SiteMatrix } from '../routing/index.ts';
import { SEARCH_DATA_PATH, schoolIndexGroups, schoolIndexHtml, searchData } from '../search/school-index.ts';
import { searchCards, servedSchoolCards } from '../search/schools.ts';
import { barePageHead, COMING_SOON_TITLE, type PageHead } from '../seo/page-head.ts';
import { schoolColours } from '../theme/school-theme.ts';
import { pageFrame } from './page-frame.ts';

const PAGE_NAME = 'Generic Page';

function layout(head: PageHead) {
  return { ...pageFrame(head), pageName: PAGE_NAME };
}

export function comingSoonView({ settings }: Pick<SiteMatrix, 'settings'>, path: '/' | '/default', siteUrl = env().SITE_URL) {
  return {
    layout: layout(barePageHead({ settings, siteUrl, path, title: COMING_SOON_TITLE, description: DEFAULT_DESCRIPTION })),
    comingSoon: { productName: settings.productName },
  };
}

/** Every school on the search page: the served ones from the matrix, then the seed list coming soon. */
function searchCardsOf({ schools }: Pick<SiteMatrix, 'schools'>) {
  return searchCards(servedSchoolCards(schools.map((site) => ({
    seoSlug: site.seoSlug, brand: site.tenant.name, school: site.content.school,
    colours: schoolColours(site.tenant, site.content.school),
  }))));
}

/** The search page carries the plain index of links; the cards come from `searchDataView`'s file. */
export function searchView({ settings, mainSiteUrl, schools }: Pick<SiteMatrix, 'settings' | 'mainSiteUrl' | 'schools'>, siteUrl = env().SITE_URL) {
  const { schools: results } = searchData(searchCardsOf({ schools }), mainSiteUrl);
  return {
    layout: layout(barePageHead({ settings, siteUrl, path: '/search', title: 'Find Your School', description: DEFAULT_DESCRIPTION })),
    search: {
      productName: settings.productName,
      mainSiteUrl,
      total: results.length,
      indexHtml: schoolIndexHtml(schoolIndexGroups(results)),
      dataUrl: SEARCH_DATA_PATH,
    },
  };
}

/** The JSON file behind the search box: one card per school. */
export function searchDataView({ mainSiteUrl, schools }: Pick<SiteMatrix, 'mainSiteUrl' | 'schools'>) {
  return searchData(searchCardsOf({ schools }), mainSiteUrl);
}

export function notFoundView({ settings, mainSiteUrl }: Pick<SiteMatrix, 'settings' | 'mainSiteUrl'>, siteUrl = env().SITE_URL) {
  const head = barePageHead({ settings, siteUrl, path: '/404', title: `Not found | ${settings.productName}`, description: 'This file does not exist.' });
  return {
    layout: layout({ ...head, noindex: true }),
    notFound: { productName: settings.productName, mainSiteUrl },
  };
}
