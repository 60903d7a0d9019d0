/**
 * The operator's settings check, as the public site's functions answer it: only with a proof made
 * from the site's build hook URL; naming what each function lacks in its Functions scope (a
 * missing setting, a misplaced one, or none), rebuild-on-publish for the scheduled functions too;
 * never a value. Then `setup:check --deployed`, asking those functions (run in-process here).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  askDeployedFunctions,
  FUNCTION_ADDRESSES,
  type FetchLike,
} from '../../../src/lib/setup/deployed-check.ts';
import {
  PROOF_REFUSED,
  settingsCheckAnswer,
  type SettingsCheckAnswer,
} from '../../../src/lib/functions/settings-check.ts';
import {
  isValidProof,
  settingsCheckProof,
  SETTINGS_CHECK_HEADER,
} from '../../../src/lib/functions/settings-proof.ts';
import { checkSetup, exitStatus, formatReport } from '../../../src/lib/setup/setup-check.ts';
import type { FunctionName } from '../../../src/lib/config/settings/index.ts';
import { defineFunction } from '../../../src/lib/functions/define-function.ts';

const HOOK = 'https://api.netlify.com/build_hooks/LEAK-hook-0123';
/** The public site's Functions scope as the procedure leaves it. */
const FUNCTIONS_SCOPE = {
  SANITY_PROJECT_ID: 'prodproj1',
  SANITY_STUDIO_URL: 'https://school-mobile.sanity.studio',
  NETLIFY_BUILD_HOOK_URL: HOOK,
  PUBLIC_API_BASE: 'https://api.k1mobile.example',
  SANITY_WEBHOOK_SECRET: 'LEAK-webhook-0123456789abcdef0123456789',
  NETLIFY_DEPLOY_NOTIFICATION_SECRET: 'LEAK-notify-0123456789abcdef0123456789',
  EDITOR_PASS_SECRET: 'LEAK-pass-0123456789abcdef0123456789',
  OPS_ALERT_WEBHOOK_URL: 'https://ops.example/hooks/site',
  OPS_ALERT_WEBHOOK_SECRET: `whsec_${Buffer.from('LEAK-ops-0123456789abcdef0123').toString('base64')}`,
  // Netlify's own, and the runtime's: never named.
  SITE_ID: 'site-1',
  URL: 'https://school-mobile.example',
  AWS_REGION: 'us-east-2',
  PATH: '/usr/bin',
};

const NOW = Date.UTC(2026, 2, 1, 12);
const checkRequest = (proof: string | undefined, method = 'GET') =>
  new Request('https://school-mobile.example/api/deploys', {
    method,
    headers: proof === undefined ? {} : { [SETTINGS_CHECK_HEADER]: proof },
  });

function ask(
  names: readonly FunctionName[],
  source: Record<string, string | undefined>,
  proof = settingsCheckProof(HOOK, NOW),
  method = 'GET',
) {
  return settingsCheckAnswer(names, checkRequest(proof, method), {
    source: () => source,
    now: () => NOW,
    log: () => {},
  });
}

async function bodyOf(response: Response | undefined): Promise<SettingsCheckAnswer> {
  expect(response?.status).toBe(200);
  return (await response!.json()) as SettingsCheckAnswer;
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  vi.resetModules();
});

describe('the proof', () => {
  it('is good for 5 minutes, for the holder of this build hook only', () => {
    const proof = settingsCheckProof(HOOK, NOW);
    expect(proof).not.toContain('LEAK');
    expect(isValidProof(proof, HOOK, NOW + 4 * 60_000)).toBe(true);
    expect(isValidProof(proof, HOOK, NOW + 6 * 60_000)).toBe(false);
    expect(isValidProof(proof, `${HOOK}x`, NOW)).toBe(false);
    expect(
      isValidProof(
        proof.replace(/.$/, (last) => (last === '0' ? '1' : '0')),
        HOOK,
        NOW,
      ),
    ).toBe(false);
    for (const junk of [null, '', 't=1', 'v1=abc', `t=${NOW / 1000},v1=${'0'.repeat(63)}`])
      expect(isValidProof(junk, HOOK, NOW)).toBe(false);
  });
});

describe("a function's answer to the settings check", () => {
  it('none: every function has what it needs', async () => {
    const all = [
      'rebuild-on-publish',
      'freshness-check',
      'publish-retry',
      'deploy-notification',
      'publish-status',
      'deploys',
    ] as const;
    const body = await bodyOf(ask(all, FUNCTIONS_SCOPE));
    expect(body).toEqual({
      functions: Object.fromEntries(all.map((name) => [name, { problems: [], notes: [] }])),
      misplaced: { problems: [], notes: [] },
    });
  });

  it('a missing setting: named by each function that reads it, and only by those', async () => {
    const {
      SANITY_PROJECT_ID: _project,
      SANITY_WEBHOOK_SECRET: _secret,
      PUBLIC_API_BASE: _api,
      ...scope
    } = FUNCTIONS_SCOPE;
    const body = await bodyOf(
      ask(
        ['rebuild-on-publish', 'freshness-check', 'deploy-notification', 'publish-status'],
        scope,
      ),
    );
    expect(body.functions['rebuild-on-publish']!.problems).toEqual([
      expect.stringMatching(/^SANITY_WEBHOOK_SECRET: not set in this site's Functions scope\. /),
    ]);
    expect(body.functions['freshness-check']!.problems).toEqual([
      expect.stringMatching(/^PUBLIC_API_BASE: not set in this site's Functions scope\. /),
    ]);
    expect(body.functions['deploy-notification']!.problems).toEqual([]);
    expect(body.functions['publish-status']!.problems).toEqual([
      expect.stringMatching(/^SANITY_PROJECT_ID: not set in this site's Functions scope\. /),
    ]);
  });

  it('a short secret, a documented local one, a local Studio address', async () => {
    const body = await bodyOf(
      ask(['rebuild-on-publish', 'deploy-notification', 'deploys'], {
        ...FUNCTIONS_SCOPE,
        SANITY_WEBHOOK_SECRET: 'LEAK-short',
        NETLIFY_DEPLOY_NOTIFICATION_SECRET: 'local-deploy-notification-secret-not-for-deploys',
        SANITY_STUDIO_URL: 'http://localhost:3333',
      }),
    );
    expect(body.functions['rebuild-on-publish']!.problems).toEqual([
      'SANITY_WEBHOOK_SECRET: shorter than 32 characters (make one with openssl rand -hex 32)',
    ]);
    expect(body.functions['deploy-notification']!.problems).toEqual([
      'NETLIFY_DEPLOY_NOTIFICATION_SECRET: the documented local value, which only the local stack takes; set a secret of its own',
    ]);
    expect(body.functions['deploys']!.problems).toEqual([
      expect.stringMatching(/^SANITY_STUDIO_URL: the Studio's address/),
    ]);
  });

  it('an ops webhook address the sender refuses (plain http to another machine) is a problem; one to this machine is not', async () => {
    const remote = await bodyOf(
      ask(['publish-retry'], { ...FUNCTIONS_SCOPE, OPS_ALERT_WEBHOOK_URL: 'http://ops.example/x' }),
    );
    expect(remote.functions['publish-retry']!.problems).toEqual([
      "OPS_ALERT_WEBHOOK_URL: must be https (an alert names the site and what failed); plain http only to this machine (localhost, 127.0.0.1, [::1]), as the local stack's receiver: no alert is sent to it",
    ]);
    const local = await bodyOf(
      ask(['publish-retry'], {
        ...FUNCTIONS_SCOPE,
        OPS_ALERT_WEBHOOK_URL: 'http://127.0.0.1:50123/ops',
      }),
    );
    expect(local.functions['publish-retry']!.problems).toEqual([]);
  });

  it("a misplaced setting: another site's is a problem, a Builds-only one a note", async () => {
    const body = await bodyOf(
      ask(['deploys'], {
        ...FUNCTIONS_SCOPE,
        PREVIEW_COOKIE_SECRET: 'LEAK-cookie-0123456789abcdef0123456789',
        ORDER_SERVICE_URL: 'https://LEAK-orders.example',
      }),
    );
    expect(body.functions['deploys']).toEqual({ problems: [], notes: [] });
    expect(body.misplaced).toEqual({
      problems: [
        "PREVIEW_COOKIE_SECRET: belongs to the editors' preview site, not the public site: unset it here",
      ],
      notes: [
        'ORDER_SERVICE_URL: also in the Functions scope, where no function reads it (the procedure scopes it to Builds only; Netlify Pro and above)',
      ],
    });
  });

  it('never carries a value', async () => {
    const leaky = {
      ...FUNCTIONS_SCOPE,
      SANITY_WEBHOOK_SECRET: 'LEAK-short',
      PREVIEW_COOKIE_SECRET: 'LEAK-x',
      SANITY_STUDIO_URL: 'LEAK-studio',
      SANITY_DATASET: 'LEAK Data',
    };
    const text = await ask(
      ['rebuild-on-publish', 'deploy-notification', 'publish-status', 'deploys'],
      leaky,
    )!.text();
    expect(text).not.toMatch(/LEAK|prodproj1|school-mobile/);
  });

  it('needs a proof: none, a wrong one or an old one is a 401; no build hook to check it with is a 500 naming it', async () => {
    for (const proof of [
      '',
      'nonsense',
      settingsCheckProof(`${HOOK}-other`, NOW),
      settingsCheckProof(HOOK, NOW - 10 * 60_000),
    ]) {
      const response = ask(['deploys'], FUNCTIONS_SCOPE, proof)!;
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: PROOF_REFUSED });
    }
    const { NETLIFY_BUILD_HOOK_URL: _hook, ...noHook } = FUNCTIONS_SCOPE;
    const response = ask(['deploys'], noHook)!;
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({
      message:
        "settings check: NETLIFY_BUILD_HOOK_URL is not set in this site's Functions scope, and the proof is checked with it",
    });
  });

  it('is answered whatever the method, and is not a check without the header: the function answers as usual', async () => {
    for (const method of ['GET', 'POST', 'OPTIONS', 'PUT'])
      expect(ask(['deploys'], FUNCTIONS_SCOPE, settingsCheckProof(HOOK, NOW), method)?.status).toBe(
        200,
      );
    expect(
      settingsCheckAnswer(['deploys'], checkRequest(undefined), { source: () => FUNCTIONS_SCOPE }),
    ).toBeUndefined();
    const handler = vi.fn(() => Promise.resolve(new Response('as usual')));
    const deploys = defineFunction(
      {
        name: 'deploys',
        settingsCheck: ['deploys'],
        onPreviewSite: { status: 404, hint: 'the public site answers this' },
        readSettings: () => ({ CONTEXT: undefined }),
        stores: {},
        deps: {},
        handle: handler,
      },
      { site: FUNCTIONS_SCOPE, log: () => {} },
    );
    expect(await (await deploys(checkRequest(undefined))).text()).toBe('as usual');
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('on the preview site, leaves the answer to the function (not on the preview site)', () => {
    expect(ask(['deploys'], { ...FUNCTIONS_SCOPE, SITE_MODE: 'preview' })).toBeUndefined();
  });

  it('the Netlify functions answer it at their paths; rebuild-on-publish for the scheduled ones too', async () => {
    for (const [name, value] of Object.entries(FUNCTIONS_SCOPE)) vi.stubEnv(name, value);
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const files = {
      'rebuild-on-publish': ['rebuild-on-publish', 'freshness-check', 'publish-retry'],
      'deploy-notification': ['deploy-notification'],
      'publish-status': ['publish-status'],
      deploys: ['deploys'],
    };
    for (const [file, names] of Object.entries(files)) {
      const fn = (await import(`../../../src/functions/${file}.ts`)) as {
        default: (request: Request) => Promise<Response>;
        config?: { path?: string };
      };
      expect(fn.config?.path ?? `/.netlify/functions/${file}`).toBe(
        FUNCTION_ADDRESSES[file as keyof typeof FUNCTION_ADDRESSES],
      );
      const response = await fn.default(
        new Request(
          `https://school-mobile.example${FUNCTION_ADDRESSES[file as keyof typeof FUNCTION_ADDRESSES]}`,
          { headers: { [SETTINGS_CHECK_HEADER]: settingsCheckProof(HOOK) } },
        ),
      );
      expect(Object.keys((await bodyOf(response)).functions), file).toEqual(names);
    }
  });
});

/** The deployed site, played by the functions' own answer in this process. */
function deployedSite(scope: Record<string, string | undefined>): FetchLike & { asked: string[] } {
  const asked: string[] = [];
  const byPath = Object.fromEntries(
    Object.entries(FUNCTION_ADDRESSES).map(([name, path]) => [
      path,
      name === 'rebuild-on-publish'
        ? ['rebuild-on-publish', 'freshness-check', 'publish-retry']
        : [name],
    ]),
  ) as Record<string, FunctionName[]>;
  const fetch = (url: string, init: { headers: Record<string, string> }) => {
    const { pathname } = new URL(url);
    asked.push(pathname);
    return Promise.resolve(
      settingsCheckAnswer(byPath[pathname]!, new Request(url, init), {
        source: () => scope,
        log: () => {},
      }) ?? new Response('{}', { status: 404 }),
    );
  };
  return Object.assign(fetch, { asked });
}

describe('setup:check --deployed', () => {
  const settingsFile = {
    CONTENT_SOURCE: 'sanity',
    SANITY_PROJECT_ID: 'prodproj1',
    PUBLIC_API_BASE: 'https://api.example.net',
    SANITY_STUDIO_URL: 'https://school-mobile.sanity.studio',
    NETLIFY_BUILD_HOOK_URL: HOOK,
    SANITY_WEBHOOK_SECRET: FUNCTIONS_SCOPE.SANITY_WEBHOOK_SECRET,
    NETLIFY_DEPLOY_NOTIFICATION_SECRET: FUNCTIONS_SCOPE.NETLIFY_DEPLOY_NOTIFICATION_SECRET,
    EDITOR_PASS_SECRET: FUNCTIONS_SCOPE.EDITOR_PASS_SECRET,
  };
  const sanity = () => Promise.resolve({ outcome: 'answered' as const, siteSettings: 1 });

  it('asks each function the URL reaches, and passes when none lacks anything', async () => {
    const site = deployedSite(FUNCTIONS_SCOPE);
    const report = await checkSetup('production', settingsFile, sanity, {
      askDeployed: (hook) => askDeployedFunctions('https://school-mobile.example', hook, site),
    });
    expect(site.asked).toEqual(Object.values(FUNCTION_ADDRESSES));
    expect(formatReport(report).at(-1)).toBe(
      'the public site (production): no problems found; Sanity answered; the deployed functions answered',
    );
    expect(exitStatus(report)).toBe(0);
  });

  it('names what the Functions scope lacks, which the settings file cannot show (a setting scoped to Builds only)', async () => {
    const { SANITY_PROJECT_ID: _scopedToBuildsOnly, ...scope } = FUNCTIONS_SCOPE;
    const report = await checkSetup('production', settingsFile, sanity, {
      askDeployed: (hook) =>
        askDeployedFunctions('https://school-mobile.example', hook, deployedSite(scope)),
    });
    expect(formatReport(report).filter((line) => line.startsWith('problem:'))).toEqual([
      expect.stringMatching(
        /^problem: SANITY_PROJECT_ID: not set in this site's Functions scope\. .* \(the deployed publish-status, deploys\) \[Functions\]$/,
      ),
    ]);
    expect(exitStatus(report)).toBe(1);
  });

  it("--until leaves later steps' settings for later, on the deployed functions too", async () => {
    const {
      SANITY_WEBHOOK_SECRET: _8,
      NETLIFY_DEPLOY_NOTIFICATION_SECRET: _9,
      ...step7
    } = settingsFile;
    const {
      SANITY_WEBHOOK_SECRET: _s8,
      NETLIFY_DEPLOY_NOTIFICATION_SECRET: _s9,
      ...scope7
    } = FUNCTIONS_SCOPE;
    const report = await checkSetup('production', step7, sanity, {
      until: 7,
      askDeployed: (hook) =>
        askDeployedFunctions('https://school-mobile.example', hook, deployedSite(scope7)),
    });
    expect(report.problems).toEqual([]);
    expect(exitStatus(report)).toBe(0);
  });

  it('a hook that differs from the deployed one, no hook yet, or no answer: said, and never "no problems found"', async () => {
    const other = await checkSetup(
      'production',
      { ...settingsFile, NETLIFY_BUILD_HOOK_URL: `${HOOK}-other` },
      sanity,
      {
        askDeployed: (hook) =>
          askDeployedFunctions(
            'https://school-mobile.example',
            hook,
            deployedSite(FUNCTIONS_SCOPE),
          ),
      },
    );
    expect(other.problems.map((problem) => problem.setting)).toEqual(['NETLIFY_BUILD_HOOK_URL']);
    const offline: FetchLike = () =>
      Promise.reject(
        Object.assign(new TypeError('fetch failed'), { cause: { code: 'ENOTFOUND' } }),
      );
    const unreached = await checkSetup('production', settingsFile, sanity, {
      askDeployed: (hook) => askDeployedFunctions('https://school-mobile.example', hook, offline),
    });
    expect(exitStatus(unreached)).toBe(3);
    expect(formatReport(unreached).at(-1)).toBe(
      'the public site (production): the deployed functions not reached — the settings have no problems, but the Functions scope was not checked (exit 3)',
    );
    const { NETLIFY_BUILD_HOOK_URL: _hook, ...noHook } = settingsFile;
    const unasked = await checkSetup('production', noHook, sanity, {
      until: 6,
      askDeployed: (hook) => askDeployedFunctions('https://school-mobile.example', hook, offline),
    });
    expect(unasked.deployed?.state).toBe('not asked');
    expect(exitStatus(unasked)).toBe(3);
  });
});
