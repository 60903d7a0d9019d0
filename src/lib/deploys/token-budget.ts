/**
 * What checking tokens may cost Sanity: each check is one request (`GET /users/me`), from two
 * budgets per function instance, each a minute long:
 * - tokens with no pass that holds (made-up tokens among them): at most UNKNOWN_TOKEN_BUDGET, and
 *   at most ADDRESS_SHARE of those from one caller network (Netlify's `context.ip`, as addressKey
 *   counts it). So one source flooding made-up tokens spends its own share, not the instance's
 *   budget, and a new editor elsewhere is still asked about at once. A flood from more networks
 *   than UNKNOWN_TOKEN_BUDGET / ADDRESS_SHARE can still spend the instance's budget for the minute:
 *   new editors are then told "checking your access".
 * - the re-check of a pass older than a verdict (access.ts): at most PASS_CHECK_BUDGET. Only a
 *   token that comes with a valid pass can spend it, and only an editor Sanity proved (or a key
 *   holder) has one, so no flood of made-up tokens delays it: a removed editor is asked about again
 *   once their pass is older than a verdict, whatever else is sent.
 * Sanity is asked no more than the two budgets a minute whatever is sent.
 */
import { isIP, SocketAddress } from 'node:net';
import { RateLimiterMemory } from 'rate-limiter-flexible';

/** Tokens one function instance asks Sanity about, per minute. */
export const UNKNOWN_TOKEN_BUDGET = 30;
/** Of those, at most this many a minute from one caller network (addressKey). */
export const ADDRESS_SHARE = 10;
/**
 * Re-checks of passes older than a verdict, per function instance and minute. A token is re-checked
 * at most once per verdict's lifetime (5 minutes) while Sanity answers, and a refused one never
 * again, so this lets 150 editors at work on one instance be re-checked on time.
 */
export const PASS_CHECK_BUDGET = 30;

/**
 * How many leading bits of an IPv6 address are one caller: a /48. Counting a /64 (one host's
 * subnet) let anyone with a routed /48, which tunnel brokers hand out free and which RIPE-690
 * advises ISPs to give a customer site, appear as 65,536 callers; residential and cloud customers
 * commonly get a /56 or a /48 too, so only the widest common per-customer prefix makes a whole
 * allocation one caller. The cost: customers of one ISP who share a /48 share a share, so a flood
 * from one of them makes an editor there not proven yet wait up to a minute (editors with a pass
 * are not affected).
 */
export const IPV6_CALLER_PREFIX = 48;

/** A caller whose address Node cannot parse: all such share one share. */
const UNREADABLE = 'unreadable address';

/**
 * The key a caller's address is charged under: an IPv4 address as it is, whatever form it comes in
 * (an IPv4-mapped IPv6 address, `::ffff:1.2.3.4` or `0:0:0:0:0:ffff:0102:0304`, is that IPv4
 * address); an IPv6 address's /48 (IPV6_CALLER_PREFIX). Node parses and prints the address in its
 * canonical form (RFC 5952: lower case, no leading zeros, the longest run of zeros as `::`, a
 * mapped address in dotted form, no zone).
 */
function addressKey(ip: string | undefined): string | undefined {
  if (!ip) return undefined;
  const canonical = canonicalAddress(ip);
  if (canonical === undefined) return UNREADABLE;
  if (isIP(canonical) === 4) return canonical;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(canonical);
  if (mapped) return mapped[1];
  // The network: the prefix's groups, the rest zero (canonical text compresses one run of zero
  // groups as `::`: they are put back first), printed by Node again.
  const [head = '', tail] = canonical.split('::');
  const front = head ? head.split(':') : [];
  const back = tail ? tail.split(':') : [];
  const groups = [...front, ...Array<string>(8 - front.length - back.length).fill('0'), ...back];
  const kept = IPV6_CALLER_PREFIX / 16;
  const network = [...groups.slice(0, kept), ...Array<string>(8 - kept).fill('0')].join(':');
  return `${canonicalAddress(network)}/${IPV6_CALLER_PREFIX}`;
}

/** `ip` as Node parses and prints it, or undefined when Node cannot parse it. */
function canonicalAddress(ip: string): string | undefined {
  const family = isIP(ip);
  if (family === 0) return undefined;
  try {
    return new SocketAddress({ address: ip, family: family === 4 ? 'ipv4' : 'ipv6' }).address;
  } catch {
    return undefined;
  }
}

/** What a charge found spent (the caller's address's share, the instance's budget, or the passes' re-checks), and when the next charge may pass. */
export interface Spent {
  by: 'address' | 'instance' | 'passes';
  retryAfterMs: number;
}

const refusal = (consumed: Promise<unknown>): Promise<number | undefined> =>
  consumed.then(
    () => undefined,
    (refused: { msBeforeNext?: number }) => refused.msBeforeNext ?? 60_000,
  );

export function createTokenBudget() {
  const instance = new RateLimiterMemory({ points: UNKNOWN_TOKEN_BUDGET, duration: 60 });
  const addresses = new RateLimiterMemory({ points: ADDRESS_SHARE, duration: 60 });
  const passes = new RateLimiterMemory({ points: PASS_CHECK_BUDGET, duration: 60 });
  return {
    /** Charges one request to Sanity to the caller's address (when known) and to the instance: undefined when both allow it. */
    async charge(ip: string | undefined): Promise<Spent | undefined> {
      const key = addressKey(ip);
      const byAddress = key === undefined ? undefined : await refusal(addresses.consume(key));
      if (byAddress !== undefined) return { by: 'address', retryAfterMs: byAddress };
      const byInstance = await refusal(instance.consume('sanity'));
      return byInstance === undefined ? undefined : { by: 'instance', retryAfterMs: byInstance };
    },
    /** Charges the re-check of a valid pass older than a verdict: its own budget, which no other token spends. */
    async chargePassCheck(): Promise<Spent | undefined> {
      const spent = await refusal(passes.consume('passes'));
      return spent === undefined ? undefined : { by: 'passes', retryAfterMs: spent };
    },
  };
}
