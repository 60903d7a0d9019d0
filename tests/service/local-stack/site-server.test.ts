import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiServer } from '../../../scripts/local-stack/api/server.ts';
import type { RunningServer } from '../../../scripts/local-stack/listen.ts';
import { startSiteServer } from '../../../scripts/local-stack/site/server.ts';
import {
  FIXTURE_DATASET,
  FIXTURE_SITE,
  FIXTURE_TENANTS,
  FIXTURE_TOML,
  raw,
  tempDir,
} from './helpers.ts';

let site: RunningServer;
let api: RunningServer;
const data = tempDir();
const warnings: string[] = [];

beforeAll(async () => {
  api = await startApiServer({
    port: 0,
    dataDir: data.path,
    tenantsFile: FIXTURE_TENANTS,
    datasetFile: FIXTURE_DATASET,
    allowedOrigins: [],
    log: () => {},
    warn: () => {},
  });
  site = await startSiteServer({
    port: 0,
    distDir: FIXTURE_SITE,
    netlifyToml: FIXTURE_TOML,
    apiOrigin: api.url,
    log: () => {},
    warn: (message) => warnings.push(message),
  });
});

afterAll(async () => {
  await site.close();
  await api.close();
  data.remove();
});

const MAIN = 'https://main.example.com/';

describe("redirect rules of dist/_redirects, through Netlify's matcher", () => {
  it('parses the fixture without errors', () => {
    expect(warnings).toEqual([]);
  });

  /** The engine answers with absolute Locations on the site's own origin. */
  const onSite = (location: unknown) => String(location).replace(site.url, '');

  it.each([
    // [request, status, Location or body text]
    ['/', 200, 'home'],
    ['/search', 200, 'search'],
    ['/exists', 200, 'exists'], // a page shadows the non-forced rule
    ['/forced-page', 301, '/search'], // "!" beats the page
    ['/huskymobile/student', 301, '/uw-husky-mobile/student'], // splat
    ['/huskymobile', 301, '/uw-husky-mobile/'], // a splat rule also matches its bare prefix
    ['/huskymobile/student?x=1&y=2', 301, '/uw-husky-mobile/student?x=1&y=2'], // query kept
    ['/gohuskymobile', 301, '/uw-husky-mobile'],
    ['/GoHuskyMobile', 301, MAIN], // literal segments are case-sensitive
    ['/gohuskymobile/', 301, '/uw-husky-mobile'], // a rule without "/" also matches with one
    ['/x/giveawayentry/abc-123', 301, '/x/giveaway-entry/abc-123'], // placeholders
    ['/old-search?q=2', 302, '/search?from=old'], // the rule's own query wins
    ['/tagged?utm=spring', 301, '/search?tag=spring'], // query placeholder
    ['/tagged', 301, MAIN], // query condition not met: falls through to the catch-all
    ['/app/anything/deep', 200, 'search'], // 200 = rewrite, URL unchanged
    ['/gone', 410, 'custom 404'], // other statuses serve the target with that status
    ['/uw-husky-mobile/student/', 301, '/uw-husky-mobile/student'],
    // ...and the same forced rule matches the bare path too: it redirects to itself, forever.
    ['/uw-husky-mobile/student', 301, '/uw-husky-mobile/student'],
    ['/uw-husky-mobile', 200, 'husky landing'], // pretty URL: dir/index.html
    ['/nope?a=b', 301, `${MAIN}?a=b`], // catch-all to the main site keeps the query
    ['/sub', 301, MAIN], // a folder without index.html is not a page (no listing)
    ['/sub/', 301, MAIN],
    ['/_redirects', 301, MAIN], // rule files are never served
    ['/search.html', 200, 'search'],
  ])('GET %s → %i %s', async (path, status, expected) => {
    const answer = await raw(site.url + path);
    expect(answer.status).toBe(status);
    if (status >= 300 && status < 400) expect(onSite(answer.headers.location)).toBe(expected);
    else expect(answer.body.toString()).toContain(expected);
  });

  it('HEAD answers like GET without a body', async () => {
    const answer = await raw(`${site.url}/search`, { method: 'HEAD' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-length']).toBe('43');
    expect(answer.body.length).toBe(0);
  });

  it('never escapes dist/', async () => {
    for (const path of [
      '/../package.json',
      '/%2e%2e/package.json',
      '/sub/..%2f..%2fpackage.json',
    ]) {
      const answer = await raw(site.url + path);
      expect(answer.status).not.toBe(200);
      expect(answer.body.toString()).not.toContain('"name"');
    }
  });
});

describe('404 without rules', () => {
  let bare: RunningServer;
  beforeAll(async () => {
    // the same site without its _redirects: use a rewrite-free copy by pointing at a folder with no rules
    bare = await startSiteServer({
      port: 0,
      distDir: `${FIXTURE_SITE}/uw-husky-mobile`,
      log: () => {},
    });
  });
  afterAll(() => bare.close());
  it('answers 404 (plain text when there is no 404.html)', async () => {
    const answer = await raw(`${bare.url}/missing`);
    expect(answer.status).toBe(404);
    expect(answer.body.toString()).toBe('Not Found');
  });
});

describe('content types, compression, caching', () => {
  it.each([
    ['/assets/app.css', 'text/css; charset=utf-8'],
    ['/assets/app.js', 'text/javascript; charset=utf-8'],
    ['/assets/logo.png', 'image/png'],
    ['/', 'text/html; charset=utf-8'],
  ])('%s is %s', async (path, type) => {
    expect((await raw(site.url + path)).headers['content-type']).toBe(type);
  });

  it('serves brotli when accepted, the same bytes each time', async () => {
    const first = await raw(`${site.url}/assets/app.css`, {
      headers: { 'accept-encoding': 'gzip, br' },
    });
    const second = await raw(`${site.url}/assets/app.css`, {
      headers: { 'accept-encoding': 'br' },
    });
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers.vary).toBe('Accept-Encoding');
    expect(second.body.equals(first.body)).toBe(true);
    expect(brotliDecompressSync(first.body).toString()).toMatch(/^\/\* app \*\//);
    expect(first.body.length).toBeLessThan(6000 / 10);
  });

  it('serves gzip when br is not accepted, identity when nothing is', async () => {
    const gzip = await raw(`${site.url}/assets/app.js`, {
      headers: { 'accept-encoding': 'gzip, br;q=0' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toContain('console.log(1);');
    const plain = await raw(`${site.url}/assets/app.js`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toContain('console.log(1);');
  });

  it('does not compress images or tiny files', async () => {
    const png = await raw(`${site.url}/assets/logo.png`, { headers: { 'accept-encoding': 'br' } });
    expect(png.headers['content-encoding']).toBeUndefined();
  });
});

describe('headers from netlify.toml', () => {
  it('applies the /* block to pages, redirects and 404s', async () => {
    for (const path of ['/', '/gone', '/forced-page']) {
      const answer = await raw(site.url + path);
      expect(answer.headers['x-frame-options']).toBe('DENY');
      expect(answer.headers['content-security-policy']).toBe(
        "default-src 'self'; img-src 'self' data:",
      );
    }
  });
  it('a later, more specific block wins for its paths', async () => {
    expect((await raw(`${site.url}/assets/app.css`)).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await raw(`${site.url}/search`)).headers['cache-control']).toBe(
      'public, max-age=0, must-revalidate',
    );
  });
  it('copes with a missing netlify.toml', async () => {
    const other = await startSiteServer({
      port: 0,
      distDir: FIXTURE_SITE,
      netlifyToml: '/nonexistent/netlify.toml',
      log: () => {},
    });
    try {
      const answer = await raw(`${other.url}/search`);
      expect(answer.status).toBe(200);
      expect(answer.headers['x-frame-options']).toBeUndefined();
    } finally {
      await other.close();
    }
  });
});

describe('XSRF cookie and proxying to the local API', () => {
  it('sets a readable, SameSite=Strict XSRF-TOKEN cookie on HTML when absent', async () => {
    const first = await raw(`${site.url}/`);
    const cookie = String(first.headers['set-cookie']);
    expect(cookie).toMatch(/^XSRF-TOKEN=[A-Za-z0-9_-]{40,}; Path=\/; SameSite=Strict$/);
    expect(cookie).not.toMatch(/HttpOnly/i);
    const again = await raw(`${site.url}/`, { headers: { cookie: 'XSRF-TOKEN=abc' } });
    expect(again.headers['set-cookie']).toBeUndefined();
    const css = await raw(`${site.url}/assets/app.css`);
    expect(css.headers['set-cookie']).toBeUndefined();
  });

  it('proxies the tenant and order-service paths to the API', async () => {
    const tenant = await raw(`${site.url}/k1mobile/tenant/code/uw-husky-mobile`);
    expect(tenant.status).toBe(200);
    expect(JSON.parse(tenant.body.toString())).toEqual({ result: { id: 101, affiliateId: 5001 } });
    const zip = await raw(`${site.url}/mobileapi/zipcode/10001/eligibility`, {
      method: 'POST',
      headers: {
        cookie: 'XSRF-TOKEN=t0k',
        'x-xsrf-token': 't0k',
        'content-type': 'application/json',
      },
      body: '"10001"',
    });
    expect(JSON.parse(zip.body.toString())).toEqual({ data: { zip: '10001', eligible: true } });
    const refused = await raw(`${site.url}/account/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"username":"u","password":"p"}',
    });
    expect(refused.status).toBe(403);
  });
});
