/**
 * The pages that belong to no school (docs/behaviour.md §2, §5): coming soon (/ and /default), school search
 * and the small 404 page. They read the whole site matrix: settings and every served school.
 */
import { env } from '../config/env.ts';
import { DEFAULT_DESCRIPTION } from '../route-table/routes.ts';
import type { SiteMatrix } from '../routing/index.ts';
import {
  SEARCH_DATA_PATH,
  groupLinksHtml,
  groupListHtml,
  groupPages,
  groupHref,
  schoolIndexGroups,
  searchData,
  type GroupPage,
  type IndexGroup,
  type SearchData,
} from '../search/school-index.ts';
import { requestSchoolHref } from '../search/links.ts';
import { searchCards, servedSchoolCards } from '../search/schools.ts';
import { barePageHead, COMING_SOON_TITLE, type PageHead } from '../seo/page-head.ts';
import { schoolColours } from '../theme/school-theme.ts';
import { pageFrame } from './page-frame.ts';

const PAGE_NAME = 'Generic Page';

function layout(head: PageHead) {
  return { ...pageFrame(head), pageName: PAGE_NAME };
}

export function comingSoonView(
  { settings }: Pick<SiteMatrix, 'settings'>,
  path: '/' | '/default',
  siteUrl = env().SITE_URL,
) {
  return {
    layout: layout(
      barePageHead({
        settings,
        siteUrl,
        path,
        title: COMING_SOON_TITLE,
        description: DEFAULT_DESCRIPTION,
      }),
    ),
    comingSoon: { productName: settings.productName },
  };
}

/** Every school on the search page: the served ones from the matrix, then the seed list coming soon. */
function searchCardsOf({ schools }: Pick<SiteMatrix, 'schools'>) {
  return searchCards(
    servedSchoolCards(
      schools.map((site) => ({
        seoSlug: site.seoSlug,
        brand: site.tenant.name,
        school: site.content.school,
        colours: schoolColours(site.tenant, site.content.school),
      })),
    ),
  );
}

interface SearchIndex {
  mainSiteUrl: string;
  data: SearchData;
  total: number;
  groups: IndexGroup[];
  pages: GroupPage[];
}

/** The search's cards and groups, made once per build (the search page, each group page and the cards' file read them). */
const indexOf = new WeakMap<SiteMatrix['schools'], SearchIndex>();
function searchIndex({
  mainSiteUrl,
  schools,
}: Pick<SiteMatrix, 'mainSiteUrl' | 'schools'>): SearchIndex {
  let made = indexOf.get(schools);
  if (made?.mainSiteUrl !== mainSiteUrl) {
    const data = searchData(searchCardsOf({ schools }), mainSiteUrl);
    const groups = schoolIndexGroups(data.schools);
    made = { mainSiteUrl, data, total: data.schools.length, groups, pages: groupPages(groups) };
    indexOf.set(schools, made);
  }
  return made;
}

/** The search page: the box, and a link per state to its page of schools; the cards come from `searchDataView`'s file. */
export function searchView(
  matrix: Pick<SiteMatrix, 'settings' | 'mainSiteUrl' | 'schools'>,
  siteUrl = env().SITE_URL,
) {
  const { settings, mainSiteUrl } = matrix;
  const { total, groups } = searchIndex(matrix);
  return {
    layout: layout(
      barePageHead({
        settings,
        siteUrl,
        path: '/search',
        title: 'Find Your School',
        description: DEFAULT_DESCRIPTION,
      }),
    ),
    search: {
      productName: settings.productName,
      requestSchoolHref: requestSchoolHref(mainSiteUrl),
      total,
      groupsHtml: groupLinksHtml(groups),
      dataUrl: SEARCH_DATA_PATH,
    },
  };
}

/** Every group page's address segment, for the static build. */
export function searchGroupPaths(matrix: Pick<SiteMatrix, 'mainSiteUrl' | 'schools'>) {
  return searchIndex(matrix).pages.map((page) => ({ params: { group: page.slug } }));
}

/** One group page (`/search/{slug}`): its schools as links; undefined when there is no such group. */
export function searchGroupView(
  matrix: Pick<SiteMatrix, 'settings' | 'mainSiteUrl' | 'schools'>,
  slug: string | undefined,
  siteUrl = env().SITE_URL,
) {
  const { settings, mainSiteUrl } = matrix;
  const page = searchIndex(matrix).pages.find((candidate) => candidate.slug === slug);
  if (!page) return undefined;
  const part = page.pages > 1 ? ` (page ${page.page} of ${page.pages})` : '';
  return {
    layout: layout(
      barePageHead({
        settings,
        siteUrl,
        path: groupHref(page.slug),
        title: `${page.title}${part} | Find Your School`,
        description: `The schools listed under ${page.title}${part} on ${settings.productName}'s school search.`,
      }),
    ),
    group: {
      productName: settings.productName,
      title: page.title,
      page: page.page,
      pages: page.pages,
      count: page.schools.length,
      listHtml: groupListHtml(page.schools),
      previous: page.previous,
      next: page.next,
      requestSchoolHref: requestSchoolHref(mainSiteUrl),
    },
  };
}

/** The JSON file behind the search box: one card per school. */
export function searchDataView(matrix: Pick<SiteMatrix, 'mainSiteUrl' | 'schools'>): SearchData {
  return searchIndex(matrix).data;
}

export function notFoundView(
  { settings, mainSiteUrl }: Pick<SiteMatrix, 'settings' | 'mainSiteUrl'>,
  siteUrl = env().SITE_URL,
) {
  const head = barePageHead({
    settings,
    siteUrl,
    path: '/404',
    title: `Not found | ${settings.productName}`,
    description: 'This file does not exist.',
  });
  return {
    layout: layout({ ...head, noindex: true }),
    notFound: { productName: settings.productName, mainSiteUrl },
  };
}
