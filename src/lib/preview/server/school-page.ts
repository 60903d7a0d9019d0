/**
 * A school page's data for one request (the editors' preview site): the school and page Astro
 * matched (its route pattern and params) → that school's documents only (one query, in the
 * perspective draft mode allows: published, drafts or a release stack) → the same matrix entry a
 * build makes (tenant record, theme, giveaway open or closed by the same rule, decided now) → the
 * props the page shell's own paths function gives that page (routing/on-demand-page.ts), with
 * what the page shows for its preview bar (for a release stack, its releases: one more query). The
 * tenant record and the releases are kept by the instance for a while (held-lookups.ts).
 * Content the Studio posted (a `loader/query-change`) takes the query's place.
 */
import { env, type Env } from '../../config/env.ts';
import {
  fetchSchoolPageContent,
  requestContentSource,
  type ContentSource,
  type GroupedContent,
} from '../../content/index.ts';
import { releaseNames, type ContentPerspective } from '../../content/perspective-name.ts';
import { fetchReleases } from '../../content/releases.ts';
import { previewSecretClient } from '../../content/secret-client.ts';
import { buildSiteMatrix } from '../../routing/matrix.ts';
import { onDemandPageProps, type SchoolShellProps } from '../../routing/on-demand-page.ts';
import { isPublishedIn } from '../../schools/lifecycle.ts';
import { tenantClientFromEnv } from '../../tenants/index.ts';
import type { EditableProps } from '../../views/edit-target.ts';
import type { ShownPerspective } from '../../views/perspective-label.ts';
import { heldLookups, type PreviewLookups } from './held-lookups.ts';

/** What a page shell gets on request: its getStaticPaths props, and which content it shows. */
export type OnDemandPageProps = SchoolShellProps &
  EditableProps & {
    /** In draft mode the preview bar names it. */
    shown: ShownPerspective;
  };

/** The page Astro matched: `context.routePattern` and `context.params`. */
export interface MatchedSchoolRoute {
  pattern: string;
  params: Readonly<Record<string, string | undefined>>;
}

/** Who asks: draft mode (an editor) sees schools being prepared; anyone else what the public site shows. */
export interface PageAccess {
  draftMode: boolean;
  perspective: ContentPerspective;
  /** The perspective asked for could not be read (drafts are shown). */
  unreadable?: true;
}

export interface SchoolPageDeps extends PreviewLookups {
  source: ContentSource;
  settings: Pick<Env, 'ACTIVE_GIVEAWAY_IDS' | 'HIDDEN_ENTER_GIVEAWAY_IDS' | 'MAIN_SITE_URL'>;
}

/** Tenant records and release lists, kept by the instance while an editor types (held-lookups.ts). */
const instanceLookups = heldLookups({
  loadTenant: (slug) => tenantClientFromEnv()(slug),
  releases: async (names) => fetchReleases(await previewSecretClient(env()), names),
});

function defaultDeps(perspective: ContentPerspective): SchoolPageDeps {
  return { source: requestContentSource(perspective), settings: env(), ...instanceLookups };
}

/**
 * Undefined when the params name no school the caller may see (a preparing school outside draft
 * mode, as on the public site), or a page that school does not have now (the giveaway entry page
 * of an event that is not open). A failed tenant lookup throws (the page cannot be drawn without
 * the school's record).
 */
export async function schoolPageProps(
  route: MatchedSchoolRoute,
  access: PageAccess,
  deps: SchoolPageDeps = defaultDeps(access.perspective),
  posted?: GroupedContent,
): Promise<OnDemandPageProps | undefined> {
  const seoSlug = route.params.school;
  if (!seoSlug) return undefined;
  // Content the Studio posted (posted-content.ts) is drawn instead of the source's, the same way.
  const content = posted ?? (await fetchSchoolPageContent(deps.source, seoSlug));
  if (!content) return undefined;
  const matrix = await buildSiteMatrix(content, {
    loadTenant: deps.loadTenant,
    // Every school is looked up; who may see a preparing one is decided below (a missing file of a
    // live school shows as a content problem on the page instead of stopping it, as on any preview).
    production: false,
    activeGiveawayIds: deps.settings.ACTIVE_GIVEAWAY_IDS,
    hiddenEnterGiveawayIds: deps.settings.HIDDEN_ENTER_GIVEAWAY_IDS,
    mainSiteUrl: deps.settings.MAIN_SITE_URL,
    concurrency: 1,
  });
  const visible = {
    ...matrix,
    schools: matrix.schools.filter((site) =>
      isPublishedIn(site.status, { production: !access.draftMode }),
    ),
  };
  const props = onDemandPageProps(visible, route.pattern, route.params);
  if (!props) return undefined;
  const names = releaseNames(access.perspective);
  const shown: ShownPerspective = {
    perspective: access.perspective,
    ...(access.unreadable ? { unreadable: true } : {}),
    ...(names.length ? { releases: await deps.releases(names) } : {}),
  };
  return { ...props, shown };
}
