/**
 * What a failed production build's message says of its cause, in Netlify's words: its build
 * command failed (@netlify/build's exit code 2, whatever the command's own: the content, or a
 * service the build reads being down, which Netlify words alike), or Netlify's own part failed. The
 * queue tries either again once (tests/unit/rebuild/publish-queue.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { failureCause } from '../../../src/lib/publish-records/build-failure.ts';
import { buildOutcome } from '../../../src/lib/deploys/notification.ts';
import { deployNotificationSchema } from '../../../src/lib/publish-records/deploy-history.ts';
import { deploy } from './fixtures.ts';

describe("a failed build's cause, from Netlify's message", () => {
  it.each([
    [
      "Failed during stage 'building site': Build script returned non-zero exit code: 2",
      'build-command',
    ],
    ['Build script returned non-zero exit code: 2', 'build-command'],
    // A plugin's internal error (3) and Netlify's own steps (4: uploading, deploying) are not the build command's.
    [
      "Failed during stage 'building site': Build script returned non-zero exit code: 3",
      'platform',
    ],
    [
      "Failed during stage 'building site': Build script returned non-zero exit code: 4",
      'platform',
    ],
    [
      "Failed during stage 'Install dependencies': dependency_installation script returned non-zero exit code: 1",
      'platform',
    ],
    ['Failed to prepare repo', 'platform'],
    ['Build exceeded maximum allowed runtime', 'platform'],
    [null, 'platform'],
    [undefined, 'platform'],
  ])('%s → %s', (message, cause) => {
    expect(failureCause(message)).toBe(cause);
  });

  it('either failure is one the queue tries again; a canceled build is not a failure', () => {
    const ended = (overrides: Record<string, unknown>) =>
      buildOutcome(deployNotificationSchema.parse(deploy({ state: 'error', ...overrides })));
    expect(
      ended({
        error_message:
          "Failed during stage 'building site': Build script returned non-zero exit code: 2",
      }),
    ).toBe('failed-build-command');
    expect(
      ended({
        error_message:
          "Failed during stage 'Install dependencies': dependency_installation script returned non-zero exit code: 1",
      }),
    ).toBe('failed-platform');
    expect(buildOutcome(deployNotificationSchema.parse(deploy({ state: 'ready' })))).toBe('ready');
  });
});
