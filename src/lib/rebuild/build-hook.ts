/**
 * Starts a Netlify build through the site's build hook (a secret URL: never log it).
 * `trigger_title` becomes the deploy message, so the deploy list says why each build ran.
 */
export type FetchLike = (input: URL, init: RequestInit) => Promise<Response>;

export class BuildHookError extends Error {}

export async function triggerBuild(hookUrl: string | undefined, title: string, fetchImpl: FetchLike = fetch): Promise<void> {
  if (!hookUrl) throw new BuildHookError('NETLIFY_BUILD_HOOK_URL is not set');
  const url = new URL(hookUrl);
  url.searchParams.set('trigger_title', title.slice(0, 200));
  let response: Response;
  try {
    response = await fetchImpl(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  } catch (error) {
    throw new BuildHookError(`the build hook could not be reached: ${(error as Error).message}`, { cause: error });
  }
  if (!response.ok) throw new BuildHookError(`the build hook answered HTTP ${response.status}`);
}

/** The nightly build's deploy message, e.g. "Nightly rebuild 2026-03-01 (giveaway state, enter button)". */
export function nightlyTitle(now: Date): string {
  return `Nightly rebuild ${now.toISOString().slice(0, 10)} (giveaway state, enter button)`;
}
