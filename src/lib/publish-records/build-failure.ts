/**
 * Whether a failed production build had content at fault (it waits for a fix) or not (the platform
 * failed: the site tries it again once). Netlify uploads a build's deploy blobs, its record among
 * them, only after the build command succeeded (@netlify/build's `blobs_upload` is an onPostBuild
 * step, skipped once a step failed), so a failed build leaves no record to name its fault: the
 * notification's `error_message` is what the site learns. The build command fails only on a fault it
 * names in its log (a document, a school's files, a live school's tenant record): Netlify's words for
 * a build command that failed mean the build found such a fault. Any other failure (installing
 * dependencies, preparing the repository, uploading, deploying, a time limit, no message at all) names
 * no content.
 */

/** Netlify's words for a build command that exited with an error ("Failed during stage 'building site': Build script returned non-zero exit code: 2"). */
export const BUILD_COMMAND_FAILED = /\bBuild script returned non-zero exit code\b/i;

export type FailureCause = 'content' | 'platform';

export function failureCause(errorMessage: string | null | undefined): FailureCause {
  return errorMessage && BUILD_COMMAND_FAILED.test(errorMessage) ? 'content' : 'platform';
}
