import { describe, expect, it } from 'vitest';
import { deployRefusal, parseEnv, publicApiBase } from '../../../src/lib/config/env.ts';

const production = {
  CONTEXT: 'production',
  CONTENT_SOURCE: 'sanity',
  SANITY_PROJECT_ID: 'abc123',
  PUBLIC_API_BASE: 'https://api.example.com',
};
const API_BASE_MISSING =
  "PUBLIC_API_BASE: the product API's URL (without it pages would call the local API at http://127.0.0.1:8787)";

describe("site address from Netlify's variables", () => {
  it.each([
    [{}, 'http://localhost:4321'],
    [
      { CONTEXT: 'production', URL: 'https://schools.example.net', ALLOW_DEMO_DEPLOY: 'true' },
      'https://schools.example.net',
    ],
    [
      {
        CONTEXT: 'deploy-preview',
        URL: 'https://schools.example.net',
        DEPLOY_PRIME_URL: 'https://deploy-preview-4--schools.netlify.app',
        PUBLIC_API_BASE: 'https://api.example.com',
      },
      'https://deploy-preview-4--schools.netlify.app',
    ],
    [
      {
        CONTEXT: 'branch-deploy',
        DEPLOY_PRIME_URL: 'https://staging--schools.netlify.app',
        PUBLIC_API_BASE: 'https://api.example.com',
      },
      'https://staging--schools.netlify.app',
    ],
    [
      {
        CONTEXT: 'deploy-preview',
        SITE_URL: 'https://www.schools.example',
        DEPLOY_PRIME_URL: 'https://x.netlify.app',
        PUBLIC_API_BASE: 'https://api.example.com',
      },
      'https://www.schools.example',
    ],
  ])('%o → %s', (source, expected) => {
    expect(parseEnv(source).SITE_URL).toBe(expected);
  });
});

describe('Netlify production never publishes demo data or a local address', () => {
  it("builds with a content source, a product API and Netlify's URL", () => {
    const settings = parseEnv({ ...production, URL: 'https://schools.example.net' });
    expect(settings.SITE_URL).toBe('https://schools.example.net');
    expect(publicApiBase(settings)).toBe('https://api.example.com');
  });

  it('names each missing setting in one message', () => {
    expect(() => parseEnv({ CONTEXT: 'production' })).toThrow(
      [
        'Refusing to build for Netlify production (CONTEXT=production) with these settings missing or local:',
        '  - CONTENT_SOURCE=sanity (with SANITY_PROJECT_ID): without it the bundled demo content would be published',
        `  - ${API_BASE_MISSING}`,
        "  - SITE_URL (or Netlify's URL): the public address for canonical URLs, sitemap and structured data",
        "Set them in the site's environment variables, or set ALLOW_DEMO_DEPLOY=true to publish the bundled demo content.",
      ].join('\n'),
    );
  });

  it('refuses a local address in any published setting', () => {
    expect(() =>
      parseEnv({
        ...production,
        URL: 'https://s.example',
        PUBLIC_API_BASE: 'http://127.0.0.1:8787',
      }),
    ).toThrow('PUBLIC_API_BASE: http://127.0.0.1:8787 is a local address');
    expect(() => parseEnv({ ...production, SITE_URL: 'http://localhost:8080' })).toThrow(
      'SITE_URL: http://localhost:8080 is a local address',
    );
    expect(() =>
      parseEnv({
        ...production,
        URL: 'https://s.example',
        ORDER_SERVICE_URL: 'http://localhost:9000',
      }),
    ).toThrow('ORDER_SERVICE_URL');
  });

  it("lets an explicit demo deploy through, with the site's own origin as {api} instead of the local API", () => {
    const settings = parseEnv({
      CONTEXT: 'production',
      URL: 'https://demo.example.net',
      ALLOW_DEMO_DEPLOY: 'true',
    });
    expect(settings.CONTENT_SOURCE).toBe('local');
    expect(publicApiBase(settings)).toBe('https://demo.example.net');
  });
});

describe('deploy previews and branch deploys never publish a local address', () => {
  const preview = (CONTEXT: string, extra: Record<string, string> = {}) => ({
    CONTEXT,
    NETLIFY: 'true',
    DEPLOY_PRIME_URL: `https://${CONTEXT}--schools.netlify.app`,
    ...extra,
  });

  it.each(['deploy-preview', 'branch-deploy'])(
    '%s without PUBLIC_API_BASE is refused with the message production gives for it, naming the context',
    (context) => {
      const name =
        context === 'deploy-preview' ? 'a Netlify deploy preview' : 'a Netlify branch deploy';
      expect(() => parseEnv(preview(context))).toThrow(
        [
          `Refusing to build for ${name} (CONTEXT=${context}) with these settings missing or local:`,
          `  - ${API_BASE_MISSING}`,
          "Set them in the site's environment variables, or set ALLOW_DEMO_DEPLOY=true to publish the bundled demo content.",
        ].join('\n'),
      );
    },
  );

  it.each(['deploy-preview', 'branch-deploy'])(
    '%s with PUBLIC_API_BASE builds and calls that API, with the bundled content allowed',
    (context) => {
      const settings = parseEnv(preview(context, { PUBLIC_API_BASE: 'https://api.example.com/' }));
      expect(settings.CONTENT_SOURCE).toBe('local');
      expect(publicApiBase(settings)).toBe('https://api.example.com');
      expect(settings.SITE_URL).toBe(`https://${context}--schools.netlify.app`);
    },
  );

  it('is refused the same way when only NETLIFY=true says it is a Netlify build, and without a deploy address', () => {
    expect(() => parseEnv({ NETLIFY: 'true' })).toThrow(
      deployRefusal(
        [
          API_BASE_MISSING,
          'SITE_URL: the public address for canonical URLs, sitemap and structured data',
        ],
        undefined,
      ),
    );
    expect(() => parseEnv({ NETLIFY: 'true' })).toThrow(
      'Refusing to build for Netlify (NETLIFY=true, CONTEXT unset)',
    );
    expect(() =>
      parseEnv({ CONTEXT: 'deploy-preview', PUBLIC_API_BASE: 'https://api.example.com' }),
    ).toThrow("SITE_URL (or Netlify's DEPLOY_PRIME_URL): the public address");
  });

  it('refuses a local address in any published setting of a preview', () => {
    expect(() =>
      parseEnv(preview('branch-deploy', { PUBLIC_API_BASE: 'http://localhost:8787' })),
    ).toThrow('PUBLIC_API_BASE: http://localhost:8787 is a local address');
    expect(() =>
      parseEnv(
        preview('deploy-preview', {
          PUBLIC_API_BASE: 'https://api.example.com',
          PUBLIC_SEGMENT_API_HOST: 'http://127.0.0.1:9999/v1',
        }),
      ),
    ).toThrow('PUBLIC_SEGMENT_API_HOST: http://127.0.0.1:9999/v1 is a local address');
  });

  it('a demo deploy preview calls its own origin, never the local API', () => {
    expect(publicApiBase(parseEnv(preview('deploy-preview', { ALLOW_DEMO_DEPLOY: 'yes' })))).toBe(
      'https://deploy-preview--schools.netlify.app',
    );
  });
});

describe('local builds keep the offline defaults', () => {
  it.each([{}, { CONTEXT: 'dev' }, { NETLIFY: 'false' }, { NETLIFY: '', CONTEXT: '' }])(
    '%o: the local API',
    (source) => {
      const settings = parseEnv(source);
      expect(publicApiBase(settings)).toBe('http://127.0.0.1:8787');
      expect(settings.SITE_URL).toBe('http://localhost:4321');
    },
  );
});
