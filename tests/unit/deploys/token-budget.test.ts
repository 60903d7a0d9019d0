/**
 * The per-address share of the token budget counts a caller network, not a spelling of an address:
 * an IPv4-mapped IPv6 address is its IPv4 address, and an IPv6 caller is its /48 (an allocation
 * anyone can get whole), so neither writing one address many ways nor spreading over a /48's
 * subnets buys a second share.
 */
import { describe, expect, it } from 'vitest';
import {
  ADDRESS_SHARE,
  createTokenBudget,
  IPV6_CALLER_PREFIX,
  PASS_CHECK_BUDGET,
  UNKNOWN_TOKEN_BUDGET,
} from '../../../src/lib/deploys/token-budget.ts';

/** Spends `address`'s whole share on a fresh budget (each charge admitted), and gives the budget. */
async function shareSpentBy(address: string) {
  const budget = createTokenBudget();
  for (let at = 0; at < ADDRESS_SHARE; at += 1)
    expect(await budget.charge(address)).toBeUndefined();
  return budget;
}

describe("the caller's address, as the share counts it", () => {
  it.each(['::ffff:1.2.3.4', '0:0:0:0:0:ffff:0102:0304', '::ffff:102:304', '::FFFF:1.2.3.4'])(
    'the IPv4-mapped form %s is the IPv4 address 1.2.3.4: the same share, either way round',
    async (mapped) => {
      const spentByIpv4 = await shareSpentBy('1.2.3.4');
      expect(await spentByIpv4.charge(mapped)).toMatchObject({ by: 'address' });
      const spentByMapped = await shareSpentBy(mapped);
      expect(await spentByMapped.charge('1.2.3.4')).toMatchObject({ by: 'address' });
      // Another IPv4 address, mapped or not, keeps its own share.
      expect(await spentByMapped.charge('1.2.3.5')).toBeUndefined();
      expect(await spentByMapped.charge('::ffff:1.2.3.5')).toBeUndefined();
    },
  );

  it(`IPv6 addresses in one /${IPV6_CALLER_PREFIX} share one share, however they are written and whichever of its /64s they come from`, async () => {
    expect(IPV6_CALLER_PREFIX).toBe(48);
    const budget = createTokenBudget();
    const inOnePrefix = Array.from(
      { length: ADDRESS_SHARE },
      (_, at) => `2001:db8:aa:${(at * 0x1111).toString(16)}::${at + 1}`,
    );
    for (const address of inOnePrefix)
      expect(await budget.charge(address), address).toBeUndefined();
    for (const sameNetwork of [
      '2001:db8:aa::1',
      '2001:DB8:AA:FFFF:FFFF:FFFF:FFFF:FFFF',
      '2001:0db8:00aa:0000:0000:0000:0000:0001',
      '2001:db8:aa:1::1%eth0',
    ])
      expect(await budget.charge(sameNetwork), sameNetwork).toMatchObject({ by: 'address' });
  });

  it('addresses in different prefixes do not share: the neighbouring /48s and an IPv4 address keep their own shares', async () => {
    const budget = await shareSpentBy('2001:db8:aa::1');
    for (const other of ['2001:db8:ab::1', '2001:db8:a9:ffff::1', '2001:db9:aa::1', '10.0.0.1'])
      expect(await budget.charge(other), other).toBeUndefined();
  });

  it.each([
    'not an address',
    '1.2.3',
    '001.002.003.004',
    '1.2.3.4%eth0',
    'fe80::1%',
    '2001:db8:::1',
    '[2001:db8::1]',
    ' 1.2.3.4',
    'x'.repeat(100_000),
  ])('malformed (%s): charged, never a throw, and all such share one share', async (malformed) => {
    const budget = await shareSpentBy('unparseable');
    await expect(budget.charge(malformed)).resolves.toMatchObject({ by: 'address' });
    expect(await budget.charge('1.2.3.4')).toBeUndefined();
  });

  it('no address at all (a local run): only the instance budget counts', async () => {
    const budget = createTokenBudget();
    for (let at = 0; at <= ADDRESS_SHARE; at += 1)
      expect(await budget.charge(undefined)).toBeUndefined();
  });
});

describe("the passes' re-checks, a budget of their own", () => {
  it(`made-up tokens that spend the whole budget leave the passes' ${PASS_CHECK_BUDGET} re-checks a minute untouched, and those are bounded too`, async () => {
    const budget = createTokenBudget();
    for (let at = 0; at < UNKNOWN_TOKEN_BUDGET * 2; at += 1)
      await budget.charge(`198.51.100.${at % 250}`);
    expect(await budget.charge('203.0.113.1')).toMatchObject({ by: 'instance' });
    for (let at = 0; at < PASS_CHECK_BUDGET; at += 1)
      expect(await budget.chargePassCheck()).toBeUndefined();
    expect(await budget.chargePassCheck()).toMatchObject({ by: 'passes' });
  });
});
