/**
 * Deploy previews and branch deploys are opened by other people's browsers, so they must never
 * publish a local address: without PUBLIC_API_BASE they refuse to build (the message production
 * gives, naming the setting and the context); with it, no file of the site mentions
 * localhost/127.0.0.1. The branch deploy is built as editors use it (drafts, one school).
 */
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordsTransport } from '../../../src/lib/tenants/client.ts';
import { oneSchoolDocuments, writeDataset } from '../../fixtures/one-school/dataset.ts';
import { ROOT, build, filesUnder, netlifyEnv } from './netlify-build.ts';

const scratch = mkdtempSync(join(tmpdir(), 'preview-deploy-'));
/** Not a local address, so a deploy may publish it; the build reaches it through the proxy below. */
const API_BASE = 'http://api.schools.example';
const PRIME_URL = 'https://content-preview--schools.netlify.app';

/**
 * The product API's tenant lookups as the build makes them, answered from the bundled records. The
 * build reaches API_BASE through this server as its HTTP proxy (Node's fetch tunnels with CONNECT).
 */
let api: Server;
beforeAll(async () => {
  const tenants = recordsTransport(
    JSON.parse(readFileSync(join(ROOT, 'src/dataset/tenants.json'), 'utf8')) as unknown[],
  );
  api = createServer((request, response) => {
    tenants(new URL(request.url ?? '/', API_BASE).pathname).then(
      (body) =>
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body)),
      () => response.writeHead(404).end(),
    );
  });
  api.on('connect', (_request, client, head) => {
    const upstream = connect((api.address() as AddressInfo).port, '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client).on('error', () => {});
      client.pipe(upstream).on('error', () => {});
    });
    upstream.on('error', () => client.destroy());
  });
  await new Promise<void>((ready) => api.listen(0, '127.0.0.1', ready));
});
afterAll(async () => {
  api?.closeAllConnections();
  await new Promise((closed) => api?.close(closed));
  rmSync(scratch, { recursive: true, force: true });
});

/** A preview's environment: Netlify also sets the deploy's own address. */
const previewEnv = (extra: Record<string, string>) =>
  netlifyEnv({ DEPLOY_PRIME_URL: PRIME_URL, ...extra });

describe('a Netlify deploy preview or branch deploy', () => {
  // One refused build proves the refusal stops Astro; both contexts' messages are unit-tested (env-netlify.test.ts).
  it.each([['deploy-preview', 'a Netlify deploy preview']])(
    '%s without PUBLIC_API_BASE refuses to build, naming the setting and the context',
    async (context, name) => {
      const out = join(scratch, `refused-${context}`);
      const result = await build(
        previewEnv({
          CONTEXT: context,
          BUILD_OUT_DIR: out,
          BUILD_REPORT_FILE: join(scratch, `refused-${context}.json`),
        }),
      );
      expect(result.code).not.toBe(0);
      expect(result.output).toContain(
        [
          `Refusing to build for ${name} (CONTEXT=${context}) with these settings missing or local:`,
          "  - PUBLIC_API_BASE: the product API's URL (without it pages would call the local API at http://127.0.0.1:8787)",
          "Set them in the site's environment variables, or set ALLOW_DEMO_DEPLOY=true to publish the bundled demo content.",
        ].join('\n'),
      );
      expect(existsSync(join(out, 'index.html'))).toBe(false);
    },
    120_000,
  );

  it('a branch deploy of drafts with PUBLIC_API_BASE builds, calls that API from its pages, and no file holds a local address', async () => {
    const out = join(scratch, 'branch');
    const dataset = writeDataset(join(scratch, 'dataset'), oneSchoolDocuments('huskymobile'));
    const proxy = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
    const result = await build(
      previewEnv({
        CONTEXT: 'branch-deploy',
        CONTENT_PREVIEW: 'true',
        PUBLIC_API_BASE: API_BASE,
        CONTENT_DATASET_DIR: dataset,
        BUILD_OUT_DIR: out,
        BUILD_REPORT_FILE: join(scratch, 'branch.json'),
        NODE_USE_ENV_PROXY: '1',
        http_proxy: proxy,
        HTTP_PROXY: proxy,
      }),
    );
    expect(result.code, result.output.slice(-3000)).toBe(0);

    const landing = readFileSync(join(out, 'uw-husky-mobile.html'), 'utf8');
    expect(landing).toContain(`<link rel="canonical" href="${PRIME_URL}/uw-husky-mobile">`);
    const entryDir = join(out, 'uw-husky-mobile', 'giveaway-entry');
    const entryPage = readdirSync(entryDir).find((name) => name.endsWith('.html'));
    expect(entryPage, 'the school has an open giveaway').toBeDefined();
    // The entry form posts to the product API, and the page's policy lets it.
    expect(readFileSync(join(entryDir, entryPage!), 'utf8')).toContain(API_BASE);

    const local = /localhost|127\.0\.0\.1/;
    const published = filesUnder(out).filter((path) =>
      /\.(html|xml|txt|json|js|css|svg)$|_redirects$|_headers$/.test(path),
    );
    expect(published.length).toBeGreaterThan(10);
    for (const file of published) {
      expect({ file, local: local.test(readFileSync(file, 'utf8')) }).toEqual({
        file,
        local: false,
      });
    }
  }, 240_000);
});
