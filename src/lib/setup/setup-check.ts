/**
 * `npm run setup:check -- --site production|preview|studio`: every setting a site's build and
 * functions (or the Studio) need, named and never shown, before a deploy finds out: the settings'
 * own rules and the rules across them (site-problems.ts), then whether Sanity answers for them
 * (sanity-check.ts), and, for a deployed public site, what its functions lack in the one scope
 * only they can see (deployed-check.ts) and whether the product API admits its giveaway form
 * (product-api-check.ts). With `until`, only the settings the procedure has made by that step are
 * required (docs/deploying.md).
 *
 * The last line says what was not checked: "Sanity not reached" (or not asked) is never "no
 * problems found", and has its own exit status.
 */
import { studioProject } from '../config/studio-project.ts';
import { settingText } from '../config/setting-types.ts';
import {
  askForPreview,
  askForProduction,
  askForStudio,
  TOKEN_UNKNOWN,
  type AskSanity,
  type SanityTarget,
} from './sanity-check.ts';
import type { DeployedOutcome } from './deployed-check.ts';
import { refusalText, type ProductApiOutcome } from './product-api-check.ts';
import {
  isDemoDeploy,
  laterSettings,
  Problems,
  settingOf,
  settingsProblems,
  stepOf,
  type SetupProblem,
  type SiteKind,
} from './site-problems.ts';

export {
  sanityAsker,
  SANITY_CHECK_QUERY,
  type AskSanity,
  type CreateSanityClient,
  type SanityAnswer,
  type SanityTarget,
} from './sanity-check.ts';
export {
  projectIdProblem,
  settingsProblems,
  SITE_KINDS,
  type Scope,
  type SetupProblem,
  type SiteKind,
} from './site-problems.ts';

type Source = Record<string, string | undefined>;

/** The exit statuses, as docs/deploying.md documents them. */
export const EXIT = { ok: 0, problems: 1, usage: 2, notChecked: 3 } as const;

export type SanityState = 'answered' | 'not reached' | 'not asked' | 'not read';

export interface SetupReport {
  kind: SiteKind;
  problems: SetupProblem[];
  notes: string[];
  sanity: { state: SanityState; why?: string };
  /** The procedure's step the check stops at (every step when undefined). */
  until?: number | undefined;
  /** Settings of later steps, still unset. */
  later: { name: string; step: number }[];
  /** Production with the bundled content, as the operator asked with --demo. */
  demo: boolean;
  /** The deployed functions' answer, when asked. */
  deployed?: DeployedOutcome | undefined;
  /** The product API's answer to the giveaway form's preflight, when asked. */
  productApi?: ProductApiOutcome | undefined;
}

export interface CheckOptions {
  until?: number | undefined;
  demo?: boolean | undefined;
  /** Which misplaced settings to name (the Studio's check: only those from its files). */
  flagMisplaced?: (name: string) => boolean;
  /** Asks the deployed site's functions (production, --deployed). */
  askDeployed?: (hookUrl: string | undefined) => Promise<DeployedOutcome>;
  /** Sends the giveaway form's preflight to the product API from the public site's origins (production, --deployed). */
  askProductApi?: (
    apiBase: string | undefined,
    siteUrl: string | undefined,
  ) => Promise<ProductApiOutcome>;
}

const LABELS: Record<SiteKind, string> = {
  production: 'the public site (production)',
  preview: "the editors' preview site (SITE_MODE=preview)",
  studio: 'the Studio',
};

const text = settingText;

/** Whom to ask, once the settings that name the project and dataset are sound; else why not. */
function sanityTarget(
  kind: SiteKind,
  source: Source,
  problems: SetupProblem[],
): SanityTarget | { state: SanityState; why: string } {
  const named = (...names: string[]) => problems.some((problem) => names.includes(problem.setting));
  const fixFirst = {
    state: 'not asked' as const,
    why: 'fix the project and dataset settings first',
  };
  if (kind === 'studio') {
    if (named('SANITY_STUDIO_PROJECT_ID', 'SANITY_STUDIO_DATASET')) return fixFirst;
    const { projectId, dataset } = studioProject({
      SANITY_STUDIO_PROJECT_ID: text(source, 'SANITY_STUDIO_PROJECT_ID'),
      SANITY_STUDIO_DATASET: text(source, 'SANITY_STUDIO_DATASET'),
    });
    return { projectId, dataset };
  }
  const projectId = text(source, 'SANITY_PROJECT_ID');
  if (kind === 'production' && text(source, 'CONTENT_SOURCE') !== 'sanity')
    return { state: 'not read', why: 'the site does not read it: CONTENT_SOURCE is not sanity' };
  if (projectId === undefined || named('SANITY_PROJECT_ID', 'SANITY_DATASET', 'SANITY_API_HOST'))
    return fixFirst;
  return {
    projectId,
    dataset: text(source, 'SANITY_DATASET') ?? 'production',
    apiHost: text(source, 'SANITY_API_HOST'),
  };
}

/** Problems of a later step's setting that is still unset: what --until leaves for that step. */
function madeLater(kind: SiteKind, source: Source, until: number | undefined) {
  return (problem: SetupProblem) => {
    const step = stepOf(problem.setting, kind);
    return (
      until !== undefined &&
      step !== undefined &&
      step > until &&
      text(source, problem.setting) === undefined
    );
  };
}

/**
 * The whole check: the settings, then (with `ask`) whether Sanity answers for them, then (with
 * `options.askDeployed`) what the deployed functions lack. Without `ask` (--offline) nothing
 * leaves the machine.
 */
export async function checkSetup(
  kind: SiteKind,
  source: Source,
  ask?: AskSanity,
  options: CheckOptions = {},
): Promise<SetupReport> {
  const problems = new Problems(kind);
  const later = madeLater(kind, source, options.until);
  problems.list.push(
    ...settingsProblems(kind, source, {
      demo: options.demo,
      ...(options.flagMisplaced ? { flagMisplaced: options.flagMisplaced } : {}),
    }).filter((problem) => !later(problem)),
  );
  const notes: string[] = [];
  const target = sanityTarget(kind, source, problems.list);
  let sanity: SetupReport['sanity'];
  if ('state' in target) {
    sanity = target;
  } else if (!ask) {
    sanity = { state: 'not asked', why: '--offline' };
    if (kind === 'production' && text(source, 'SANITY_API_READ_TOKEN') === undefined)
      notes.push(TOKEN_UNKNOWN);
  } else {
    const part =
      kind === 'production'
        ? await askForProduction(source, ask, target)
        : kind === 'preview'
          ? await askForPreview(source, ask, target)
          : await askForStudio(ask, target);
    problems.add(part.problems);
    notes.push(...part.notes);
    sanity = { state: part.sanity };
  }
  let deployed: DeployedOutcome | undefined;
  if (kind === 'production' && options.askDeployed) {
    deployed = await options.askDeployed(text(source, 'NETLIFY_BUILD_HOOK_URL'));
    if (deployed.state === 'answered') {
      for (const problem of deployed.problems) {
        const entry: SetupProblem = {
          setting: settingOf(problem.text),
          text: `${problem.text} (the deployed ${problem.functions.join(', ')})`,
          scopes: ['Functions'],
        };
        if (!later(entry)) problems.list.push(entry);
      }
      notes.push(...deployed.notes.map((note) => `the deployed functions: ${note}`));
    } else {
      notes.push(`the deployed functions were ${deployed.state}: ${deployed.reason}`);
    }
  }
  let productApi: ProductApiOutcome | undefined;
  if (kind === 'production' && options.askProductApi) {
    productApi = await options.askProductApi(
      text(source, 'PUBLIC_API_BASE'),
      text(source, 'SITE_URL'),
    );
    if (productApi.state === 'answered') {
      const { url } = productApi;
      problems.list.push(
        ...productApi.refused.map((refusal) => ({
          setting: 'PUBLIC_API_BASE',
          text: refusalText(url, refusal),
          scopes: [],
        })),
      );
      if (productApi.admitted.length)
        notes.push(
          `the product API admits the giveaway form from ${productApi.admitted.join(' and ')} (its preflight to ${url})`,
        );
    } else {
      notes.push(`the product API was ${productApi.state}: ${productApi.reason}`);
    }
  }
  const laterList = options.until === undefined ? [] : laterSettings(kind, source, options.until);
  return {
    kind,
    problems: problems.list,
    notes,
    sanity,
    until: options.until,
    later: laterList,
    demo: kind === 'production' && options.demo === true && isDemoDeploy(source),
    deployed,
    productApi,
  };
}

/** Was something the check should ask left unasked (Sanity, or the deployed functions)? */
function unchecked(report: SetupReport): string | undefined {
  if (report.sanity.state === 'not reached') return 'Sanity not reached';
  if (report.sanity.state === 'not asked') return `Sanity not asked (${report.sanity.why})`;
  if (report.deployed && report.deployed.state !== 'answered')
    return `the deployed functions ${report.deployed.state}`;
  if (report.productApi?.state === 'not reached') return 'the product API not reached';
  return undefined;
}

/** 0: no problems and everything asked; 1: problems; 3: no problems found, but Sanity (or the deployed functions) not reached or not asked. */
export function exitStatus(report: SetupReport): number {
  if (report.problems.length > 0) return EXIT.problems;
  return unchecked(report) ? EXIT.notChecked : EXIT.ok;
}

function sanityPhrase(report: SetupReport): string {
  const { state, why } = report.sanity;
  if (state === 'answered') return 'Sanity answered';
  if (state === 'not reached') return 'Sanity not reached';
  return `Sanity not asked (${why})`;
}

/** The summary line: what was found, and what was not checked. */
function summary(report: SetupReport): string {
  const label =
    report.until === undefined
      ? LABELS[report.kind]
      : `${LABELS[report.kind]}, up to step ${report.until}`;
  const count = report.problems.length;
  const deployed = report.deployed?.state === 'answered' ? '; the deployed functions answered' : '';
  if (count > 0)
    return `${label}: ${count} problem${count === 1 ? '' : 's'} (settings named, values never shown); ${sanityPhrase(report)}${deployed}`;
  const missing = unchecked(report);
  if (missing) {
    const unverified = missing.startsWith('Sanity')
      ? `${report.kind === 'studio' ? 'the project and dataset' : 'the project, dataset and token'} were`
      : missing.startsWith('the product API')
        ? 'whether it admits the giveaway form was'
        : 'the Functions scope was';
    return `${label}: ${missing} — the settings have no problems, but ${unverified} not checked (exit ${EXIT.notChecked})${deployed}`;
  }
  if (report.demo)
    return `DEMO: bundled content — ${label} would publish the bundled demo content (no Sanity project, no product API); nothing else found`;
  return `${label}: no problems found; ${sanityPhrase(report)}${deployed}`;
}

/** One line per problem (with the scopes to set it in), each note, what later steps make, and a last summary line. */
export function formatReport(report: SetupReport): string[] {
  const later =
    report.later.length === 0
      ? []
      : [
          `note: made at later steps, not checked yet: ${report.later.map(({ name, step }) => `${name} (step ${step})`).join(', ')}`,
        ];
  return [
    ...report.problems.map(
      (problem) =>
        `problem: ${problem.text}${problem.scopes.length ? ` [${problem.scopes.join(', ')}]` : ''}`,
    ),
    ...report.notes.map((note) => `note: ${note}`),
    ...later,
    summary(report),
  ];
}
