/**
 * The documents' word on settings is the registry's (src/lib/config/settings/): the tables
 * `npm run docs:settings` writes are there as written; the procedure's step tables list exactly
 * the settings the registry makes at that step, in its scopes; each step's settings check stops at
 * that step; and the output the procedure shows is what the check prints.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { GENERATED, markers, withGenerated } from '../../../scripts/lib/settings-doc.ts';
import { parse as parseToml } from 'smol-toml';
import { paragraphs } from './doc-references.ts';
import {
  SETTING_NAMES,
  SETTINGS,
  type SettingDefinition,
  type SiteName,
} from '../../../src/lib/config/settings/index.ts';
import { checkSetup, formatReport } from '../../../src/lib/setup/setup-check.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const deploying = read('docs/deploying.md');

/** The text of `### <step>. …` up to the next heading of that level or above. */
function stepSection(step: number): string {
  const start = deploying.search(new RegExp(`^### ${step}\\. `, 'm'));
  expect(start, `docs/deploying.md has a "### ${step}." step`).toBeGreaterThanOrEqual(0);
  const rest = deploying.slice(deploying.indexOf('\n', start));
  const end = rest.search(/^#{2,3} /m);
  return end < 0 ? rest : rest.slice(0, end);
}

/** The first table of a section: variable name → its scopes column. */
function stepTable(section: string): Map<string, string> {
  const rows = section.split('\n').filter((line) => /^\| `[A-Z]/.test(line));
  const table = new Map<string, string>();
  for (const row of rows) {
    const [variables, scopes] = row
      .split('|')
      .slice(1, 3)
      .map((cell) => cell.trim());
    for (const match of variables!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)) table.set(match[1]!, scopes!);
  }
  return table;
}

const scopeWords = (scopes: readonly string[]) =>
  scopes.length === 2
    ? 'Builds and Functions'
    : scopes[0] === 'Functions'
      ? /^Functions( only)?$/
      : /^Builds$/;

describe('the tables written from the registry', () => {
  for (const [path, parts] of Object.entries(GENERATED)) {
    for (const [name, make] of Object.entries(parts)) {
      it(`${path}: ${name} is as npm run docs:settings writes it`, () => {
        const text = read(path);
        expect(text, `${path} has the ${name} markers`).toContain(markers(name).start);
        expect(withGenerated(text, name, make()), `${path}: run npm run docs:settings`).toBe(text);
      });
    }
  }

  it('the variables tables name every setting of the registry, once', () => {
    const tables = deploying.slice(
      deploying.indexOf(markers('settings-tables').start),
      deploying.indexOf(markers('settings-tables').end),
    );
    const named = [...tables.matchAll(/^\| `([A-Z][A-Z0-9_]*)`/gm)].map((match) => match[1]!);
    expect(named.sort()).toEqual([...SETTING_NAMES].sort());
  });
});

describe("the procedure's step tables list what the registry makes at that step", () => {
  it.each([
    [6, 'production'],
    [10, 'preview'],
  ] as const)("step %i: the %s site's settings, in their scopes", (step, site: SiteName) => {
    const table = stepTable(stepSection(step));
    const made = SETTING_NAMES.filter(
      (name) => (SETTINGS[name] as SettingDefinition).sites?.[site]?.step === step,
    );
    expect([...table.keys()].sort()).toEqual([...made].sort());
    for (const name of made)
      expect(table.get(name), name).toMatch(
        scopeWords((SETTINGS[name] as SettingDefinition).sites![site]!.scopes),
      );
  });

  it("the editors' preview site's own table: every setting the registry gives that site, in its scopes", () => {
    const heading = "## The editors' preview site (a second Netlify site)\n";
    const start = deploying.indexOf(heading);
    expect(start, heading).toBeGreaterThanOrEqual(0);
    const rest = deploying.slice(start + heading.length);
    const table = stepTable(rest.slice(0, rest.search(/^#{2,3} /m)));
    const preview = SETTING_NAMES.filter(
      (name) => (SETTINGS[name] as SettingDefinition).sites?.preview !== undefined,
    );
    expect([...table.keys()].sort()).toEqual([...preview].sort());
    for (const name of preview)
      expect(table.get(name), name).toMatch(
        scopeWords((SETTINGS[name] as SettingDefinition).sites!.preview!.scopes),
      );
  });
});

describe("a step that says to set a setting is the registry's step for it", () => {
  it.each(Array.from({ length: 11 }, (_, index) => index + 1))('step %i', (step) => {
    for (const match of stepSection(step).matchAll(
      /\b[Ss]et (?:it on the (?:public|preview) site as )?`([A-Z][A-Z0-9_]*)(?:=[^`]*)?`/g,
    )) {
      const definition = SETTINGS[match[1] as keyof typeof SETTINGS] as
        SettingDefinition | undefined;
      const steps = [
        definition?.sites?.production?.step,
        definition?.sites?.preview?.step,
        definition?.studio?.step,
        definition?.shell?.step,
      ];
      expect(steps, `step ${step} says to set ${match[1]}`).toContain(step);
    }
  });

  it("holds the Studio's address on the public site to one step (6), as the registry has it", () => {
    expect([...stepSection(9).matchAll(/[Ss]et `SANITY_STUDIO_URL`/g)]).toEqual([]);
    expect((SETTINGS.SANITY_STUDIO_URL as SettingDefinition).sites?.production?.step).toBe(6);
  });
});

describe('what step 6 says does not belong on the public site, the settings check names', () => {
  /** A value of each setting step 6 lists, as an operator might leave it. */
  const LEFT_ON: Record<string, string> = {
    SITE_MODE: 'static',
    PREVIEW_COOKIE_SECRET: 'c'.repeat(48),
    ALLOW_DEMO_DEPLOY: 'true',
    CONTENT_PREVIEW: 'true',
  };
  const EXAMPLE: Record<string, string> = {
    CONTENT_SOURCE: 'sanity',
    SANITY_PROJECT_ID: 'abc123',
    PUBLIC_API_BASE: 'https://api.example.net',
    SANITY_STUDIO_URL: 'https://s.sanity.studio',
    NETLIFY_BUILD_HOOK_URL: 'https://api.netlify.com/build_hooks/x',
    SANITY_WEBHOOK_SECRET: 'a'.repeat(40),
    NETLIFY_DEPLOY_NOTIFICATION_SECRET: 'b'.repeat(40),
    EDITOR_PASS_SECRET: 'd'.repeat(40),
  };

  it('each setting of "Not on this site", set beside a complete public site, is a problem naming it', async () => {
    const paragraph = /^Not on this site: [\s\S]*?\n\n/m.exec(stepSection(6))?.[0];
    expect(paragraph, 'step 6 has its "Not on this site" paragraph').toBeDefined();
    const named = [
      ...new Set(
        [...paragraph!.matchAll(/`([A-Z][A-Z0-9_]*)(?:=[^`]*)?`/g)].map((match) => match[1]!),
      ),
    ];
    expect(named.sort()).toEqual(Object.keys(LEFT_ON).sort());
    expect(
      (
        await checkSetup('production', EXAMPLE, () =>
          Promise.resolve({
            outcome: 'answered',
            siteSettings: 1,
          }),
        )
      ).problems,
    ).toEqual([]);
    for (const name of named) {
      const report = await checkSetup('production', { ...EXAMPLE, [name]: LEFT_ON[name]! }, () =>
        Promise.resolve({ outcome: 'answered', siteSettings: 1 }),
      );
      expect(
        report.problems.map((problem) => problem.setting),
        name,
      ).toEqual([name]);
    }
  });
});

describe('a setting named beside a link to a step of the procedure is made at that step', () => {
  /** The steps of the procedure that make `name`, on any site, in the Studio or in a shell. */
  const stepsOf = (name: string) => {
    const definition = SETTINGS[name as keyof typeof SETTINGS] as SettingDefinition | undefined;
    return [
      definition?.sites?.production?.step,
      definition?.sites?.preview?.step,
      definition?.studio?.step,
      definition?.shell?.step,
    ].filter((step) => step !== undefined);
  };
  /** Sentence by sentence: each setting named with a link to a step (`deploying.md#6-…`, or `#6-…` inside deploying.md), and the steps linked. */
  function stepLinks(
    path: string,
    text: string,
  ): Array<{ line: number; names: string[]; steps: number[] }> {
    return paragraphs({ path, text })
      .filter((paragraph) => !paragraph.code)
      .flatMap((paragraph) =>
        paragraph.text
          .split(/(?<=[.;])\s+(?=[A-Z*(`])/)
          .map((sentence) => ({
            line: paragraph.line,
            steps: [...sentence.matchAll(/(?:deploying\.md|\]\()#(\d+)-/g)].map((match) =>
              Number(match[1]),
            ),
            names: [
              ...new Set(
                [...sentence.matchAll(/`([A-Z][A-Z0-9_]*)(?:=[^`]*)?`/g)].map((match) => match[1]!),
              ),
            ].filter((name) => stepsOf(name).length > 0),
          }))
          .filter((found) => found.steps.length > 0 && found.names.length > 0),
      );
  }

  it('README.md, CONTRIBUTING.md, docs/*.md (file:line, the setting and its steps, for each that is not)', () => {
    const files = [
      'README.md',
      'CONTRIBUTING.md',
      ...readdirSync(join(ROOT, 'docs'))
        .filter((name) => name.endsWith('.md'))
        .map((name) => `docs/${name}`),
    ];
    const found = files.flatMap((path) =>
      stepLinks(path, read(path)).map((links) => ({ ...links, path })),
    );
    expect(found.length).toBeGreaterThan(0);
    expect(
      found.flatMap(({ path, line, names, steps }) =>
        names
          .filter((name) => !steps.some((step) => stepsOf(name).includes(step)))
          .map(
            (name) =>
              `${path}:${line}: links step ${steps.join(', ')} for ${name}, which steps ${stepsOf(name).join(', ')} make`,
          ),
      ),
    ).toEqual([]);
  });

  it('names a link to a step that does not make the setting', () => {
    expect(
      stepLinks(
        'docs/x.md',
        'It answers only when its `SANITY_STUDIO_URL` lists it ([step 9](deploying.md#9-deploy-notifications)).',
      ),
    ).toEqual([{ line: 1, names: ['SANITY_STUDIO_URL'], steps: [9] }]);
    expect(stepsOf('SANITY_STUDIO_URL')).not.toContain(9);
  });
});

describe("every environment variable the documents name is one the site reads, or is said to be the platform's", () => {
  const files = [
    'README.md',
    'CONTRIBUTING.md',
    ...readdirSync(join(ROOT, 'docs'))
      .filter((name) => name.endsWith('.md'))
      .map((name) => `docs/${name}`),
    'src/dataset/README.md',
  ];
  /** Upper-case names the code declares itself (constants, types): not environment variables. */
  const code = spawnSync('git', ['ls-files', '*.ts', '*.tsx', '*.mjs'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .stdout.split('\n')
    .filter(Boolean)
    .map(read)
    .join('\n');
  const declared = new Set(
    [
      ...code.matchAll(
        /\b(?:const|let|var|function|class|interface|type|enum)\s+([A-Z][A-Z0-9_]+)\b/g,
      ),
    ].map((match) => match[1]!),
  );
  /** What netlify.toml gives every build: Netlify and Astro read them, the site does not. */
  const netlifyToml = Object.keys(
    (parseToml(read('netlify.toml')) as { build?: { environment?: Record<string, string> } }).build
      ?.environment ?? {},
  );
  /** Upper-case words that are no variable: the placeholder of "KEY=value", an error code, the system's home folder, HTTP methods. */
  const NOT_SETTINGS = new Set([
    'KEY',
    'EXDEV',
    'HOME',
    'GET',
    'HEAD',
    'POST',
    'PUT',
    'DELETE',
    'OPTIONS',
  ]);

  function unknownNames(path: string, text: string): string[] {
    return paragraphs({ path, text }).flatMap((paragraph) =>
      [...paragraph.text.matchAll(/`([A-Z][A-Z0-9_]{2,})(?:=[^`]*)?`/g)]
        .map((match) => match[1]!)
        .filter(
          (name) =>
            !(name in SETTINGS) &&
            !declared.has(name) &&
            !netlifyToml.includes(name) &&
            !NOT_SETTINGS.has(name),
        )
        // The platform's own, said so where it is named: what Netlify hands a build.
        .filter(() => !/Netlify hands a build/.test(paragraph.text))
        .map((name) => `${path}:${paragraph.line}: ${name}`),
    );
  }

  it("the registry's (src/lib/config/settings/), netlify.toml's, or named as what Netlify hands a build (file:line of each that is none)", () => {
    expect(files.flatMap((path) => unknownNames(path, read(path)))).toEqual([]);
  });

  it("names a variable nothing reads that the text presents as the site's", () => {
    expect(
      unknownNames('docs/x.md', "A function sees Netlify's `URL`, `SITE_NAME` and `SITE_ID`."),
    ).toEqual(['docs/x.md:1: SITE_NAME']);
    expect(
      unknownNames(
        'docs/x.md',
        'With what Netlify hands a build: `INCOMING_HOOK_BODY`, `DEPLOY_ID`.',
      ),
    ).toEqual([]);
  });
});

describe("each step's settings check stops at that step", () => {
  it.each(Array.from({ length: 11 }, (_, index) => index + 1))('step %i', (step) => {
    const commands = [...stepSection(step).matchAll(/npm run setup:check -- ([^`\n]*)/g)].map(
      (match) => match[1]!,
    );
    for (const command of commands)
      expect(command, `step ${step}: ${command}`).toContain(`--until ${step}`);
  });

  it("every step that makes a site's setting runs that site's check", () => {
    const sections = Array.from({ length: 11 }, (_, index) => stepSection(index + 1));
    for (const name of SETTING_NAMES) {
      const definition = SETTINGS[name] as SettingDefinition;
      const uses = [
        ['production', definition.sites?.production?.step],
        ['preview', definition.sites?.preview?.step],
        ['studio', definition.studio?.step],
      ] as const;
      for (const [site, step] of uses) {
        if (step === undefined) continue;
        expect(
          sections[step - 1],
          `step ${step} makes ${name}: it runs setup:check --site ${site}`,
        ).toMatch(new RegExp(`setup:check -- --site ${site} --until ${step}`));
      }
    }
  });
});

describe("the check's output the procedure shows is what it prints", () => {
  it('step 6, a public dataset: the block of output', async () => {
    const block = /```\n\s*(note: Sanity: the project and dataset answer[\s\S]*?)\n\s*```/.exec(
      stepSection(6),
    )?.[1];
    expect(block).toBeDefined();
    const settings = {
      CONTENT_SOURCE: 'sanity',
      SANITY_PROJECT_ID: 'abc123',
      PUBLIC_API_BASE: 'https://api.example.net',
      SANITY_STUDIO_URL: 'https://s.sanity.studio',
      EDITOR_PASS_SECRET: 'p'.repeat(64),
    };
    const report = await checkSetup(
      'production',
      settings,
      () => Promise.resolve({ outcome: 'answered', siteSettings: 1 }),
      { until: 6 },
    );
    expect(block!.split('\n').map((line) => line.trim())).toEqual(formatReport(report));
  });

  it('every last line a step quotes is one the check prints for that step', () => {
    for (let step = 1; step <= 11; step += 1) {
      for (const match of stepSection(step).matchAll(
        /`((?:the public site|the editors' preview site|the Studio)[^`]*: no problems found[^`]*)`/g,
      )) {
        expect(match[1], `step ${step}`).toMatch(
          new RegExp(
            `, up to step ${step}: no problems found; Sanity answered(; the deployed functions answered)?$`,
          ),
        );
      }
    }
  });
});
