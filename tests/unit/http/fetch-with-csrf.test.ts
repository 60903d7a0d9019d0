import { describe, expect, it, vi } from 'vitest';
import {
  fetchWithCsrf,
  isRelativeUrl,
  needsCsrfToken,
  readCookie,
} from '../../../src/lib/http/fetch-with-csrf.ts';

function fakeFetch() {
  return vi.fn<typeof fetch>(() => Promise.resolve(new Response('{}')));
}
const sentHeaders = (mock: ReturnType<typeof fakeFetch>) =>
  new Headers(mock.mock.calls[0]?.[1]?.headers);

describe('readCookie', () => {
  it('finds a cookie among others and decodes it', () => {
    expect(readCookie('a=1; XSRF-TOKEN=abc%3D%3D; b=2', 'XSRF-TOKEN')).toBe('abc==');
    expect(readCookie('XSRF-TOKEN-OLD=x; XSRF-TOKEN=y', 'XSRF-TOKEN')).toBe('y');
    expect(readCookie('', 'XSRF-TOKEN')).toBeUndefined();
    expect(readCookie('a=1', 'XSRF-TOKEN')).toBeUndefined();
  });
});

describe('which requests carry the token (docs/behaviour.md §7)', () => {
  it('relative URLs only', () => {
    expect(isRelativeUrl('/mobileapi/zipcode/90210/eligibility')).toBe(true);
    expect(isRelativeUrl('account/login')).toBe(true);
    expect(isRelativeUrl('https://api.example.com/x')).toBe(false);
    expect(isRelativeUrl('//api.example.com/x')).toBe(false);
  });
  it('non-GET methods only', () => {
    expect(needsCsrfToken('POST', '/x')).toBe(true);
    expect(needsCsrfToken('put', '/x')).toBe(true);
    expect(needsCsrfToken('GET', '/x')).toBe(false);
    expect(needsCsrfToken(undefined, '/x')).toBe(false);
    expect(needsCsrfToken('HEAD', '/x')).toBe(false);
    expect(needsCsrfToken('POST', 'https://other.example/x')).toBe(false);
  });
});

describe('fetchWithCsrf', () => {
  it('sends the cookie value as X-XSRF-TOKEN on a relative POST, keeping other headers', async () => {
    const fetch = fakeFetch();
    await fetchWithCsrf(
      '/mobileapi/zipcode/90210/eligibility',
      { method: 'POST', body: '90210', headers: { 'Content-Type': 'text/plain' } },
      { fetch, cookies: () => 'XSRF-TOKEN=tok123' },
    );
    const headers = sentHeaders(fetch);
    expect(headers.get('X-XSRF-TOKEN')).toBe('tok123');
    expect(headers.get('Content-Type')).toBe('text/plain');
    expect(fetch.mock.calls[0]?.[1]?.body).toBe('90210');
  });
  it('does not send the token to another host or on GET', async () => {
    for (const [url, method] of [
      ['https://api.example.com/x', 'POST'],
      ['/x', 'GET'],
    ] as const) {
      const fetch = fakeFetch();
      await fetchWithCsrf(url, { method }, { fetch, cookies: () => 'XSRF-TOKEN=tok123' });
      expect(sentHeaders(fetch).has('X-XSRF-TOKEN')).toBe(false);
    }
  });
  it('sends no header when there is no cookie', async () => {
    const fetch = fakeFetch();
    await fetchWithCsrf('/x', { method: 'POST' }, { fetch, cookies: () => '' });
    expect(sentHeaders(fetch).has('X-XSRF-TOKEN')).toBe(false);
  });
});
