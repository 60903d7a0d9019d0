/**
 * Every response of the preview site's page function carries the preview's headers, whatever made
 * it (a page, a redirect Astro answers before the middleware, a throw): Netlify adds none to a
 * function's response.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'smol-toml';
import { describe, expect, it, vi } from 'vitest';
import { previewFunction } from '../../../src/lib/preview/server/function-entry.ts';
import {
  PREVIEW_RESPONSE_HEADERS,
  bareCsp,
  studioOrigins,
  withPreviewHeaders,
} from '../../../src/lib/preview/server/response-headers.ts';
import { SITE_SECURITY_HEADERS } from '../../../src/lib/security/site-headers.ts';

const STUDIO = 'https://schools.sanity.studio';

function expectPreviewHeaders(response: Response) {
  for (const [name, value] of Object.entries(PREVIEW_RESPONSE_HEADERS))
    expect(response.headers.get(name), name).toBe(value);
}

describe("the preview's response headers", () => {
  it('are the site\'s security headers of netlify.toml\'s "/*" block, never cached, never indexed', () => {
    const config = parse(readFileSync('netlify.toml', 'utf8')) as {
      headers: Array<{ for: string; values: Record<string, string> }>;
    };
    const site = config.headers.find((block) => block.for === '/*')?.values ?? {};
    expect(SITE_SECURITY_HEADERS).toEqual(site);
    for (const name of [
      'Strict-Transport-Security',
      'X-Content-Type-Options',
      'Referrer-Policy',
      'Permissions-Policy',
    ]) {
      expect(PREVIEW_RESPONSE_HEADERS[name], name).toBe(site[name]);
    }
    expect(PREVIEW_RESPONSE_HEADERS).toMatchObject({
      'Cache-Control': 'private, no-store',
      'CDN-Cache-Control': 'no-store',
      'Netlify-CDN-Cache-Control': 'no-store',
      'X-Robots-Tag': 'noindex',
    });
  });

  it('let Presentation\'s "open in a new window" keep its opener (the Studio is another site)', () => {
    expect(PREVIEW_RESPONSE_HEADERS['Cross-Origin-Opener-Policy']).toBe('unsafe-none');
  });

  it("frame only in the Studio's origins, and a response that is no page loads nothing", () => {
    expect(
      studioOrigins(
        ` ${STUDIO}/desk , http://localhost:3333, javascript:alert(1), nonsense, ${STUDIO}`,
      ),
    ).toEqual([STUDIO, 'http://localhost:3333']);
    expect(bareCsp(STUDIO)).toBe(
      `default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors ${STUDIO}`,
    );
    expect(bareCsp(undefined)).toContain("frame-ancestors 'none'");
  });

  it("keep a page's own policy and its other headers", async () => {
    const page = new Response('<p>hi</p>', {
      status: 200,
      headers: {
        'Content-Type': 'text/html',
        'Content-Security-Policy': "default-src 'self'",
        'Cache-Control': 'public, max-age=600',
      },
    });
    const answer = withPreviewHeaders(page, undefined, STUDIO);
    expectPreviewHeaders(answer);
    expect(answer.headers.get('content-security-policy')).toBe("default-src 'self'");
    expect(answer.headers.get('content-type')).toBe('text/html');
    await expect(answer.text()).resolves.toBe('<p>hi</p>');
  });
});

describe("the page function's wrapper", () => {
  it('puts them on a redirect the adapter answers before the middleware runs', async () => {
    const fn = previewFunction(
      () => new Response(null, { status: 301, headers: { Location: '/uw-husky-mobile' } }),
      () => STUDIO,
    );
    const answer = await fn(new Request('https://preview.example/uw-husky-mobile/'), {});
    expect(answer.status).toBe(301);
    expect(answer.headers.get('location')).toBe('/uw-husky-mobile');
    expectPreviewHeaders(answer);
    expect(answer.headers.get('content-security-policy')).toBe(bareCsp(STUDIO));
  });

  it('answers a throw with a plain 500 that names nothing of the error, with the headers', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const fn = previewFunction(
      () => {
        throw new Error('token sk_live_secret rejected at /var/task/x.js');
      },
      () => STUDIO,
    );
    const answer = await fn(new Request('https://preview.example/uw-husky-mobile'), {});
    expect(answer.status).toBe(500);
    const text = await answer.text();
    expect(text).not.toContain('sk_live');
    expect(text).toMatch(/could not be drawn/);
    expectPreviewHeaders(answer);
    expect(logged.mock.calls.flat().join(' ')).toContain('sk_live_secret');
    logged.mockRestore();
  });

  it("passes the request and Netlify's context to the adapter's handler", async () => {
    const seen: unknown[] = [];
    const fn = previewFunction((request, context) => {
      seen.push(request.url, context);
      return new Response('ok');
    });
    await fn(new Request('https://preview.example/a'), { ip: '10.0.0.1' });
    expect(seen).toEqual(['https://preview.example/a', { ip: '10.0.0.1' }]);
  });
});
