/**
 * The build's single view of all schools: content + tenants joined once per build
 * process, shared by every page shell's getStaticPaths and by the build integration.
 */
import { ContentError, contentQueryCount, siteContent } from '../content/index.ts';
import { CUSTOMER_TYPES } from '../content/schemas.ts';
import { env, isProductionBuild } from '../config/env.ts';
import { giveawayIdKey } from '../giveaway/route.ts';
import { fccLabelProblems, fccStopMessage } from '../labels/fcc-checks.ts';
import { schoolPlanIdProblems } from '../labels/plan-id.ts';
import { tenantClientFromEnv, tenantStats } from '../tenants/index.ts';
import { buildSiteMatrix, type SchoolSite, type SiteMatrix } from './matrix.ts';
import type { SchoolRouteName } from '../route-table/routes.ts';

export type { SchoolSite, SiteMatrix } from './matrix.ts';
export {
  SCHOOL_ROUTES,
  schoolPath,
  schoolRoute,
  type SchoolRoute,
  type SchoolRouteName,
} from '../route-table/routes.ts';

const MATRIX_KEY = Symbol.for('school-site.matrix');
const NOT_LAUNCHED_KEY = Symbol.for('school-site.not-launched-slugs');
type GlobalWithMatrix = typeof globalThis & {
  [MATRIX_KEY]?: Promise<SiteMatrix>;
  [NOT_LAUNCHED_KEY]?: Set<string>;
};

/**
 * Sitemap filter: a page of a school that is not launched yet (a preview build's preparing school)
 * is noindex, so it is not listed. Known once the matrix is built, before any page is written.
 */
export function isNotLaunchedPage(page: string): boolean {
  const slugs = (globalThis as GlobalWithMatrix)[NOT_LAUNCHED_KEY];
  if (!slugs?.size) return false;
  const first = new URL(page, 'http://site.invalid').pathname.split('/')[1] ?? '';
  return slugs.has(first);
}

function logSchool(site: SchoolSite, problemCount: number) {
  const giveaway = `${site.status === 'preparing' ? 'not launched yet, ' : ''}${site.giveaway.open ? `giveaway open (${site.giveaway.entryGuid})` : 'giveaway closed'}`;
  const problems = problemCount ? `, ${problemCount} content problem(s)` : '';
  console.log(
    `[schools] ${site.key} → /${site.seoSlug}: tenant ${site.tenant.id}, ${giveaway}${problems}`,
  );
}

export function siteMatrix(): Promise<SiteMatrix> {
  const holder = globalThis as GlobalWithMatrix;
  holder[MATRIX_KEY] ??= siteContent()
    .then((content) => {
      const settings = env();
      for (const problem of content.problems) {
        console.warn(
          `[content] ${problem.school} ${problem.documentType}${problem.documentId ? ` (${problem.documentId})` : ''}: ${problem.reason}`,
        );
      }
      const started = performance.now();
      return buildSiteMatrix(content, {
        loadTenant: tenantClientFromEnv(),
        production: isProductionBuild(settings),
        activeGiveawayIds: settings.ACTIVE_GIVEAWAY_IDS,
        hiddenEnterGiveawayIds: settings.HIDDEN_ENTER_GIVEAWAY_IDS,
        mainSiteUrl: settings.MAIN_SITE_URL,
        onSchool: (site, problems) => logSchool(site, problems.length),
      }).finally(() => {
        tenantStats().waitMs = performance.now() - started;
      });
    })
    .then((matrix) => {
      holder[NOT_LAUNCHED_KEY] = new Set(
        matrix.schools.filter((site) => site.status === 'preparing').map((site) => site.seoSlug),
      );
      for (const school of matrix.leftOut)
        console.warn(
          `[schools] ${school.key} left out (${school.status}): ${school.reasons.join('; ')}`,
        );
      for (const school of matrix.retired)
        console.log(
          `[schools] ${school.key} retired: /${school.seoSlug} and its old addresses → ${school.redirectTo}`,
        );
      // FCC labels: malformed or repeated plan ids, and labels that contradict their plan cards or
      // the FCC's format, are warned about and land in the build report; a live school's of the
      // latter stop the build.
      const fcc = fccLabelProblems(
        matrix.schools.map(({ key, status, content }) => ({
          key,
          status,
          planCards: content.documents.planCards,
          broadbandFacts: content.documents.broadbandFacts,
        })),
      );
      const labelProblems = [
        ...schoolPlanIdProblems(matrix.schools),
        ...fcc.map(({ school, documentType, documentId, field, reason }) => ({
          school,
          documentType,
          documentId,
          field,
          reason,
        })),
      ];
      for (const problem of labelProblems) {
        console.warn(
          `[labels] ${problem.school} ${problem.documentType} (${problem.documentId}): ${problem.reason}`,
        );
      }
      const stop = fccStopMessage(fcc);
      if (stop) throw new ContentError(stop);
      return labelProblems.length
        ? { ...matrix, problems: [...matrix.problems, ...labelProblems] }
        : matrix;
    });
  return holder[MATRIX_KEY];
}

export { contentQueryCount, tenantStats };

/**
 * Each page shell's paths over a matrix: the static build hands them the whole site's matrix
 * (getStaticPaths below); the editors' preview site hands them one school's matrix per request and
 * picks the entry Astro matched (on-demand-page.ts), so both apply the same rules.
 */
/** A school page: one path per school, the school's data as props. */
export function schoolPathsOf(matrix: SiteMatrix) {
  return matrix.schools.map((site) => ({
    params: { school: site.seoSlug },
    props: { site, settings: matrix.settings },
  }));
}

/** The plan pages: one path per school and customer type. */
export function planPathsOf(matrix: SiteMatrix) {
  return matrix.schools.flatMap((site) =>
    CUSTOMER_TYPES.map((customerType) => ({
      params: { school: site.seoSlug, plans: customerType },
      props: { site, settings: matrix.settings, customerType },
    })),
  );
}

/** The giveaway entry page: only schools whose event is open; the event id is a prop too. */
export function giveawayEntryPathsOf(matrix: SiteMatrix) {
  return matrix.schools.flatMap((site) => {
    const eventGUID = site.giveaway.entryGuid;
    // The page lives at the lower-case id (an upper-cased link redirects there); the form sends the id as the tenant gives it.
    return eventGUID
      ? [
          {
            params: { school: site.seoSlug, guid: giveawayIdKey(eventGUID) },
            props: { site, settings: matrix.settings, eventGUID },
          },
        ]
      : [];
  });
}

/** getStaticPaths of the page shells: the paths above over the build's matrix. */
export const schoolPaths = async () => schoolPathsOf(await siteMatrix());
export const planPaths = async () => planPathsOf(await siteMatrix());
export const giveawayEntryPaths = async () => giveawayEntryPathsOf(await siteMatrix());

export type SchoolPageProps = Awaited<ReturnType<typeof schoolPaths>>[number]['props'];
export type RouteName = SchoolRouteName;
