import { describe, expect, it, vi } from 'vitest';
import { TENANT_MESSAGES, createTenantClient, httpTransport, recordsTransport, type TenantTransport } from '../../../src/lib/tenants/client.ts';

const record = { id: 7, affiliateId: 70, slug: 'huskymobile', Name: 'Husky Mobile', PrimaryColor: '#4B2E83', SeconndaryColor: '#B7A57A', ThirdColor: '#85754D', ActiveGiveawayEvent: 'guid-1' };

function client(transport: TenantTransport) {
  const log = vi.fn();
  return { load: createTenantClient(transport, { log }), log };
}

describe('tenant lookup (SPEC §4 two steps)', () => {
  it('loads the code then the full record', async () => {
    const calls: string[] = [];
    const base = recordsTransport([record]);
    const { load } = client(async (path) => { calls.push(path); return base(path); });
    const tenant = await load('huskymobile');
    expect(calls).toEqual(['/k1mobile/tenant/code/huskymobile', '/k1mobile/tenant/7']);
    expect(tenant).toEqual({
      id: '7', affiliateId: '70', slug: 'huskymobile', name: 'Husky Mobile',
      primaryColor: '#4B2E83', secondaryColor: '#B7A57A', thirdColor: '#85754D', activeGiveawayEvent: 'guid-1',
    });
  });

  it('uses SecondaryColor only as a fallback for the misspelt SeconndaryColor', async () => {
    const { load } = client(recordsTransport([{ ...record, SeconndaryColor: undefined, SecondaryColor: '#111111' }]));
    expect((await load('huskymobile')).secondaryColor).toBe('#111111');
  });

  it('fails with "Tenant data failed to load." when the code lookup fails', async () => {
    const { load, log } = client(async () => { throw new Error('HTTP 500'); });
    await expect(load('huskymobile')).rejects.toThrow(TENANT_MESSAGES.codeFailed);
    expect(log).toHaveBeenCalledWith('Tenant data failed to load.', expect.anything());
  });

  it('fails when the code response lacks result.id', async () => {
    const { load } = client(async () => ({ result: { affiliateId: 1 } }));
    await expect(load('huskymobile')).rejects.toThrow('Initial tenant code response is missing required data.');
  });

  it('fails with "Full tenant data failed to load." when the second lookup fails', async () => {
    const { load, log } = client(async (path) => {
      if (path.includes('/code/')) return { result: { id: 7, affiliateId: 70 } };
      throw new Error('HTTP 503');
    });
    await expect(load('huskymobile')).rejects.toThrow('Full tenant data failed to load.');
    expect(log).toHaveBeenCalledWith('Full tenant data failed to load.', expect.anything());
  });

  it('fails when the full response lacks result', async () => {
    const { load } = client(async (path) => (path.includes('/code/') ? { result: { id: 7 } } : { data: {} }));
    await expect(load('huskymobile')).rejects.toThrow('Full tenant data response is missing required data.');
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
    const fetchTwiceLimited = (async () => (++calls <= 2 ? limited() : Response.json({ result: { id: 1, affiliateId: 2 } }))) as typeof fetch;
    const transport = httpTransport('http://api.example', fetchTwiceLimited, async (ms) => { waits.push(ms); });
    expect(await transport('/k1mobile/tenant/code/x')).toEqual({ result: { id: 1, affiliateId: 2 } });
    expect(waits).toEqual([2000, 2000]);

    const alwaysLimited = httpTransport('http://api.example', (async () => limited()) as typeof fetch, async () => {});
    await expect(alwaysLimited('/k1mobile/tenant/code/x')).rejects.toThrow('HTTP 429 for /k1mobile/tenant/code/x');
  });
});
