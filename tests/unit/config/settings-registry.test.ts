/**
 * The registry of settings (src/lib/config/settings/) against the code: every setting read in
 * src/, scripts/, netlify/ (when there is one) and studio/ (and the root's config files) is registered, found from the
 * code itself (setting-reads.ts), and every registered setting is read somewhere. Then what the
 * registry says is held against the readers (which settings each one parses) and against itself.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { envFields } from '../../../src/lib/config/env.ts';
import { markLocalStack, unmarkLocalStack } from '../../../src/lib/config/local-stack.ts';
import {
  FUNCTION_NAMES,
  functionSettings,
  isSettingName,
  SETTING_NAMES,
  SETTINGS,
  siteSettings,
  type Reader,
  type SettingDefinition,
} from '../../../src/lib/config/settings/index.ts';
import {
  deployNotificationSettingsSchema,
  deploysSettingsSchema,
  freshnessSettingsSchema,
  publishRetrySchema,
  publishSchema,
  statusSettingsSchema,
} from '../../../src/lib/functions/function-settings.ts';
import { projectReads, type SettingRead } from './setting-reads.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SCANNED_DIRS = ['src', 'scripts', 'netlify', 'studio'];
const SCANNED_FILES = ['astro.config.mjs', 'playwright.config.ts', 'vitest.config.ts'];

/** Each read the registry lacks, as "file:line NAME". */
export function unregisteredReads(
  reads: readonly SettingRead[],
  known: (name: string) => boolean = isSettingName,
): string[] {
  return reads
    .filter((read) => !known(read.name))
    .map((read) => `${read.file}:${read.line} ${read.name}`);
}

const reads = projectReads(ROOT, SCANNED_DIRS, SCANNED_FILES);
const definitions = Object.entries(SETTINGS) as [string, SettingDefinition][];

describe('the registry holds every setting the code reads', () => {
  it('finds the reads from the code (a few hundred, in every kind of file)', () => {
    expect(reads.length).toBeGreaterThan(200);
    const kinds = new Set(reads.map((read) => read.file.split('.').pop()));
    expect([...kinds]).toEqual(expect.arrayContaining(['ts', 'sh', 'mjs']));
  });

  it('every setting read in src/, scripts/, netlify/ and studio/ is registered (file:line of each that is not)', () => {
    expect(unregisteredReads(reads)).toEqual([]);
  });

  it('every registered setting is read somewhere (no entry outlives its code)', () => {
    const read = new Set(reads.map((entry) => entry.name));
    expect(SETTING_NAMES.filter((name) => !read.has(name))).toEqual([]);
  });
});

describe('the read finder itself, on a fixture with every form of read', () => {
  const fixture = projectReads(ROOT, ['tests/fixtures/setting-reads']);
  const names = new Set(fixture.map((read) => read.name));

  it('finds each form: env members, brackets, destructuring, helpers, schema keys, parsed settings, .astro, shell', () => {
    expect([...names].sort()).toEqual([
      'CONTEXT',
      'FIXTURE_ASTRO_READ',
      'FIXTURE_BRACKETED_READ',
      'FIXTURE_DESTRUCTURED_READ',
      'FIXTURE_DIRECT_READ',
      'FIXTURE_HELPER_READ',
      'FIXTURE_META_READ',
      'FIXTURE_PARSED_READ',
      'FIXTURE_SCHEMA_KEY',
      'FIXTURE_SHELL_BARE',
      'FIXTURE_SHELL_READ',
      'PORT',
      'URL',
    ]);
  });

  it('a read the registry lacks fails, named by file and line', () => {
    expect(unregisteredReads(fixture)).toContain(
      'tests/fixtures/setting-reads/reads.ts:6 FIXTURE_DIRECT_READ',
    );
    expect(unregisteredReads(fixture)).toContain(
      'tests/fixtures/setting-reads/run.sh:3 FIXTURE_SHELL_READ',
    );
    expect(unregisteredReads(fixture).some((line) => line.endsWith(' PORT'))).toBe(false);
  });
});

/** The names a reader's zod object parses. */
const keys = (schema: { shape: object }) => Object.keys(schema.shape).sort();
const readBy = (reader: Reader) =>
  SETTING_NAMES.filter((name) =>
    (SETTINGS[name].readBy as readonly Reader[]).includes(reader),
  ).sort();

describe('the registry says who reads each setting, as the readers parse them', () => {
  it("env.ts parses the settings the build and the preview function read (bar the build record's hook body and Astro's SITE)", () => {
    const app = [...new Set([...readBy('build'), ...readBy('preview function')])].sort();
    const elsewhere = ['INCOMING_HOOK_BODY', 'SITE'];
    expect(keys(envFields)).toEqual(app.filter((name) => !elsewhere.includes(name)));
  });

  it("each function's settings are the ones its schema parses, plus SITE_MODE (the preview-site guard) and the build hook (the settings check's proof)", () => {
    const withGuard = (schema: { shape: object }) =>
      [...new Set([...keys(schema), 'SITE_MODE', 'NETLIFY_BUILD_HOOK_URL'])].sort();
    expect(functionSettings('freshness-check').sort()).toEqual(withGuard(freshnessSettingsSchema));
    expect(functionSettings('publish-retry').sort()).toEqual(withGuard(publishRetrySchema));
    expect(functionSettings('rebuild-on-publish').sort()).toEqual(withGuard(publishSchema));
    expect(functionSettings('deploy-notification').sort()).toEqual(
      withGuard(deployNotificationSettingsSchema),
    );
    expect(functionSettings('publish-status').sort()).toEqual(withGuard(statusSettingsSchema));
    expect(functionSettings('deploys').sort()).toEqual(withGuard(deploysSettingsSchema));
  });
});

describe('the registry agrees with itself', () => {
  it('every setting an operator sets has a home: a site, the Studio or a shell', () => {
    const homeless = definitions.filter(
      ([, definition]) =>
        definition.setBy === 'operator' &&
        !definition.sites &&
        !definition.studio &&
        !definition.shell,
    );
    expect(homeless.map(([name]) => name)).toEqual([]);
  });

  it("only an operator's settings have a home, and only steps 1 to 11 make them", () => {
    for (const [name, definition] of definitions) {
      if (definition.setBy !== 'operator')
        expect(definition.sites ?? definition.studio ?? definition.shell, name).toBeUndefined();
      const steps = [
        definition.sites?.production?.step,
        definition.sites?.preview?.step,
        definition.studio?.step,
        definition.shell?.step,
      ];
      for (const step of steps) {
        if (step === undefined) continue;
        expect(step, name).toBeGreaterThanOrEqual(1);
        expect(step, name).toBeLessThanOrEqual(11);
      }
    }
  });

  it('a setting required on a site is made at a step of the procedure', () => {
    for (const site of ['production', 'preview'] as const) {
      for (const name of siteSettings(site)) {
        const use = (SETTINGS[name] as SettingDefinition).sites![site]!;
        if (use.required === 'always') expect(use.step, `${name} on ${site}`).toBeDefined();
      }
    }
  });

  it('each secret with a least length refuses one character less and takes that length', () => {
    const secrets = definitions.filter(([, definition]) => definition.secret?.minLength);
    expect(secrets.map(([name]) => name).sort()).toEqual([
      'EDITOR_PASS_SECRET',
      'EDITOR_PASS_SECRET_PREVIOUS',
      'NETLIFY_DEPLOY_NOTIFICATION_SECRET',
      'NETLIFY_DEPLOY_NOTIFICATION_SECRET_PREVIOUS',
      'PREVIEW_COOKIE_SECRET',
      'SANITY_WEBHOOK_SECRET',
      'SANITY_WEBHOOK_SECRET_PREVIOUS',
    ]);
    for (const [name, definition] of secrets) {
      const least = definition.secret!.minLength!;
      expect(least, name).toBe(32);
      expect(definition.schema.safeParse('s'.repeat(least - 1)).success, name).toBe(false);
      expect(definition.schema.safeParse('s'.repeat(least)).success, name).toBe(true);
    }
  });

  it('names every public function the registry speaks of, and each reads at least the preview-site guard', () => {
    for (const fn of FUNCTION_NAMES) expect(functionSettings(fn), fn).toContain('SITE_MODE');
  });

  it('the local-stack mark is in memory only: set and cleared by code, never by a variable', () => {
    expect(SETTING_NAMES.some((name) => /LOCAL_STACK/.test(name))).toBe(false);
    markLocalStack();
    unmarkLocalStack();
  });
});
