/**
 * `setup:check --deployed`, the product API's part: the giveaway form's CORS preflight as a
 * browser sends it (the headers come from the form's own request), the answer read by the Fetch
 * standard's rules, and what the check prints and exits with when the product API admits the
 * public site, refuses it, or cannot be reached. The local API's real answers: tests/service/setup.
 */
import { describe, expect, it } from 'vitest';
import { entryEndpoint, entryRequestHeaders } from '../../../src/lib/giveaway/entry-submission.ts';
import {
  askProductApi,
  corsUnsafeHeaderNames,
  entryPreflight,
  preflightRefusal,
  publicSiteOrigins,
  type PreflightFetch,
} from '../../../src/lib/setup/product-api-check.ts';
import {
  checkSetup,
  exitStatus,
  formatReport,
  type AskSanity,
} from '../../../src/lib/setup/setup-check.ts';

const SITE = 'https://school-mobile.netlify.app';
const API = 'https://api.school-mobile.example';
const asked = entryPreflight();

const answer = (status: number, headers: Record<string, string>) => ({
  status,
  headers: new Headers(headers),
});
const ADMITTING = {
  'access-control-allow-origin': SITE,
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-allow-headers': 'Content-Type, Idempotency-Key',
};

describe('the preflight the giveaway form makes the browser send', () => {
  it('asks for POST with the headers the form sends that are not safelisted: content-type (JSON) and idempotency-key', () => {
    expect(Object.keys(entryRequestHeaders('k'))).toEqual([
      'Content-Type',
      'Accept',
      'Idempotency-Key',
    ]);
    expect(asked).toEqual({ method: 'POST', headers: ['content-type', 'idempotency-key'] });
  });

  it("follows Fetch's safelist: a form-encoded content type, Accept and Content-Language need no leave; anything else does", () => {
    expect(
      corsUnsafeHeaderNames({
        'Content-Type': 'text/plain;charset=UTF-8',
        Accept: '*/*',
        'Content-Language': 'en',
      }),
    ).toEqual([]);
    expect(
      corsUnsafeHeaderNames({ 'X-XSRF-TOKEN': 't', 'Content-Type': 'application/json' }),
    ).toEqual(['content-type', 'x-xsrf-token']);
  });
});

describe('the answer, as a browser reads it', () => {
  it('admits: the origin or *, with both headers listed in any case, or *', () => {
    expect(preflightRefusal(SITE, asked, answer(204, ADMITTING))).toBeUndefined();
    expect(
      preflightRefusal(
        SITE,
        asked,
        answer(200, { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*' }),
      ),
    ).toBeUndefined();
    expect(
      preflightRefusal(
        SITE,
        asked,
        answer(204, {
          ...ADMITTING,
          'access-control-allow-headers': 'idempotency-key,CONTENT-TYPE',
          'access-control-allow-methods': '',
        }),
      ),
    ).toBeUndefined();
  });

  it('refuses, naming why: a status that is not 2xx, no or another origin, a header not allowed', () => {
    expect(preflightRefusal(SITE, asked, answer(403, {}))).toBe(
      'it answered the preflight (OPTIONS) with HTTP 403',
    );
    expect(
      preflightRefusal(
        SITE,
        asked,
        answer(204, { 'access-control-allow-headers': 'Content-Type, Idempotency-Key' }),
      ),
    ).toBe(`its answer has no Access-Control-Allow-Origin (it does not admit ${SITE})`);
    expect(
      preflightRefusal(
        SITE,
        asked,
        answer(204, { ...ADMITTING, 'access-control-allow-origin': 'https://other.example' }),
      ),
    ).toBe(`its Access-Control-Allow-Origin is "https://other.example", not ${SITE}`);
    expect(
      preflightRefusal(
        SITE,
        asked,
        answer(204, { ...ADMITTING, 'access-control-allow-headers': 'Content-Type' }),
      ),
    ).toBe('its Access-Control-Allow-Headers lacks idempotency-key');
    expect(preflightRefusal(SITE, { method: 'PUT', headers: [] }, answer(204, ADMITTING))).toBe(
      'its Access-Control-Allow-Methods lacks PUT',
    );
  });
});

/** A product API played by a function of the preflight's headers; records what it was sent. */
function productApi(respond: (origin: string) => Response): PreflightFetch & {
  sent: Array<{ url: string; method: string; headers: Record<string, string> }>;
} {
  const sent: Array<{ url: string; method: string; headers: Record<string, string> }> = [];
  const fetch: PreflightFetch = (url, init) => {
    sent.push({ url, method: init.method, headers: init.headers });
    return Promise.resolve(respond(init.headers.Origin!));
  };
  return Object.assign(fetch, { sent });
}
const admitsOnly = (allowed: string) =>
  productApi(
    (origin) =>
      new Response(null, {
        status: origin === allowed ? 204 : 403,
        headers: origin === allowed ? { ...ADMITTING, 'access-control-allow-origin': origin } : {},
      }),
  );

describe('asking the product API', () => {
  it("sends one OPTIONS to the form's own address from each of the public site's origins, with the form's method and headers", async () => {
    const api = admitsOnly(SITE);
    const outcome = await askProductApi(
      `${API}/`,
      publicSiteOrigins(`${SITE}/some/page`, 'https://www.school-mobile.example'),
      api,
    );
    expect(api.sent).toEqual(
      [SITE, 'https://www.school-mobile.example'].map((origin) => ({
        url: entryEndpoint(API),
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'content-type,idempotency-key',
        },
      })),
    );
    expect(outcome).toEqual({
      state: 'answered',
      url: `${API}/k1mobile/giveaway/entry`,
      admitted: [SITE],
      refused: [
        {
          origin: 'https://www.school-mobile.example',
          reason: 'it answered the preflight (OPTIONS) with HTTP 403',
        },
      ],
    });
    expect(publicSiteOrigins(SITE, `${SITE}/`)).toEqual([SITE]);
  });

  it('says when it was not reached, or not asked (no PUBLIC_API_BASE: the form posts to the site itself)', async () => {
    const down: PreflightFetch = () =>
      Promise.reject(
        Object.assign(new TypeError('fetch failed'), { cause: { code: 'ENOTFOUND' } }),
      );
    expect(await askProductApi(API, [SITE], down)).toEqual({
      state: 'not reached',
      url: `${API}/k1mobile/giveaway/entry`,
      reason: `${API}/k1mobile/giveaway/entry did not answer (ENOTFOUND)`,
    });
    expect((await askProductApi(undefined, [SITE], down)).state).toBe('not asked');
  });
});

describe('what setup:check --deployed prints and exits with', () => {
  const settings = {
    CONTENT_SOURCE: 'sanity',
    SANITY_PROJECT_ID: 'prodproj1',
    PUBLIC_API_BASE: API,
    SANITY_STUDIO_URL: 'https://school-mobile.sanity.studio',
    NETLIFY_BUILD_HOOK_URL: 'https://api.netlify.com/build_hooks/0123abcd',
    SANITY_WEBHOOK_SECRET: 'a'.repeat(64),
    NETLIFY_DEPLOY_NOTIFICATION_SECRET: 'b'.repeat(64),
    EDITOR_PASS_SECRET: 'd'.repeat(64),
  };
  const sanity: AskSanity = () => Promise.resolve({ outcome: 'answered', siteSettings: 1 });
  const functionsAnswer = () =>
    Promise.resolve({ state: 'answered' as const, problems: [], notes: [] });
  const check = (api: PreflightFetch, extra: Record<string, string> = {}, until?: number) =>
    checkSetup('production', { ...settings, ...extra }, sanity, {
      until,
      askDeployed: functionsAnswer,
      askProductApi: (apiBase, siteUrl) =>
        askProductApi(apiBase, publicSiteOrigins(SITE, siteUrl), api),
    });

  it('admitted: a note, and the usual last line (exit 0)', async () => {
    const report = await check(admitsOnly(SITE));
    expect(formatReport(report).slice(-2)).toEqual([
      `note: the product API admits the giveaway form from ${SITE} (its preflight to ${API}/k1mobile/giveaway/entry)`,
      'the public site (production): no problems found; Sanity answered; the deployed functions answered',
    ]);
    expect(exitStatus(report)).toBe(0);
  });

  it("refused from the site's own domain: a problem naming the origin, the reason and what to admit (exit 1), with --until too", async () => {
    const report = await check(
      admitsOnly(SITE),
      { SITE_URL: 'https://www.school-mobile.example' },
      7,
    );
    expect(formatReport(report).filter((line) => line.startsWith('problem:'))).toEqual([
      `problem: PUBLIC_API_BASE: the product API (${API}/k1mobile/giveaway/entry) refuses the giveaway form from https://www.school-mobile.example: it answered the preflight (OPTIONS) with HTTP 403. Every entry from there would fail: the product API must admit that origin for POST with the headers content-type, idempotency-key (docs/deploying.md, "The product API's part")`,
    ]);
    expect(formatReport(report).at(-1)).toBe(
      'the public site (production), up to step 7: 1 problem (settings named, values never shown); Sanity answered; the deployed functions answered',
    );
    expect(exitStatus(report)).toBe(1);
  });

  it('not reached: nothing wrong found, but not checked (exit 3, said on the last line)', async () => {
    const report = await check(() => Promise.reject(new TypeError('fetch failed')));
    expect(formatReport(report).at(-1)).toBe(
      'the public site (production): the product API not reached — the settings have no problems, but whether it admits the giveaway form was not checked (exit 3); the deployed functions answered',
    );
    expect(exitStatus(report)).toBe(3);
  });
});
