/**
 * `setup:check --deployed <address>`: asks the deployed public site's functions what they lack in
 * their Functions scope (src/lib/functions/settings-check.ts), proving the operator with the build hook URL
 * from the settings (src/lib/functions/settings-proof.ts). The only check that sees that scope: a settings file and
 * the build see others. Names only; `fetch` is passed in.
 */
import type { FunctionName } from '../config/settings/index.ts';
import type { SettingsCheckAnswer } from '../functions/settings-check.ts';
import { settingsCheckProof, SETTINGS_CHECK_HEADER } from '../functions/settings-proof.ts';

/** The functions a URL reaches (freshness-check and publish-retry are scheduled: rebuild-on-publish answers for them), at their paths. */
export const FUNCTION_ADDRESSES = {
  'rebuild-on-publish': '/.netlify/functions/rebuild-on-publish',
  'deploy-notification': '/api/deploy-notification',
  'publish-status': '/api/publish-status',
  deploys: '/api/deploys',
} as const satisfies Partial<Record<FunctionName, string>>;

export interface DeployedProblem {
  text: string;
  /** The functions that named it. */
  functions: string[];
}

export type DeployedOutcome =
  | { state: 'answered'; problems: DeployedProblem[]; notes: string[] }
  | { state: 'not reached'; reason: string }
  | { state: 'not asked'; reason: string };

export type FetchLike = (
  url: string,
  init: { headers: Record<string, string>; signal: AbortSignal },
) => Promise<Response>;

function collect(into: DeployedProblem[], text: string, fn: string): void {
  const found = into.find((problem) => problem.text === text);
  if (found) {
    if (!found.functions.includes(fn)) found.functions.push(fn);
  } else {
    into.push({ text, functions: [fn] });
  }
}

/** Why an answer that is not the check's is one: the function's own words, by status. */
function refusal(status: number, message: string | undefined): string {
  if (status === 401)
    return "NETLIFY_BUILD_HOOK_URL: the deployed functions refused the proof made with it: the settings file's build hook is not the one in the site's Functions scope (or the site was not deployed since it was set)";
  if (status === 500 && message?.startsWith('settings check: NETLIFY_BUILD_HOOK_URL'))
    return `NETLIFY_BUILD_HOOK_URL: ${message.replace(/^settings check: NETLIFY_BUILD_HOOK_URL /, '')} (deploy again after setting it)`;
  if (status === 404 && message?.startsWith('not on the preview site'))
    return "SITE_MODE=preview: the address given to --deployed is the editors' preview site, or the public site has SITE_MODE=preview in its Functions scope";
  return `the deployed function answered HTTP ${status} instead of its settings: ${message ?? 'no message'} (deploy the site again so that it has the settings check)`;
}

/** Asks each function once; a function that cannot be reached makes the whole answer "not reached". */
export async function askDeployedFunctions(
  siteUrl: string,
  hookUrl: string | undefined,
  fetch: FetchLike,
  now: () => number = Date.now,
): Promise<DeployedOutcome> {
  if (hookUrl === undefined)
    return {
      state: 'not asked',
      reason:
        'NETLIFY_BUILD_HOOK_URL is not in the settings, and the functions are asked with a proof made from it (step 7)',
    };
  const problems: DeployedProblem[] = [];
  const notes = new Set<string>();
  for (const [fn, path] of Object.entries(FUNCTION_ADDRESSES)) {
    let response: Response;
    try {
      response = await fetch(new URL(path, siteUrl).href, {
        headers: { [SETTINGS_CHECK_HEADER]: settingsCheckProof(hookUrl, now()) },
        signal: AbortSignal.timeout(10_000),
      });
    } catch (error) {
      const code = (error as { cause?: { code?: unknown } }).cause?.code;
      return {
        state: 'not reached',
        reason: `${fn} did not answer (${typeof code === 'string' ? code : (error as Error).name})`,
      };
    }
    const body = (await response.json().catch(() => undefined)) as
      (SettingsCheckAnswer & { message?: string }) | undefined;
    if (response.status !== 200 || !body?.functions) {
      collect(problems, refusal(response.status, body?.message), fn);
      continue;
    }
    for (const [name, found] of Object.entries(body.functions)) {
      for (const text of found?.problems ?? []) collect(problems, text, name);
      for (const note of found?.notes ?? []) notes.add(note);
    }
    for (const text of body.misplaced?.problems ?? []) collect(problems, text, fn);
    for (const note of body.misplaced?.notes ?? []) notes.add(note);
  }
  return { state: 'answered', problems, notes: [...notes] };
}
