/**
 * `setup:check --deployed`'s preflight against the local API over HTTP (scripts/local-stack/api),
 * which answers CORS as the product API must: it admits the site's origin it is given and refuses
 * any other. The check's verdict is the browser's: admitted from the site's origin, refused (and
 * named) from another; and what the check says agrees with what the local API then does with the
 * entry itself.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiServer } from '../../../scripts/local-stack/api/server.ts';
import type { RunningServer } from '../../../scripts/local-stack/listen.ts';
import { entryEndpoint, entryRequestHeaders } from '../../../src/lib/giveaway/entry-submission.ts';
import { askProductApi, publicSiteOrigins } from '../../../src/lib/setup/product-api-check.ts';
import { checkSetup, exitStatus, formatReport } from '../../../src/lib/setup/setup-check.ts';
import {
  FIXTURE_DATASET,
  FIXTURE_TENANTS,
  OPEN_EVENT,
  tempDir,
  validEntry,
} from '../local-stack/helpers.ts';

const SITE = 'https://school-mobile.netlify.app';
const OTHER = 'https://school-mobile.example';
const dir = tempDir();
let server: RunningServer;

beforeAll(async () => {
  server = await startApiServer({
    dataDir: dir.path,
    tenantsFile: FIXTURE_TENANTS,
    datasetFile: FIXTURE_DATASET,
    allowedOrigins: [SITE],
    port: 0,
    log: () => {},
  });
});
afterAll(async () => {
  await server.close();
  dir.remove();
});

const preflightFetch = (url: string, init: RequestInit) => fetch(url, init);

describe("the giveaway form's preflight to the local API", () => {
  it("from the site's origin: admitted", async () => {
    expect(await askProductApi(server.url, [SITE], preflightFetch)).toEqual({
      state: 'answered',
      url: entryEndpoint(server.url),
      admitted: [SITE],
      refused: [],
    });
  });

  it("from another origin: refused, with the local API's own answer as the reason", async () => {
    expect(await askProductApi(server.url, [OTHER], preflightFetch)).toEqual({
      state: 'answered',
      url: entryEndpoint(server.url),
      admitted: [],
      refused: [{ origin: OTHER, reason: 'it answered the preflight (OPTIONS) with HTTP 403' }],
    });
  });

  it('agrees with what the API does with the entry itself: sent from the admitted origin, refused from the other', async () => {
    const post = (origin: string) =>
      fetch(entryEndpoint(server.url), {
        method: 'POST',
        headers: { ...entryRequestHeaders(crypto.randomUUID()), Origin: origin },
        body: JSON.stringify(validEntry({ eventGUID: OPEN_EVENT })),
      });
    const admitted = await post(SITE);
    expect(admitted.ok).toBe(true);
    expect(admitted.headers.get('access-control-allow-origin')).toBe(SITE);
    expect((await post(OTHER)).status).toBe(403);
  });

  it("through setup:check: refused from the site's own domain (SITE_URL) is a problem and exit 1; admitted is a note", async () => {
    const settings = {
      CONTENT_SOURCE: 'sanity',
      SANITY_PROJECT_ID: 'prodproj1',
      PUBLIC_API_BASE: server.url,
      SITE_URL: OTHER,
      SANITY_STUDIO_URL: 'https://school-mobile.sanity.studio',
      NETLIFY_BUILD_HOOK_URL: 'https://api.netlify.com/build_hooks/0123abcd',
      SANITY_WEBHOOK_SECRET: 'a'.repeat(64),
      NETLIFY_DEPLOY_NOTIFICATION_SECRET: 'b'.repeat(64),
    };
    const report = await checkSetup(
      'production',
      settings,
      () => Promise.resolve({ outcome: 'answered', siteSettings: 1 }),
      {
        askProductApi: (apiBase, siteUrl) =>
          askProductApi(apiBase, publicSiteOrigins(SITE, siteUrl), preflightFetch),
      },
    );
    const lines = formatReport(report);
    // (The local API's address is a problem of its own: no deploy may publish a local address.)
    expect(lines.filter((line) => line.includes('giveaway form'))).toEqual([
      expect.stringMatching(
        new RegExp(
          `^problem: PUBLIC_API_BASE: the product API \\(${server.url}/k1mobile/giveaway/entry\\) refuses the giveaway form from ${OTHER}: it answered the preflight \\(OPTIONS\\) with HTTP 403\\.`,
        ),
      ),
      `note: the product API admits the giveaway form from ${SITE} (its preflight to ${server.url}/k1mobile/giveaway/entry)`,
    ]);
    expect(exitStatus(report)).toBe(1);
  });
});
