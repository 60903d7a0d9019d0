/**
 * The Deploys tool's content: the public site's recent deploys (`/api/deploys`, shapes in
 * src/lib/publish-records/status-answers.ts) as rows an editor reads: what started each, when, how long it
 * took, its state as a badge, the schools built (with their live pages) and the schools left out
 * with why. Pure; DeploysTool.tsx draws it.
 */
import type { DocumentBadgeDescription } from 'sanity';
import {
  deploysAnswerSchema,
  type DeploysAnswer,
  type DeploySummary,
} from '../../src/lib/publish-records/status-answers.ts';
import { checkingAccess, keepPass, passFor } from './editor-pass.ts';
import { schoolPageUrl } from './public-site.ts';
import { fullTime, shortTime, statusHeaders, type TimeFormat } from './status.ts';

export type BadgeColor = NonNullable<DocumentBadgeDescription['color']>;
/** Sanity's document badge colours as @sanity/ui tones (the mapping the document pane uses). */
export const BADGE_TONES: Record<BadgeColor, 'primary' | 'positive' | 'caution' | 'critical'> = {
  primary: 'primary',
  success: 'positive',
  warning: 'caution',
  danger: 'critical',
};

export interface DeployRow {
  /** The deploy's id (the public site tells it to editors), else a key of the row's own. */
  id: string;
  /** What started it: "Publish of 3 documents", "Freshness check: tenant records changed for 2 schools (…)", "Rebuild by hand", … */
  trigger: string;
  /** Netlify's own title for a deploy this site did not start (a commit message, say). */
  detail?: string;
  /** When it started, short ("12:05", "3 Nov, 12:05") and full, and as ISO for a <time>. */
  when: string;
  whenFull: string;
  whenIso?: string;
  /** How long it took ("2 min 5 s"), or how long it has been running. */
  duration: string;
  /** Production, deploy preview or branch deploy. */
  context: string;
  /** The deploy's state as the site records it (building, ready, live, error, canceled). */
  phase: DeploySummary['state'];
  /** The state as a badge, with what it means. */
  state: { label: string; color?: BadgeColor; title: string };
  errorMessage?: string;
  /** Each school built, with its page: the live page for a production deploy (the first few; `builtCount` counts all). */
  built: Array<{ seoSlug: string; url?: string; page?: string }>;
  builtCount: number;
  leftOut: Array<{ school: string; reason: string }>;
  /** Schools left out beyond those listed. */
  leftOutMore: number;
}

/** "45 s", "2 min 5 s", "1 h 4 min", with no-break spaces: a duration never wraps in the middle. */
export function duration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  let text: string;
  if (total < 60) text = `${total} s`;
  else if (total < 3600)
    text = `${Math.floor(total / 60)} min${total % 60 ? ` ${total % 60} s` : ''}`;
  else {
    const minutes = Math.round((total % 3600) / 60);
    text = `${Math.floor(total / 3600)} h${minutes ? ` ${minutes} min` : ''}`;
  }
  return text.replace(/ /g, '\u00a0');
}

export function triggerText(trigger: DeploySummary['trigger']): string {
  switch (trigger.kind) {
    case 'publish':
      return `Publish of ${trigger.documents} document${trigger.documents === 1 ? '' : 's'}${trigger.freshness ? ", with the freshness check's build" : ''}`;
    case 'freshness':
      return trigger.freshness ? `Freshness check: ${trigger.freshness}` : 'Freshness check';
    case 'nightly':
      return 'Nightly rebuild';
    case 'manual':
      return 'Rebuild by hand';
    default:
      return 'Deploy started outside the Studio';
  }
}

const CONTEXTS: Record<string, string> = {
  production: 'Production',
  'deploy-preview': 'Deploy preview',
  'branch-deploy': 'Branch deploy',
};

export function stateBadge(deploy: DeploySummary, format: TimeFormat = {}): DeployRow['state'] {
  switch (deploy.state) {
    case 'building':
      return {
        label: 'Building…',
        color: 'warning',
        title: 'The site is being built; this list refreshes by itself until it is done.',
      };
    case 'live':
      return {
        label: 'Live',
        color: 'success',
        title: `Visitors get this deploy${deploy.publishedAt ? ` (published ${fullTime(deploy.publishedAt, format)})` : ''}.`,
      };
    case 'ready':
      if (!deploy.production)
        return {
          label: 'Preview',
          title: 'A deploy preview or branch deploy: never the live site.',
        };
      return deploy.publishedAt
        ? {
            label: 'Replaced',
            title: `It was live from ${fullTime(deploy.publishedAt, format)}; a later deploy (or a restored one) is live now.`,
          }
        : {
            label: 'Built, not published',
            color: 'warning',
            title: "Built but not published: the site's deploys are locked in Netlify.",
          };
    case 'error':
      return {
        label: 'Failed',
        color: 'danger',
        title: 'The build failed: the previous deploy stays live.',
      };
    case 'canceled':
      return {
        label: 'Cancelled',
        title: 'Cancelled before it was published: the previous deploy stays live.',
      };
  }
}

/**
 * Where a built school's link goes: a production deploy's schools to their live page on the public
 * site (what visitors get now); a preview's to the page of that deploy, as the answer gives it.
 */
function schoolLink(
  origin: string,
  deploy: DeploySummary,
  school: { seoSlug: string; url: string },
): { url: string; page: string } | undefined {
  if (deploy.production) return { url: schoolPageUrl(origin, school.seoSlug), page: 'live page' };
  try {
    const url = new URL(school.url);
    if (url.protocol === 'https:' || url.protocol === 'http:')
      return { url: url.href, page: 'page in this preview' };
  } catch {
    // not an address: no link
  }
  return undefined;
}

/** One deploy as the tool shows it. `format.now` also measures a running build. */
export function deployRow(
  deploy: DeploySummary,
  origin: string,
  format: TimeFormat = {},
): DeployRow {
  const now = format.now ?? new Date();
  const started = deploy.createdAt ? Date.parse(deploy.createdAt) : Number.NaN;
  const running = deploy.state === 'building';
  const detail =
    deploy.trigger.kind === 'unknown' && deploy.title
      ? deploy.title.replace(/\s*\[batch b-[0-9a-f]{8}\]\s*$/, '')
      : undefined;
  return {
    id: deploy.id ?? `${deploy.createdAt ?? 'undated'}-${deploy.state}`,
    trigger: triggerText(deploy.trigger),
    ...(detail ? { detail } : {}),
    when: deploy.createdAt ? shortTime(deploy.createdAt, { ...format, now }) : 'time not recorded',
    whenFull: deploy.createdAt ? fullTime(deploy.createdAt, format) : 'time not recorded',
    ...(deploy.createdAt ? { whenIso: deploy.createdAt } : {}),
    duration:
      deploy.deployTimeSec != null
        ? duration(deploy.deployTimeSec)
        : running && !Number.isNaN(started)
          ? `running for ${duration((now.getTime() - started) / 1000)}`
          : 'not recorded',
    context: deploy.context ? (CONTEXTS[deploy.context] ?? deploy.context) : '',
    phase: deploy.state,
    state: stateBadge(deploy, format),
    ...(deploy.errorMessage ? { errorMessage: deploy.errorMessage } : {}),
    built: deploy.schools.built.map((school) => ({
      seoSlug: school.seoSlug,
      ...schoolLink(origin, deploy, school),
    })),
    builtCount: Math.max(deploy.schools.builtCount, deploy.schools.built.length),
    leftOut: deploy.schools.leftOut.map((school) => ({
      school: school.seoSlug ?? 'A school',
      reason: school.reason,
    })),
    leftOutMore: deploy.schools.leftOutMore,
  };
}

/** What waits: "N published documents wait", and a freshness build (its reason is the freshness check's line). */
function whatWaits(waiting: { waiting: number; freshness?: string | undefined }): string {
  const documents = `${waiting.waiting} published document${waiting.waiting === 1 ? '' : 's'}`;
  if (!waiting.freshness) return `${documents} wait${waiting.waiting === 1 ? 's' : ''}`;
  return waiting.waiting ? `${documents} and a freshness build wait` : 'A freshness build waits';
}

/**
 * Publishes held: "Waiting: next build at 2:00 PM (deploy budget)." for the deploy budget; "Waiting:
 * an earlier deploy was restored, …" while a restore the operators made holds them; else "Waiting to
 * build: the build service did not answer; next try at 12:07."
 */
export function waitingText(
  waiting: {
    waiting: number;
    reason: string;
    nextTryAt?: string | undefined;
    cause?: string | undefined;
    freshness?: string | undefined;
  },
  format: TimeFormat = {},
): string {
  if (waiting.cause === 'restored') {
    const waits =
      waiting.waiting || waiting.freshness ? whatWaits(waiting) : 'Publishes made meanwhile wait';
    return `Waiting: ${waiting.reason}. ${waits}; the site builds them then by itself.`;
  }
  if (!waiting.nextTryAt)
    return `Waiting to build: ${waiting.reason}. ${whatWaits(waiting)}; the site starts them by itself.`;
  const at = shortTime(waiting.nextTryAt, format);
  if (waiting.cause === 'deploy-budget')
    return `Waiting: next build at ${at} (deploy budget). ${whatWaits(waiting)}; the site builds then by itself.`;
  return `Waiting to build: ${waiting.reason}; next try at ${at}. ${whatWaits(waiting)}; the site tries again by itself.`;
}

/** "Production deploys: 3 today, 41 this month (UTC; 15 credits each on Netlify). Deploy budget: 6 an hour." */
export function spendText(spend: NonNullable<DeploysAnswer['spend']>): string {
  const budget = spend.budgetPerHour
    ? `Deploy budget: at most ${spend.budgetPerHour} an hour.`
    : 'No deploy budget is set.';
  return `Production deploys: ${spend.today} today, ${spend.month} this month (UTC). ${budget}`;
}

/** "Freshness check, 1:00 PM: no change since the live deploy." */
export function freshnessText(
  freshness: NonNullable<DeploysAnswer['freshness']>,
  format: TimeFormat = {},
): string {
  return `Freshness check, ${shortTime(freshness.checkedAt, format)}: ${freshness.outcome}.`;
}

/** `visitor`: the site answered as to a visitor (no editor's role): when it last changed, no deploys. */
export type DeploysResult =
  | {
      ok: true;
      rows: DeployRow[];
      running: boolean;
      waiting?: string;
      visitor?: string;
      spend?: string;
      freshness?: string;
    }
  | { ok: false; error: string };

/** The answer's body as rows, newest first as the site sends them. */
export function deploysFromAnswer(
  body: unknown,
  origin: string,
  format: TimeFormat = {},
): DeploysResult {
  const parsed = deploysAnswerSchema.safeParse(body);
  if (!parsed.success) return { ok: false, error: "The public site's answer was not understood." };
  const rows = parsed.data.deploys.map((deploy) => deployRow(deploy, origin, format));
  const waiting = parsed.data.waitingToBuild;
  const site = parsed.data.site;
  const visitor = site
    ? `The public site last changed ${shortTime(site.lastChangedAt, format)} (${site.schools.builtCount} school${site.schools.builtCount === 1 ? '' : 's'} on it). Its deploys are shown to the project's Administrators, Editors, Developers and Contributors.`
    : undefined;
  const { spend, freshness } = parsed.data;
  return {
    ok: true,
    rows,
    running:
      parsed.data.deploys.some((deploy) => deploy.state === 'building') || waiting !== undefined,
    ...(waiting ? { waiting: waitingText(waiting, format) } : {}),
    ...(visitor ? { visitor } : {}),
    ...(spend ? { spend: spendText(spend) } : {}),
    ...(freshness ? { freshness: freshnessText(freshness, format) } : {}),
  };
}

/** Asks the public site for its recent deploys, with the editor's token when there is one. */
export async function fetchDeploys(
  origin: string,
  token: string | undefined,
  format: TimeFormat = {},
  fetcher: typeof fetch = (input, init) => globalThis.fetch(input, init),
): Promise<DeploysResult> {
  try {
    const response = await fetcher(`${origin}/api/deploys`, {
      headers: statusHeaders(token, await passFor(token)),
      credentials: 'omit',
      signal: AbortSignal.timeout(15_000),
    });
    const body: unknown = await response.json().catch(() => undefined);
    await keepPass(token, body, response.status);
    const checking = checkingAccess(response.status, body);
    if (checking !== undefined)
      return {
        ok: false,
        error: `The public site is checking that you are an editor; Refresh in ${checking} s.`,
      };
    if (!response.ok) {
      const error =
        body &&
        typeof body === 'object' &&
        typeof (body as { message?: unknown }).message === 'string'
          ? `: ${(body as { message: string }).message}`
          : '';
      return {
        ok: false,
        error: `The public site could not be reached: ${origin} answered ${response.status}${error}.`,
      };
    }
    return deploysFromAnswer(body, origin, format);
  } catch (error) {
    return {
      ok: false,
      error: `The public site could not be reached: ${(error as Error).message} (${origin}).`,
    };
  }
}
