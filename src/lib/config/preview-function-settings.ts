/**
 * What the editors' preview site's function needs from its own environment. On Netlify a function
 * sees only the variables scoped to Functions, and the build only those scoped to Builds: the
 * build's refusal (netlify-deploy.ts) cannot see PREVIEW_COOKIE_SECRET or SANITY_API_READ_TOKEN
 * (Functions only), nor whether the settings it checked reach the function too. So the function
 * checks them at its first request and answers 500 naming what is missing, never a value.
 *
 * Only on a deployed context (Netlify's context.deploy.context): locally, and under `netlify dev`,
 * the offline defaults stay allowed (`npm run preview:server` sets PREVIEW_COOKIE_SECRET itself).
 * A plain module, so a setup check can call previewFunctionSettingsProblems as it is.
 */
import { settingText } from './setting-types.ts';
import { SETTINGS } from './settings/index.ts';
import {
  isDeployedContext,
  isLocalUrl,
  previewSiteProblems,
  PUBLISHED_URL_SETTINGS,
} from './netlify-deploy.ts';

type Source = Record<string, string | undefined>;

/** As the registry requires of it (env.ts reads it with the registry's rule too). */
export const MIN_PREVIEW_COOKIE_SECRET_LENGTH = SETTINGS.PREVIEW_COOKIE_SECRET.secret.minLength;

function urlProblem(name: string, value: string): string | undefined {
  try {
    return isLocalUrl(value) ? `${name}: a local address` : undefined;
  } catch {
    return `${name}: not a URL`;
  }
}

/**
 * Each setting the preview function lacks or cannot use on a deployed context (empty list: it may
 * serve). Names settings, never values: the answer goes to whoever opens the site.
 */
export function previewFunctionSettingsProblems(
  source: Source,
  deployContext: string | undefined,
): string[] {
  if (!isDeployedContext(deployContext)) return [];
  const text = (name: string) => settingText(source, name);
  const problems: string[] = [];
  if (text('SITE_MODE') !== 'preview') {
    problems.push(
      "SITE_MODE=preview: in the Functions scope too (the public site's rebuild functions, deployed here as well, stay idle only where they see it)",
    );
  }
  const secret = text('PREVIEW_COOKIE_SECRET');
  if (!secret)
    problems.push(
      `PREVIEW_COOKIE_SECRET: at least ${MIN_PREVIEW_COOKIE_SECRET_LENGTH} random characters; it signs the draft-mode cookie`,
    );
  else if (secret.length < MIN_PREVIEW_COOKIE_SECRET_LENGTH)
    problems.push(
      `PREVIEW_COOKIE_SECRET: shorter than ${MIN_PREVIEW_COOKIE_SECRET_LENGTH} characters`,
    );
  if (!text('SANITY_API_READ_TOKEN'))
    problems.push(
      "SANITY_API_READ_TOKEN: a Sanity read token; drafts and Presentation's preview secret are read with it",
    );
  problems.push(
    ...previewSiteProblems({
      CONTENT_SOURCE: text('CONTENT_SOURCE') ?? 'local',
      SANITY_PROJECT_ID: text('SANITY_PROJECT_ID'),
      SANITY_STUDIO_URL: text('SANITY_STUDIO_URL'),
    }),
  );
  // The function has no CONTEXT or NETLIFY of its own, so without these it would fall back to the local addresses.
  if (!text('PUBLIC_API_BASE'))
    problems.push(
      "PUBLIC_API_BASE: the product API's URL (without it pages would call the local API)",
    );
  if (!text('SITE_URL')) problems.push("SITE_URL: the preview site's address");
  for (const name of PUBLISHED_URL_SETTINGS) {
    const value = text(name);
    const problem = value === undefined ? undefined : urlProblem(name, value);
    if (problem) problems.push(problem);
  }
  return problems;
}

/** The function's answer text: a few lines naming each setting. */
export function previewFunctionRefusal(problems: readonly string[]): string {
  return [
    "The editors' preview site is not set up. These settings are missing or wrong in its Functions scope:",
    ...problems.map((problem) => `  - ${problem}`),
    "Set them in this site's environment variables (PREVIEW_COOKIE_SECRET and SANITY_API_READ_TOKEN scoped to Functions, the others to Builds and Functions), then deploy again.",
    '',
  ].join('\n');
}

/** A Netlify invocation's deploy context, from Astro's `locals.netlify.context` (Netlify's adapter puts it there). */
export function netlifyDeployContext(locals: unknown): string | undefined {
  const context = (
    locals as { netlify?: { context?: { deploy?: { context?: unknown } } } } | undefined
  )?.netlify?.context?.deploy?.context;
  return typeof context === 'string' ? context : undefined;
}

let checked: string | undefined | null = null;

/**
 * The preview function's refusal for this request's invocation, or undefined when it may serve.
 * Worked out once per process: the environment and the deploy do not change under a running function.
 */
export function previewFunctionSetupRefusal(
  locals: unknown,
  source: Source = process.env,
  log: (message: string) => void = console.error,
): string | undefined {
  if (checked === null) {
    const problems = previewFunctionSettingsProblems(source, netlifyDeployContext(locals));
    checked = problems.length > 0 ? previewFunctionRefusal(problems) : undefined;
    // Once per instance in the function log, where whoever deploys looks first.
    if (checked) log(`[preview] ${checked.trimEnd()}`);
  }
  return checked;
}
