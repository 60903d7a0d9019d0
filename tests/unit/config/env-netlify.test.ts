import { describe, expect, it } from 'vitest';
import { parseEnv, productionMessage, publicApiBase } from '../../../src/lib/config/env.ts';

const production = { CONTEXT: 'production', CONTENT_SOURCE: 'sanity', SANITY_PROJECT_ID: 'abc123', PUBLIC_API_BASE: 'https://api.example.com' };

describe('site address from Netlify\'s variables', () => {
  it.each([
    [{}, 'http://localhost:4321'],
    [{ CONTEXT: 'production', URL: 'https://schools.example.net', ALLOW_DEMO_DEPLOY: 'true' }, 'https://schools.example.net'],
    [{ CONTEXT: 'deploy-preview', URL: 'https://schools.example.net', DEPLOY_PRIME_URL: 'https://deploy-preview-4--schools.netlify.app' }, 'https://deploy-preview-4--schools.netlify.app'],
    [{ CONTEXT: 'branch-deploy', DEPLOY_PRIME_URL: 'https://staging--schools.netlify.app' }, 'https://staging--schools.netlify.app'],
    [{ CONTEXT: 'deploy-preview', SITE_URL: 'https://www.schools.example', DEPLOY_PRIME_URL: 'https://x.netlify.app' }, 'https://www.schools.example'],
  ])('%o → %s', (source, expected) => {
    expect(parseEnv(source).SITE_URL).toBe(expected);
  });
});

describe('Netlify production never publishes demo data or a local address', () => {
  it('builds with a content source, a product API and Netlify\'s URL', () => {
    const settings = parseEnv({ ...production, URL: 'https://schools.example.net' });
    expect(settings.SITE_URL).toBe('https://schools.example.net');
    expect(publicApiBase(settings)).toBe('https://api.example.com');
  });

  it('names each missing setting in one message', () => {
    expect(() => parseEnv({ CONTEXT: 'production' })).toThrow(productionMessage([
      'CONTENT_SOURCE=sanity (with SANITY_PROJECT_ID): without it the bundled demo content would be published',
      'PUBLIC_API_BASE: the product API\'s URL (without it pages would call the local API at http://127.0.0.1:8787)',
      'SITE_URL (or Netlify\'s URL): the public address for canonical URLs, sitemap and structured data',
    ]));
  });

  it('refuses a local address in any published setting', () => {
    expect(() => parseEnv({ ...production, URL: 'https://s.example', PUBLIC_API_BASE: 'http://127.0.0.1:8787' })).toThrow('PUBLIC_API_BASE: http://127.0.0.1:8787 is a local address');
    expect(() => parseEnv({ ...production, SITE_URL: 'http://localhost:8080' })).toThrow('SITE_URL: http://localhost:8080 is a local address');
    expect(() => parseEnv({ ...production, URL: 'https://s.example', ORDER_SERVICE_URL: 'http://localhost:9000' })).toThrow('ORDER_SERVICE_URL');
  });

  it('lets an explicit demo deploy through, with the site\'s own origin as {api} instead of the local API', () => {
    const settings = parseEnv({ CONTEXT: 'production', URL: 'https://demo.example.net', ALLOW_DEMO_DEPLOY: 'true' });
    expect(settings.CONTENT_SOURCE).toBe('local');
    expect(publicApiBase(settings)).toBe('https://demo.example.net');
  });

  it('keeps the offline defaults outside production', () => {
    for (const CONTEXT of ['deploy-preview', 'branch-deploy', 'dev']) {
      expect(publicApiBase(parseEnv({ CONTEXT }))).toBe('http://127.0.0.1:8787');
    }
  });
});
