/**
 * What a failed production build's notification can say of its cause. Netlify uploads a build's
 * deploy blobs, its record among them, only after the build command succeeded (@netlify/build's
 * `blobs_upload` is an onPostBuild step, skipped once a step failed), so a failed build leaves no
 * record: the notification's `error_message` is all the site learns, and it cannot name the content.
 *
 * Netlify words a failed build "Failed during stage 'building site': Build script returned non-zero
 * exit code: 2", the code being @netlify/build's own exit code, not the build command's:
 * @netlify/build (37.3, lib/core/severity.js, lib/error/types.js) exits 2 for any user error (the
 * build command failing, whatever its own code; the configuration; bundling the functions), 3 for a
 * plugin's internal error and 4 for an error of Netlify's own steps (uploading, deploying). So
 * `netlify build` with a build command that exits 3 exits 2 (tests/netlify/build-failure.test.ts).
 * Code 2 therefore says the build command failed, not why: a fault in the content (a live school's
 * missing file, an invalid school document, a live school without its tenant record) and a service
 * the build reads being down (Sanity, the product API: a 5xx, no answer) fail it alike. Anything
 * else (installing dependencies, preparing the repository, codes 3 and 4, a time limit, no message)
 * is Netlify's own part.
 */

/** Netlify's words for a build whose build command failed (@netlify/build's exit code 2). */
export const BUILD_COMMAND_FAILED = /\bBuild script returned non-zero exit code: 2\b/;

/** `build-command`: the content, or a service the build reads (its log names which); `platform`: Netlify's own part. */
export type FailureCause = 'build-command' | 'platform';

export function failureCause(errorMessage: string | null | undefined): FailureCause {
  return errorMessage && BUILD_COMMAND_FAILED.test(errorMessage) ? 'build-command' : 'platform';
}
