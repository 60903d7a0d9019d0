/**
 * The school × route matrix: every registered school joined with its tenant record,
 * theme and build-time giveaway decision. Built once per build process.
 */
import type { ContentProblem, GroupedContent, SchoolContent } from '../content/index.ts';
import type { SiteSettings } from '../content/schemas.ts';
import { publishedId } from '../content/school-reference.ts';
import { isPublishedIn, mayFailBuild, type SchoolStatus } from '../schools/lifecycle.ts';
import { giveawayRoute, isGiveawayOpen, showEnterButton } from '../giveaway/route.ts';
import { HTTP_TRANSPORT_DEFAULTS, type Tenant } from '../tenants/index.ts';
import { schoolTheme, type Theme } from '../theme/school-theme.ts';

export interface GiveawayState {
  open: boolean;
  /** Where the banner and links go: the entry page when open, else the closed page. */
  route: string;
  /** The event id of the entry page, when one is built. */
  entryGuid: string | null;
  showEnterButton: boolean;
}

export interface SchoolSite {
  key: string;
  seoSlug: string;
  /** `preparing` only in builds that publish previews: its pages say it is not launched yet. */
  status: Exclude<SchoolStatus, 'retired'>;
  content: SchoolContent;
  tenant: Tenant;
  theme: Theme;
  giveaway: GiveawayState;
}

/** A school registered in content whose pages this build does not publish, and why. */
export interface LeftOutSchool {
  key: string;
  seoSlug: string | undefined;
  status: SchoolStatus;
  reasons: string[];
}

/** A retired school: no pages; its addresses answer one 301 to `redirectTo`. */
export interface RetiredSchool {
  key: string;
  seoSlug: string;
  legacyAliases: string[];
  /** The successor school's home (`/{seoSlug}`) when it names one that this build publishes, else the main site. */
  redirectTo: string;
}

export interface SiteMatrix {
  settings: SiteSettings;
  /** The schools whose pages this build publishes. */
  schools: SchoolSite[];
  leftOut: LeftOutSchool[];
  retired: RetiredSchool[];
  /** Content problems of published and left-out schools (retired schools' documents are not read). */
  problems: ContentProblem[];
  activeGiveawayIds: string[];
  hiddenEnterGiveawayIds: string[];
  mainSiteUrl: string;
}

export interface MatrixOptions {
  loadTenant: (slug: string) => Promise<Tenant>;
  /** Netlify's production context: publishes live schools only, and a live school's missing file stops it. */
  production?: boolean;
  activeGiveawayIds?: string[] | undefined;
  hiddenEnterGiveawayIds?: string[] | undefined;
  mainSiteUrl?: string | undefined;
  /**
   * Schools looked up at once (default: as many as the transport lets requests fly, so its limit is
   * the one that binds); the tenant transport limits the requests in flight itself.
   */
  concurrency?: number;
  onSchool?: (site: SchoolSite, problems: ContentProblem[]) => void;
}

export class SchoolBuildError extends Error {}

async function mapWithConcurrency<T, R>(
  items: T[],
  limit: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Every missing file of a school, as the message that stops a production build. */
export function missingFilesMessage(
  key: string,
  schoolName: string,
  problems: ContentProblem[],
  which = 'that are not in the content',
): string {
  const lines = problems.map(
    (problem) =>
      `  - ${problem.documentType}${problem.documentId ? ` (${problem.documentId})` : ''} field ${problem.field}: file ${problem.file} is missing`,
  );
  return [
    `School ${key} (${schoolName}) is live but refers to files ${which}:`,
    ...lines,
    'Upload the files (or change the references) and publish again; until then the previous deploy stays online.',
  ].join('\n');
}

/** Where a retired school's addresses go: its successor's home when that school is published here, else the main site. */
function retiredTarget(
  successorRef: string | undefined,
  published: readonly SchoolSite[],
  mainSiteUrl: string,
): string {
  const successor = successorRef
    ? published.find((site) => publishedId(site.content.school._id) === publishedId(successorRef))
    : undefined;
  return successor ? `/${successor.seoSlug}` : mainSiteUrl;
}

export async function buildSiteMatrix(
  content: GroupedContent,
  options: MatrixOptions,
): Promise<SiteMatrix> {
  const activeGiveawayIds = options.activeGiveawayIds ?? content.settings.activeGiveawayIds;
  const hiddenEnterGiveawayIds =
    options.hiddenEnterGiveawayIds ?? content.settings.hiddenEnterGiveawayIds;
  const production = options.production ?? false;
  const mainSiteUrl = options.mainSiteUrl ?? content.settings.mainSiteUrl;
  const problemsOf = (key: string) => content.problems.filter((problem) => problem.school === key);
  const leftOut: LeftOutSchool[] = content.unusableSchools.map((school) => ({
    key: school.key,
    seoSlug: school.seoSlug,
    status: school.status,
    reasons: [
      school.status === 'retired'
        ? 'its school document is invalid (see problems): its addresses have no redirects'
        : 'its school document is invalid (see problems)',
    ],
  }));

  const looked = await mapWithConcurrency(
    content.schools,
    options.concurrency ?? HTTP_TRANSPORT_DEFAULTS.concurrency,
    async (schoolContent): Promise<SchoolSite | LeftOutSchool> => {
      const { school } = schoolContent;
      const status = school.status as Exclude<SchoolStatus, 'retired'>;
      const published = isPublishedIn(status, { production });
      const reasons = published
        ? []
        : ['not launched yet (status preparing): only previews publish it'];
      const missingFiles = problemsOf(school.key).filter((problem) => problem.file);
      if (production && mayFailBuild(status) && missingFiles.length) {
        throw new SchoolBuildError(
          missingFilesMessage(school.key, school.schoolName, missingFiles),
        );
      }
      let tenant: Tenant;
      try {
        tenant = await options.loadTenant(school.key);
      } catch (error) {
        if (mayFailBuild(status)) {
          throw new SchoolBuildError(
            `School ${school.key} (${school.schoolName}): ${(error as Error).message}`,
            { cause: error },
          );
        }
        // A school still being prepared may not have its tenant record yet: it waits, the others publish.
        return {
          key: school.key,
          seoSlug: school.seoSlug,
          status,
          reasons: [...reasons, `no tenant record: ${(error as Error).message}`],
        };
      }
      if (!published) return { key: school.key, seoSlug: school.seoSlug, status, reasons };
      const open = isGiveawayOpen(tenant.activeGiveawayEvent, activeGiveawayIds);
      const site: SchoolSite = {
        key: school.key,
        seoSlug: school.seoSlug,
        status,
        content: schoolContent,
        tenant,
        theme: schoolTheme(tenant, school),
        giveaway: {
          open,
          route: giveawayRoute(school.seoSlug, tenant.activeGiveawayEvent, activeGiveawayIds),
          entryGuid: open ? tenant.activeGiveawayEvent : null,
          showEnterButton: showEnterButton(tenant.activeGiveawayEvent, hiddenEnterGiveawayIds),
        },
      };
      options.onSchool?.(site, problemsOf(school.key));
      return site;
    },
  );

  const schools = looked.filter((entry): entry is SchoolSite => 'content' in entry);
  leftOut.push(...looked.filter((entry): entry is LeftOutSchool => !('content' in entry)));
  const retired = content.retiredSchools.map((school): RetiredSchool => ({
    key: school.key,
    seoSlug: school.seoSlug,
    legacyAliases: school.legacyAliases,
    redirectTo: retiredTarget(school.successor?._ref, schools, mainSiteUrl),
  }));

  return {
    settings: content.settings,
    schools,
    leftOut,
    retired,
    problems: content.problems,
    activeGiveawayIds,
    hiddenEnterGiveawayIds,
    mainSiteUrl,
  };
}
