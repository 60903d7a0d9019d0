/**
 * The editors' preview site's settings as Netlify meets them: its build on Netlify refuses a missing
 * SANITY_STUDIO_URL before Astro builds anything; its built function, invoked in a deployed context
 * without the Functions-only secrets, answers every request with a 500 naming them (the preview's
 * headers, no value), while a local invocation (context `dev`) keeps the offline defaults.
 */
import { execFile } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedPreviewBuild } from '../preview/shared-build.ts';
import { ROOT, build, netlifyEnv } from './netlify-build.ts';

const OUT = '.preview/tests/preview-site-settings';
const STUDIO = 'https://schools.sanity.studio';
/** The settings the build checks, as the function would see them with only the two secrets left out. */
const BUILD_CHECKED = {
  SITE_MODE: 'preview',
  CONTENT_SOURCE: 'sanity',
  SANITY_PROJECT_ID: 'abc123',
  SANITY_STUDIO_URL: STUDIO,
  PUBLIC_API_BASE: 'https://api.schools.example',
  SITE_URL: 'https://schools-preview.netlify.app',
};

let entry = '';

beforeAll(async () => {
  // A local build (bundled content, no settings): the function's own environment decides what it answers.
  entry = join(await sharedPreviewBuild(), 'functions', 'ssr', 'ssr.mjs');
}, 600_000);

afterAll(() => {
  rmSync(join(ROOT, OUT), { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The built function called once, in a process of its own with exactly `environment`, as Netlify invokes it for `deployContext`. */
async function invoke(
  path: string,
  deployContext: string,
  environment: Record<string, string>,
): Promise<Answer> {
  const script = `
    const fn = await import(${JSON.stringify(`file://${entry}`)});
    const url = new URL(${JSON.stringify(path)}, 'https://schools-preview.netlify.app');
    const context = {
      ip: '127.0.0.1', url, requestId: 'test', params: {}, geo: {}, account: { id: '' }, server: { region: 'test' },
      site: { id: 'site', name: 'schools-preview', url: url.origin },
      deploy: { context: ${JSON.stringify(deployContext)}, id: 'deploy', published: true },
      json: (input) => Response.json(input), log: console.log, waitUntil: () => {},
    };
    const response = await fn.default(new Request(url), context);
    process.stdout.write('\\n' + JSON.stringify({ status: response.status, headers: Object.fromEntries(response.headers), body: await response.text() }));
  `;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--input-type=module', '-e', script],
    {
      cwd: ROOT,
      env: { PATH: process.env['PATH'] ?? '', ...environment },
    },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as Answer;
}

describe("the editors' preview site on Netlify", () => {
  it('its build refuses without SANITY_STUDIO_URL, naming it, before building anything', async () => {
    const out = join(ROOT, OUT, 'refused');
    const { SANITY_STUDIO_URL: _studio, SITE_URL: _site, ...settings } = BUILD_CHECKED;
    const result = await build(
      netlifyEnv({
        ...settings,
        CONTEXT: 'production',
        URL: 'https://schools-preview.netlify.app',
        BUILD_OUT_DIR: out,
      }),
    );
    expect(result.code).not.toBe(0);
    expect(result.output).toContain(
      [
        "Refusing to build the editors' preview site (SITE_MODE=preview) for Netlify production (CONTEXT=production) with these settings missing or local:",
        "  - SANITY_STUDIO_URL: the Studio's address, or addresses comma-separated (without it only a Studio at http://localhost:3333 may frame the preview)",
        "Set them in the preview site's environment variables, scoped to Builds and Functions (its function reads them on each request).",
      ].join('\n'),
    );
    expect(existsSync(out)).toBe(false);
  }, 120_000);

  it("its deployed function without the Functions-only secrets answers 500 naming them, with the preview's headers", async () => {
    const answer = await invoke('/robots.txt', 'production', {
      ...BUILD_CHECKED,
      PREVIEW_COOKIE_SECRET: '',
    });
    expect(answer.status).toBe(500);
    expect(answer.body).toBe(
      [
        "The editors' preview site is not set up. These settings are missing or wrong in its Functions scope:",
        '  - PREVIEW_COOKIE_SECRET: at least 32 random characters; it signs the draft-mode cookie',
        "  - SANITY_API_READ_TOKEN: a Sanity read token; drafts and Presentation's preview secret are read with it",
        "Set them in this site's environment variables (PREVIEW_COOKIE_SECRET and SANITY_API_READ_TOKEN scoped to Functions, the others to Builds and Functions), then deploy again.",
        '',
      ].join('\n'),
    );
    expect(answer.headers).toMatchObject({
      'content-type': 'text/plain; charset=utf-8',
      'cache-control': 'private, no-store',
      'x-robots-tag': 'noindex',
      'x-content-type-options': 'nosniff',
    });
    expect(answer.headers['content-security-policy']).toContain(`frame-ancestors ${STUDIO}`);
  }, 60_000);

  it('names SITE_MODE when only the build sees it', async () => {
    const { SITE_MODE: _mode, ...rest } = BUILD_CHECKED;
    const answer = await invoke('/', 'deploy-preview', {
      ...rest,
      PREVIEW_COOKIE_SECRET: 'c'.repeat(48),
      SANITY_API_READ_TOKEN: 'read-token-value',
    });
    expect(answer.status).toBe(500);
    expect(answer.body).toContain('  - SITE_MODE=preview: in the Functions scope too');
    expect(answer.body).not.toContain('read-token-value');
  }, 60_000);

  it('run locally (context dev) with no settings at all, it serves', async () => {
    const answer = await invoke('/robots.txt', 'dev', {});
    expect({ status: answer.status, body: answer.body }).toEqual({
      status: 200,
      body: 'User-agent: *\nDisallow: /\n',
    });
  }, 60_000);
});
