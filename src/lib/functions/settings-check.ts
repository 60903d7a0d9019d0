/**
 * The public site's functions answer the operator's settings check: a request carrying
 * `X-Settings-Check` (settings-proof.ts), by any method, is answered with what each named function
 * lacks in its own Functions scope (function-problems.ts), before the function does anything else
 * (define-function.ts asks this first).
 * Scheduled functions cannot be called by URL on Netlify, so rebuild-on-publish answers for
 * freshness-check and publish-retry too: every function of a site sees the same Functions scope.
 *
 *   200 {"functions":{"rebuild-on-publish":{"problems":[…],"notes":[…]},…},"misplaced":{…}}
 *   401 without a valid proof; 500 naming NETLIFY_BUILD_HOOK_URL when the function has none to check it with.
 */
import { settingText } from '../config/setting-types.ts';
import type { FunctionName } from '../config/settings/index.ts';
import { answer, FUNCTION_HEADERS } from './function-http.ts';
import { isPreviewSiteFunction } from './preview-site-guard.ts';
import { functionProblems, misplacedSettings, type FunctionProblems } from './function-problems.ts';
import { isValidProof, SETTINGS_CHECK_HEADER } from './settings-proof.ts';

type Source = Record<string, string | undefined>;

export interface SettingsCheckAnswer {
  functions: Partial<Record<FunctionName, FunctionProblems>>;
  /** Settings in this Functions scope that belong elsewhere. */
  misplaced: FunctionProblems;
}

export const PROOF_REFUSED =
  "settings check: no valid proof (X-Settings-Check, made with this site's NETLIFY_BUILD_HOOK_URL within the last 5 minutes)";

export interface SettingsCheckOptions {
  /** The function's environment (process.env). */
  source?: () => Source;
  now?: () => number;
  log?: (line: string) => void;
}

function onPreviewSite(source: Source): boolean {
  try {
    return isPreviewSiteFunction(source);
  } catch {
    // A SITE_MODE it cannot read: the function itself answers 500 naming it.
    return true;
  }
}

/** The settings check's answer to `request`, or undefined when it is not one (or the site is the preview site, where the function answers for itself). */
export function settingsCheckAnswer(
  names: readonly FunctionName[],
  request: Request,
  options: SettingsCheckOptions = {},
): Response | undefined {
  if (!request.headers.has(SETTINGS_CHECK_HEADER)) return undefined;
  const source = (options.source ?? (() => process.env))();
  if (onPreviewSite(source)) return undefined;
  const log = options.log ?? ((line: string) => console.log(line));
  const hookUrl = settingText(source, 'NETLIFY_BUILD_HOOK_URL');
  if (hookUrl === undefined || !URL.canParse(hookUrl)) {
    log(
      `[${names[0]}] settings check: NETLIFY_BUILD_HOOK_URL ${hookUrl === undefined ? 'not set' : 'not a URL'}`,
    );
    return answer(
      500,
      `settings check: NETLIFY_BUILD_HOOK_URL is ${hookUrl === undefined ? 'not set' : 'not a URL'} in this site's Functions scope, and the proof is checked with it`,
    );
  }
  if (
    !isValidProof(request.headers.get(SETTINGS_CHECK_HEADER), hookUrl, (options.now ?? Date.now)())
  )
    return answer(401, PROOF_REFUSED);
  const body: SettingsCheckAnswer = {
    functions: Object.fromEntries(names.map((name) => [name, functionProblems(name, source)])),
    misplaced: misplacedSettings(source),
  };
  const count = Object.values(body.functions).reduce(
    (sum, found) => sum + found.problems.length,
    body.misplaced.problems.length,
  );
  log(`[${names[0]}] settings check: ${count} problem${count === 1 ? '' : 's'}`);
  return new Response(JSON.stringify(body), { status: 200, headers: FUNCTION_HEADERS });
}
