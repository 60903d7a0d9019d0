/**
 * A school page's data for one request (the editors' preview site): the path's school and route
 * (page-request.ts) → that school's documents only (one query, drafts or published) → the same
 * matrix entry a build makes (tenant record, theme, giveaway open or closed by the same rule,
 * decided now) → the props the page shell hands its view.
 */
import { env, type Env } from '../config/env.ts';
import { fetchSchoolPageContent, requestContentSource, type ContentSource } from '../content/index.ts';
import type { ContentPerspective } from '../content/perspective.ts';
import { giveawayIdKey } from '../giveaway/route.ts';
import { buildSiteMatrix } from '../routing/matrix.ts';
import type { SchoolPageProps } from '../routing/index.ts';
import { tenantClientFromEnv, type Tenant } from '../tenants/index.ts';
import type { SchoolPageRequest } from './page-request.ts';
import type { EditableProps } from '../views/edit-target.ts';

/** What a page shell gets on request: its getStaticPaths props, and which content it shows. */
export type OnDemandPageProps = SchoolPageProps & EditableProps & {
  customerType?: SchoolPageRequest['customerType'];
  eventGUID?: string;
  /** `drafts` in draft mode: the page says it shows unpublished changes. */
  perspective: ContentPerspective;
};

export interface SchoolPageDeps {
  source: ContentSource;
  loadTenant: (slug: string) => Promise<Tenant>;
  settings: Pick<Env, 'ACTIVE_GIVEAWAY_IDS' | 'HIDDEN_ENTER_GIVEAWAY_IDS' | 'MAIN_SITE_URL'>;
}

function defaultDeps(perspective: ContentPerspective): SchoolPageDeps {
  return { source: requestContentSource(perspective), loadTenant: tenantClientFromEnv(), settings: env() };
}

/**
 * Undefined when the path names no published-or-preparing school, or a page that school does not
 * have now (the giveaway entry page of an event that is not open). A failed tenant lookup throws
 * (the page cannot be drawn without the school's record).
 */
export async function schoolPageProps(
  request: SchoolPageRequest, perspective: ContentPerspective, deps: SchoolPageDeps = defaultDeps(perspective),
): Promise<OnDemandPageProps | undefined> {
  const content = await fetchSchoolPageContent(deps.source, request.seoSlug);
  if (!content) return undefined;
  const matrix = await buildSiteMatrix(content, {
    loadTenant: deps.loadTenant,
    // Editors see schools being prepared too, as every preview does.
    production: false,
    activeGiveawayIds: deps.settings.ACTIVE_GIVEAWAY_IDS,
    hiddenEnterGiveawayIds: deps.settings.HIDDEN_ENTER_GIVEAWAY_IDS,
    mainSiteUrl: deps.settings.MAIN_SITE_URL,
    concurrency: 1,
  });
  const site = matrix.schools[0];
  if (!site) return undefined;
  const props: OnDemandPageProps = { site, settings: matrix.settings, perspective };
  if (request.customerType) props.customerType = request.customerType;
  if (request.route === 'giveaway-entry') {
    const eventGUID = site.giveaway.entryGuid;
    if (!eventGUID || giveawayIdKey(eventGUID) !== request.guid) return undefined;
    props.eventGUID = eventGUID;
  }
  return props;
}
