/**
 * `npm run setup:check`: for each site kind, a complete environment passes; each missing,
 * malformed or contradictory setting is named once, with the scope to set it in, and never with
 * its value; Sanity's answers (or none) are told apart with a fake in place of the network. The
 * build's gate runs the same rules and no network.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseEnv } from '../../../src/lib/config/env.ts';
import {
  checkSetup,
  exitStatus,
  formatReport,
  sanityAsker,
  settingsProblems,
  SANITY_CHECK_QUERY,
  type AskSanity,
  type CreateSanityClient,
  type SanityAnswer,
  type SanityTarget,
  type SiteKind,
} from '../../../src/lib/setup/setup-check.ts';
import { datasetNameProblem } from '../../../src/lib/config/sanity-names.ts';
import { previewOrigin } from '../../../studio/presentation.ts';

/** Every value is recognisable, so the output can be searched for it. */
const SECRETS = {
  token: 'sk-LEAK-read-token-4b1d',
  cookie: 'LEAK-cookie-key-0123456789abcdefghij-xyz',
  webhook: 'LEAK-webhook-shared-9c2e-0123456789abcdef',
  hook: 'https://api.netlify.com/build_hooks/LEAK-hook-id-77aa',
  notification: 'LEAK-notification-jws-5d1f-0123456789abcdef',
  editorPass: 'LEAK-editor-pass-3e7a-0123456789abcdef',
};

const production = {
  CONTENT_SOURCE: 'sanity',
  SANITY_PROJECT_ID: 'prodproj1',
  SANITY_DATASET: 'schools-live',
  PUBLIC_API_BASE: 'https://api.schools-example.net',
  SITE_URL: 'https://schools-example.net',
  SANITY_API_READ_TOKEN: SECRETS.token,
  SANITY_WEBHOOK_SECRET: SECRETS.webhook,
  NETLIFY_BUILD_HOOK_URL: SECRETS.hook,
  NETLIFY_DEPLOY_NOTIFICATION_SECRET: SECRETS.notification,
  SANITY_STUDIO_URL: 'https://schools-example.sanity.studio',
  EDITOR_PASS_SECRET: SECRETS.editorPass,
};

const preview = {
  SITE_MODE: 'preview',
  CONTENT_SOURCE: 'sanity',
  SANITY_PROJECT_ID: 'prodproj1',
  SANITY_DATASET: 'schools-live',
  PUBLIC_API_BASE: 'https://api.schools-example.net',
  SITE_URL: 'https://preview.schools-example.net',
  SANITY_STUDIO_URL: 'https://schools-example.sanity.studio',
  SANITY_API_READ_TOKEN: SECRETS.token,
  PREVIEW_COOKIE_SECRET: SECRETS.cookie,
};

const studio = {
  SANITY_STUDIO_PROJECT_ID: 'prodproj1',
  SANITY_STUDIO_DATASET: 'schools-live',
  SANITY_STUDIO_PREVIEW_URL: 'https://preview.schools-example.net',
  SANITY_STUDIO_PUBLIC_SITE_URL: 'https://schools-example.net',
};

type Source = Record<string, string | undefined>;

function without(source: Source, ...names: string[]): Source {
  return Object.fromEntries(Object.entries(source).filter(([name]) => !names.includes(name)));
}

/** Each problem line as the command prints it. */
function problemLines(kind: SiteKind, source: Source): string[] {
  return settingsProblems(kind, source).map(
    (problem) => `${problem.text}${problem.scopes.length ? ` [${problem.scopes.join(', ')}]` : ''}`,
  );
}

const answered = (siteSettings: number): SanityAnswer => ({ outcome: 'answered', siteSettings });
const refused = (status: number): SanityAnswer => ({ outcome: 'refused', status });
const unreachable: SanityAnswer = {
  outcome: 'failed',
  reason: 'its address did not resolve (no DNS or no network)',
};

/** A fake Sanity: one answer without a token, another with one; records what it was asked. */
function fakeSanity(
  anonymous: SanityAnswer,
  withToken: SanityAnswer = anonymous,
): AskSanity & { asked: SanityTarget[] } {
  const asked: SanityTarget[] = [];
  const ask = (target: SanityTarget) => {
    asked.push(target);
    return Promise.resolve(target.token ? withToken : anonymous);
  };
  return Object.assign(ask, { asked });
}

describe('the public site (production)', () => {
  it('passes with every setting of its build and its rebuild functions', () => {
    expect(settingsProblems('production', production)).toEqual([]);
  });

  it("is checked as Netlify's production context whatever CONTEXT says here, and Netlify's URL stands in for SITE_URL", () => {
    expect(problemLines('production', { ...production, CONTEXT: 'dev' })).toEqual([]);
    expect(problemLines('production', without(production, 'SITE_URL'))).toEqual([]);
    expect(
      problemLines('production', {
        ...without(production, 'CONTENT_SOURCE'),
        CONTEXT: 'deploy-preview',
      }),
    ).toEqual([
      'CONTENT_SOURCE=sanity (with SANITY_PROJECT_ID): without it the bundled demo content would be published [Builds]',
    ]);
  });

  it('names each missing setting, of the build and of the functions, with its scope', () => {
    expect(problemLines('production', {})).toEqual([
      'CONTENT_SOURCE=sanity (with SANITY_PROJECT_ID): without it the bundled demo content would be published [Builds]',
      "PUBLIC_API_BASE: the product API's URL (without it pages would call the local API at http://127.0.0.1:8787) [Builds, Functions]",
      "SANITY_STUDIO_URL: the Studio's address, or addresses comma-separated; without it the Studio's badges and Deploys view cannot read the publish status [Functions]",
      'EDITOR_PASS_SECRET: signs the pass the status functions give an editor Sanity has proven: it proves the editor without Sanity for 5 minutes, then stands in for Sanity up to 12 hours only while Sanity gives no answer or outsiders spend the budget of token checks; a value of its own in each deploy context, and a new value makes every editor be proven again [Functions]',
      "NETLIFY_BUILD_HOOK_URL: the site's build hook: a publish, the freshness check and `npm run rebuild` start builds with it; it also proves the operator to the functions' settings check [Functions]",
      "SANITY_WEBHOOK_SECRET: the content webhook's secret (the same value as the webhook's in Sanity): without it rebuild-on-publish refuses every publish [Functions]",
      "NETLIFY_DEPLOY_NOTIFICATION_SECRET: the JWS secret of the site's deploy notifications (the same value as in Netlify's notification settings): without it deploy-notification refuses every notification, so no build is heard of: each waits 30 minutes before it is taken as lost and built again, the waits doubling up to a day, and the Studio cannot tell what is live [Functions]",
    ]);
    expect(problemLines('production', without(production, 'SANITY_PROJECT_ID'))).toEqual([
      'SANITY_PROJECT_ID: CONTENT_SOURCE=sanity needs SANITY_PROJECT_ID [Builds, Functions]',
    ]);
  });

  it('names malformed settings, going on past the first, one line per setting', () => {
    expect(
      problemLines('production', {
        ...production,
        NETLIFY_BUILD_HOOK_URL: 'build_hooks/LEAK-hook-id-77aa',
        PUBLIC_API_BASE: 'api.schools-example.net',
        ALLOW_DEMO_DEPLOY: 'perhaps',
        SANITY_DATASET: 'Schools Live',
        SANITY_PROJECT_ID: 'prod_proj',
      }),
    ).toEqual([
      'PUBLIC_API_BASE: Invalid URL [Builds, Functions]',
      'ALLOW_DEMO_DEPLOY: Invalid option: expected one of "true"|"1"|"yes"|"on"|"false"|"0"|"no"|"off" [Builds]',
      'SANITY_PROJECT_ID: not a Sanity project id (letters, digits and dashes only) [Builds, Functions]',
      'SANITY_DATASET: must be all lowercase characters [Builds, Functions]',
      'NETLIFY_BUILD_HOOK_URL: Invalid URL [Functions]',
    ]);
  });

  it("names SITE_MODE, whatever its value, as the preview site's setting", () => {
    for (const value of ['Static', 'static']) {
      expect(problemLines('production', { ...production, SITE_MODE: value })).toEqual([
        "SITE_MODE: belongs to the editors' preview site, not the public site: unset it here",
      ]);
    }
  });

  it('names the documented local secrets and a local Studio address, which a deployed site refuses', () => {
    expect(
      problemLines('production', {
        ...production,
        SANITY_WEBHOOK_SECRET: 'local-webhook-secret-not-for-deploys',
        NETLIFY_DEPLOY_NOTIFICATION_SECRET: 'local-deploy-notification-secret-not-for-deploys',
        SANITY_STUDIO_URL: 'http://localhost:3334',
        EDITOR_PASS_SECRET: 'local-editor-pass-secret-not-for-deploys',
      }),
    ).toEqual([
      "SANITY_STUDIO_URL: has a local address (the deployed Studio reads the public site's publish status) [Functions]",
      'EDITOR_PASS_SECRET: the documented local value, which only the local stack takes; set a secret of its own [Functions]',
      'SANITY_WEBHOOK_SECRET: the documented local value, which only the local stack takes; set a secret of its own [Functions]',
      'NETLIFY_DEPLOY_NOTIFICATION_SECRET: the documented local value, which only the local stack takes; set a secret of its own [Functions]',
    ]);
    // The local Studio's own address is the setting's default: as good as none.
    expect(
      problemLines('production', { ...production, SANITY_STUDIO_URL: 'http://localhost:3333' }),
    ).toEqual([
      "SANITY_STUDIO_URL: the Studio's address, or addresses comma-separated; without it the Studio's badges and Deploys view cannot read the publish status [Functions]",
    ]);
  });

  it('names a webhook or notification secret shorter than 32 characters, never its value', () => {
    expect(
      problemLines('production', {
        ...production,
        SANITY_WEBHOOK_SECRET: 'LEAK-short',
        NETLIFY_DEPLOY_NOTIFICATION_SECRET: 'L'.repeat(31),
      }),
    ).toEqual([
      'SANITY_WEBHOOK_SECRET: shorter than 32 characters (make one with openssl rand -hex 32) [Functions]',
      'NETLIFY_DEPLOY_NOTIFICATION_SECRET: shorter than 32 characters (make one with openssl rand -hex 32) [Functions]',
    ]);
    expect(
      problemLines('production', {
        ...production,
        SANITY_WEBHOOK_SECRET: 'L'.repeat(32),
        NETLIFY_DEPLOY_NOTIFICATION_SECRET: 'L'.repeat(32),
      }),
    ).toEqual([]);
  });

  it('names a local address without repeating it', () => {
    expect(
      problemLines('production', {
        ...production,
        PUBLIC_API_BASE: 'http://127.0.0.1:9911/leak',
        ORDER_SERVICE_URL: 'http://localhost:9912/leak',
      }),
    ).toEqual([
      'PUBLIC_API_BASE: a local address [Builds, Functions]',
      'ORDER_SERVICE_URL: a local address [Builds]',
    ]);
  });

  it('refuses what contradicts a public site: SITE_MODE=preview, drafts in production', () => {
    expect(problemLines('production', { ...production, SITE_MODE: 'preview' })).toEqual([
      "SITE_MODE=preview: the public site must not set it (the build would make the editors' preview site and the rebuild functions would stay idle); unset it",
    ]);
    expect(problemLines('production', { ...production, CONTENT_PREVIEW: 'true' })).toEqual([
      'CONTENT_PREVIEW=true in the production context: production never shows drafts. Set it only for deploy previews and branch deploys. [Builds]',
    ]);
  });

  it('without a token says a public dataset needs none and a private one does, when Sanity is not asked', async () => {
    const report = await checkSetup('production', without(production, 'SANITY_API_READ_TOKEN'));
    expect(formatReport(report)).toEqual([
      'note: SANITY_API_READ_TOKEN is unset: right for a public dataset; a private dataset needs one, and whether this one is private was not known',
      'the public site (production): Sanity not asked (--offline) — the settings have no problems, but the project, dataset and token were not checked (exit 3)',
    ]);
    expect(exitStatus(report)).toBe(3);
  });
});

describe("the editors' preview site", () => {
  it('passes with every setting of its build and its function', () => {
    expect(settingsProblems('preview', preview)).toEqual([]);
  });

  it("names a missing cookie secret (the function's alone) and a missing read token", () => {
    expect(
      problemLines('preview', without(preview, 'PREVIEW_COOKIE_SECRET', 'SANITY_API_READ_TOKEN')),
    ).toEqual([
      'PREVIEW_COOKIE_SECRET: at least 32 random characters; it signs the draft-mode cookie [Functions]',
      "SANITY_API_READ_TOKEN: a Sanity read token; drafts and Presentation's preview secret are read with it [Functions]",
    ]);
  });

  it('names each setting the build and the function both refuse once, with both scopes', () => {
    expect(
      problemLines('preview', without(preview, 'SANITY_STUDIO_URL', 'PUBLIC_API_BASE', 'SITE_URL')),
    ).toEqual([
      "SANITY_STUDIO_URL: the Studio's address, or addresses comma-separated (without it only a Studio at http://localhost:3333 may frame the preview) [Builds, Functions]",
      "PUBLIC_API_BASE: the product API's URL (without it pages would call the local API at http://127.0.0.1:8787) [Builds, Functions]",
      "SITE_URL: the preview site's address [Builds, Functions]",
    ]);
  });

  it('names malformed settings', () => {
    expect(
      problemLines('preview', {
        ...preview,
        PREVIEW_COOKIE_SECRET: 'LEAK-too-short',
        SANITY_STUDIO_URL: 'schools-example.sanity.studio',
      }),
    ).toEqual([
      'PREVIEW_COOKIE_SECRET: shorter than 32 characters (make one with openssl rand -hex 32) [Functions]',
      'SANITY_STUDIO_URL: must be a comma-separated list of http(s) URLs [Builds, Functions]',
    ]);
  });

  it('needs SITE_MODE=preview: without it the build makes the public site', () => {
    expect(problemLines('preview', without(preview, 'SITE_MODE'))).toEqual([
      "SITE_MODE=preview: without it the build makes the public static site, not the editors' preview site [Builds, Functions]",
    ]);
    expect(problemLines('preview', { ...preview, SITE_MODE: 'static' })).toHaveLength(1);
  });
});

describe('the Studio', () => {
  it("passes with its project, dataset and the two sites' addresses", () => {
    expect(settingsProblems('studio', studio)).toEqual([]);
    expect(settingsProblems('studio', without(studio, 'SANITY_STUDIO_DATASET'))).toEqual([]);
  });

  it('names missing settings', () => {
    expect(problemLines('studio', {})).toEqual([
      "SANITY_STUDIO_PROJECT_ID: the Sanity project (the site's SANITY_PROJECT_ID); without it the Studio builds with the offline placeholder offline0 [Studio]",
      "SANITY_STUDIO_PREVIEW_URL: the editors' preview site's address; without it Presentation frames the local preview server [Studio]",
      "SANITY_STUDIO_PUBLIC_SITE_URL: the public site's address; without it the live-status badges and the Deploys tool ask the local site [Studio]",
    ]);
  });

  it('refuses the offline placeholder as its project', () => {
    expect(problemLines('studio', { ...studio, SANITY_STUDIO_PROJECT_ID: 'offline0' })).toEqual([
      'SANITY_STUDIO_PROJECT_ID: the offline placeholder offline0, not a Sanity project (deploying needs the real project id) [Studio]',
    ]);
  });

  it('names a preview address that is not a URL, or is local, and a dataset Sanity would not name so', () => {
    expect(
      problemLines('studio', {
        ...studio,
        SANITY_STUDIO_PREVIEW_URL: 'preview site LEAK-address',
        SANITY_STUDIO_DATASET: 'live-',
      }),
    ).toEqual([
      'SANITY_STUDIO_DATASET: must not end with a dash or an underscore [Studio]',
      'SANITY_STUDIO_PREVIEW_URL: must be an http(s) URL [Studio]',
    ]);
    expect(
      problemLines('studio', {
        ...studio,
        SANITY_STUDIO_PREVIEW_URL: 'ftp://preview.schools-example.net',
      }),
    ).toEqual(['SANITY_STUDIO_PREVIEW_URL: must be an http(s) URL [Studio]']);
    expect(
      problemLines('studio', { ...studio, SANITY_STUDIO_PREVIEW_URL: 'http://localhost:4322' }),
    ).toEqual([
      'SANITY_STUDIO_PREVIEW_URL: a local address (a deployed Studio frames the deployed preview site) [Studio]',
    ]);
  });

  it('names a public site address that is not a URL, or is local', () => {
    expect(
      problemLines('studio', { ...studio, SANITY_STUDIO_PUBLIC_SITE_URL: 'schools LEAK-site' }),
    ).toEqual(['SANITY_STUDIO_PUBLIC_SITE_URL: must be an http(s) URL [Studio]']);
    expect(
      problemLines('studio', { ...studio, SANITY_STUDIO_PUBLIC_SITE_URL: 'http://localhost:4321' }),
    ).toEqual([
      'SANITY_STUDIO_PUBLIC_SITE_URL: a local address (a deployed Studio asks the public site whether a change is live) [Studio]',
    ]);
  });

  it('accepts only preview addresses the Studio itself accepts (studio/presentation.ts)', () => {
    const values = [
      'https://preview.example.net',
      'https://preview.example.net/path?q=1',
      ' https://preview.example.net ',
      'http://p.example:8080',
      'preview.example.net',
      'ftp://preview.example.net',
      'https://',
      'mailto:x@example.net',
      'https://a b.example',
      'javascript:alert(1)',
    ];
    for (const value of values) {
      const checkAccepts = !settingsProblems('studio', {
        ...studio,
        SANITY_STUDIO_PREVIEW_URL: value,
      }).some((problem) => problem.setting === 'SANITY_STUDIO_PREVIEW_URL');
      let studioAccepts = true;
      try {
        previewOrigin(value);
      } catch {
        studioAccepts = false;
      }
      if (checkAccepts) expect(studioAccepts, value).toBe(true);
      if (!studioAccepts) expect(checkAccepts, value).toBe(false);
    }
  });

  const cliValidator = fileURLToPath(
    new URL(
      '../../../studio/node_modules/@sanity/cli/dist/actions/dataset/validateDatasetName.js',
      import.meta.url,
    ),
  );
  it.skipIf(!existsSync(cliValidator))(
    "words Sanity's dataset name rules as its CLI does (validateDatasetName)",
    async () => {
      const { validateDatasetName } = (await import(/* @vite-ignore */ cliValidator)) as {
        validateDatasetName: (name: string) => string | false;
      };
      fc.assert(
        fc.property(
          fc.string({
            unit: fc.constantFrom('a', 'z', 'A', '0', '9', '-', '_', '.', ' '),
            maxLength: 70,
          }),
          (name) => {
            fc.pre(name !== '');
            const ours = datasetNameProblem(name);
            const theirs = validateDatasetName(name);
            expect(ours === undefined).toBe(theirs === false);
            if (theirs)
              expect(theirs.toLowerCase()).toContain(ours!.replace(/^must /, '').split(' ')[0]!);
          },
        ),
        { numRuns: 500 },
      );
    },
  );
});

describe('what Sanity answers (a fake in place of the network)', () => {
  it('production: the project, dataset and token answer; a public dataset needs no token', async () => {
    const sanity = fakeSanity(answered(0), answered(3));
    expect(formatReport(await checkSetup('production', production, sanity))).toEqual([
      'note: Sanity: the project, dataset and token answer; the dataset is private, so the public site needs the token',
      'the public site (production): no problems found; Sanity answered',
    ]);
    expect(sanity.asked).toEqual([
      { projectId: 'prodproj1', dataset: 'schools-live', apiHost: undefined },
      { projectId: 'prodproj1', dataset: 'schools-live', apiHost: undefined, token: SECRETS.token },
    ]);
    expect(
      formatReport(
        await checkSetup('production', production, fakeSanity(answered(1), answered(1))),
      )[0],
    ).toBe(
      'note: Sanity: the project, dataset and token answer; the dataset is public, so the public site would build without SANITY_API_READ_TOKEN too',
    );
    expect(
      formatReport(
        await checkSetup(
          'production',
          without(production, 'SANITY_API_READ_TOKEN'),
          fakeSanity(answered(1)),
        ),
      ),
    ).toEqual([
      'note: Sanity: the project and dataset answer without a token (a public dataset), so the public site needs no SANITY_API_READ_TOKEN',
      'the public site (production): no problems found; Sanity answered',
    ]);
  });

  it('production: a private dataset without a token, a refused token (401), an unknown project or dataset (404), an empty dataset', async () => {
    const noToken = without(production, 'SANITY_API_READ_TOKEN');
    expect(
      (await checkSetup('production', noToken, fakeSanity(answered(0)))).problems.map(
        (problem) => problem.text,
      ),
    ).toEqual([
      'SANITY_API_READ_TOKEN: without a token the dataset shows no siteSettings document: the dataset is private (the public site needs a read token) or has no content yet',
    ]);
    expect(
      (await checkSetup('production', noToken, fakeSanity(refused(403)))).problems.map(
        (problem) => problem.text,
      ),
    ).toEqual([
      'SANITY_API_READ_TOKEN: Sanity answers HTTP 403 without a token: the dataset is private (the public site needs a read token) or has no content yet',
    ]);
    expect(
      formatReport(
        await checkSetup('production', production, fakeSanity(answered(0), refused(401))),
      ),
    ).toEqual([
      'problem: SANITY_API_READ_TOKEN: Sanity refused it (HTTP 401): a revoked or mistyped token, or one of another project [Builds]',
      'the public site (production): 1 problem (settings named, values never shown); Sanity answered',
    ]);
    expect(
      (await checkSetup('production', production, fakeSanity(refused(404)))).problems.map(
        (problem) => problem.text,
      ),
    ).toEqual([
      'SANITY_PROJECT_ID / SANITY_DATASET: Sanity answers 404 (no such project, or no such dataset in it)',
    ]);
    expect(
      (
        await checkSetup('production', production, fakeSanity(answered(0), answered(0)))
      ).problems.map((problem) => problem.text),
    ).toEqual([
      "SANITY_DATASET: the dataset answers but holds no siteSettings document (another dataset than the content's, or the content is not imported yet)",
    ]);
  });

  it('says plainly when Sanity could not be reached: its own last line, never "no problems found", and exit status 3', async () => {
    const reports = await Promise.all([
      checkSetup('production', production, fakeSanity(unreachable)),
      checkSetup('preview', preview, fakeSanity(unreachable)),
      checkSetup('studio', studio, fakeSanity(unreachable)),
    ]);
    expect(reports.map(formatReport)).toEqual([
      [
        'note: could not reach Sanity: its address did not resolve (no DNS or no network) — the project, dataset and token were not checked',
        'the public site (production): Sanity not reached — the settings have no problems, but the project, dataset and token were not checked (exit 3)',
      ],
      [
        'note: could not reach Sanity: its address did not resolve (no DNS or no network) — the project, dataset and token were not checked',
        "the editors' preview site (SITE_MODE=preview): Sanity not reached — the settings have no problems, but the project, dataset and token were not checked (exit 3)",
      ],
      [
        'note: could not reach Sanity: its address did not resolve (no DNS or no network) — the project and dataset were not checked',
        'the Studio: Sanity not reached — the settings have no problems, but the project and dataset were not checked (exit 3)',
      ],
    ]);
    expect(reports.map(exitStatus)).toEqual([3, 3, 3]);
    for (const report of reports)
      expect(formatReport(report).join('\n')).not.toContain('no problems found');
    // Problems still come first: exit 1, and the last line says Sanity was not reached.
    const broken = await checkSetup(
      'production',
      without(production, 'SANITY_WEBHOOK_SECRET'),
      fakeSanity(unreachable),
    );
    expect(exitStatus(broken)).toBe(1);
    expect(formatReport(broken).at(-1)).toBe(
      'the public site (production): 1 problem (settings named, values never shown); Sanity not reached',
    );
  });

  it('preview: asks with the token; a refused token is a problem of the Functions scope', async () => {
    const sanity = fakeSanity(answered(0), answered(2));
    expect(formatReport(await checkSetup('preview', preview, sanity))).toEqual([
      'note: Sanity: the project, dataset and token answer',
      "the editors' preview site (SITE_MODE=preview): no problems found; Sanity answered",
    ]);
    expect(sanity.asked).toEqual([
      { projectId: 'prodproj1', dataset: 'schools-live', apiHost: undefined, token: SECRETS.token },
    ]);
    expect(
      formatReport(await checkSetup('preview', preview, fakeSanity(answered(0), refused(401))))[0],
    ).toBe(
      'problem: SANITY_API_READ_TOKEN: Sanity refused it (HTTP 401): a revoked or mistyped token, or one of another project [Functions]',
    );
  });

  it('studio: asks for the project and dataset as the Studio reads them, without a token', async () => {
    const sanity = fakeSanity(answered(0));
    expect(
      formatReport(await checkSetup('studio', without(studio, 'SANITY_STUDIO_DATASET'), sanity)),
    ).toEqual([
      'note: Sanity: the project and dataset exist',
      'the Studio: no problems found; Sanity answered',
    ]);
    expect(sanity.asked).toEqual([{ projectId: 'prodproj1', dataset: 'production' }]);
    expect(formatReport(await checkSetup('studio', studio, fakeSanity(refused(404))))[0]).toBe(
      'problem: SANITY_STUDIO_PROJECT_ID / SANITY_STUDIO_DATASET: Sanity answers 404 (no such project, or no such dataset in it) [Studio]',
    );
  });

  it('does not ask before the project and dataset settings are sound, nor for a site that does not read Sanity', async () => {
    const sanity = fakeSanity(answered(1));
    const fixFirst = { state: 'not asked', why: 'fix the project and dataset settings first' };
    expect(
      (await checkSetup('studio', { ...studio, SANITY_STUDIO_PROJECT_ID: 'offline0' }, sanity))
        .sanity,
    ).toEqual(fixFirst);
    expect(
      (await checkSetup('preview', without(preview, 'SANITY_PROJECT_ID'), sanity)).sanity,
    ).toEqual(fixFirst);
    expect(
      (
        await checkSetup(
          'production',
          { ...production, CONTENT_SOURCE: 'local', ALLOW_DEMO_DEPLOY: 'true' },
          sanity,
          { demo: true },
        )
      ).sanity,
    ).toEqual({
      state: 'not read',
      why: 'the site does not read it: CONTENT_SOURCE is not sanity',
    });
    expect(sanity.asked).toEqual([]);
  });
});

describe("Sanity's client as the check asks it", () => {
  function fakeClient(result: () => Promise<unknown>) {
    const configs: Parameters<CreateSanityClient>[0][] = [];
    const queries: string[] = [];
    const create: CreateSanityClient = (config) => {
      configs.push(config);
      return {
        fetch: async (query) => {
          queries.push(query);
          return result();
        },
      };
    };
    return { create, configs, queries };
  }
  const target = { projectId: 'prodproj1', dataset: 'schools-live' };

  it('runs one count query, published only, no retries, a short timeout; the token only when given', async () => {
    const client = fakeClient(() => Promise.resolve(4));
    const ask = sanityAsker(client.create, 5000);
    expect(await ask(target)).toEqual({ outcome: 'answered', siteSettings: 4 });
    expect(
      await ask({ ...target, token: SECRETS.token, apiHost: 'http://127.0.0.1:9999' }),
    ).toEqual({ outcome: 'answered', siteSettings: 4 });
    expect(client.queries).toEqual([SANITY_CHECK_QUERY, SANITY_CHECK_QUERY]);
    expect(client.configs[0]).toMatchObject({
      projectId: 'prodproj1',
      dataset: 'schools-live',
      useCdn: false,
      perspective: 'published',
      maxRetries: 0,
      timeout: 5000,
    });
    expect(client.configs[0]).not.toHaveProperty('token');
    expect(client.configs[1]).toMatchObject({
      token: SECRETS.token,
      apiHost: 'http://127.0.0.1:9999',
      useProjectHostname: false,
    });
  });

  it('tells a refused token (401) from a missing project (404) from a server error and from no answer', async () => {
    const failing = (error: Error) =>
      sanityAsker(fakeClient(() => Promise.reject(error)).create, 5000)(target);
    expect(
      await failing(
        Object.assign(new Error('Unauthorized - Session not found'), { statusCode: 401 }),
      ),
    ).toEqual({ outcome: 'refused', status: 401 });
    expect(
      await failing(Object.assign(new Error('Project prodproj1 not found'), { statusCode: 404 })),
    ).toEqual({ outcome: 'refused', status: 404 });
    expect(await failing(Object.assign(new Error('bad gateway'), { statusCode: 502 }))).toEqual({
      outcome: 'failed',
      reason: 'Sanity answered HTTP 502',
    });
    expect(
      await failing(
        Object.assign(new TypeError('fetch failed'), {
          cause: Object.assign(new Error('getaddrinfo ENOTFOUND prodproj1.api.sanity.io'), {
            code: 'ENOTFOUND',
          }),
        }),
      ),
    ).toEqual({ outcome: 'failed', reason: 'its address did not resolve (no DNS or no network)' });
    expect(
      await failing(new DOMException('The operation was aborted due to timeout', 'TimeoutError')),
    ).toEqual({ outcome: 'failed', reason: 'no answer within 5 s' });
    expect(await failing(new Error('something else at prodproj1'))).toEqual({
      outcome: 'failed',
      reason: 'a network error',
    });
  });

  it('a client that refuses the settings is an answer too, not a crash', async () => {
    const ask = sanityAsker(() => {
      throw new Error('`projectId` can only contain only a-z, 0-9 and dashes');
    });
    expect(await ask(target)).toEqual({
      outcome: 'failed',
      reason: 'the Sanity client refused these settings',
    });
  });
});

describe('no value ever reaches the output', () => {
  /** Every setting set to something recognisable, wrong where a rule looks at it. */
  const leaky: Source = {
    ...production,
    ...preview,
    ...studio,
    SITE_MODE: 'LEAK-mode',
    CONTENT_SOURCE: 'LEAK-source',
    SANITY_PROJECT_ID: 'LEAK_project',
    SANITY_DATASET: 'LEAK dataset',
    PUBLIC_API_BASE: 'http://127.0.0.1:9911/LEAK-api',
    SITE_URL: 'LEAK-site-url',
    MAIN_SITE_URL: 'http://localhost:9913/LEAK-main',
    ORDER_SERVICE_URL: 'http://[::1]:9914/LEAK-orders',
    PUBLIC_SEGMENT_API_HOST: 'http://0.0.0.0:9915/LEAK-segment',
    NETLIFY_BUILD_HOOK_URL: 'LEAK-hook-not-a-url',
    PREVIEW_COOKIE_SECRET: 'LEAK-short',
    SANITY_STUDIO_URL: 'LEAK-studio, http://localhost:3999',
    CONTENT_PREVIEW: 'LEAK-yes',
    ALLOW_DEMO_DEPLOY: 'LEAK-no',
    NETLIFY: 'LEAK-bool',
    SANITY_API_HOST: 'LEAK-host',
    SANITY_STUDIO_PROJECT_ID: 'LEAK_studio_project',
    SANITY_STUDIO_DATASET: 'LEAK-Studio-Dataset',
    SANITY_STUDIO_PREVIEW_URL: 'LEAK preview url',
  };
  const values = Object.values({ ...leaky, ...SECRETS, ...production, ...preview })
    .filter((value): value is string => value !== undefined)
    .filter((value) => value.includes('LEAK') || value.includes('example'));

  it.each(['production', 'preview', 'studio'] as const)(
    "%s: complete, broken, and with each of Sanity's answers",
    async (kind) => {
      const complete = { production, preview, studio }[kind];
      const outputs: string[] = [];
      for (const source of [
        complete,
        leaky,
        without(complete, 'SANITY_API_READ_TOKEN'),
        { ...complete, SANITY_STUDIO_PREVIEW_URL: 'LEAK preview url' },
      ]) {
        outputs.push(...formatReport(await checkSetup(kind, source)));
        for (const answers of [
          [answered(2)],
          [answered(0), refused(401)],
          [refused(404)],
          [unreachable],
        ] as [SanityAnswer, SanityAnswer?][]) {
          outputs.push(...formatReport(await checkSetup(kind, source, fakeSanity(...answers))));
        }
      }
      expect(outputs.some((line) => line.startsWith('problem: '))).toBe(true);
      for (const value of values)
        expect(
          outputs.filter((line) => line.includes(value)),
          value,
        ).toEqual([]);
      expect(outputs.join('\n')).not.toMatch(/LEAK|example/);
    },
  );
});

describe("the build's gate runs the same rules", () => {
  afterEach(() => vi.restoreAllMocks());

  /** The settings a refusal or settings error names, one per line. */
  function namedBy(message: string): string[] {
    return message
      .split('\n')
      .flatMap((line) => /^ {2}(?:- )?([A-Z][A-Z0-9_]*)/.exec(line)?.[1] ?? []);
  }

  it.each([
    ['nothing set', {}],
    ['no product API', without(production, 'PUBLIC_API_BASE')],
    ['the bundled content', without(production, 'CONTENT_SOURCE')],
    ['a local address', { ...production, MAIN_SITE_URL: 'http://localhost:9913' }],
    ['malformed settings', { ...production, PUBLIC_API_BASE: 'api.example', NETLIFY: 'maybe' }],
    ['no Sanity project', without(production, 'SANITY_PROJECT_ID')],
    ['the preview site without its Studio', without(preview, 'SANITY_STUDIO_URL')],
  ] as [string, Source][])(
    '%s: the build on Netlify refuses the settings the check names for Builds',
    (_name, source) => {
      const kind: SiteKind = source['SITE_MODE'] === 'preview' ? 'preview' : 'production';
      const checked = settingsProblems(kind, source)
        .filter((problem) => problem.scopes.includes('Builds'))
        .map((problem) => problem.setting);
      expect(checked.length).toBeGreaterThan(0);
      expect(() =>
        parseEnv({ ...source, CONTEXT: 'production', URL: 'https://site.netlify.app' }),
      ).toThrow();
      try {
        parseEnv({ ...source, CONTEXT: 'production', URL: 'https://site.netlify.app' });
      } catch (error) {
        // A malformed value stops the parse before the deploy rules: those it names come first.
        const named = namedBy((error as Error).message);
        expect(named.length).toBeGreaterThan(0);
        for (const name of named) expect(checked).toContain(name);
      }
    },
  );

  it("neither the build's gate nor the check without Sanity calls the network", async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    parseEnv({ ...production, CONTEXT: 'production' });
    for (const kind of ['production', 'preview', 'studio'] as const)
      await checkSetup(kind, { production, preview, studio }[kind]);
    expect(fetch).not.toHaveBeenCalled();
  });
});
