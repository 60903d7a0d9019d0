import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  TENANT_MESSAGES,
  createTenantClient,
  httpTransport,
  recordsTransport,
  type TenantTransport,
} from '../../../src/lib/tenants/client.ts';

const record = {
  id: 7,
  affiliateId: 70,
  slug: 'huskymobile',
  Name: 'Husky Mobile',
  PrimaryColor: '#4B2E83',
  SeconndaryColor: '#B7A57A',
  ThirdColor: '#85754D',
  ActiveGiveawayEvent: 'guid-1',
};

function client(transport: TenantTransport) {
  const log = vi.fn();
  return { load: createTenantClient(transport, { log }), log };
}

describe('tenant lookup (docs/behaviour.md §4 two steps)', () => {
  it('loads the code then the full record', async () => {
    const calls: string[] = [];
    const base = recordsTransport([record]);
    const { load } = client(async (path) => {
      calls.push(path);
      return base(path);
    });
    const tenant = await load('huskymobile');
    expect(calls).toEqual(['/k1mobile/tenant/code/huskymobile', '/k1mobile/tenant/7']);
    expect(tenant).toEqual({
      id: '7',
      affiliateId: '70',
      slug: 'huskymobile',
      name: 'Husky Mobile',
      primaryColor: '#4B2E83',
      secondaryColor: '#B7A57A',
      thirdColor: '#85754D',
      activeGiveawayEvent: 'guid-1',
    });
  });

  it('uses SecondaryColor only as a fallback for the misspelt SeconndaryColor', async () => {
    const { load } = client(
      recordsTransport([{ ...record, SeconndaryColor: undefined, SecondaryColor: '#111111' }]),
    );
    expect((await load('huskymobile')).secondaryColor).toBe('#111111');
  });

  it('fails with "Tenant data failed to load." when the code lookup fails', async () => {
    const { load, log } = client(() => Promise.reject(new Error('HTTP 500')));
    await expect(load('huskymobile')).rejects.toThrow(TENANT_MESSAGES.codeFailed);
    expect(log).toHaveBeenCalledWith('Tenant data failed to load.', expect.anything());
  });

  it('fails when the code response lacks result.id', async () => {
    const { load } = client(() => Promise.resolve({ result: { affiliateId: 1 } }));
    await expect(load('huskymobile')).rejects.toThrow(
      'Initial tenant code response is missing required data.',
    );
  });

  it('fails with "Full tenant data failed to load." when the second lookup fails', async () => {
    const { load, log } = client((path) =>
      path.includes('/code/')
        ? Promise.resolve({ result: { id: 7, affiliateId: 70 } })
        : Promise.reject(new Error('HTTP 503')),
    );
    await expect(load('huskymobile')).rejects.toThrow('Full tenant data failed to load.');
    expect(log).toHaveBeenCalledWith('Full tenant data failed to load.', expect.anything());
  });

  it('fails when the full response lacks result', async () => {
    const { load } = client((path) =>
      Promise.resolve(path.includes('/code/') ? { result: { id: 7 } } : { data: {} }),
    );
    await expect(load('huskymobile')).rejects.toThrow(
      'Full tenant data response is missing required data.',
    );
  });

  it('treats an unknown slug as a failed first lookup', async () => {
    const { load } = client(recordsTransport([record]));
    await expect(load('nobody')).rejects.toThrow('Tenant data failed to load.');
  });
});

describe('httpTransport and a rate-limited API', () => {
  it('waits for Retry-After and asks again, then gives up after the retries', async () => {
    const waits: number[] = [];
    let calls = 0;
    const limited = () => new Response('{}', { status: 429, headers: { 'retry-after': '2' } });
    const fetchTwiceLimited = (() =>
      Promise.resolve(
        ++calls <= 2 ? limited() : Response.json({ result: { id: 1, affiliateId: 2 } }),
      )) as typeof fetch;
    const transport = httpTransport('http://api.example', {
      fetchImpl: fetchTwiceLimited,
      sleep: (ms) => {
        waits.push(ms);
        return Promise.resolve();
      },
    });
    expect(await transport('/k1mobile/tenant/code/x')).toEqual({
      result: { id: 1, affiliateId: 2 },
    });
    expect(waits).toEqual([2000, 2000]);

    const alwaysLimited = httpTransport('http://api.example', {
      fetchImpl: () => Promise.resolve(limited()),
      sleep: async () => {},
    });
    await expect(alwaysLimited('/k1mobile/tenant/code/x')).rejects.toThrow(
      'HTTP 429 for /k1mobile/tenant/code/x',
    );
  });
});

describe('tenant requests over HTTP (concurrency, timeout, retries)', () => {
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  /** A fake fetch that answers from a queue of outcomes per call and records what it was asked. */
  function fakeFetch(outcomes: Array<() => Promise<Response>>) {
    const urls: string[] = [];
    const fetchImpl = vi.fn(async (url: string | URL | Request) => {
      urls.push(url instanceof Request ? url.url : url.toString());
      const next = outcomes.shift();
      if (!next) throw new Error('unexpected request');
      return next();
    }) as unknown as typeof fetch;
    return { fetchImpl, urls };
  }

  it('asks {api}/path and returns the parsed answer', async () => {
    const { fetchImpl, urls } = fakeFetch([() => Promise.resolve(json({ result: { id: 7 } }))]);
    const transport = httpTransport('http://api.test/', { fetchImpl });
    await expect(transport('/k1mobile/tenant/7')).resolves.toEqual({ result: { id: 7 } });
    expect(urls).toEqual(['http://api.test/k1mobile/tenant/7']);
  });

  it('retries a 5xx and a network error with growing waits, then succeeds', async () => {
    const waits: number[] = [];
    const stats = { requests: 0, retries: 0 };
    const { fetchImpl } = fakeFetch([
      () => Promise.resolve(json({ error: 'busy' }, 503)),
      () => Promise.reject(new TypeError('fetch failed')),
      () => Promise.resolve(json({ result: { id: 7 } })),
    ]);
    const transport = httpTransport('http://api.test', {
      fetchImpl,
      backoffMs: 100,
      sleep: (ms) => {
        waits.push(ms);
        return Promise.resolve();
      },
      stats,
    });
    await expect(transport('/k1mobile/tenant/7')).resolves.toEqual({ result: { id: 7 } });
    expect(waits).toEqual([100, 200]);
    expect(stats).toEqual({ requests: 3, retries: 2 });
  });

  it('never retries a 4xx: the API has answered', async () => {
    const stats = { requests: 0, retries: 0 };
    const { fetchImpl } = fakeFetch([
      () => Promise.resolve(json({ error: 'no such tenant' }, 404)),
    ]);
    const transport = httpTransport('http://api.test', { fetchImpl, sleep: async () => {}, stats });
    await expect(transport('/k1mobile/tenant/code/nobody')).rejects.toMatchObject({ status: 404 });
    expect(stats).toEqual({ requests: 1, retries: 0 });
  });

  it('gives up after the last retry with the last error, and the school fails with the documented text', async () => {
    const { fetchImpl } = fakeFetch(
      Array.from({ length: 3 }, () => () => Promise.resolve(json({}, 500))),
    );
    const transport = httpTransport('http://api.test', {
      fetchImpl,
      retries: 2,
      sleep: async () => {},
    });
    const load = createTenantClient(transport, { log: () => {} });
    const failure = load('huskymobile');
    await expect(failure).rejects.toThrow(TENANT_MESSAGES.codeFailed);
    await expect(failure).rejects.toMatchObject({ cause: { status: 500 } });
    expect(fetchImpl).toHaveBeenCalledTimes(3);
  });

  describe('with fake timers', () => {
    beforeEach(() => {
      vi.useFakeTimers();
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    /** A fetch that never answers until its signal aborts (a hung API). */
    const hanging = (_url: string | URL | Request, init?: RequestInit) =>
      new Promise<Response>((_, fail) => {
        // As fetch does: rejected with the signal's reason (a TimeoutError).
        init?.signal?.addEventListener('abort', () => fail(init.signal!.reason as DOMException));
      });

    it('abandons an attempt after the timeout, waits the backoff, and tries again', async () => {
      const fetchImpl = vi
        .fn()
        .mockImplementationOnce(hanging)
        .mockImplementationOnce(() => Promise.resolve(json({ result: { id: 7 } })));
      const transport = httpTransport('http://api.test', {
        fetchImpl: fetchImpl as unknown as typeof fetch,
        timeoutMs: 1_000,
        backoffMs: 250,
      });
      const answer = transport('/k1mobile/tenant/7');
      await vi.advanceTimersByTimeAsync(999);
      expect(fetchImpl).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1); // timeout: the attempt is aborted
      await vi.advanceTimersByTimeAsync(249);
      expect(fetchImpl).toHaveBeenCalledTimes(1); // still in the backoff
      await vi.advanceTimersByTimeAsync(1);
      await expect(answer).resolves.toEqual({ result: { id: 7 } });
      expect(fetchImpl).toHaveBeenCalledTimes(2);
    });

    it('fails after timeouts on every attempt with the timeout as the reason', async () => {
      const fetchImpl = vi.fn(hanging);
      const transport = httpTransport('http://api.test', {
        fetchImpl: fetchImpl as unknown as typeof fetch,
        timeoutMs: 1_000,
        retries: 1,
        backoffMs: 10,
      });
      const answer = transport('/k1mobile/tenant/7');
      const settled = answer.then(
        () => new Error('resolved'),
        (error: unknown) => error as Error,
      );
      await vi.advanceTimersByTimeAsync(1_000 + 10 + 1_000);
      expect((await settled).message).toBe('no answer within 1000 ms for /k1mobile/tenant/7');
      expect(fetchImpl).toHaveBeenCalledTimes(2);
    });

    it('keeps at most `concurrency` requests in flight across schools', async () => {
      let inFlight = 0;
      let most = 0;
      const fetchImpl = vi.fn(async () => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise((done) => setTimeout(done, 50));
        inFlight -= 1;
        return json({ result: { id: 7, affiliateId: 70 } });
      });
      const transport = httpTransport('http://api.test', {
        fetchImpl: fetchImpl as unknown as typeof fetch,
        concurrency: 3,
      });
      const all = Promise.all(
        Array.from({ length: 10 }, (_, index) => transport(`/k1mobile/tenant/${index}`)),
      );
      await vi.advanceTimersByTimeAsync(50 * 4);
      await all;
      expect(fetchImpl).toHaveBeenCalledTimes(10);
      expect(most).toBe(3);
    });
  });
});
