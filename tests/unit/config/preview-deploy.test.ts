/**
 * The editors' preview site on Netlify (SITE_MODE=preview): its build refuses what the build can
 * see (the Sanity project, the Studio's address), naming each setting; its function names what
 * only it sees (the Functions-scoped secrets) at its first request. Locally the offline defaults
 * stay allowed.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deployProblems, parseEnv } from '../../../src/lib/config/env.ts';
import { previewSiteProblems, studioUrlProblems } from '../../../src/lib/config/netlify-deploy.ts';
import {
  netlifyDeployContext,
  previewFunctionRefusal,
  previewFunctionSettingsProblems,
} from '../../../src/lib/config/preview-function-settings.ts';

const STUDIO = 'https://schools.sanity.studio';
/** A preview site's build on Netlify with every setting it needs. */
const previewBuild = {
  SITE_MODE: 'preview',
  NETLIFY: 'true',
  CONTEXT: 'production',
  URL: 'https://schools-preview.netlify.app',
  CONTENT_SOURCE: 'sanity',
  SANITY_PROJECT_ID: 'abc123',
  PUBLIC_API_BASE: 'https://api.example.com',
  SANITY_STUDIO_URL: STUDIO,
};
const STUDIO_MISSING =
  "SANITY_STUDIO_URL: the Studio's address, or addresses comma-separated (without it only a Studio at http://localhost:3333 may frame the preview)";
const STUDIO_MALFORMED = 'SANITY_STUDIO_URL: must be a comma-separated list of http(s) URLs';
const STUDIO_LOCAL =
  'SANITY_STUDIO_URL: has a local address (a deployed preview is framed by the deployed Studio)';
const SANITY_MISSING =
  "CONTENT_SOURCE=sanity (with SANITY_PROJECT_ID): the preview shows the Sanity project's drafts; without it editors would see the bundled demo content";
const REFUSAL_END =
  "Set them in the preview site's environment variables, scoped to Builds and Functions (its function reads them on each request).";

describe("the preview site's build on Netlify", () => {
  it("builds with the Sanity project, a product API and the Studio's address", () => {
    const settings = parseEnv(previewBuild);
    expect(settings.SANITY_STUDIO_URL).toBe(STUDIO);
    expect(settings.SITE_URL).toBe('https://schools-preview.netlify.app');
  });

  it('refuses without SANITY_STUDIO_URL (its default would let only a local Studio frame it), naming the setting and the site', () => {
    const { SANITY_STUDIO_URL: _unset, ...rest } = previewBuild;
    expect(() => parseEnv(rest)).toThrow(
      [
        "Refusing to build the editors' preview site (SITE_MODE=preview) for Netlify production (CONTEXT=production) with these settings missing or local:",
        `  - ${STUDIO_MISSING}`,
        REFUSAL_END,
      ].join('\n'),
    );
    expect(() => parseEnv({ ...previewBuild, SANITY_STUDIO_URL: '  ' })).toThrow(STUDIO_MISSING);
    expect(() => parseEnv({ ...previewBuild, SANITY_STUDIO_URL: 'http://localhost:3333' })).toThrow(
      STUDIO_MISSING,
    );
  });

  it.each([
    'schools.sanity.studio',
    `${STUDIO}, ftp://files.example`,
    `${STUDIO};https://other.sanity.studio`,
    `${STUDIO}/ https://other.sanity.studio`,
    'https://',
  ])('refuses SANITY_STUDIO_URL=%o: not a list of http(s) URLs', (value) => {
    expect(() => parseEnv({ ...previewBuild, SANITY_STUDIO_URL: value })).toThrow(STUDIO_MALFORMED);
  });

  it.each([
    `${STUDIO}, http://localhost:3333`,
    'http://127.0.0.1:3333',
    'http://localhost:3333/studio',
  ])('refuses a local address in SANITY_STUDIO_URL=%o', (value) => {
    expect(() => parseEnv({ ...previewBuild, SANITY_STUDIO_URL: value })).toThrow(STUDIO_LOCAL);
  });

  it('accepts several Studios, comma-separated with spaces', () => {
    expect(
      parseEnv({ ...previewBuild, SANITY_STUDIO_URL: `${STUDIO}, https://staging.sanity.studio/` })
        .SANITY_STUDIO_URL,
    ).toBe(`${STUDIO}, https://staging.sanity.studio/`);
  });

  it.each(['production', 'deploy-preview', 'branch-deploy'])(
    'needs the Sanity project in every context (%s), and ALLOW_DEMO_DEPLOY does not lift it',
    (context) => {
      const { CONTENT_SOURCE: _source, SANITY_PROJECT_ID: _project, ...bundled } = previewBuild;
      const source = {
        ...bundled,
        CONTEXT: context,
        DEPLOY_PRIME_URL: 'https://x--schools-preview.netlify.app',
      };
      expect(() => parseEnv(source)).toThrow(`  - ${SANITY_MISSING}\n${REFUSAL_END}`);
      expect(() => parseEnv({ ...source, ALLOW_DEMO_DEPLOY: 'true' })).toThrow(SANITY_MISSING);
    },
  );

  it('keeps the rules every deploy has, in one message', () => {
    expect(() =>
      parseEnv({
        SITE_MODE: 'preview',
        NETLIFY: 'true',
        CONTEXT: 'branch-deploy',
        DEPLOY_PRIME_URL: 'https://staging--schools-preview.netlify.app',
      }),
    ).toThrow(
      [
        "Refusing to build the editors' preview site (SITE_MODE=preview) for a Netlify branch deploy (CONTEXT=branch-deploy) with these settings missing or local:",
        `  - ${SANITY_MISSING}`,
        `  - ${STUDIO_MISSING}`,
        "  - PUBLIC_API_BASE: the product API's URL (without it pages would call the local API at http://127.0.0.1:8787)",
        REFUSAL_END,
      ].join('\n'),
    );
  });

  it('a local preview build (no Netlify context) keeps the offline defaults', () => {
    for (const source of [{ SITE_MODE: 'preview' }, { SITE_MODE: 'preview', CONTEXT: 'dev' }]) {
      const settings = parseEnv(source);
      expect(settings.SANITY_STUDIO_URL).toBe('http://localhost:3333');
      expect(settings.CONTENT_SOURCE).toBe('local');
    }
  });

  it("the public site's deploys do not need a Studio address", () => {
    const { SITE_MODE: _mode, SANITY_STUDIO_URL: _studio, ...publicSite } = previewBuild;
    expect(() => parseEnv(publicSite)).not.toThrow();
  });

  it('the same rules as plain functions, without values', () => {
    expect(studioUrlProblems(undefined)).toEqual([STUDIO_MISSING]);
    expect(
      studioUrlProblems(`${STUDIO},https://b.sanity.studio,https://[2001:db8::1]:3333`),
    ).toEqual([]);
    expect(
      previewSiteProblems({
        CONTENT_SOURCE: 'sanity',
        SANITY_PROJECT_ID: undefined,
        SANITY_STUDIO_URL: 'http://10.0.0.1:3333, bad',
      }),
    ).toEqual([SANITY_MISSING, STUDIO_MALFORMED]);
    expect(
      deployProblems({
        ...parseEnv({}),
        SITE_MODE: 'preview',
        NETLIFY: true,
        PUBLIC_API_BASE: 'https://api.example.com',
        SITE_URL: 'https://p.example',
      }),
    ).toEqual([SANITY_MISSING, STUDIO_MISSING]);
  });
});

/** What a deployed preview function's environment holds when set up as docs/deploying.md says. */
const previewFunction = {
  SITE_MODE: 'preview',
  CONTENT_SOURCE: 'sanity',
  SANITY_PROJECT_ID: 'abc123',
  SANITY_API_READ_TOKEN: 'sk-read-token-value',
  PREVIEW_COOKIE_SECRET: 'c'.repeat(48),
  SANITY_STUDIO_URL: STUDIO,
  PUBLIC_API_BASE: 'https://api.example.com',
  SITE_URL: 'https://schools-preview.netlify.app',
  // Netlify's own, in every function.
  URL: 'https://schools-preview.netlify.app',
  SITE_ID: 'site-id',
  SITE_NAME: 'schools-preview',
};

describe("the preview function's own settings (checked at its first request)", () => {
  it.each([[undefined], ['dev'], ['']])(
    'locally (deploy context %o) nothing is required',
    (context) => {
      expect(previewFunctionSettingsProblems({}, context)).toEqual([]);
    },
  );

  it.each(['production', 'deploy-preview', 'branch-deploy'])(
    'a deployed function (%s) set up as documented may serve',
    (context) => {
      expect(previewFunctionSettingsProblems(previewFunction, context)).toEqual([]);
    },
  );

  it('names the Functions-only secrets a build cannot see', () => {
    const {
      PREVIEW_COOKIE_SECRET: _secret,
      SANITY_API_READ_TOKEN: _token,
      ...builtOnly
    } = previewFunction;
    expect(previewFunctionSettingsProblems(builtOnly, 'production')).toEqual([
      'PREVIEW_COOKIE_SECRET: at least 32 random characters; it signs the draft-mode cookie',
      "SANITY_API_READ_TOKEN: a Sanity read token; drafts and Presentation's preview secret are read with it",
    ]);
    expect(
      previewFunctionSettingsProblems(
        { ...previewFunction, PREVIEW_COOKIE_SECRET: 'short-secret-value' },
        'production',
      ),
    ).toEqual(['PREVIEW_COOKIE_SECRET: shorter than 32 characters']);
  });

  it('names the settings the build checked when they are scoped to Builds only (the function would fall back to local defaults)', () => {
    expect(
      previewFunctionSettingsProblems(
        {
          PREVIEW_COOKIE_SECRET: 'c'.repeat(32),
          SANITY_API_READ_TOKEN: 't',
          URL: 'https://p.netlify.app',
        },
        'production',
      ),
    ).toEqual([
      "SITE_MODE=preview: in the Functions scope too (the public site's rebuild functions, deployed here as well, stay idle only where they see it)",
      SANITY_MISSING,
      STUDIO_MISSING,
      "PUBLIC_API_BASE: the product API's URL (without it pages would call the local API)",
      "SITE_URL: the preview site's address",
    ]);
  });

  it('never repeats a value, local or malformed', () => {
    const values = {
      PREVIEW_COOKIE_SECRET: 'short-secret-value',
      PUBLIC_API_BASE: 'http://127.0.0.1:8787',
      SITE_URL: 'preview.example',
      SANITY_STUDIO_URL: 'http://localhost:3333/studio',
      SANITY_API_READ_TOKEN: 'sk-read-token-value',
    };
    const problems = previewFunctionSettingsProblems(
      { ...previewFunction, ...values },
      'production',
    );
    expect(problems).toEqual([
      'PREVIEW_COOKIE_SECRET: shorter than 32 characters',
      STUDIO_LOCAL,
      'SITE_URL: not a URL',
      'PUBLIC_API_BASE: a local address',
    ]);
    const text = previewFunctionRefusal(problems);
    for (const value of Object.values(values)) expect(text).not.toContain(value);
  });

  it('answers a few plain lines naming each setting', () => {
    expect(previewFunctionRefusal(['A: one', 'B: two'])).toBe(
      [
        "The editors' preview site is not set up. These settings are missing or wrong in its Functions scope:",
        '  - A: one',
        '  - B: two',
        "Set them in this site's environment variables (PREVIEW_COOKIE_SECRET and SANITY_API_READ_TOKEN scoped to Functions, the others to Builds and Functions), then deploy again.",
        '',
      ].join('\n'),
    );
  });

  it("takes the deploy context from the invocation Netlify's adapter puts in Astro's locals", () => {
    expect(
      netlifyDeployContext({ netlify: { context: { deploy: { context: 'deploy-preview' } } } }),
    ).toBe('deploy-preview');
    for (const locals of [
      undefined,
      {},
      { netlify: {} },
      { netlify: { context: { deploy: { context: 3 } } } },
    ])
      expect(netlifyDeployContext(locals)).toBeUndefined();
  });
});

describe("the preview function's check, once per process", () => {
  afterEach(() => vi.resetModules());

  it('works the answer out at the first request and keeps it', async () => {
    const { previewFunctionSetupRefusal } =
      await import('../../../src/lib/config/preview-function-settings.ts');
    const deployed = { netlify: { context: { deploy: { context: 'production' } } } };
    const logged: string[] = [];
    const first = previewFunctionSetupRefusal(
      deployed,
      { ...previewFunction, SANITY_API_READ_TOKEN: '' },
      (line) => logged.push(line),
    );
    expect(first).toContain('  - SANITY_API_READ_TOKEN: ');
    expect(
      previewFunctionSetupRefusal(deployed, previewFunction, (line) => logged.push(line)),
    ).toBe(first);
    expect(logged).toEqual([`[preview] ${first!.trimEnd()}`]);
  });

  it('a set-up function, or a local one, serves', async () => {
    const { previewFunctionSetupRefusal } =
      await import('../../../src/lib/config/preview-function-settings.ts');
    expect(
      previewFunctionSetupRefusal({ netlify: { context: { deploy: { context: 'dev' } } } }, {}),
    ).toBeUndefined();
  });
});
