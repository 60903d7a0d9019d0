/**
 * What Netlify's build does with a local build plugin (`[[plugins]] package = "./…"`), shown on a
 * minimal project with `netlify build --offline`: a module that exports only event handlers loads
 * and runs; one that also exports anything else fails the whole build while loading plugins, as the
 * site's build-record plugin once did. The tier's site builds (netlify-build.test.ts) assert that
 * every plugin netlify.toml declares loaded, so such a plugin fails them.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ROOT,
  requireNetlifyCli,
  runNetlify,
  toolEnvironment,
} from '../../scripts/support/netlify/cli.ts';

const work = mkdtempSync(join(tmpdir(), 'netlify-plugins-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A project whose build writes one page, with the fixture plugin `name` declared in its netlify.toml. */
function projectWithPlugin(name: string): string {
  const project = join(work, name);
  cpSync(join(ROOT, 'tests', 'fixtures', 'netlify-plugins', name), join(project, 'plugins', name), {
    recursive: true,
  });
  writeFileSync(
    join(project, 'netlify.toml'),
    [
      '[build]',
      '  command = "mkdir -p public && echo ok > public/index.html"',
      '  publish = "public"',
      '[[plugins]]',
      `  package = "./plugins/${name}"`,
      '',
    ].join('\n'),
  );
  return project;
}

describe("a local build plugin in Netlify's build", () => {
  beforeAll(() => requireNetlifyCli());

  it('exporting only event handlers: loads, runs, and the build completes', async () => {
    const run = await runNetlify(
      projectWithPlugin('handler-only'),
      ['build', '--offline'],
      toolEnvironment(join(work, 'home'), { NETLIFY: 'true' }),
    );
    expect(run.code, run.output.slice(-3000)).toBe(0);
    expect(run.output).toMatch(/- \.\/plugins\/handler-only(@\S+)? from netlify\.toml/);
    expect(run.output).toContain('handler-only plugin: onPostBuild ran');
  });

  it('exporting anything else too: the build stops while loading plugins, naming the export', async () => {
    const run = await runNetlify(
      projectWithPlugin('extra-export'),
      ['build', '--offline'],
      toolEnvironment(join(work, 'home'), { NETLIFY: 'true' }),
    );
    expect(run.code).not.toBe(0);
    expect(run.output).toContain('Plugin "./plugins/extra-export" internal error');
    expect(run.output).toContain("Invalid event 'KEY'");
    expect(run.output).not.toContain('extra-export plugin: onPostBuild ran');
  });
});
