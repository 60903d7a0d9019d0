/**
 * The exit code Netlify reports for a failed build ("Build script returned non-zero exit code: N")
 * is @netlify/build's own, not the build command's, shown with `netlify build --offline` on a
 * minimal project: a build command that exits 1, 3 or 4 makes Netlify's build exit 2 (a user
 * error), its log naming the command's own code. So the site cannot learn from Netlify's message
 * whether its build failed on the content or on a service it reads, and tries either again once
 * (src/lib/publish-records/build-failure.ts).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  requireNetlifyCli,
  runNetlify,
  toolEnvironment,
} from '../../scripts/support/netlify/cli.ts';

const work = mkdtempSync(join(tmpdir(), 'netlify-build-failure-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A project whose build command exits with `code`. */
function projectFailingWith(code: number): string {
  const project = join(work, `exit-${code}`);
  mkdirSync(join(project, 'public'), { recursive: true });
  writeFileSync(
    join(project, 'netlify.toml'),
    [
      '[build]',
      `  command = "echo the build stops; exit ${code}"`,
      '  publish = "public"',
      '',
    ].join('\n'),
  );
  return project;
}

describe("a failed build command in Netlify's build", () => {
  beforeAll(() => requireNetlifyCli());

  it.each([1, 3, 4])(
    "exiting %i: Netlify's build exits 2, whatever the command's code, and its log names that code",
    async (code) => {
      const run = await runNetlify(
        projectFailingWith(code),
        ['build', '--offline'],
        toolEnvironment(join(work, 'home'), { NETLIFY: 'true' }),
      );
      expect(run.code, run.output.slice(-3000)).toBe(2);
      expect(run.output).toContain('"build.command" failed');
      expect(run.output).toContain(
        `Command failed with exit code ${code}: echo the build stops; exit ${code}`,
      );
    },
  );
});
