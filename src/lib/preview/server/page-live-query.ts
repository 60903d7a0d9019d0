/**
 * The query a school page of the editors' preview site is drawn from, as its loaders node names it
 * to the Studio (live-query.ts): SCHOOL_PAGE_CONTENT_QUERY with the school's params, in the
 * perspective the request shows, in the project and dataset of the site's Sanity settings. With the
 * bundled content and no SANITY_PROJECT_ID, the Studio's own placeholder project (`offline0`) and
 * SANITY_DATASET (`production` by default), which a Studio started without a project id uses too.
 */
import type { Env } from '../../config/env.ts';
import { schoolPageQueryParams } from '../../content/index.ts';
import { perspectiveSetting, type ReadPerspective } from '../../content/perspective-name.ts';
import { SCHOOL_PAGE_CONTENT_QUERY } from '../../content/queries.ts';
import { LOCAL_PROJECT_ID, type LiveQuery } from '../live-query.ts';

export function pageLiveQuery(
  settings: Pick<Env, 'SANITY_PROJECT_ID' | 'SANITY_DATASET'>,
  seoSlug: string,
  shown: ReadPerspective,
): LiveQuery {
  return {
    projectId: settings.SANITY_PROJECT_ID || LOCAL_PROJECT_ID,
    dataset: settings.SANITY_DATASET,
    query: SCHOOL_PAGE_CONTENT_QUERY,
    params: schoolPageQueryParams(seoSlug),
    perspective: perspectiveSetting(shown),
  };
}
