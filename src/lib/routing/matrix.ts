/**
 * The school × route matrix: every registered school joined with its tenant record,
 * theme and build-time giveaway decision. Built once per build process.
 */
import type { ContentProblem, GroupedContent, SchoolContent } from '../content/index.ts';
import type { SiteSettings } from '../content/schemas.ts';
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
  content: SchoolContent;
  tenant: Tenant;
  theme: Theme;
  giveaway: GiveawayState;
}

export interface SiteMatrix {
  settings: SiteSettings;
  schools: SchoolSite[];
  problems: ContentProblem[];
  activeGiveawayIds: string[];
  hiddenEnterGiveawayIds: string[];
  mainSiteUrl: string;
}

export interface MatrixOptions {
  loadTenant: (slug: string) => Promise<Tenant>;
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

async function mapWithConcurrency<T, R>(items: T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
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

export async function buildSiteMatrix(content: GroupedContent, options: MatrixOptions): Promise<SiteMatrix> {
  const activeGiveawayIds = options.activeGiveawayIds ?? content.settings.activeGiveawayIds;
  const hiddenEnterGiveawayIds = options.hiddenEnterGiveawayIds ?? content.settings.hiddenEnterGiveawayIds;

  const schools = await mapWithConcurrency(content.schools, options.concurrency ?? HTTP_TRANSPORT_DEFAULTS.concurrency, async (schoolContent) => {
    const { school } = schoolContent;
    let tenant: Tenant;
    try {
      tenant = await options.loadTenant(school.key);
    } catch (error) {
      throw new SchoolBuildError(`School ${school.key} (${school.schoolName}): ${(error as Error).message}`, { cause: error });
    }
    const open = isGiveawayOpen(tenant.activeGiveawayEvent, activeGiveawayIds);
    const site: SchoolSite = {
      key: school.key,
      seoSlug: school.seoSlug,
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
    options.onSchool?.(site, content.problems.filter((problem) => problem.school === school.key));
    return site;
  });

  return {
    settings: content.settings,
    schools,
    problems: content.problems,
    activeGiveawayIds,
    hiddenEnterGiveawayIds,
    mainSiteUrl: options.mainSiteUrl ?? content.settings.mainSiteUrl,
  };
}
