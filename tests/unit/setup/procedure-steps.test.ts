/**
 * docs/deploying.md's procedure, step by step, as `setup:check --until <step>` sees it: with
 * exactly the settings the registry says the procedure has made by each step, every site's check
 * passes (Sanity answering); one of them missing, a setting of the other site, or a contradiction
 * is named. The settings come from the registry (src/lib/config/settings/), so a setting moved to
 * another step moves here too.
 */
import { describe, expect, it } from 'vitest';
import {
  SETTING_NAMES,
  SETTINGS,
  type SettingDefinition,
} from '../../../src/lib/config/settings/index.ts';
import {
  checkSetup,
  exitStatus,
  formatReport,
  type AskSanity,
  type SiteKind,
} from '../../../src/lib/setup/setup-check.ts';
import { stepOf } from '../../../src/lib/setup/site-problems.ts';

/** A value an operator would give each setting the procedure makes (a private dataset: the public site's build has a token). */
const EXAMPLES: Record<string, Record<string, string>> = {
  production: {
    CONTENT_SOURCE: 'sanity',
    SANITY_PROJECT_ID: 'prodproj1',
    SANITY_DATASET: 'production',
    SANITY_API_READ_TOKEN: 'sk-public-build-token',
    PUBLIC_API_BASE: 'https://api.school-mobile.example',
    ORDER_SERVICE_URL: 'https://orders.school-mobile.example',
    SITE_URL: 'https://school-mobile.example',
    MAIN_SITE_URL: 'https://company.example',
    ACTIVE_GIVEAWAY_IDS: 'g-1',
    HIDDEN_ENTER_GIVEAWAY_IDS: 'a',
    PUBLIC_SEGMENT_WRITE_KEY: 'wk-1',
    SANITY_STUDIO_URL: 'https://school-mobile.sanity.studio',
    NETLIFY_BUILD_HOOK_URL: 'https://api.netlify.com/build_hooks/0123abcd',
    SANITY_WEBHOOK_SECRET: 'a'.repeat(64),
    NETLIFY_DEPLOY_NOTIFICATION_SECRET: 'b'.repeat(64),
    EDITOR_PASS_SECRET: 'd'.repeat(64),
  },
  preview: {
    SITE_MODE: 'preview',
    CONTENT_SOURCE: 'sanity',
    SANITY_PROJECT_ID: 'prodproj1',
    SANITY_DATASET: 'production',
    SANITY_API_READ_TOKEN: 'sk-preview-token',
    PUBLIC_API_BASE: 'https://api.school-mobile.example',
    SITE_URL: 'https://school-mobile-preview.netlify.app',
    MAIN_SITE_URL: 'https://company.example',
    ACTIVE_GIVEAWAY_IDS: 'g-1',
    HIDDEN_ENTER_GIVEAWAY_IDS: 'a',
    SANITY_STUDIO_URL: 'https://school-mobile.sanity.studio',
    PREVIEW_COOKIE_SECRET: 'c'.repeat(64),
  },
  studio: {
    SANITY_STUDIO_PROJECT_ID: 'prodproj1',
    SANITY_STUDIO_DATASET: 'production',
    SANITY_STUDIO_PREVIEW_URL: 'https://school-mobile-preview.netlify.app',
    SANITY_STUDIO_PUBLIC_SITE_URL: 'https://school-mobile.example',
  },
};

const KINDS = ['production', 'preview', 'studio'] as const;
const STEPS = Array.from({ length: 11 }, (_, index) => index + 1);

/** Every setting the procedure makes for `kind` by `step`, with its example value. */
function madeBy(kind: SiteKind, step: number): Record<string, string> {
  return Object.fromEntries(
    SETTING_NAMES.flatMap((name) => {
      const at = stepOf(name, kind);
      return at !== undefined && at <= step ? [[name, EXAMPLES[kind]![name]!]] : [];
    }),
  );
}

/** Sanity answering for the project: the content is there (step 3 imports it). */
const sanity: AskSanity = (target) =>
  Promise.resolve({
    outcome: 'answered',
    siteSettings: target.token ? 1 : 0,
  });

/** The first step at which `kind` has a setting at all. */
const firstStep = (kind: SiteKind) =>
  Math.min(...SETTING_NAMES.map((name) => stepOf(name, kind) ?? 99));

describe("the registry's steps have an example value each", () => {
  it.each(KINDS)('%s: every setting the procedure makes', (kind) => {
    const made = SETTING_NAMES.filter((name) => stepOf(name, kind) !== undefined);
    expect(made.filter((name) => EXAMPLES[kind]![name] === undefined)).toEqual([]);
  });
});

describe("each step's check passes with exactly the settings made up to it", () => {
  for (const kind of KINDS) {
    it.each(STEPS.filter((step) => step >= firstStep(kind)))(
      `${kind}, --until %i: no problems, Sanity answered, exit 0`,
      async (step) => {
        const report = await checkSetup(kind, madeBy(kind, step), sanity, { until: step });
        expect(formatReport(report).filter((line) => line.startsWith('problem:'))).toEqual([]);
        expect(exitStatus(report)).toBe(0);
        expect(formatReport(report).at(-1)).toMatch(/: no problems found; Sanity answered$/);
        // What later steps make is listed, never a problem.
        for (const { name, step: later } of report.later) expect(later, name).toBeGreaterThan(step);
      },
    );
  }

  it("without --until, the public site's step-6 settings name exactly what steps 7 to 9 make", async () => {
    const report = await checkSetup('production', madeBy('production', 6), sanity);
    expect(
      report.problems.map((problem) => `${problem.setting} [${problem.scopes.join(', ')}]`),
    ).toEqual([
      'NETLIFY_BUILD_HOOK_URL [Functions]',
      'SANITY_WEBHOOK_SECRET [Functions]',
      'NETLIFY_DEPLOY_NOTIFICATION_SECRET [Functions]',
    ]);
  });
});

describe("a step's check names what is missing, misplaced or contradictory", () => {
  for (const kind of KINDS) {
    const last = 11;
    const required = SETTING_NAMES.filter(
      (name) =>
        stepOf(name, kind) !== undefined &&
        (SETTINGS[name] as SettingDefinition)[kind === 'studio' ? 'studio' : 'sites'] !== undefined,
    ).filter((name) => {
      const definition = SETTINGS[name] as SettingDefinition;
      const use = kind === 'studio' ? definition.studio : definition.sites?.[kind];
      return use?.required !== 'optional';
    });
    it.each(required)(
      `${kind}: without %s (made at its step), the check names it and exits 1`,
      async (name) => {
        const step = stepOf(name, kind)!;
        for (const until of [step, last]) {
          const settings = madeBy(kind, until);
          delete settings[name];
          const report = await checkSetup(kind, settings, sanity, { until });
          expect(
            report.problems.map((problem) => problem.setting),
            `--until ${until}`,
          ).toContain(name);
          expect(exitStatus(report)).toBe(1);
        }
      },
    );
  }

  it('a setting of the other site is named on each site', async () => {
    const production = await checkSetup(
      'production',
      {
        ...madeBy('production', 11),
        PREVIEW_COOKIE_SECRET: 'c'.repeat(64),
        SANITY_STUDIO_PREVIEW_URL: 'https://p.example',
      },
      sanity,
    );
    expect(formatReport(production).filter((line) => line.startsWith('problem:'))).toEqual([
      "problem: PREVIEW_COOKIE_SECRET: belongs to the editors' preview site, not the public site: unset it here",
      'problem: SANITY_STUDIO_PREVIEW_URL: belongs to the Studio (studio/.env), not the public site: unset it here',
    ]);
    const preview = await checkSetup(
      'preview',
      {
        ...madeBy('preview', 11),
        NETLIFY_BUILD_HOOK_URL: 'https://api.netlify.com/build_hooks/x',
        SANITY_WEBHOOK_SECRET: 'a'.repeat(40),
        ALLOW_DEMO_DEPLOY: 'true',
      },
      sanity,
    );
    expect(formatReport(preview).filter((line) => line.startsWith('problem:'))).toEqual([
      "problem: ALLOW_DEMO_DEPLOY: belongs to the public site, not the editors' preview site: unset it here",
      "problem: NETLIFY_BUILD_HOOK_URL: belongs to the public site and your shell (npm run rebuild), not the editors' preview site: unset it here",
      "problem: SANITY_WEBHOOK_SECRET: belongs to the public site, not the editors' preview site: unset it here",
    ]);
    const studio = await checkSetup(
      'studio',
      { ...madeBy('studio', 11), SANITY_API_READ_TOKEN: 'sk-x' },
      sanity,
    );
    expect(formatReport(studio).filter((line) => line.startsWith('problem:'))).toEqual([
      "problem: SANITY_API_READ_TOKEN: belongs to the public site and the editors' preview site, not the Studio: unset it here",
    ]);
    // The Studio's check reads the environment too: only what its files hold is named.
    expect(
      (
        await checkSetup(
          'studio',
          { ...madeBy('studio', 11), SANITY_API_READ_TOKEN: 'sk-x' },
          sanity,
          { flagMisplaced: () => false },
        )
      ).problems,
    ).toEqual([]);
  });

  it("contradictions: the preview site's mode on the public site, drafts in production", async () => {
    const complete = madeBy('production', 11);
    for (const [extra, setting] of [
      [{ SITE_MODE: 'preview' }, 'SITE_MODE'],
      [{ CONTENT_PREVIEW: 'true' }, 'CONTENT_PREVIEW'],
    ] as const) {
      const report = await checkSetup('production', { ...complete, ...extra }, sanity);
      expect(report.problems.map((problem) => problem.setting)).toEqual([setting]);
    }
  });
});

describe('demo content in production', () => {
  const demo = { CONTENT_SOURCE: 'local', ALLOW_DEMO_DEPLOY: 'true' };

  it('is refused without --demo, naming ALLOW_DEMO_DEPLOY and what the demo would leave out', async () => {
    const report = await checkSetup('production', demo, sanity);
    expect(exitStatus(report)).toBe(1);
    expect(report.problems.map((problem) => problem.setting)).toEqual(
      expect.arrayContaining(['ALLOW_DEMO_DEPLOY', 'CONTENT_SOURCE', 'PUBLIC_API_BASE']),
    );
    expect(formatReport(report).join('\n')).not.toContain('DEMO: bundled content');
  });

  it('with --demo, says so loudly on its last line', async () => {
    const report = await checkSetup(
      'production',
      {
        ...demo,
        SANITY_STUDIO_URL: 'https://s.sanity.studio',
        NETLIFY_BUILD_HOOK_URL: 'https://api.netlify.com/build_hooks/x',
        SANITY_WEBHOOK_SECRET: 'a'.repeat(40),
        NETLIFY_DEPLOY_NOTIFICATION_SECRET: 'b'.repeat(40),
        EDITOR_PASS_SECRET: 'd'.repeat(40),
      },
      sanity,
      { demo: true },
    );
    expect(formatReport(report)).toEqual([
      'DEMO: bundled content — the public site (production) would publish the bundled demo content (no Sanity project, no product API); nothing else found',
    ]);
    expect(exitStatus(report)).toBe(0);
  });

  it('--demo does not lift the rest: a missing functions setting is still named', async () => {
    const report = await checkSetup('production', demo, sanity, { demo: true });
    expect(report.problems.map((problem) => problem.setting)).toEqual([
      'SANITY_STUDIO_URL',
      'EDITOR_PASS_SECRET',
      'NETLIFY_BUILD_HOOK_URL',
      'SANITY_WEBHOOK_SECRET',
      'NETLIFY_DEPLOY_NOTIFICATION_SECRET',
    ]);
  });

  it("a full Sanity site with ALLOW_DEMO_DEPLOY left on is not a demo, and is named: left on, it disarms the build's refusals", async () => {
    for (const demoFlag of [false, true]) {
      const report = await checkSetup(
        'production',
        { ...madeBy('production', 11), ALLOW_DEMO_DEPLOY: 'true' },
        sanity,
        { demo: demoFlag },
      );
      expect(formatReport(report).filter((line) => line.startsWith('problem:'))).toEqual([
        'problem: ALLOW_DEMO_DEPLOY=true: this site reads Sanity and the product API, so it is no demo deploy; left on, a build that lost CONTENT_SOURCE or PUBLIC_API_BASE would publish the bundled demo content instead of stopping: unset it [Builds]',
      ]);
      expect(report.demo).toBe(false);
      expect(exitStatus(report)).toBe(1);
    }
    // Set to false it disarms nothing and is not named.
    expect(
      (
        await checkSetup(
          'production',
          { ...madeBy('production', 11), ALLOW_DEMO_DEPLOY: 'false' },
          sanity,
        )
      ).problems,
    ).toEqual([]);
  });
});
