/**
 * Builds as Netlify runs them (CONTEXT, URL, NETLIFY set by the platform): production refuses the
 * offline defaults with one message naming each setting; a production demo deploy with Netlify's
 * URL publishes canonical URLs on that address and no local address anywhere.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BUILD_RECORD_FILE } from '../../../src/lib/build/netlify-output.ts';
import { buildRecordSchema } from '../../../src/lib/publish-records/build-record.ts';
import { ROOT, build, filesUnder, netlifyEnv } from './netlify-build.ts';

const scratch = mkdtempSync(join(tmpdir(), 'production-build-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('a Netlify production build', () => {
  it('fails without a content source and a product API base, naming each missing setting', async () => {
    const out = join(scratch, 'refused');
    const result = await build(
      netlifyEnv({
        CONTEXT: 'production',
        URL: 'https://schools.example.net',
        BUILD_OUT_DIR: out,
        BUILD_REPORT_FILE: join(scratch, 'refused.json'),
      }),
    );
    expect(result.code).not.toBe(0);
    expect(result.output).toContain(
      [
        'Refusing to build for Netlify production (CONTEXT=production) with these settings missing or local:',
        '  - CONTENT_SOURCE=sanity (with SANITY_PROJECT_ID): without it the bundled demo content would be published',
        "  - PUBLIC_API_BASE: the product API's URL (without it pages would call the local API at http://127.0.0.1:8787)",
        "Set them in the site's environment variables, or set ALLOW_DEMO_DEPLOY=true to publish the bundled demo content.",
      ].join('\n'),
    );
    expect(existsSync(join(out, 'index.html'))).toBe(false);
  }, 120_000);

  it("with Netlify's URL and the demo opt-in: canonical URLs on URL, no local address in any file, report kept out of the site", async () => {
    const out = join(scratch, 'demo');
    const url = 'https://schools.example.net';
    const result = await build(
      netlifyEnv({
        CONTEXT: 'production',
        URL: url,
        DEPLOY_PRIME_URL: 'https://main--schools.example.net',
        ALLOW_DEMO_DEPLOY: 'true',
        BUILD_OUT_DIR: out,
        BUILD_REPORT_FILE: join(scratch, 'demo.json'),
      }),
    );
    expect(result.code, result.output.slice(-3000)).toBe(0);

    const landing = readFileSync(join(out, 'uw-husky-mobile.html'), 'utf8');
    expect(landing).toContain(`<link rel="canonical" href="${url}/uw-husky-mobile">`);
    expect(landing).toContain(`"url":"${url}/`);
    expect(readFileSync(join(out, 'sitemap-0.xml'), 'utf8')).toContain(
      `<loc>${url}/uw-husky-mobile</loc>`,
    );

    const local = /localhost|127\.0\.0\.1/;
    for (const file of filesUnder(out).filter((path) =>
      /\.(html|xml|txt|json|js|css)$|_redirects$|_headers$/.test(path),
    )) {
      expect({ file, local: local.test(readFileSync(file, 'utf8')) }).toEqual({
        file,
        local: false,
      });
    }
    expect(readFileSync(join(ROOT, 'netlify.toml'), 'utf8')).not.toMatch(local);

    // The build log ends with the summary; the JSON report goes to the deploy's blob store, not dist/.
    expect(result.output).toMatch(
      /Build summary: 6 schools, 1 retired, \d+ pages, .*redirect rules/,
    );
    expect(result.output).toContain('Report: ');
    expect(filesUnder(out).some((path) => path.endsWith('build-report.json'))).toBe(false);
    // Netlify uploads `<key>/blob` under .netlify/v1/blobs/deploy/ as the deploy store's blob `<key>`:
    // the record (a git push or the UI, no hook body, is an unknown trigger), and only the record.
    const record = JSON.parse(readFileSync(join(ROOT, BUILD_RECORD_FILE), 'utf8')) as Record<
      string,
      unknown
    >;
    expect(buildRecordSchema.parse(record)).toMatchObject({
      trigger: { kind: 'unknown' },
      schools: expect.any(Array) as unknown[],
    });
    expect(Object.keys(record).sort()).toEqual(Object.keys(buildRecordSchema.shape).sort());
    expect(result.output).toMatch(
      /Build record: \d+ documents in .*build-record\/blob, uploaded by Netlify's build/,
    );
  }, 240_000);
});
